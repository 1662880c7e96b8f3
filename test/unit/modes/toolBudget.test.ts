// A tool added with defineTool, as CONTRIBUTING.md's recipe adds one: the session budgets it and
// counts it as a read by what its descriptor says its answer is, never by the tool's name (issue 37:
// only a call named lectern_read was gated by the read budget and counted as a read).
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import type { AnswerKind } from '../../../src/core/ground/descriptor';
import type { ReadEnv } from '../../../src/core/ground/env';
import { fileMode } from '../../../src/core/modes/file';
import { REGISTRY } from '../../../src/core/modes/index';
import { defineTool, type Tool } from '../../../src/core/modes/mode';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

/** The env each call of the throw-away tool ran with: a gated one carries the session's caps. */
const seen: ReadEnv[] = [];

/** A throw-away tool: a file's first three lines, answering what `answer` says they are. */
function headTool(answer: AnswerKind): Tool {
  return defineTool({
    definition: {
      name: 'lectern_head',
      displayName: 'Head',
      toolReferenceName: 'lecternHead',
      userDescription: "A file's first lines.",
      modelDescription: "A file's first three lines.",
      fields: { target: { type: 'string' } },
      required: ['target'],
    },
    mode: 'head',
    examples: [{ target: 'src/format.ts' }],
    answer,
    precise: false,
    title: (input) => `Opening ${String(input.target)}`,
    run: (env, input: { target: string }, notes) => {
      seen.push(env);
      return fileMode.run(env, { target: input.target, head: 3 }, notes);
    },
  });
}

function engine(tool: Tool): Lectern {
  const root = tempDir('lectern-tool-budget-');
  write(root, 'a.ts', Array.from({ length: 40 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n');
  const host = { fs: nodeFileSystem, roots: () => [{ name: 'w', path: root }] };
  return new Lectern(host, () => ({ sessionGuard: true }), { modes: REGISTRY.modes, tools: [...REGISTRY.tools, tool] });
}

describe('a tool made with defineTool, under the read budget', () => {
  beforeEach(() => void (seen.length = 0));

  it('whose descriptor says it answers a file’s text is gated by the read budget and counted as a read', async () => {
    const lectern = engine(headTool('text'));
    const response = await lectern.invoke('lectern_head', { target: 'a.ts' });
    assert.ok(response.ok, response.text);
    assert.match(response.text, /^a\.ts · first 3 lines of 40/);
    // Gated: the session's gate gave it the most reads left and the lines one read may show.
    assert.equal(seen.length, 1);
    assert.equal(typeof seen[0]!.maxReads, 'number');
    assert.equal(typeof seen[0]!.maxLines, 'number');
    const metrics = response.meta.stabilization!.metrics_snapshot;
    assert.equal(metrics.reads_count, 1);
    assert.equal(metrics.reads_lines_total, 3);
  });

  it('whose descriptor says it answers metadata is neither gated nor counted, whatever it shows', async () => {
    const lectern = engine(headTool('metadata'));
    const response = await lectern.invoke('lectern_head', { target: 'a.ts' });
    assert.ok(response.ok, response.text);
    assert.equal(seen[0]!.maxReads, undefined);
    assert.equal(response.meta.stabilization!.metrics_snapshot.reads_count, 0);
  });

  it('leaves the shipped tools as they were: search and stat outside the budget, every lectern_read mode in it', async () => {
    const lectern = engine(headTool('text'));
    const searched = await lectern.invoke('lectern_search', { query: 'v1' });
    assert.ok(searched.ok, searched.text);
    assert.equal(searched.meta.stabilization!.metrics_snapshot.reads_count, 0);
    const { catalog } = lectern;
    assert.equal(catalog.traits('lectern_search', { query: 'v1' })!.budgeted, false);
    assert.equal(catalog.traits('lectern_stat', { target: 'a.ts' })!.budgeted, false);
    // A list of uses answers places, yet reads files: every mode of lectern_read is under the budget.
    for (const mode of REGISTRY.modes)
      assert.equal(catalog.traits('lectern_read', { mode: mode.name, target: 'a.ts' })!.budgeted, true, mode.name);
  });
});
