// A mode added through the registry, as CONTRIBUTING.md's recipe adds one: the engine is built from
// a registry with a throw-away mode (the shipped registry is not touched), and the session's
// counting, chat history's retention, the progress title, the answer recorder's calls and the
// docs' table of modes all take it from the mode's descriptor. The case of issue 19: a mode that
// answers metadata ("a.ts · 40 lines") was taken for a read of the whole file, so history turned
// real reads into pointers to it.
import { strict as assert } from 'node:assert';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { exampleCalls, plainCalls, type Call } from '../../../scripts/answerCalls';
import { modesTable } from '../../../scripts/modesDoc';
import { Lectern } from '../../../src/core/engine';
import { draft } from '../../../src/core/ground/answer';
import { projectHistory, type HistoryCall } from '../../../src/core/history';
import { READ_MODE_NAMES, REGISTRY, type Registry } from '../../../src/core/modes/index';
import { defineMode } from '../../../src/core/modes/mode';
import { fileMode } from '../../../src/core/modes/file';
import { statPath } from '../../../src/core/read/statPath';
import { defaultCatalog } from '../../../src/core/tools/catalog';
import { readTool } from '../../../src/core/tools/definitions';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

/** A metadata mode: a file's line count, and nothing of its text. */
const countMode = defineMode({
  name: 'count',
  summary: "a file's line count",
  guide: 'how many lines a file has',
  fields: {},
  examples: [{ target: 'src/format.ts' }],
  answer: 'metadata',
  precise: true,
  title: (input) => `Counting the lines of ${String(input.target)}`,
  async run(env, input: { target: string }) {
    const stat = await statPath(env, { target: input.target });
    const { absolute } = await env.resolver.resolve(input.target);
    return draft({
      ...stat,
      mode: 'count',
      text: `${String(stat.target)} · ${stat.meta.total_lines} lines`,
      // What a file read carries: a careless session would take it for one.
      meta: { ...stat.meta, absolute_path: absolute, version: `disk:${absolute}` },
    });
  },
});

/** A text mode: the first three lines, through the file mode's own run. */
const firstLinesMode = defineMode({
  name: 'first_lines',
  summary: 'the first three lines',
  guide: "a file's first three lines",
  fields: {},
  examples: [{ target: 'src/format.ts' }],
  answer: 'text',
  precise: true,
  title: (input) => `Opening ${String(input.target)}`,
  run: (env, input: { target: string }, notes) => fileMode.run(env, { target: input.target, head: 3 }, notes),
});

const registry: Registry = { modes: [...REGISTRY.modes, countMode, firstLinesMode], tools: REGISTRY.tools };

function engine(root: string): Lectern {
  const host = { fs: nodeFileSystem, roots: () => [{ name: 'w', path: root }] };
  return new Lectern(host, () => ({ sessionGuard: true }), registry);
}

function workspaceWithA(): string {
  const root = tempDir('lectern-registry-');
  write(root, 'a.ts', Array.from({ length: 40 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n');
  return root;
}

describe('a mode added through the registry', () => {
  it('is answered by an engine built from the registry, and only by it', async () => {
    const lectern = engine(workspaceWithA());
    const counted = await lectern.invoke('lectern_read', { mode: 'count', target: 'a.ts' });
    assert.ok(counted.ok, counted.text);
    assert.match(counted.text, /^a\.ts · 40 lines/);
    assert.deepEqual(lectern.catalog.readTool.fields.mode!.enum, [...READ_MODE_NAMES, 'count', 'first_lines']);
    assert.ok(!READ_MODE_NAMES.includes('count'), 'the shipped registry is untouched');
    const shipped = new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'w', path: tempDir() }] });
    assert.equal((await shipped.invoke('lectern_read', { mode: 'count', target: 'a.ts' })).error?.code, 'INVALID_ARGS');
    assert.match(lectern.catalog.readTool.fields.mode!.description!, /; count: a file's line count; first_lines: /);
  });

  it("says in the target field's description what its target is when not a path", () => {
    const described = (modes: Registry['modes']) => readTool(modes).fields.target!.description;
    assert.equal(
      described(REGISTRY.modes),
      'Path (file: or a list). symbol/references: a name ("Store.get"). diff_preview/map: folder or none. files: folder, glob, name part or none.',
    );
    const callers = { ...firstLinesMode, name: 'callers', targetIs: 'a name ("Store.get")' };
    assert.match(described([...REGISTRY.modes, callers, countMode])!, / symbol\/references\/callers: a name /);
    assert.equal(described([fileMode, countMode]), 'Path (file: or a list).');
  });

  it('is counted by the session as its answer kind says: metadata is no read, text is', async () => {
    const lectern = engine(workspaceWithA());
    for (let i = 0; i < 3; i++) await lectern.invoke('lectern_read', { mode: 'count', target: 'a.ts' });
    let metrics = lectern.session.snapshot().metrics;
    assert.deepEqual([metrics.reads_count, metrics.reads_lines_total], [0, 0], 'a line count reads no lines');
    await lectern.invoke('lectern_read', { mode: 'first_lines', target: 'a.ts' });
    metrics = lectern.session.snapshot().metrics;
    assert.deepEqual([metrics.reads_count, metrics.reads_lines_total], [1, 3], 'the first three lines are a read');
  });

  it('is kept by chat history as its descriptor says: a line count never stands for the whole file', async () => {
    const lectern = engine(workspaceWithA());
    const calls: HistoryCall[] = [];
    const run = async (input: Record<string, unknown>) => {
      const response = await lectern.invoke('lectern_read', { ...input, force: true });
      const facts = lectern.catalog.retained('lectern_read', input, response);
      calls.push({ id: `c${calls.length + 1}`, tool: 'lectern_read', input, ...facts, text: response.text });
      return facts;
    };
    // Three reads of the whole file, then its line count (the issue's sequence).
    for (let i = 0; i < 3; i++) await run({ target: 'a.ts' });
    assert.deepEqual(await run({ mode: 'count', target: 'a.ts' }), { kind: 'other' });
    assert.deepEqual(await run({ mode: 'first_lines', target: 'a.ts' }), {
      kind: 'read',
      path: 'a.ts',
      range: { start: 1, end: 3 },
    });
    const projection = projectHistory([{ prompt: 'q', rounds: [{ response: '', calls }], answer: 'a' }], {
      countTokens,
    });
    const count = projection.turns[0]!.rounds[0]!.calls.find((c) => c.id === 'c4')!;
    assert.equal(count.fate, 'kept');
    const pointingToCount = projection.turns[0]!.rounds[0]!.calls.filter((c) => c.pointsTo === 'c4');
    assert.deepEqual(pointingToCount, [], 'no read points to the line count');
    assert.equal(projection.fates.c3, 'kept', 'the last read of the whole file stays');
  });

  it('has the progress title it declares', () => {
    const lectern = engine(workspaceWithA());
    assert.equal(
      lectern.catalog.title('lectern_read', { mode: 'count', target: 'a.ts' }),
      'Counting the lines of a.ts',
    );
    assert.equal(lectern.catalog.title('lectern_read', { mode: 'first_lines', target: 'a.ts' }), 'Opening a.ts');
    assert.equal(defaultCatalog.title('lectern_read', { target: 'a.ts', start_line: 3 }), 'Reading a.ts, lines 3-end');
  });

  it("is among the answer recorder's calls and in the docs' table, from its examples", () => {
    const root = tempDir('lectern-registry-calls-');
    write(root, 'src/format.ts', 'export const x = 1;\n');
    const named = (calls: Call[]) => calls.map(([tool, input]) => `${tool} ${JSON.stringify(input)}`);
    const withNew = named(plainCalls(root, registry));
    assert.ok(withNew.includes('lectern_read {"mode":"count","target":"src/format.ts"}'));
    assert.ok(withNew.includes('lectern_read {"mode":"first_lines","target":"src/format.ts"}'));
    const shipped = plainCalls(root);
    assert.ok(!named(shipped).some((c) => c.includes('"count"')));
    assert.deepEqual(exampleCalls(REGISTRY, shipped), [], "the shipped modes' examples are recorded already");
    assert.match(
      modesTable(registry),
      /\| `count` \| a file's line count \| metadata \| `\{"mode":"count","target":"src\/format.ts"\}` \|/,
    );
  });
});
