// The same answers in both hosts: the recorded calls (scripts/answerCalls.ts) over the same workspace,
// answered by the engine on the web host's ports here and on Node's ports by
// scripts/host/webWorkspace.ts in the same run, must be equal byte for byte (timings aside).
import * as assert from './check';
import { webEngine } from './webEngine';
import { nodeAnswers, workspaceFolder } from './webWorkspace';

/**
 * Durations differ between any two runs, and a file version's proof between hosts (Node: change time,
 * inode, device; the web: a hash of the bytes, ground/fileIdentity.ts); every other field must match.
 */
const normalise = (json: string) =>
  JSON.stringify(
    JSON.parse(json, (key, value: unknown) => {
      if (key === 'version' && typeof value === 'string')
        return value.replace(/^(disk:.*:\d+:[\d.]+):(#[0-9a-f]+|[\d.]+:\d+:\d+)$/, '$1:<proof>');
      return /(^|_)(ms|elapsed|duration)$|elapsed_ms|duration_ms/.test(key) &&
        typeof value === 'number' &&
        key !== 'at_unix_ms'
        ? '<ms>'
        : value;
    }),
  );

describe('the web host answers as the Node host does', () => {
  it('answers the recorded calls byte for byte as on Node', async () => {
    const expected = await nodeAnswers();
    assert.equal(workspaceFolder().uri.path, expected.root, 'both hosts see the workspace at the same path');
    assert.ok(expected.calls.length > 300, `only ${expected.calls.length} calls`);
    const engine = webEngine();
    const differing: string[] = [];
    for (const [i, [tool, input, options]] of expected.calls.entries()) {
      const web = normalise(JSON.stringify(await engine.invoke(tool, input, options ?? {})));
      const node = normalise(expected.answers[i]!);
      if (web === node) continue;
      let at = 0;
      while (web[at] === node[at]) at++;
      differing.push(
        `${tool} ${JSON.stringify(input)}: from char ${at}\n  web:  ${web.slice(Math.max(0, at - 40), at + 120)}\n  node: ${node.slice(Math.max(0, at - 40), at + 120)}`,
      );
    }
    console.log(`    ${expected.calls.length - differing.length} of ${expected.calls.length} answers equal`);
    assert.deepEqual(differing.slice(0, 10), [], `${differing.length} answers differ`);
  });
});
