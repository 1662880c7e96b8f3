// The workspace search's ranking: files in order of tier, then matches, then walk order; each shows
// as many matches as its final rank allows, numbered and decoded only then (or, past the text its
// deferred shows may hold, as it is ranked), with the line of the first match it leaves out.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { Ranking, type FileResult, type Show } from '../../../src/core/search/ranking';
import { WORKSPACE_SEARCH_LIMITS } from '../../../src/core/search/workspaceLimits';

interface Arrival {
  tier: number;
  count: number;
  chars: number;
}

const arrival = fc.record({ tier: fc.nat(3), count: fc.integer({ min: 1, max: 40 }), chars: fc.nat(200) });

/** The lines a scan found in a file: its first maxResults + 1 matches (as findHits keeps them), on lines 1, 3, 5… */
const foundLines = (count: number, maxResults: number) =>
  Array.from({ length: Math.min(count, maxResults + 1) }, (_, i) => 2 * i + 1);

const keepAt = (rank: number, maxResults: number) =>
  rank >= maxResults ? 0 : Math.max(Math.ceil(maxResults / (rank + 1)), WORKSPACE_SEARCH_LIMITS.minPerFile);

/** What the ranking must hold at the end: the top files of all, each with its final rank's matches. */
function expected(arrivals: Arrival[], maxResults: number, capacity: number) {
  return arrivals
    .map((a, order) => ({ ...a, order }))
    .sort((a, b) => a.tier - b.tier || b.count - a.count || a.order - b.order)
    .slice(0, capacity)
    .map((a, rank) => {
      const lines = foundLines(a.count, maxResults);
      const keep = keepAt(rank, maxResults);
      return { order: a.order, kept: lines.slice(0, keep), firstOmitted: lines[keep] ?? null };
    });
}

function rankAll(arrivals: Arrival[], maxResults: number, capacity: number, maxHeld: number) {
  const ranking = new Ranking(maxResults, capacity, maxHeld);
  const shows: number[] = [];
  arrivals.forEach((a, order) => {
    const file: FileResult = {
      display: `f${order}`,
      order,
      tier: a.tier,
      count: a.count,
      kept: [],
      firstOmitted: null,
    };
    const show: Show = (keep) => {
      shows.push(keep);
      const lines = foundLines(a.count, maxResults);
      const kept = lines.slice(0, keep).map((line) => ({ line, column: 1, text: 'x', before: [], after: [] }));
      return { kept, firstOmitted: lines[keep] ?? null };
    };
    ranking.add(file, show, a.chars);
  });
  const files = ranking
    .settle()
    .map((f) => ({ order: f.order, kept: f.kept.map((m) => m.line), firstOmitted: f.firstOmitted }));
  return { files, shows };
}

describe('Ranking', () => {
  it('ends with the top files, each showing what its final rank allows, however little text it may hold', () => {
    fc.assert(
      fc.property(
        fc.array(arrival, { maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 8 }),
        fc.oneof(fc.constant(0), fc.nat(2000), fc.constant(Infinity)),
        (arrivals, maxResults, listed, maxHeld) => {
          const capacity = maxResults + listed;
          const { files } = rankAll(arrivals, maxResults, capacity, maxHeld);
          const want = expected(arrivals, maxResults, capacity);
          // A file that shows nothing at its rank keeps no first omitted line: it is never shown.
          const shown = (list: typeof want) =>
            list.map((f) => (f.kept.length === 0 ? { ...f, firstOmitted: null } : f));
          assert.deepEqual(shown(files), shown(want));
        },
      ),
    );
  });

  it('with room for every show, numbers matches once per file that shows some, as many as it shows', () => {
    fc.assert(
      fc.property(fc.array(arrival, { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (arrivals, maxResults) => {
        const { shows } = rankAll(arrivals, maxResults, maxResults + 5, Infinity);
        const ranked = expected(arrivals, maxResults, maxResults + 5);
        const final = ranked.map((_, rank) => keepAt(rank, maxResults)).filter((keep) => keep > 0);
        assert.deepEqual(shows, final);
      }),
    );
  });

  it('shows a file as it is ranked once the deferred shows would hold more text than allowed', () => {
    const { shows } = rankAll(
      [
        { tier: 0, count: 5, chars: 60 },
        { tier: 0, count: 5, chars: 60 },
        { tier: 0, count: 5, chars: 60 },
      ],
      4,
      6,
      100,
    );
    // The first file's show is deferred; the second would pass 100 characters and shows now (rank 1:
    // keep 3), as does the third (rank 2: keep 3); at the end the first shows at rank 0 (keep 4).
    assert.deepEqual(shows, [3, 3, 4]);
  });
});
