// lectern_read mode "map" through the engine on real files: ranking by use across files (a file
// many others import above a helper one file calls often, tests last), one signature per
// declaration, a hard token budget (fast-check), what is left out counted with the calls that show it.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { loadTokenCounter } from '../../../src/core/ground/tokens';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { fails, ok, write } from '../helpers';
import { INDEX_LIMITS } from '../../../src/core/symbols/workspaceIndex';
import { navWorkspace } from './navHelpers';

/** A small project: a core module every service imports, a helper one file calls a hundred times, tests. */
function project(services = 6): Record<string, string> {
  const files: Record<string, string> = {
    'src/core/store.ts': `export class Store {\n  get(key: string): string {\n    return key;\n  }\n}\n\nexport function openStore(): Store {\n  return new Store();\n}\n`,
    'src/util/pad.ts': `export function padLeft(text: string): string {\n  return ' ' + text;\n}\n`,
    'src/report.ts': `import { padLeft } from './util/pad';\n\nexport function report(): string {\n  return [${Array.from({ length: 100 }, () => "padLeft('x')").join(', ')}].join('');\n}\n`,
    'test/store.test.ts': `import { Store, openStore } from '../src/core/store';\n\nexport function checkStore(): Store {\n  return openStore();\n}\n`,
    'py/tool.py': `from store import Store\n\n\ndef use_store(store: Store) -> None:\n    pass\n`,
  };
  for (let i = 0; i < services; i++)
    files[`src/services/service${i}.ts`] =
      `import { Store, openStore } from '../core/store';\n\nexport function service${i}(store: Store = openStore()): string {\n  return store.get('${i}');\n}\n`;
  return files;
}

describe('mode map', () => {
  it('ranks a file many others import above a helper called often, tests last', async () => {
    const { lectern } = navWorkspace(project());
    const r = await ok(lectern, 'lectern_read', { mode: 'map' });
    const text = r.text;
    assert.match(text, /^map of the workspace · 11 files, \d+ declarations · most used first\n/);
    const store = text.indexOf('store.ts\n');
    const pad = text.indexOf('pad.ts\n');
    const tests = text.indexOf('test/\n');
    assert.ok(store > 0 && pad > 0 && tests > 0, text);
    assert.ok(store < pad, `store.ts should come before pad.ts:\n${text}`);
    assert.ok(tests > pad && tests > text.indexOf('service5.ts'), `tests come last:\n${text}`);
    // One line per declaration: its line and signature.
    assert.match(
      text,
      /\n {4}1 class Store\n {6}2 method get\(key: string\): string\n {4}7 function openStore\(\): Store\n/,
    );
    assert.match(text, /\[Shown: 11 of 11 files/);
  });

  it('maps a folder, and answers NOT_FOUND for a folder without source files', async () => {
    const { lectern } = navWorkspace(project());
    const r = await ok(lectern, 'lectern_read', { mode: 'map', target: 'src/services' });
    assert.match(r.text, /^map of src\/services\/ · 6 files/);
    assert.ok(!r.text.includes('store.ts'), r.text);
    await fails(lectern, 'lectern_read', { mode: 'map', target: 'nowhere/' }, 'NOT_FOUND');
  });

  it('keeps every map within max_tokens, counting what it leaves out with the calls that show it', async () => {
    const { lectern } = navWorkspace(project(40));
    const count = await loadTokenCounter();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 200, max: 1500 }), async (budget) => {
        const r = await ok(lectern, 'lectern_read', { mode: 'map', max_tokens: budget });
        const tokens = count(r.text);
        assert.ok(tokens <= budget, `${tokens} tokens against a budget of ${budget}`);
        const shown = /\[Shown: (\d+) of (\d+) files/.exec(r.text);
        assert.ok(shown, r.text);
        if (Number(shown[1]) < Number(shown[2])) {
          assert.match(r.text, /Left out: \d+ files \(/);
          assert.match(r.text, /lectern_read \{"mode":"map","max_tokens":\d+\}/);
        }
      }),
      { numRuns: 12 },
    );
    const small = await ok(lectern, 'lectern_read', { mode: 'map', max_tokens: 300 });
    const large = await ok(lectern, 'lectern_read', { mode: 'map', max_tokens: 3000 });
    assert.ok(large.text.split('\n').length > small.text.split('\n').length);
  });

  it('a warm map reads again only the files that changed, and answers as a new engine does', async () => {
    const reads: string[] = [];
    const fs = {
      ...nodeFileSystem,
      readFileSync: (file: string, maxBytes: number) => {
        reads.push(path.basename(file));
        return nodeFileSystem.readFileSync!(file, maxBytes);
      },
    };
    const { lectern, root, host } = navWorkspace(project(), { fs });
    const first = await lectern.invoke('lectern_read', { mode: 'map' }, { sessionId: 'a' });
    assert.ok(reads.includes('pad.ts') && reads.includes('service0.ts'), reads.join());
    reads.length = 0;
    const warm = await lectern.invoke('lectern_read', { mode: 'map' }, { sessionId: 'b' });
    assert.equal(warm.text, first.text);
    assert.deepEqual(reads, []);
    // report.ts now calls openStore a hundred times and padLeft no more: pad.ts loses its only user.
    write(
      root,
      'src/report.ts',
      `import { openStore } from './core/store';\n\nexport function report(): string {\n  return [${Array.from({ length: 100 }, () => 'openStore()').join(', ')}].join('');\n}\n`,
    );
    const changed = await lectern.invoke('lectern_read', { mode: 'map' }, { sessionId: 'c' });
    assert.deepEqual(reads, ['report.ts']);
    const fresh = await ok(new Lectern(host, () => ({ sessionGuard: false })), 'lectern_read', { mode: 'map' });
    assert.equal(changed.text, fresh.text);
    assert.notEqual(changed.text, first.text);
  });

  it('while the index is being built, maps what it holds unranked, reading no file for uses', async () => {
    const reads: string[] = [];
    const fs = {
      ...nodeFileSystem,
      // Every open is slow (a loaded machine): the index takes several calls.
      open: async (file: string) => (await new Promise((r) => setTimeout(r, 40)), nodeFileSystem.open(file)),
      readFileSync: (file: string, maxBytes: number) => {
        reads.push(path.basename(file));
        return nodeFileSystem.readFileSync!(file, maxBytes);
      },
    };
    const { lectern } = navWorkspace(project(30), { fs });
    const saved = INDEX_LIMITS.budgetMs;
    INDEX_LIMITS.budgetMs = 300;
    try {
      const partial = await ok(lectern, 'lectern_read', { mode: 'map' });
      // Under load the first call may have indexed one file ("1 file, 3 declarations").
      assert.match(partial.text, /^map of the workspace · \d+ files?, \d+ declarations? · not ranked by use yet\n/);
      assert.match(
        partial.text,
        /\[The symbol index is still being built \(\d+ of 35 files\): call again for a fuller map, ranked by use\.\]/,
      );
      assert.equal(reads.length, 0, reads.join());
      let whole = partial;
      for (let call = 0; /still being built/.test(whole.text) && call < 50; call++)
        whole = await ok(lectern, 'lectern_read', { mode: 'map' });
      assert.match(whole.text, /^map of the workspace · 35 files, \d+ declarations · most used first\n/);
      assert.ok(reads.includes('store.ts'), reads.join());
    } finally {
      INDEX_LIMITS.budgetMs = saved;
    }
  });
});
