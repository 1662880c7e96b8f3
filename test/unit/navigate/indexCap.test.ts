// Past the symbol index's cap on listed files (here 50 files of a 200-file workspace), every mode
// that consults the index answers about a file past the cap correctly, or says it is incomplete and
// gives a call that, run as written, answers correctly. Never NOT_FOUND for what it did not see.
import { strict as assert } from 'node:assert';
import type { Lectern } from '../../../src/core/engine';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { INDEX_LIMITS } from '../../../src/core/symbols/workspaceIndex';
import { navWorkspace } from './navHelpers';

const FOLDERS = ['a', 'b', 'c', 'd', 'e'];
const PER_FOLDER = 40;

/** 200 TypeScript files in five folders (walked in name order: the cap falls inside b), and a Go type in e. */
function bigWorkspace(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of FOLDERS)
    for (let i = 0; i < PER_FOLDER; i++)
      files[`${folder}/mod${String(i).padStart(2, '0')}.ts`] =
        `export function ${folder}Fn${i}(n: number): number {\n  return n + ${i};\n}\n`;
  files['e/mod07.ts'] =
    `export function onlyInE(): string {\n  return 'e';\n}\n\nexport function usedInE(): number {\n  return 1;\n}\n`;
  files['e/mod08.ts'] = `import { usedInE } from './mod07';\n\nexport const x = usedInE();\n`;
  files['e/shape.go'] = `package e\n\ntype Shape struct {\n\tSide int\n}\n`;
  files['e/area.go'] = `package e\n\nfunc (s *Shape) Area() int {\n\treturn s.Side * s.Side\n}\n`;
  return files;
}

const call = (lectern: Lectern, input: Record<string, unknown>) =>
  lectern.invoke('lectern_read', input, { sessionId: `cap-${Math.random()}` });

/** The calls an answer suggests (`lectern_read {...}`), parsed. */
function suggested(response: ToolResponse): Record<string, unknown>[] {
  const text = `${response.text}\n${response.error?.hint ?? ''}`;
  return [...text.matchAll(/lectern_read (\{[^\n]*?\})(?=$|\n| or |, |\)|;|\])/gm)].map((m) => JSON.parse(m[1]!));
}

/**
 * The answer is right (`right` holds), or it is INCOMPLETE / says so, and one of its suggested
 * calls, run as written, is right.
 */
async function rightOrCovered(
  lectern: Lectern,
  input: Record<string, unknown>,
  right: (r: ToolResponse) => boolean,
  /** NOT_FOUND is right for what the mode looked at whole (references: every file for uses). */
  notFoundFor = false,
): Promise<ToolResponse> {
  const first = await call(lectern, input);
  if (right(first)) return first;
  if (!notFoundFor)
    assert.notEqual(first.error?.code, 'NOT_FOUND', `NOT_FOUND for what the index did not see:\n${first.text}`);
  assert.match(`${first.text}\n${first.error?.hint ?? ''}`, /more source files than the symbol index lists/);
  for (const next of suggested(first)) {
    const answer = await call(lectern, next);
    if (right(answer)) return answer;
  }
  assert.fail(`no suggested call answers it:\n${first.text}\n${first.error?.hint ?? ''}`);
}

describe('past the symbol index cap', function () {
  this.timeout(60_000);
  const saved = INDEX_LIMITS.maxFiles;
  before(() => (INDEX_LIMITS.maxFiles = 50));
  after(() => (INDEX_LIMITS.maxFiles = saved));

  it('maps a folder past the cap whole', async () => {
    const { lectern } = navWorkspace(bigWorkspace());
    const r = await call(lectern, { mode: 'map', target: 'e' });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /^map of e\/ · 42 files/);
    assert.match(r.text, /onlyInE/);
  });

  it('a map of the workspace names the folders not covered, and their calls cover them', async () => {
    const { lectern } = navWorkspace(bigWorkspace());
    await rightOrCovered(lectern, { mode: 'map' }, (r) => r.ok && r.text.includes('function onlyInE'));
  });

  it('reads a symbol declared past the cap, with or without path', async () => {
    const { lectern } = navWorkspace(bigWorkspace());
    const isIt = (r: ToolResponse) => r.ok && r.text.includes("return 'e';") && r.text.includes('e/mod07.ts');
    const without = await call(lectern, { mode: 'symbol', target: 'onlyInE' });
    assert.equal(without.error?.code, 'INCOMPLETE', without.text);
    await rightOrCovered(lectern, { mode: 'symbol', target: 'onlyInE' }, isIt);
    const scoped = await call(lectern, { mode: 'symbol', target: 'onlyInE', path: 'e' });
    assert.ok(isIt(scoped), scoped.text);
    const glob = await call(lectern, { mode: 'symbol', target: 'onlyInE', path: 'e/**/*.ts' });
    assert.ok(isIt(glob), glob.text);
  });

  it('a name missing everywhere is INCOMPLETE without path, NOT_FOUND in a folder it saw whole', async () => {
    const { lectern } = navWorkspace(bigWorkspace());
    const r = await call(lectern, { mode: 'symbol', target: 'nowhereAtAll' });
    assert.equal(r.error?.code, 'INCOMPLETE', r.text);
    assert.match(r.error!.hint, /"path":"e"/);
    const scoped = await call(lectern, { mode: 'symbol', target: 'nowhereAtAll', path: 'e' });
    assert.equal(scoped.error?.code, 'NOT_FOUND', scoped.text);
  });

  it('references never say a name declared past the cap is not declared', async () => {
    const { lectern } = navWorkspace(bigWorkspace());
    const r = await call(lectern, { mode: 'references', target: 'onlyInE' });
    assert.ok(!/no symbol of that name is declared/.test(r.text), r.text);
    await rightOrCovered(
      lectern,
      { mode: 'references', target: 'onlyInE' },
      (answer) => /declared but used nowhere/.test(answer.text) || answer.text.includes("return 'e';"),
      true,
    );
    const inE = await call(lectern, { mode: 'references', target: 'onlyInE', path: 'e' });
    assert.match(inE.text, /declared but used nowhere/);
    const used = await call(lectern, { mode: 'references', target: 'usedInE' });
    assert.ok(used.ok && used.text.includes('e/mod08.ts'), used.text);
  });

  it('a folder itself over the cap names its own folders, whose calls cover them', async () => {
    const files: Record<string, string> = {};
    for (const sub of ['x', 'y'])
      for (let i = 0; i < PER_FOLDER; i++)
        files[`big/${sub}/m${String(i).padStart(2, '0')}.ts`] =
          `export function ${sub}Fn${i}(): number {\n  return ${i};\n}\n`;
    files['big/y/m39.ts'] = `export function deepInY(): number {\n  return 39;\n}\n`;
    for (let i = 0; i < PER_FOLDER; i++) files[`other/o${i}.ts`] = `export const o${i} = ${i};\n`;
    const { lectern } = navWorkspace(files);
    const map = await rightOrCovered(
      lectern,
      { mode: 'map', target: 'big' },
      (r) => r.ok && r.text.includes('deepInY'),
    );
    assert.match(map.text, /^map of big\/y\//);
    await rightOrCovered(
      lectern,
      { mode: 'symbol', target: 'deepInY', path: 'big' },
      (r) => r.ok && r.text.includes('return 39;'),
    );
  });

  it('a symbol chosen by index past the matches the index holds names the folders not covered', async () => {
    const files: Record<string, string> = {
      ...bigWorkspace(),
      'a/dup.ts': 'export function twice(): number {\n  return 1;\n}\n',
    };
    files['e/dup.ts'] = 'export function twice(): number {\n  return 2;\n}\n';
    const { lectern } = navWorkspace(files);
    const second = await call(lectern, { mode: 'symbol', target: 'twice', index: 2 });
    assert.equal(second.error?.code, 'OUT_OF_RANGE', second.text);
    assert.match(second.text, /past the 1 match for "twice" in the files of the symbol index/);
    await rightOrCovered(
      lectern,
      { mode: 'symbol', target: 'twice', index: 2 },
      (r) => r.ok && r.text.includes('return 2;'),
    );
    // The one it holds is read, and the answer says which folders it did not look in.
    const first = await call(lectern, { mode: 'symbol', target: 'twice', kind: 'function' });
    assert.ok(first.ok && first.text.includes('return 1;'), first.text);
    assert.match(
      first.text,
      /e \(\d+\): lectern_read \{"mode":"symbol","target":"twice","path":"e","kind":"function"\}/,
    );
  });

  it('references of a method declared past the cap: not "not declared", and the calls that look there', async () => {
    const { lectern } = navWorkspace(bigWorkspace());
    const r = await call(lectern, { mode: 'references', target: 'Shape.Perimeter' });
    assert.equal(r.error?.code, 'NOT_FOUND', r.text);
    assert.match(r.text, /Whether it is declared is not known/);
    assert.match(r.error!.hint, /lectern_read \{"mode":"symbol","target":"Shape.Perimeter","path":"e"\}/);
  });

  it("a type's outline lists the methods other files of its folder declare, past the cap", async () => {
    const { lectern } = navWorkspace(bigWorkspace());
    const r = await call(lectern, { mode: 'symbol', target: 'Shape', path: 'e/shape.go', include_body: false });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /Area/);
  });
});
