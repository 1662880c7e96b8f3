// The CLI and the MCP server answer `references` from a real index.scip made by scip-typescript in
// the test: the index's uses exactly (a renamed import, object-literal keys typed by an interface:
// both wrong from tree-sitter alone); a file edited after indexing falls back to tree-sitter, and a
// corrupt index.scip gives a note and tree-sitter's answer, never a failure.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { renameSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { write } from '../../helpers';
import { lecternCommand, stdio } from '../../mcp/helpers';
import { indexedProject, indexedUses, USE } from './scipFixture';

interface Answer {
  ok: boolean;
  text: string;
  meta: { references?: { path: string; line: number; column: number }[] };
}

function cli(root: string, target: string): Answer {
  const input = JSON.stringify({ mode: 'references', target });
  const { command, args } = lecternCommand('call', 'lectern_read', input, '--root', root);
  const run = spawnSync(command, args, { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout) as Answer;
}

const places = (answer: Answer) => (answer.meta.references ?? []).map((r) => `${r.path}:${r.line}:${r.column}`);

describe('SCIP index: references from a real index.scip (scip-typescript)', function () {
  this.timeout(120_000);
  let root = '';
  before(() => {
    root = indexedProject();
  });

  it('CLI: the uses of a function through a renamed import are the index uses', () => {
    const answer = cli(root, 'createConnection');
    assert.equal(answer.ok, true, answer.text);
    assert.deepEqual(places(answer), indexedUses(root, 'src/conn.ts', 4, 16));
    assert.deepEqual(places(answer), ['src/use.ts:1:10', 'src/use.ts:1:30', 'src/use.ts:5:10']);
  });

  it('MCP: the uses of an interface member include the object-literal keys it types', async () => {
    const server = await stdio(['--structured-content', '--root', root]);
    try {
      const result = await server.client.callTool({
        name: 'lectern_read',
        arguments: { mode: 'references', target: 'Options.port' },
      });
      const answer = result.structuredContent as Answer;
      assert.equal(answer.ok, true, answer.text);
      assert.deepEqual(places(answer), indexedUses(root, 'src/conn.ts', 1, 2));
      assert.deepEqual(places(answer), ['src/conn.ts:6:37', 'src/use.ts:3:29', 'src/use.ts:5:35']);
      assert.doesNotMatch(answer.text, /~/);
    } finally {
      await server.close();
    }
  });

  it("a file edited after indexing: tree-sitter answers (its uses, not the index's)", () => {
    const stale = indexedProject();
    // Its modification time put back to before the index: the change time still says it changed.
    const file = write(stale, 'src/use.ts', USE + 'export const again = createCommonConnection;\n');
    utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    const answer = cli(stale, 'createConnection');
    assert.equal(answer.ok, true, answer.text);
    assert.match(answer.text, /\(tree-sitter\)/);
    assert.notDeepEqual(places(answer), indexedUses(stale, 'src/conn.ts', 4, 16));
  });

  it('a corrupt index.scip: a note naming it, and tree-sitter answers', () => {
    const corrupt = indexedProject();
    const scip = path.join(corrupt, 'index.scip');
    renameSync(scip, `${scip}.made`);
    writeFileSync(scip, Buffer.from([0x12, 0xff, 0xff, 0xff, 0x0f, 0x01, 0x02]));
    const answer = cli(corrupt, 'createConnection');
    assert.equal(answer.ok, true, answer.text);
    assert.match(answer.text, /\(tree-sitter\)/);
    assert.match(
      answer.text,
      /index\.scip could not be read as a SCIP index \(.+\): tree-sitter answered\. Make it again/,
    );
  });
});
