// A symbol read of an unchanged file answers from the symbol cache without parsing (a cold CLI call
// loads no parser), and its answer is the parsed one byte for byte: on the fixtures of every language,
// with the notes an outline carries (a parse that failed in places, nesting cut) and a `.h` in C++.
import { strict as assert } from 'node:assert';
import { cpSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import type { SymbolCachePort } from '../../../src/core/ground/symbolCachePort';
import { LANGUAGES } from '../../../src/core/symbols/languages/index';
import { flattenSymbols, qualifiedName } from '../../../src/core/symbols/namePath';
import { SymbolService } from '../../../src/core/symbols/service';
import { openText } from '../../../src/core/read/openText';
import { extractorVersion } from '../../../src/core/symbols/extractorVersion';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createSymbolCache } from '../../../src/node/symbolCacheStore';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';

const REPO = resolve(__dirname, '..', '..', '..');

/** Languages the fixtures folders leave out, and outlines with notes. */
const EXTRA: Record<string, string> = {
  'web/Counter.tsx':
    'import React from "react";\n\n/** A counter. */\nexport function Counter(props: { start: number }) {\n  const [n, setN] = React.useState(props.start);\n  return <button onClick={() => setN(n + 1)}>{n}</button>;\n}\n\nexport class Panel extends React.Component {\n  render() {\n    return <div />;\n  }\n}\n',
  'web/queue.js':
    '// A queue.\nclass Queue {\n  constructor() {\n    this.items = [];\n  }\n\n  push(item) {\n    this.items.push(item);\n  }\n}\n\nfunction drain(queue) {\n  return queue.items.splice(0);\n}\n\nmodule.exports = { Queue, drain };\n',
  'deep/nested.js': `${Array.from({ length: 70 }, (_, i) => `function f${i}() {\n`).join('')}${'}\n'.repeat(70)}`,
  'deep/broken.py':
    'def fine():\n    return 1\n\ndef broken(:\n    pass\n\nclass After:\n    def method(self):\n        return 2\n',
  'native/shape.h': 'namespace geo {\nclass Shape {\npublic:\n  virtual double area() const = 0;\n};\n}\n',
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort();
}

/** The calls to compare: each file's outline and each of its symbols read, whole and head only. */
async function callsFor(root: string, files: string[]): Promise<[string, Record<string, unknown>][]> {
  const service = new SymbolService(createWasmLoader());
  const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] };
  const calls: [string, Record<string, unknown>][] = [];
  for (const file of files) {
    calls.push(['lectern_read', { target: file, outline: true }]);
    const absolute = join(root, file);
    const text = await openText(host, { absolute, display: file, root: { name: 'ws', path: root }, outside: false });
    const outline = await service.outline(text, absolute, file);
    await text.source.close();
    if (outline.status !== 'ok') continue;
    for (const item of flattenSymbols(outline.symbols)) {
      const target = qualifiedName(item.path);
      calls.push(['lectern_read', { mode: 'symbol', target, path: file }]);
      calls.push(['lectern_read', { mode: 'symbol', target, path: file, include_body: false }]);
    }
  }
  return calls;
}

const answersOf = async (lectern: Lectern, calls: [string, Record<string, unknown>][]) => {
  const out: string[] = [];
  for (const [tool, input] of calls) out.push(JSON.stringify(await lectern.invoke(tool, input)));
  return out;
};

describe('symbol reads from the symbol cache', function () {
  this.timeout(120_000);
  let root: string;
  let files: string[];
  let calls: [string, Record<string, unknown>][];
  let cache: SymbolCachePort;
  const settings = () => ({ sessionGuard: false });
  /** A host whose parser cannot load: any answer it gives came from the cache. */
  const parserless = (symbolCache = cache): Host => ({
    fs: nodeFileSystem,
    roots: () => [{ name: 'ws', path: root }],
    symbolCache,
    loadWasm: () => Promise.reject(new Error('this test host parses nothing')),
  });

  before(async () => {
    root = tempDir();
    cpSync(join(REPO, 'test', 'fixtures', 'symbols'), join(root, 'fixtures'), { recursive: true });
    for (const dir of ['src', 'py', 'go'])
      cpSync(join(REPO, 'sample-workspace', dir), join(root, dir), { recursive: true });
    for (const [name, text] of Object.entries(EXTRA)) write(root, name, text);
    files = filesUnder(root).filter((f) => !f.endsWith('.csv'));
    calls = await callsFor(root, files);
    cache = createSymbolCache(join(tempDir(), 'cache'), () => [{ name: 'ws', path: root }]);
  });

  it('answers every language as a parse does, notes included, with no parser', async () => {
    const grammars = new Set(
      files.map((f) => LANGUAGES.find((l) => l.extensions.includes(f.split('.').pop()!))?.grammar),
    );
    for (const language of LANGUAGES) assert.ok(grammars.has(language.grammar), `no file in ${language.grammar}`);
    const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }], loadWasm: createWasmLoader() };
    const parsed = await answersOf(new Lectern(host, settings), calls);
    // The first process parses and keeps the outlines; the next answers from them.
    const storingEngine = new Lectern({ ...host, symbolCache: cache }, settings);
    const storing = await answersOf(storingEngine, calls);
    assert.deepEqual(storing, parsed);
    await storingEngine.dispose(); // writes the cache, as a process does when it ends
    const stored = await answersOf(new Lectern(parserless(), settings), calls);
    assert.ok(calls.length > 200, `${calls.length} calls`);
    assert.ok(parsed.some((a) => a.includes('did not parse cleanly')));
    assert.ok(parsed.some((a) => a.includes('nested deeper than 64 levels')));
    for (let i = 0; i < calls.length; i++)
      assert.equal(stored[i], parsed[i], `${JSON.stringify(calls[i])} answers otherwise from the cache`);
  });

  it('a read without path: the outlines the index parsed answer the next process with no parser', async () => {
    const own = createSymbolCache(join(tempDir(), 'cache'), () => [{ name: 'ws', path: root }]);
    const reads = ['Inventory.restock', 'Panel.render', 'InvoiceService'].map((target) => ({ mode: 'symbol', target }));
    const host: Host = { ...parserless(own), loadWasm: createWasmLoader() };
    const indexing = new Lectern(host, settings);
    const parsed = await answersOf(
      indexing,
      reads.map((read) => ['lectern_read', read]),
    );
    await indexing.dispose();
    const stored = await answersOf(
      new Lectern(parserless(own), settings),
      reads.map((read) => ['lectern_read', read]),
    );
    assert.ok(
      parsed.every((a) => a.startsWith('{"ok":true')),
      parsed.join('\n'),
    );
    assert.deepEqual(stored, parsed);
  });

  it('parses again a file whose size or mtime changed, and keeps no outline of a redacted text', async () => {
    const file = join(root, 'web', 'queue.js');
    const when = new Date(Date.now() + 60_000);
    utimesSync(file, when, when);
    const read = { mode: 'symbol', target: 'Queue.push', path: 'web/queue.js' };
    const answer = await new Lectern(parserless(), settings).invoke('lectern_read', read);
    assert.equal(answer.ok, false, 'a changed file must not be answered from its old outline');
    const key =
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n';
    write(root, 'web/secret.js', `function keep() {\n  return \`\n${key}\`;\n}\n`);
    const host: Host = { ...parserless(), loadWasm: createWasmLoader() };
    const reading = new Lectern(host, settings);
    const secret = await reading.invoke('lectern_read', { ...read, target: 'keep', path: 'web/secret.js' });
    assert.ok(secret.ok, secret.text);
    await reading.dispose();
    assert.equal(await cache.loadFile!(extractorVersion(), join(root, 'web', 'secret.js')), undefined);
    assert.ok(await cache.loadFile!(extractorVersion(), join(root, 'web', 'queue.js')));
  });
});
