// The first symbol read and a 4 KiB window in a fresh engine on the web host, against the Node
// host's (timed by scripts/host/webWorkspace.ts in the same run). Figures only: written to
// <root>/web-timings.json and logged; no test fails on speed (docs/benchmarks.md has the budget).
import * as assert from './check';
import { timeTheCalls } from './answersFile';
import { webEngine } from './webEngine';
import { nodeAnswers, writeBeside } from './webWorkspace';

describe('web host timing (figures, not assertions on speed)', () => {
  it('times a first symbol read and a 4 KiB window against the Node host', async () => {
    const node = (await nodeAnswers()).timings;
    const engine = webEngine();
    const web = await timeTheCalls((input) => engine.invoke('lectern_read', input, {}));
    const figures: Record<string, { webMs: number; nodeMs: number; ratio: number }> = {};
    for (const [name, webMs] of Object.entries(web)) {
      const nodeMs = node[name];
      assert.ok(nodeMs !== undefined, `the Node side did not time ${name}`);
      figures[name] = { webMs, nodeMs, ratio: webMs / nodeMs };
      console.log(
        `    [lectern-web-timing] ${name}: web ${webMs.toFixed(1)} ms, node ${nodeMs.toFixed(1)} ms, ratio ${(webMs / nodeMs).toFixed(2)}`,
      );
    }
    await writeBeside('web-timings.json', figures);
  });
});
