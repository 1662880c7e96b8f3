// RE2's cost per character depends on the text as much as on the pattern: a long line is probed
// before it is scanned inline, so a pattern slow on that line goes off the host's thread however
// fast it was on the sample (and however warm the process is).
import { strict as assert } from 'node:assert';
import { performance } from 'node:perf_hooks';
import { createMatcher, createTextSearcher } from '../../../src/core/search/matcher';
import { RegexCost } from '../../../src/core/search/regexCost';

describe('the predicted cost of a regular expression', () => {
  it('probes a long line: a pattern slow on it is over the budget at once', () => {
    // On the sample (a few `a`) this pattern costs ~30 times less per character than on this line.
    const searcher = createTextSearcher('ab(.*a){50}', true, true);
    const cost = new RegexCost(searcher.line, ['ab']);
    const line = 'abcdefghij'.repeat(80_000);
    const started = performance.now();
    assert.equal(cost.budget(15)(line.length, line), false);
    // Scanning the whole line would take seconds; the bound is wide for a busy machine.
    assert.ok(performance.now() - started < 3_000, 'the probe itself is short');
    // RE2 takes seconds on this line (~10 µs per character): the estimate now says so, far above the sample's.
    const sampled = new RegexCost(searcher.line, ['ab']).predictMs(line.length);
    const probed = cost.predictMs(line.length);
    assert.ok(probed > 3 * sampled, `${probed} ms predicted, ${sampled} ms from the sample alone`);
  });

  it('does not judge a pattern fast on a long line slow', () => {
    const cost = new RegexCost(createMatcher('foo\\d+bar', true, true));
    const line = 'abcdefghij'.repeat(2_000);
    // ~0.3 µs per character: a few milliseconds, far from the seconds of the pattern above (timings vary: a wide bound).
    assert.ok(cost.predictMs(line.length, line) < 1_000, `${cost.predictMs(line.length)} ms predicted`);
  });
});
