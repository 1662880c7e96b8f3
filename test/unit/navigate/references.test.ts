// lectern_read mode "references" through the engine on real files: uses, not declarations, comments
// or strings; the symbol each use sits in; qualified targets; ranking; errors; the host's server.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import fc from 'fast-check';
import { Lectern } from '../../../src/core/engine';
import { REFERENCE_LIMITS } from '../../../src/core/navigate/referenceScan';
import { fails, ok } from '../helpers';
import { navWorkspace, refsOf } from './navHelpers';

const STORE_TS = `// Store keeps items.
export class Store {
  private items = new Map<string, number>();

  get(key: string): number | undefined {
    return this.items.get(key);
  }

  total(): number {
    return this.get('all') ?? 0;
  }
}

export class Other {
  get(): string {
    return 'get';
  }
}
`;

const APP_TS = `import { Store, Other } from './store';

/** Uses the Store: "Store" in a string is no use. */
export function load(store: Store, key: string): number {
  const fresh = new Store();
  const other = new Other();
  other.get();
  Other.prototype.get.call(other);
  return store.get(key) ?? fresh.get(key) ?? 0;
}

const label = 'Store';
`;

const TEST_TS = `import { Store } from '../src/store';

it('reads', () => {
  const s = new Store();
  s.get('a');
});
`;

const workspaceFiles = {
  'src/store.ts': STORE_TS,
  'src/app.ts': APP_TS,
  'test/store.test.ts': TEST_TS,
  'docs/example.ts': `import { Store } from '../src/store';\nexport const shown = new Store();\n`,
};

describe('mode references', () => {
  it('lists every use of a class with the symbol it sits in, code before tests before docs', async () => {
    const { lectern } = navWorkspace(workspaceFiles);
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Store' });
    const refs = refsOf(r.meta);
    const places = refs.map((u) => `${u.path}:${u.line}:${u.kind}:${u.enclosing ?? '-'}`);
    assert.deepEqual(places, [
      'src/app.ts:1:import:-',
      'src/app.ts:4:type:load',
      'src/app.ts:5:call:load',
      'test/store.test.ts:1:import:-',
      'test/store.test.ts:4:call:-',
      'docs/example.ts:1:import:-',
      'docs/example.ts:2:call:shown',
    ]);
    // Not the declaration (store.ts:2), the comments (store.ts:1, app.ts:3) nor the string (app.ts:12).
    assert.ok(!refs.some((u) => u.path === 'src/store.ts'));
    assert.match(r.text, /^references Store · 7 uses in 3 files \(tree-sitter\)/);
    assert.match(r.text, /\n {2}5 · load · const fresh = new Store\(\);/);
    assert.equal(r.meta.answered_by, 'tree-sitter');
    assert.equal(r.meta.next, null);
  });

  it('narrows Type.member by what the syntax shows, and counts the uses on other types', async () => {
    const { lectern } = navWorkspace(workspaceFiles);
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Store.get' });
    const refs = refsOf(r.meta);
    const lines = refs.map((u) => `${u.path}:${u.line}${u.certain === false ? '?' : ''}`);
    // this.get inside Store is sure; so are store.get / fresh.get / s.get, whose receivers the file
    // declares as a Store (`store: Store`, `new Store()`).
    assert.ok(lines.includes('src/store.ts:10'), lines.join(' '));
    assert.ok(lines.includes('src/app.ts:9'), lines.join(' '));
    assert.ok(lines.includes('test/store.test.ts:5'), lines.join(' '));
    // other.get: `other` is built as an Other, which may extend Store: listed, uncertain.
    assert.ok(lines.includes('src/app.ts:7?'), lines.join(' '));
    // Other.prototype.get and other.get: `other.get` is unsure, `Other.prototype.get` is another type's.
    assert.ok(!lines.includes('src/app.ts:8'), lines.join(' '));
    // this.items.get (a Map's) is listed as unsure, never as sure.
    assert.ok(lines.includes('src/store.ts:6?'), lines.join(' '));
    assert.match(r.text, /~ marks/);
    assert.match(r.text, /\n {2}9 · load · return store\.get\(key\) \?\? fresh\.get\(key\) \?\? 0; \(×2\)/);
  });

  it('says which uses a qualified target left out as another type, with the call for all of them', async () => {
    const { lectern } = navWorkspace({
      'a.ts': 'export class A { run() {} }\nexport class B { run() {} }\nA.run();\nB.run();\nB.run();\n',
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'A.run' });
    assert.deepEqual(
      refsOf(r.meta).map((u) => u.line),
      [3],
    );
    assert.match(r.text, /Also matched: 2 uses of `run` on other types \(e\.g\. a\.ts:4\)/);
    assert.match(r.text, /lectern_read \{"mode":"references","target":"run"\}/);
  });

  it('finds uses in Go and Python, not in their comments and strings', async () => {
    const { lectern } = navWorkspace({
      'cmd/root.go': `package cmd

// Execute runs the command.
type Command struct{}

func (c *Command) Execute() error { return c.ExecuteC() }

func (c *Command) ExecuteC() error { return nil }

func Main() {
	var root Command
	_ = root.Execute() // Execute again
	println("Execute")
}
`,
      'tool/run.py': `from cmd import Execute


class Runner:
    def Execute(self):
        """Execute it."""
        return self.Execute()


# Execute
Execute("Execute")
`,
    });
    const go = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Execute', path: 'cmd' });
    assert.deepEqual(
      refsOf(go.meta).map((u) => `${u.line}:${u.kind}:${u.enclosing}`),
      ['12:call:Main'],
    );
    const py = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Execute', path: 'tool/run.py' });
    assert.deepEqual(
      refsOf(py.meta).map((u) => `${u.line}:${u.kind}:${u.enclosing ?? '-'}`),
      ['1:import:-', '7:call:Runner.Execute', '11:call:-'],
    );
  });

  it('answers NOT_FOUND with the closest declared names, and INVALID_ARGS for a target that is no name', async () => {
    const { lectern } = navWorkspace(workspaceFiles);
    const missing = await fails(lectern, 'lectern_read', { mode: 'references', target: 'Stor' }, 'NOT_FOUND');
    assert.match(missing.text, /lectern_read \{"mode":"references","target":"Store"\}/);
    const unused = await fails(lectern, 'lectern_read', { mode: 'references', target: 'Other.missing' }, 'NOT_FOUND');
    assert.match(unused.text, /Other\.missing/);
    await fails(lectern, 'lectern_read', { mode: 'references', target: 'a b' }, 'INVALID_ARGS');
    await fails(lectern, 'lectern_read', { mode: 'references', target: 'Store', file_offset: 50 }, 'OUT_OF_RANGE');
    await fails(
      lectern,
      'lectern_read',
      { mode: 'references', target: 'Store', path: '../**/*.ts' },
      'OUTSIDE_WORKSPACE',
    );
  });

  it("shows a URL's password on a use's line as * with the note, unless the user approved secrets", async () => {
    const files = {
      'src/db.ts':
        "export function connect(url: string): string {\n  return url;\n}\nconnect('postgres://admin:hunter2@db/x');\n",
    };
    const { lectern } = navWorkspace(files);
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'connect' });
    assert.doesNotMatch(r.text, /hunter2/);
    assert.match(r.text, /postgres:\/\/admin:\*{7}@db/);
    assert.match(r.text, /shown as \* \(redacted/);
    const approved = new Lectern(navWorkspace(files).host, () => ({ sessionGuard: false, allowSecrets: true }));
    const shown = await ok(approved, 'lectern_read', { mode: 'references', target: 'connect' });
    assert.match(shown.text, /admin:hunter2@db/);
    assert.doesNotMatch(shown.text, /redacted/);
  });

  it("prefers the host's language server, and names the engine that answered", async () => {
    let asked: unknown[] = [];
    const ws = navWorkspace(workspaceFiles, {
      references: async (file, line, column) => {
        asked = [file, line, column];
        const locations = [
          { path: file, line, column },
          { path: path.join(ws.root, 'src/app.ts'), line: 9, column: 16 },
          { path: path.join(ws.root, 'test/store.test.ts'), line: 5, column: 5 },
        ];
        return { locations, engine: 'typescript-language-server' };
      },
    });
    const r = await ok(ws.lectern, 'lectern_read', { mode: 'references', target: 'Store.get' });
    assert.deepEqual(asked, [path.join(ws.root, 'src/store.ts'), 5, 3]);
    assert.equal(r.meta.answered_by, 'typescript-language-server');
    assert.deepEqual(
      refsOf(r.meta).map((u) => `${u.path}:${u.line}:${u.column}:${u.kind}:${u.enclosing}`),
      ['src/app.ts:9:16:call:load', 'test/store.test.ts:5:5:call:null'],
    );
    assert.match(r.text, /\(typescript-language-server\)/);
  });
});

describe('mode references, paging', () => {
  /** Every listed use, by following each answer's next call from the first one. */
  async function follow(
    lectern: import('../../../src/core/engine').Lectern,
    first: Record<string, unknown>,
    tokenBudget?: number,
  ): Promise<{ places: string[]; calls: number }> {
    const places: string[] = [];
    let input: Record<string, unknown> | null = first;
    let calls = 0;
    while (input) {
      const r = await lectern.invoke('lectern_read', input, tokenBudget ? { tokenBudget } : {});
      assert.ok(r.ok, r.text);
      places.push(...refsOf(r.meta).map((u) => `${u.path}:${u.line}:${u.column}`));
      input = r.meta.next as Record<string, unknown> | null;
      assert.ok(++calls < 200, 'paging does not end');
    }
    return { places, calls };
  }

  it('pages concatenate to the whole answer, in a stable order, without duplicates', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 450, max: 900 }),
        async (perFile, budget) => {
          const files: Record<string, string> = {
            'src/target.ts': 'export function target(): number {\n  return 1;\n}\n',
          };
          perFile.forEach((n, i) => {
            const dir = i % 3 === 0 ? 'test' : 'src';
            const body = Array.from({ length: n }, (_, k) => `  total += target()${k % 4 === 0 ? ' + target()' : ''};`);
            files[`${dir}/user${i}.ts`] =
              `import { target } from './target';\n\nexport function use${i}(): number {\n  let total = 0;\n${body.join('\n')}\n  return total;\n}\n`;
          });
          const { lectern } = navWorkspace(files);
          const whole = await follow(lectern, { mode: 'references', target: 'target' });
          assert.equal(whole.calls, 1);
          const paged = await follow(lectern, { mode: 'references', target: 'target' }, budget);
          assert.deepEqual(paged.places, whole.places);
          assert.equal(new Set(paged.places).size, paged.places.length);
          const again = await follow(lectern, { mode: 'references', target: 'target' }, budget);
          assert.deepEqual(again.places, paged.places);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('answers what it found by its deadline with the call that continues, and the calls add up to the whole', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 8; i++)
      files[`src/m${i}.ts`] = `export function f${i}(): number {\n  return shared() + ${i};\n}\n`;
    files['src/shared.ts'] = 'export function shared(): number {\n  return 0;\n}\n';
    const { lectern } = navWorkspace(files);
    const whole = await follow(lectern, { mode: 'references', target: 'shared' });
    const saved = REFERENCE_LIMITS.budgetMs;
    REFERENCE_LIMITS.budgetMs = -1;
    try {
      const first = await lectern.invoke('lectern_read', { mode: 'references', target: 'shared' });
      assert.match(
        first.text,
        /Out of time after 1 source file: files from src\/m1\.ts on were not looked at\. Continue: lectern_read \{"mode":"references","target":"shared","file_offset":1\}/,
      );
      const stepwise = await follow(lectern, { mode: 'references', target: 'shared' });
      assert.deepEqual(stepwise.places, whole.places);
      assert.equal(stepwise.calls, 9);
    } finally {
      REFERENCE_LIMITS.budgetMs = saved;
    }
  });
});
