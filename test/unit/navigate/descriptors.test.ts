// The descriptors of modes "references" and "map" as the catalog, the session and chat history read
// them: progress titles, traits, how a session counts the calls (references like a search whose
// files become the relevance baseline; map as a read of no file's text), and what history keeps.
import { strict as assert } from 'node:assert';
import { emptyMeta, type ToolResponse } from '../../../src/core/ground/contract';
import { projectHistory, type HistoryCall, type HistoryTurn } from '../../../src/core/history';
import { defaultCatalog } from '../../../src/core/tools/catalog';
import { codes, footer, sessionWorkspace, stab } from '../session/helpers';

const title = (input: Record<string, unknown>) => defaultCatalog.title('lectern_read', input);
const traits = (input: Record<string, unknown>) => {
  const t = defaultCatalog.traits('lectern_read', input);
  assert.ok(t, JSON.stringify(input));
  return t;
};

describe('the descriptors of references and map', () => {
  it('title the calls by what they look for and where', () => {
    assert.equal(title({ mode: 'references', target: 'Store.get' }), 'Finding uses of Store.get');
    assert.equal(title({ mode: 'references', target: 'Store.get', path: 'src' }), 'Finding uses of Store.get in src');
    assert.equal(title({ mode: 'references', target: 7 }), 'Finding uses of a symbol', 'input is unchecked');
    assert.equal(title({ mode: 'map' }), 'Mapping the workspace');
    assert.equal(title({ mode: 'map', target: 'src/core', max_tokens: 500 }), 'Mapping src/core');
  });

  it('give the session and history their traits', () => {
    const refs = traits({ mode: 'references', target: 'Store.get', path: 'src' });
    assert.deepEqual(
      [refs.answer, refs.session, refs.history, refs.precise, refs.namedPath],
      ['places', 'search', 'as-is', true, 'src'],
    );
    assert.deepEqual(refs.search, { where: 'src', query: 'get' });
    assert.deepEqual(traits({ mode: 'references', target: 'helper' }).search, { query: 'helper' });
    const map = traits({ mode: 'map', target: 'src' });
    assert.deepEqual(
      [map.answer, map.session, map.history, map.precise, map.namedPath],
      ['overview', 'read', 'latest', true, 'src'],
    );
    assert.equal(traits({ mode: 'map' }).namedPath, undefined);
  });
});

const STORE = 'export class Store {\n  get(key: string): number {\n    return key.length;\n  }\n}\n';
const USE = "import { Store } from './store';\n\nexport function load(s: Store): number {\n  return s.get('a');\n}\n";

describe('a session counting references and map', () => {
  it('counts references as a search: its files become the baseline a later read is judged by', async () => {
    const ws = sessionWorkspace();
    ws.write('src/store.ts', STORE);
    ws.write('src/use.ts', USE);
    ws.write('src/other.ts', 'export const other = 1;\n');
    const refs = await ws.call('lectern_read', { mode: 'references', target: 'Store.get' });
    assert.ok(refs.ok, refs.text);
    assert.deepEqual(refs.meta.files, ['src/use.ts']);
    assert.equal(stab(refs).metrics_snapshot.search_count, 1);
    assert.equal(stab(refs).metrics_snapshot.reads_count, 0, 'a list of places is no read');
    const hit = await ws.call('lectern_read', { target: 'src/use.ts', start_line: 1, end_line: 5 });
    assert.deepEqual(codes(hit), []);
    const miss = await ws.call('lectern_read', { target: 'src/other.ts' });
    assert.deepEqual(codes(miss), ['LOW_RELEVANCE']);
    assert.match(footer(miss)[0]!, /\("get"\); likely intended: src\/use\.ts/);
  });

  it('counts a map as a read of no file text: no lines, never pointed to', async () => {
    const ws = sessionWorkspace();
    ws.write('src/store.ts', STORE);
    ws.write('src/use.ts', USE);
    const first = await ws.call('lectern_read', { mode: 'map', max_tokens: 300 });
    assert.ok(first.ok, first.text);
    const metrics = stab(first).metrics_snapshot;
    assert.deepEqual([metrics.reads_count, metrics.reads_lines_total, metrics.search_count], [1, 0, 0]);
    const again = await ws.call('lectern_read', { mode: 'map', max_tokens: 300 });
    assert.equal(again.text.split('\n')[0], first.text.split('\n')[0], 'answered again, not a pointer');
    assert.equal(again.meta.deduplicated_from, undefined);
  });
});

let nextId = 0;
/** A Lectern call as a chat participant records it: the facts are the catalog's, from the descriptor. */
function recorded(input: Record<string, unknown>, text: string): HistoryCall {
  const response: ToolResponse = {
    ok: true,
    mode: String(input.mode),
    target: null,
    content: '',
    text,
    meta: emptyMeta(),
    location: null,
  };
  return {
    id: `h${++nextId}`,
    tool: 'lectern_read',
    input,
    ...defaultCatalog.retained('lectern_read', input, response),
    text,
  };
}

const turns = (calls: HistoryCall[]): HistoryTurn[] =>
  calls.map((call) => ({ prompt: 'q', rounds: [{ response: '', calls: [call] }], answer: 'a' }));
const fates = (calls: HistoryCall[]) => {
  const p = projectHistory(turns(calls), { countTokens: (t) => t.length });
  return { fates: calls.map((c) => p.fates[c.id]), texts: p.turns.map((t) => t.rounds[0]!.calls[0]!.text) };
};

describe('chat history keeping references and map', () => {
  it('keeps only the latest map of a target: an earlier one that said otherwise points to it', () => {
    const input = { mode: 'map', target: 'src' };
    const calls = [
      recorded(input, 'map of src · old'),
      recorded({ mode: 'map' }, 'map of the workspace'),
      recorded(input, 'map of src · new'),
    ];
    const { fates: f, texts } = fates(calls);
    assert.deepEqual(f, ['pointer', 'kept', 'kept']);
    assert.equal(
      texts[0],
      '[lectern_read {"mode":"map","target":"src"}: answered again in turn 3; that answer is the current one]',
    );
  });

  it('keeps references as a search: a repeat word for word points to the latest, a changed answer stays', () => {
    const input = { mode: 'references', target: 'Store.get' };
    // Long enough for a pointer to cost less (a shorter answer stays as it is).
    const uses = 'references Store.get · 1 use\n' + 'src/store.ts:12 in Cache.read: return store.get(key);\n'.repeat(3);
    const same = [recorded(input, uses), recorded(input, uses)];
    assert.deepEqual(fates(same).fates, ['pointer', 'kept']);
    const changed = [recorded(input, 'references Store.get · 1 use'), recorded(input, 'references Store.get · 2 uses')];
    assert.deepEqual(fates(changed).fates, ['kept', 'kept']);
  });
});
