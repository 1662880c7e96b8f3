// Relevance: reads outside the recent searches' top results get LOW_RELEVANCE with the likely
// intended files (or a refusal, by setting); no search yet, no judgement.
import { strict as assert } from 'node:assert';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { emptyMeta } from '../../../src/core/ground/contract';
import {
  alternativesFor,
  judgeRelevance,
  RELEVANCE_TOP_K,
  searchResultFiles,
  type SearchRecord,
} from '../../../src/core/session/relevance';
import { codes, footer, sessionWorkspace, stab, type SessionWorkspace } from './helpers';

function files(ws: SessionWorkspace): void {
  ws.write('src/config.ts', 'export function parseConfig(text: string) {\n  return JSON.parse(text);\n}\n');
  ws.write('src/config.test.ts', 'import { parseConfig } from "./config";\nparseConfig("{}");\n');
  ws.write('src/server.ts', 'export const port = 8080;\n');
  ws.write('src/confg.ts', 'export const typo = true;\n');
}

describe('session: relevance', () => {
  it('no search yet: no judgement', async () => {
    const ws = sessionWorkspace();
    files(ws);
    const r = await ws.call('lectern_read', { target: 'src/server.ts' });
    assert.deepEqual(codes(r), []);
    assert.equal(stab(r).metrics_snapshot.read_after_search_ratio, 0);
  });

  it('a single-file search: its file is relevant, another file is not', async () => {
    const ws = sessionWorkspace();
    files(ws);
    const search = await ws.call('lectern_search', { target: 'src/config.ts', query: 'parseConfig' });
    assert.ok(search.ok, search.text);
    assert.equal(stab(search).metrics_snapshot.search_count, 1);
    const hit = await ws.call('lectern_read', { target: 'src/config.ts', start_line: 1, end_line: 3 });
    assert.deepEqual(codes(hit), []);
    assert.equal(stab(hit).metrics_snapshot.read_after_search_ratio, 1);
    const miss = await ws.call('lectern_read', { target: 'src/server.ts' });
    assert.ok(miss.ok, 'warn mode serves the read');
    assert.equal(miss.content, 'export const port = 8080;\n');
    assert.deepEqual(footer(miss), [
      '[LOW_RELEVANCE: src/server.ts is not among your recent search results ("parseConfig"); likely intended: src/config.ts.]',
    ]);
    assert.equal(stab(miss).suggested_next_action, 'lectern_read {"target":"src/config.ts"}');
    assert.equal(stab(miss).metrics_snapshot.read_after_search_ratio, 0.5);
    const entry = ws.lectern.session.snapshot().timeline.at(-1)!;
    assert.equal(entry.flags.low_relevance, true);
    assert.equal(entry.file, 'src/server.ts');
  });

  it('a search that found nothing is no baseline', async () => {
    const ws = sessionWorkspace();
    files(ws);
    await ws.call('lectern_search', { target: 'src/config.ts', query: 'nothing like this' });
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/server.ts' })), []);
  });

  it('a workspace search: meta.files in rank order are the baseline; the closest name comes first among the alternatives', async () => {
    const ws = sessionWorkspace();
    files(ws);
    const search = await ws.call('lectern_search', { query: 'parseConfig' });
    assert.ok(search.ok, search.text);
    assert.deepEqual([...(search.meta.files as string[])].sort(), ['src/config.test.ts', 'src/config.ts']);
    assert.deepEqual(codes(await ws.call('lectern_read', { target: 'src/config.test.ts' })), []);
    const typo = await ws.call('lectern_read', { target: 'src/confg.ts' });
    assert.deepEqual(codes(typo), ['LOW_RELEVANCE']);
    // Both names are one edit from "confg": in rank order.
    assert.ok(
      stab(typo).warnings[0]!.message.endsWith(`likely intended: ${(search.meta.files as string[]).join(', ')}.`),
      stab(typo).warnings[0]!.message,
    );
    assert.deepEqual(alternativesFor('src/confg.ts', ['src/server.ts', 'src/config.ts']), [
      'src/config.ts',
      'src/server.ts',
    ]);
  });

  it('relevance "block" refuses with the alternatives, a search of the file, and force; force reads it', async () => {
    const ws = sessionWorkspace({ relevance: 'block' });
    files(ws);
    await ws.call('lectern_search', { target: 'src/config.ts', query: 'parseConfig' });
    const r = await ws.call('lectern_read', { target: 'src/server.ts' });
    assert.equal(r.ok, false);
    assert.equal(r.error?.code, 'LOW_RELEVANCE');
    assert.equal(
      r.error?.message,
      'src/server.ts is not among the results of your recent searches (latest: "parseConfig").',
    );
    assert.equal(
      r.error?.hint,
      'Read one of them: lectern_read {"target":"src/config.ts"}; search this file first: lectern_search {"target":"src/server.ts","query":"parseConfig"}; or add "force": true to read it anyway.',
    );
    assert.equal(r.content, '');
    assert.equal(stab(r).metrics_snapshot.reads_count, 0);
    assert.equal(stab(r).suggested_next_action, 'lectern_read {"target":"src/config.ts"}');
    const forced = await ws.call('lectern_read', { target: 'src/server.ts', force: true });
    assert.ok(forced.ok, forced.text);
    assert.deepEqual(codes(forced), []);
  });

  it('an exact-name symbol read gets no relevance note; other reads of the file get it once', async () => {
    const ws = sessionWorkspace();
    files(ws);
    ws.write(
      'src/other.ts',
      'export function helper() {\n  return 2;\n}\nexport class Store {\n  get() {\n    return 3;\n  }\n}\n',
    );
    await ws.call('lectern_search', { target: 'src/config.ts', query: 'parseConfig' });
    const exact = await ws.call('lectern_read', { mode: 'symbol', target: 'helper', path: 'src/other.ts' });
    assert.ok(exact.ok, exact.text);
    assert.deepEqual(codes(exact), []);
    const range = await ws.call('lectern_read', { target: 'src/other.ts', start_line: 1, end_line: 2 });
    assert.deepEqual(codes(range), ['LOW_RELEVANCE']);
    assert.equal(stab(range).suggested_next_action, 'lectern_read {"target":"src/config.ts"}');
    assert.deepEqual(
      codes(await ws.call('lectern_read', { target: 'src/other.ts', start_line: 4, end_line: 5 })),
      [],
      'said once for this file and search',
    );
    await ws.call('lectern_search', { target: 'src/config.ts', query: 'parse' });
    assert.deepEqual(
      codes(await ws.call('lectern_read', { target: 'src/other.ts', start_line: 6, end_line: 7 })),
      ['LOW_RELEVANCE'],
      'a new search: said again',
    );
  });

  describe('the relevance module', () => {
    const record = (seq: number, query: string, list: string[]): SearchRecord => ({ seq, query, files: list });

    it('judges by the top K files of the latest three searches', () => {
      const ranked = Array.from({ length: RELEVANCE_TOP_K + 2 }, (_, i) => `src/f${i}.ts`);
      assert.equal(judgeRelevance('src/f0.ts', []), null);
      assert.deepEqual(judgeRelevance('src/f0.ts', [record(1, 'q', ranked)]), { relevant: true });
      assert.deepEqual(judgeRelevance(`src/f${RELEVANCE_TOP_K - 1}.ts`, [record(1, 'q', ranked)]), { relevant: true });
      const outside = judgeRelevance(`src/f${RELEVANCE_TOP_K}.ts`, [record(1, 'q', ranked)]);
      assert.equal(outside?.relevant, false);
      // Older searches count while among the latest three.
      const four = [
        record(1, 'a', ['old.ts']),
        record(2, 'b', ['b.ts']),
        record(3, 'c', ['c.ts']),
        record(4, 'd', ['d.ts']),
      ];
      assert.equal(judgeRelevance('old.ts', four)?.relevant, false);
      assert.equal(judgeRelevance('b.ts', four)?.relevant, true);
      assert.deepEqual(judgeRelevance('x.ts', four), {
        relevant: false,
        query: 'd',
        alternatives: ['d.ts', 'c.ts', 'b.ts'],
      });
    });

    it('names close paths first, then the top results', () => {
      assert.deepEqual(alternativesFor('src/parser.ts', ['a.ts', 'b.ts', 'lib/parse.ts', 'c.ts']), [
        'lib/parse.ts',
        'a.ts',
        'b.ts',
      ]);
      assert.deepEqual(alternativesFor('x.ts', ['a.ts']), ['a.ts']);
    });

    it('reads a search answer: meta.files of a workspace search, the target of a file search that matched', () => {
      const answer = (meta: Record<string, unknown>, target: string | null, ok = true): ToolResponse => ({
        ok,
        mode: 'search',
        target,
        content: '',
        text: '',
        meta: { ...emptyMeta(), ...meta },
        location: null,
      });
      assert.deepEqual(searchResultFiles(answer({ files: ['b.ts', 'a.ts'] }, null)), ['b.ts', 'a.ts']);
      assert.deepEqual(searchResultFiles(answer({ files: ['b.ts'] }, 'src')), ['b.ts']);
      assert.equal(searchResultFiles(answer({ files: [] }, null)), null);
      assert.deepEqual(searchResultFiles(answer({ total_matches: 2 }, 'a.ts')), ['a.ts']);
      assert.equal(searchResultFiles(answer({ total_matches: 0 }, 'a.ts')), null);
      assert.equal(searchResultFiles(answer({ total_matches: 2 }, 'a.ts', false)), null);
    });
  });
});
