// Mode "references" from tree-sitter alone (issue 38, "better syntax answers"): keys of literals whose
// type the file states, declarations never listed as uses, the right enclosing symbol, renamed
// imports followed, and receivers whose type the file states.
import { strict as assert } from 'node:assert';
import { ok } from '../helpers';
import { navWorkspace, refsOf } from './navHelpers';

/** `path:line` per listed use, `?` after the uncertain ones. */
const placesOf = (meta: Record<string, unknown>) =>
  refsOf(meta).map((u) => `${u.path}:${u.line}${u.certain === false ? '?' : ''}`);

describe('references from syntax: keys of typed literals', () => {
  it('lists a Go composite literal key as a use of the literal type field, by its type name', async () => {
    const { lectern } = navWorkspace({
      'cobra/command.go':
        'package cobra\n\ntype Command struct {\n\tUse string\n}\n\ntype Other struct {\n\tUse string\n}\n',
      'cmd/root.go': `package cmd

import "example.com/cobra"

var root = &cobra.Command{Use: "root"}

var subs = []*cobra.Command{{Use: "a"}, {Use: "b"}}

var byName = map[string]cobra.Command{"x": {Use: "x"}}

var other = &cobra.Other{Use: "other"}

func local() Command { return Command{
	Use: "local",
} }
`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Command.Use' });
    assert.deepEqual(placesOf(r.meta), [
      'cmd/root.go:5',
      'cmd/root.go:7',
      'cmd/root.go:7',
      'cmd/root.go:9',
      'cmd/root.go:14',
    ]);
    // The key of another type's literal is counted as on other types, not listed.
    assert.match(r.text, /Also matched: 1 use of `Use` on other types \(e\.g\. cmd\/root\.go:11\)/);
  });
});

describe('references from syntax: keys of TypeScript object literals the file types', () => {
  it('lists keys and shorthand properties whose declared type the file states, and counts other types', async () => {
    const { lectern } = navWorkspace({
      'src/opts.ts': `export interface Opts {
  port: number;
}
export interface Other {
  port: number;
}
`,
      'src/start.ts': `import type { Opts, Other } from './opts';

function listen(name: string, opts: Opts): void {}

export function start(port: number): Opts {
  const fixed: Opts = { port: 80 };
  listen('a', { port });
  const cast = { port: 1 } as Opts;
  const other: Other = { port: 2 };
  return { port };
}
`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Opts.port' });
    assert.deepEqual(placesOf(r.meta), ['src/start.ts:6', 'src/start.ts:7', 'src/start.ts:8', 'src/start.ts:10']);
    assert.match(r.text, /Also matched: 1 use of `port` on other types \(e\.g\. src\/start\.ts:9\)/);
  });
});

describe('references from syntax: renamed imports', () => {
  it('lists the uses of the new name as uses of the imported one, in TypeScript and Python', async () => {
    const { lectern } = navWorkspace({
      'src/connection.ts': 'export function createConnection(): number {\n  return 1;\n}\n',
      'src/main.ts': `import { createConnection as createCommonConnection } from './connection';

export const first = createCommonConnection();
export const again = () => createCommonConnection() + 1;
`,
      'tool/db.py': 'def connect():\n    return 1\n',
      'tool/run.py': 'from tool.db import connect as open_db\n\n\ndef main():\n    return open_db()\n',
    });
    const ts = await ok(lectern, 'lectern_read', { mode: 'references', target: 'createConnection' });
    assert.deepEqual(
      refsOf(ts.meta).map((u) => `${u.path}:${u.line}:${u.kind}`),
      ['src/main.ts:1:import', 'src/main.ts:3:call', 'src/main.ts:4:call'],
    );
    const py = await ok(lectern, 'lectern_read', { mode: 'references', target: 'connect' });
    assert.deepEqual(
      refsOf(py.meta).map((u) => `${u.path}:${u.line}:${u.kind}:${u.enclosing ?? '-'}`),
      ['tool/run.py:1:import:-', 'tool/run.py:5:call:main'],
    );
  });

  it('does not follow a renamed import for a member target (a member is never imported by its name)', async () => {
    const { lectern } = navWorkspace({
      'models.py': `from compat import json as complexjson


class Response:
    def json(self):
        return complexjson.loads(self.text)


def read(r: Response):
    return r.json()
`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Response.json' });
    assert.deepEqual(placesOf(r.meta), ['models.py:10']);
  });
});

describe('references from syntax: declarations are never uses', () => {
  const files = {
    'src/diagnostic.ts': `export interface Diagnostic {
  message: string;
}

export namespace Diagnostic {
  export function is(value: unknown): value is Omit<Diagnostic, 'message'> {
    return typeof value === 'object';
  }
}

export function check(value: unknown, Diagnostic?: string): boolean {
  return Diagnostic !== undefined && value !== undefined;
}

export const plain = (value: number) => value + 1;
`,
    'src/use.ts': "import { Diagnostic } from './diagnostic';\nexport const ok = Diagnostic.is({});\n",
    'tool/run.py': `def run(value, *rest, flag: bool = False, **extra):
    return value, rest, flag, extra


def typed(value: int, other=lambda value: value):
    return value
`,
  };

  it('leaves out the `is` keyword of a type predicate (`value is Omit<…>`) for a member named is', async () => {
    const { lectern } = navWorkspace(files);
    const is = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Diagnostic.is' });
    assert.deepEqual(placesOf(is.meta), ['src/use.ts:2']);
  });

  it('leaves out a namespace head and a parameter of the name', async () => {
    const { lectern } = navWorkspace(files);
    const diagnostic = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Diagnostic', path: 'src' });
    // The type's use in the predicate (6) and the parameter's use (12); not the namespace head (5) nor the parameter (11).
    assert.deepEqual(placesOf(diagnostic.meta), [
      'src/diagnostic.ts:6',
      'src/diagnostic.ts:12',
      'src/use.ts:1',
      'src/use.ts:2',
    ]);
  });

  it('leaves out TypeScript parameters, an arrow function’s bare one too', async () => {
    const { lectern } = navWorkspace(files);
    const value = await ok(lectern, 'lectern_read', { mode: 'references', target: 'value', path: 'src' });
    assert.deepEqual(
      refsOf(value.meta).map((u) => u.line),
      [6, 7, 12, 15],
    );
  });

  it('leaves out Python parameters: plain, typed, defaulted, *rest, **extra and a lambda’s', async () => {
    const { lectern } = navWorkspace(files);
    const py = await ok(lectern, 'lectern_read', { mode: 'references', target: 'value', path: 'tool' });
    assert.deepEqual(
      refsOf(py.meta).map((u) => u.line),
      [2, 5, 6],
    );
    for (const name of ['rest', 'flag', 'extra']) {
      const r = await ok(lectern, 'lectern_read', { mode: 'references', target: name, path: 'tool' });
      assert.deepEqual(
        refsOf(r.meta).map((u) => u.line),
        [2],
        name,
      );
    }
  });
});

describe('references from syntax: the symbol a use sits in', () => {
  it('names the function, not a field of a one-line type literal in its signature', async () => {
    const { lectern } = navWorkspace({
      'src/load.ts': `import { Store } from './store';

export function load(store: Store, opts: { key: string; fresh?: boolean }): number {
  return store.size;
}

export class Loader {
  run(cb: (s: { store: Store }) => void): void {}
}
`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Store' });
    assert.deepEqual(
      refsOf(r.meta).map((u) => `${u.line}:${u.enclosing ?? '-'}`),
      ['1:-', '3:load', '8:Loader.run'],
    );
  });

  it('names a Python decorator line after the scope around the decorated function', async () => {
    const { lectern } = navWorkspace({
      'app.py': `import app


class Views:
    @app.route(
        "/")
    @staticmethod
    def index():
        return app.render()


@app.route("/about")
async def about():
    return app.render()
`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'app' });
    assert.deepEqual(
      refsOf(r.meta).map((u) => `${u.line}:${u.enclosing ?? '-'}`),
      ['1:-', '5:Views', '9:Views.index', '12:-', '14:about'],
    );
  });
});

describe('references from syntax: keys of a plain name', () => {
  it('marks a property key or keyword argument named as a top-level function, not a use of it; a member of that name makes them uses', async () => {
    const { lectern } = navWorkspace({
      'src/ids.ts': `export function cuid(): string {\n  return 'c';\n}\n`,
      'src/use.ts': `import { cuid } from './ids';\nexport const id = cuid();\nexport const names = { cuid: 'cuid' };\nexport const short = { cuid };\n`,
      'tool/app.py': `class Response:\n    pass\n\n\ndef make(**kw):\n    return Response()\n\n\nmade = make(Response=None)\n`,
    });
    const ts = await ok(lectern, 'lectern_read', { mode: 'references', target: 'cuid', path: 'src' });
    assert.deepEqual(placesOf(ts.meta), ['src/use.ts:1', 'src/use.ts:2', 'src/use.ts:3?', 'src/use.ts:4']);
    assert.equal(refsOf(ts.meta).find((u) => u.line === 3)?.kind, 'key');
    const py = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Response', path: 'tool' });
    assert.deepEqual(placesOf(py.meta), ['tool/app.py:6', 'tool/app.py:9?']);
    // Declared as a member too: a key may set it (an object typed by that member's owner).
    const { lectern: withMember } = navWorkspace({
      'src/ids.ts': `export function cuid(): string {\n  return 'c';\n}\nexport interface Ids {\n  cuid: string;\n}\n`,
      'src/use.ts': `export const names = { cuid: 'cuid' };\n`,
    });
    const both = await ok(withMember, 'lectern_read', { mode: 'references', target: 'cuid' });
    assert.deepEqual(placesOf(both.meta), ['src/use.ts:1']);
  });
});

describe('references from syntax: names a package renames', () => {
  it("marks the uses of a name imported from a package under another name (the package's, maybe not ours); a relative import's stay certain", async () => {
    const { lectern } = navWorkspace({
      'app/wrappers.py': 'class Response:\n    pass\n',
      'app/views.py':
        'from werkzeug.wrappers import Response as BaseResponse\nfrom .wrappers import Response as Ours\n\n\ndef view(rv):\n    if isinstance(rv, BaseResponse):\n        return rv\n    return Ours()\n',
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Response' });
    assert.deepEqual(placesOf(r.meta), ['app/views.py:1?', 'app/views.py:2', 'app/views.py:6?', 'app/views.py:8']);
  });
});

describe('references from syntax: what is sure first', () => {
  it('lists the files with a certain line before the files whose lines are all ~', async () => {
    const owner = `export class Owner {\n  get(key: string): string {\n    return key;\n  }\n}\n`;
    const unsure = (n: number) => `export function f${n}(x: { get(k: string): string }) {\n  return x.get('a');\n}\n`;
    const sure = `import { Owner } from './owner';\nexport const v = new Owner().get('b');\n`;
    const { lectern } = navWorkspace({
      'src/owner.ts': owner,
      'src/a.ts': unsure(1),
      'src/b.ts': unsure(2),
      'src/z.ts': sure,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Owner.get' });
    assert.deepEqual(placesOf(r.meta), ['src/z.ts:2', 'src/a.ts:2?', 'src/b.ts:2?']);
    assert.deepEqual(
      r.text.split('\n').filter((line) => /^src\//.test(line)),
      ['src/z.ts', 'src/a.ts', 'src/b.ts'],
    );
  });
});

describe('references from syntax: receivers whose type the file states', () => {
  it('ties a member of a value built where it is used to the class it is built from', async () => {
    const { lectern } = navWorkspace({
      'src/coach.ts': `export class Coach {
  drill(): number {
    return 1;
  }
}
export const own = { drill: () => 2 };
export const a = new Coach().drill();
export const b = (new Coach()).drill();
export const c = new Other().drill();
export const d = own.drill();
`,
      'tool/coach.py': `class Coach:
    def drill(self):
        return 1


a = Coach().drill()
b = make().drill()
c = Other().drill()
`,
    });
    const ts = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Coach.drill', path: 'src' });
    // Built as Coach: sure (twice); built as Other (a subclass could still reach Coach.drill) and own: uncertain.
    assert.deepEqual(placesOf(ts.meta), ['src/coach.ts:7', 'src/coach.ts:8', 'src/coach.ts:9?', 'src/coach.ts:10?']);
    const py = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Coach.drill', path: 'tool' });
    assert.deepEqual(placesOf(py.meta), ['tool/coach.py:6', 'tool/coach.py:7?', 'tool/coach.py:8?']);
  });

  it('ties `x.get` to the type x is declared or built as, and lists it as uncertain when that differs', async () => {
    const { lectern } = navWorkspace({
      'src/owner.ts': `export class Owner {
  get(key: string): string {
    return key;
  }
}

export function read(owner: Owner, headers: Headers, unknown: { get(k: string): string }): string {
  const built = new Owner();
  const map = new Map<string, string>();
  const sure = owner.get('a') + built.get('b');
  const others = headers.get('c') + map.get('d');
  return sure + others + unknown.get('e');
}
`,
      'tool/client.py': `class Owner:
    def get(self, key):
        return key


def read(owner: Owner, headers: dict, plain):
    built = Owner()
    sure = owner.get("a"), built.get("b")
    return sure, headers.get("c"), plain.get("d")
`,
      'cmd/main.go': `package cmd

type Owner struct{}

func (o *Owner) Get() string { return "" }

func read(owner *Owner, h http.Header) {
	built := &Owner{}
	_ = owner.Get() + built.Get() + h.Get("x")
}
`,
    });
    const ts = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Owner.get', path: 'src' });
    // owner.get and built.get are sure; headers.get and map.get (another stated type: a subclass or an
    // alias could still reach Owner.get) and unknown.get (a type literal) are listed as uncertain.
    assert.deepEqual(placesOf(ts.meta), [
      'src/owner.ts:10',
      'src/owner.ts:10',
      'src/owner.ts:11?',
      'src/owner.ts:11?',
      'src/owner.ts:12?',
    ]);
    const py = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Owner.get', path: 'tool' });
    assert.deepEqual(placesOf(py.meta), [
      'tool/client.py:8',
      'tool/client.py:8',
      'tool/client.py:9?',
      'tool/client.py:9?',
    ]);
    const go = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Owner.Get', path: 'cmd' });
    assert.deepEqual(
      refsOf(go.meta).map((u) => `${u.line}${u.certain === false ? '?' : ''}`),
      ['9', '9', '9'], // h.Get shares the line with two sure uses: the line is certain
    );
  });
});

describe('references from syntax: stated types that may still be the owner', () => {
  it('keeps uncertain a receiver stated as any, or as a type named after the owner (an alias, ZodTypeAny)', async () => {
    const { lectern } = navWorkspace({
      'src/parse.ts': `export class ZodType {
  parse(v: unknown): unknown {
    return v;
  }
}
export type ZodTypeAny = ZodType;

export function check(a: ZodTypeAny, b: any, c: Other) {
  a.parse(1);
  b.parse(2);
  c.parse(3);
}
`,
      'tool/config.py': `import typing as t


class Flask:
    config = None


def read(obj: t.Any):
    return obj.config
`,
    });
    const ts = await ok(lectern, 'lectern_read', { mode: 'references', target: 'ZodType.parse' });
    assert.deepEqual(placesOf(ts.meta), ['src/parse.ts:9?', 'src/parse.ts:10?', 'src/parse.ts:11?']);
    const py = await ok(lectern, 'lectern_read', { mode: 'references', target: 'Flask.config' });
    assert.deepEqual(placesOf(py.meta), ['tool/config.py:9?']);
  });
});

describe('references from syntax: a literal typed by a name that extends the owner', () => {
  it('counts a key of a ZodTypeDef literal as another type, not ZodType', async () => {
    const { lectern } = navWorkspace({
      'src/def.ts': `export class ZodType {
  parse = 1;
}
export interface ZodTypeDef {
  parse: number;
}
export const def: ZodTypeDef = { parse: 2 };
export const typed: ZodType = { parse: 3 };
`,
    });
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'ZodType.parse' });
    assert.deepEqual(placesOf(r.meta), ['src/def.ts:8']);
    assert.match(r.text, /Also matched: 1 use of `parse` on other types \(e\.g\. src\/def\.ts:7\)/);
  });
});
