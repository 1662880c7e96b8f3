// lectern_read modes "symbol" and "snippet", and file outlines, through the engine on real files.
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import type { DirtyDocument, Host } from '../../../src/core/ground/ports';
import type { Settings } from '../../../src/core/ground/settings';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';

const STORE_TS = `import { Base } from './base';

/** Keeps items by key. */
export class Store<T> extends Base {
  private items = new Map<string, T>();

  /** Reads one item. */
  get(key: string): T | undefined {
    return this.items.get(key);
  }

  put(key: string, value: T): void {
    this.items.set(key, value);
  }
}

export function helper(a: string): string;
export function helper(a: number): number;
export function helper(a: unknown): unknown {
  return a;
}

export namespace Outer {
  export namespace Inner {
    export function fn(): number {
      return 1;
    }
  }
}
`;

const UTIL_PY = `import os


def helper(path):
    """Normalise a path."""
    return os.path.normpath(path)


class Loader:
    cache = {}

    @staticmethod
    def load(name):
        if name in Loader.cache:
            return Loader.cache[name]
        value = name.upper()
        Loader.cache[name] = value
        return value
`;

function write(root: string, path: string, text: string): string {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe('symbol reads', function () {
  this.timeout(30_000);
  let root: string;
  let dirty: Map<string, DirtyDocument>;
  let settings: Partial<Settings>;
  let lectern: Lectern;
  const read = (input: Record<string, unknown>): Promise<ToolResponse> => lectern.invoke('lectern_read', input);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lectern-symbols-'));
    write(root, 'src/store.ts', STORE_TS);
    write(root, 'py/util.py', UTIL_PY);
    write(root, 'notes/readme.txt', 'plain text\n');
    write(root, 'node_modules/dep/index.ts', 'export function helper() {}\n');
    dirty = new Map();
    settings = {};
    const host: Host = {
      fs: nodeFileSystem,
      roots: () => [{ name: 'ws', path: root }],
      documents: { dirty: (path) => dirty.get(path) },
      loadWasm: createWasmLoader(),
    };
    lectern = new Lectern(host, () => settings);
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('returns a method by Class.method with its doc comment, exactly its span', async () => {
    const r = await read({ mode: 'symbol', target: 'Store.get' });
    assert.ok(r.ok, r.text);
    assert.equal(r.meta.start_line, 7);
    assert.equal(r.meta.end_line, 10);
    assert.equal(r.content, STORE_TS.split('\n').slice(6, 10).join('\n') + '\n');
    assert.match(r.text, /^src\/store\.ts:7-10 method Store\.get\n7\t  \/\*\* Reads one item\. \*\/\n  get\(key/);
    const resolved = r.meta.resolved_symbol as Record<string, unknown>;
    assert.equal(resolved.qualified_name, 'Store.get');
    assert.equal(resolved.kind, 'method');
    assert.equal(resolved.start_line, 8);
    assert.equal(resolved.context_start_line, 7);
    assert.deepEqual(r.location, { file: 'src/store.ts', line: 8, end_line: 10 });
  });

  it('accepts ::, /, # separators and anchors a leading separator at the top level', async () => {
    for (const target of ['Outer::Inner::fn', 'Outer/Inner/fn', 'Inner#fn', 'Outer.Inner.fn', '/Outer/Inner/fn']) {
      const r = await read({ mode: 'symbol', target });
      assert.ok(r.ok, `${target}: ${r.text}`);
      assert.equal((r.meta.resolved_symbol as { qualified_name: string }).qualified_name, 'Outer.Inner.fn');
    }
    const anchored = await read({ mode: 'symbol', target: '/Inner/fn' });
    assert.equal(anchored.error?.code, 'NOT_FOUND');
  });

  it('lists ambiguous candidates with inputs that each select one, and skips node_modules', async () => {
    const r = await read({ mode: 'symbol', target: 'helper' });
    assert.equal(r.error?.code, 'AMBIGUOUS_SYMBOL', r.text);
    assert.doesNotMatch(r.text, /node_modules/);
    // The first candidate's call as written (no placeholder), then `file:line kind name` and any extra fields per candidate.
    assert.match(r.text, /^Read the first: lectern_read \{"mode":"symbol","target":"helper","path":"[^"]+"/m);
    const inputs = [...r.text.matchAll(/^(\S+):\d+ \w+ (\S+)(?: (\{.*\}))?$/gm)].map((m) => ({
      mode: 'symbol',
      target: m[2],
      path: m[1],
      ...(m[3] ? JSON.parse(m[3]) : {}),
    }));
    assert.equal(inputs.length, 2, r.text); // the TypeScript overloads (one symbol) + 1 Python function
    const seen = new Set<string>();
    for (const input of inputs) {
      const picked = await read(input);
      assert.ok(picked.ok, `${JSON.stringify(input)}: ${picked.text}`);
      seen.add(`${picked.location!.file}:${picked.location!.line}`);
    }
    assert.equal(seen.size, 2, 'each candidate input selects a different symbol');
  });

  it('reads overloads as one answer (signatures and implementation), and answers an index past the matches', async () => {
    const overloads = await read({ mode: 'symbol', target: 'helper', path: 'src/store.ts' });
    assert.ok(overloads.ok, overloads.text);
    assert.equal(overloads.location!.line, 17);
    assert.match(
      overloads.content,
      /^export function helper\(a: string\): string;\nexport function helper\(a: number\): number;\nexport function helper\(a: unknown\): unknown \{\n  return a;\n\}\n$/,
    );
    const past = await read({ mode: 'symbol', target: 'helper', path: 'src/store.ts', index: 2 });
    assert.equal(past.error?.code, 'OUT_OF_RANGE');
  });

  it('answers NOT_FOUND with the closest names (case, substring, small edits)', async () => {
    const r = await read({ mode: 'symbol', target: 'Store.gett' });
    assert.equal(r.error?.code, 'NOT_FOUND');
    assert.match(
      r.error!.hint,
      /src\/store\.ts:8 method Store\.get → lectern_read \{"mode":"symbol","target":"Store.get","path":"src\/store.ts"\}/,
    );
    const lower = await read({ mode: 'symbol', target: 'loader' });
    assert.match(lower.error!.hint, /class Loader/);
  });

  it('filters by kind and scopes by folder or glob', async () => {
    const fn = await read({ mode: 'symbol', target: 'helper', kind: 'function', path: 'py' });
    assert.ok(fn.ok, fn.text);
    assert.equal(fn.location!.file, 'py/util.py');
    const glob = await read({ mode: 'symbol', target: 'load', path: '**/*.py' });
    assert.ok(glob.ok, glob.text);
    assert.equal((glob.meta.resolved_symbol as { qualified_name: string }).qualified_name, 'Loader.load');
    assert.equal(glob.meta.start_line, 12, 'the decorator belongs to the method');
    const none = await read({ mode: 'symbol', target: 'helper', path: 'nowhere/**' });
    assert.equal(none.error?.code, 'NOT_FOUND');
  });

  it('include_body false gives signature and members; include_context false drops the doc', async () => {
    const r = await read({ mode: 'symbol', target: 'Store', include_body: false });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /^4\texport class Store<T> extends Base \{$/m);
    assert.match(r.text, /\[L8-10\] method get\(key: string\): T \| undefined/);
    assert.match(r.text, /\[L12-14\] method put\(key: string, value: T\): void/);
    assert.doesNotMatch(r.text, /this\.items\.get/);
    const bare = await read({ mode: 'symbol', target: 'Store.get', include_context: false, context_lines: 1 });
    assert.equal(bare.meta.start_line, 7, 'one context line above the declaration');
    assert.equal(bare.meta.end_line, 11);
  });

  it('a symbol over the token cap comes as signature and members, with calls to read on', async () => {
    const big = [
      'export class Big {',
      ...Array.from({ length: 400 }, (_, i) => `  m${i}(): number { return ${i} * ${i} + ${i}; }`),
      '}',
      '',
    ].join('\n');
    write(root, 'src/big.ts', big);
    settings = { contextTokens: 10_000, maxReadShare: 0.2 };
    const r = await read({ mode: 'symbol', target: 'Big', path: 'src/big.ts' });
    assert.ok(r.ok, r.text);
    assert.equal(r.meta.preview_degraded, true);
    assert.ok(r.meta.token_estimate <= 2_000 * 1.1, `answer of ${r.meta.token_estimate} tokens`);
    assert.match(r.text, /Big is 402 lines, more than one answer may hold/);
    assert.match(r.text, /lectern_read \{"mode":"file","target":"src\/big.ts","start_line":1,"end_line":300\}/);
  });

  it('reads the unsaved buffer, where the symbol has moved', async () => {
    const path = join(root, 'src/store.ts');
    dirty.set(path, { text: '// added\n// lines\n' + STORE_TS, version: 2, languageId: 'typescript' });
    const r = await read({ mode: 'symbol', target: 'Store.get', path: 'src/store.ts' });
    assert.equal(r.meta.start_line, 9);
    const viaIndex = await read({ mode: 'symbol', target: 'Store.put' });
    assert.equal(viaIndex.location!.line, 14);
  });

  it('sees a file changed on disk after the index was built', async () => {
    assert.ok((await read({ mode: 'symbol', target: 'Loader.load' })).ok);
    const path = write(root, 'py/util.py', '\n\n' + UTIL_PY.replace('def load', 'def fetch'));
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    const gone = await read({ mode: 'symbol', target: 'Loader.load' });
    assert.equal(gone.error?.code, 'NOT_FOUND', gone.text);
    const moved = await read({ mode: 'symbol', target: 'Loader.fetch' });
    assert.equal(moved.location!.line, 14, 'two lines down, decorator first');
  });

  it('with a watching host, trusts known files until told they changed', async () => {
    const watching = new Lectern({
      fs: nodeFileSystem,
      roots: () => [{ name: 'ws', path: root }],
      loadWasm: createWasmLoader(),
      watchesFiles: true,
    });
    assert.ok((await watching.invoke('lectern_read', { mode: 'symbol', target: 'Loader.load' })).ok);
    const path = write(root, 'py/util.py', UTIL_PY.replace('def load', 'def fetch'));
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    watching.fileChanged(path);
    const moved = await watching.invoke('lectern_read', { mode: 'symbol', target: 'Loader.fetch' });
    assert.ok(moved.ok, moved.text);
    write(root, 'py/extra.py', 'def brand_new():\n    return 1\n');
    watching.invalidate(join(root, 'py/extra.py'));
    assert.ok(
      (await watching.invoke('lectern_read', { mode: 'symbol', target: 'brand_new' })).ok,
      'a created file is listed again',
    );
  });

  it('says plainly when a language has no symbol support', async () => {
    const r = await read({ mode: 'symbol', target: 'x', path: 'notes/readme.txt' });
    assert.equal(r.error?.code, 'UNSUPPORTED_LANGUAGE');
    assert.match(r.error!.hint, /lectern_search/);
  });

  it('rejects parameters of other modes and a list of targets', async () => {
    const r = await read({ mode: 'file', target: 'src/store.ts', kind: 'class' });
    assert.equal(r.error?.message, "kind is only valid for mode='symbol'. Remove it or switch mode.");
    const both = await read({ mode: 'symbol', target: 'Store', start_line: 3 });
    assert.equal(
      both.error?.message,
      "start_line is only valid for mode='file' or mode='snippet' or mode='references'. Remove it or switch mode.",
    );
    const list = await read({ mode: 'symbol', target: ['a', 'b'] });
    assert.equal(list.error?.code, 'INVALID_ARGS');
  });
});

describe('outlines and snippets', function () {
  this.timeout(30_000);
  let root: string;
  let lectern: Lectern;
  const read = (input: Record<string, unknown>): Promise<ToolResponse> => lectern.invoke('lectern_read', input);

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'lectern-outline-'));
    write(root, 'store.ts', STORE_TS);
    lectern = new Lectern(
      { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }], loadWasm: createWasmLoader() },
      () => ({ contextTokens: 20_000 }),
    );
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('outline: true lists the symbol tree with line ranges and calls that work', async () => {
    const r = await read({ target: 'store.ts', outline: true });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /^\[L4-15\] class Store<T> extends Base$/m);
    assert.match(r.text, /^ {2}\[L8-10\] method get\(key: string\): T \| undefined$/m);
    assert.match(r.text, /^ {4}\[L25-27\] function fn\(\): number$/m);
    const call = /Read one symbol: lectern_read (\{[^}]*\})/.exec(r.text)![1]!;
    assert.ok((await read(JSON.parse(call))).ok, 'the suggested symbol read works');
  });

  it('a large file read without a range answers with an outline that fits, level by level', async () => {
    const functions = Array.from(
      { length: 3000 },
      (_, i) =>
        `export function handler${i}(request: Request, response: Response): void {\n  response.end(String(${i}));\n}\n`,
    );
    write(root, 'huge.ts', functions.join('\n'));
    const r = await read({ target: 'huge.ts' });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /outline · 11,999 lines/);
    assert.ok(r.meta.token_estimate <= 4_100, `outline of ${r.meta.token_estimate} tokens`);
    assert.match(r.text, /more entries after line/);
    const next = /read on: lectern_read (\{[^}]*\})/.exec(r.text)![1]!;
    assert.ok((await read(JSON.parse(next))).ok, 'the suggested range read works');
  });

  it('snippet with expand block grows to the enclosing block; context_lines adds around', async () => {
    const r = await read({ mode: 'snippet', target: 'store.ts', start_line: 9, expand: 'block' });
    assert.ok(r.ok, r.text);
    assert.equal(r.mode, 'snippet');
    assert.equal(r.meta.start_line, 8);
    assert.equal(r.meta.end_line, 10);
    assert.match(r.text, /Expanded lines 9-9 to 8-10/);
    const plain = await read({ mode: 'snippet', target: 'store.ts', start_line: 9, context_lines: 2 });
    assert.equal(plain.meta.start_line, 7);
    assert.equal(plain.meta.end_line, 11);
    const missing = await read({ mode: 'snippet', target: 'store.ts' });
    assert.equal(missing.error!.message, "mode='snippet' needs start_line.");
    assert.match(missing.error!.hint, /"mode":"snippet","start_line":10/);
  });

  it('legacy read_symbol and get_snippet answer from the same core', async () => {
    const symbol = await lectern.invoke('read_symbol', { name: 'Store.put' });
    assert.equal(symbol.legacy?.success, true, symbol.text);
    assert.equal(symbol.legacy?.start_line, 12);
    assert.equal(symbol.legacy?.path, 'store.ts');
    const snippet = await lectern.invoke('get_snippet', { path: 'store.ts', start_line: 9, expand: 'block' });
    assert.equal(snippet.legacy?.start_line, 8);
    assert.equal(snippet.legacy?.end_line, 10);
  });
});
