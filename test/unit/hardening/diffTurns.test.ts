// A diff_preview of a repository with thousands of changes (each untracked file is one) resolves
// their paths synchronously; the host's thread gets a turn every few tens of milliseconds meanwhile,
// so a stat on another session answers (it was held 1-5 s: `npm run bench:event-loop`).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { stallWithStats } from '../../shared/longestStall';
import { diffWorkspace, Repo } from '../diff/gitRepo';
import { ok } from '../helpers';

describe('hardening: diff_preview of thousands of changes lets the host run', function () {
  this.timeout(120_000);

  it('10,000 untracked files: the host answers a stat on another session meanwhile', async () => {
    const repo = Repo.init().write('tracked.ts', 'export const a = 1;\n').commitAll();
    fs.mkdirSync(repo.path('new'));
    for (let i = 0; i < 10_000; i++) fs.writeFileSync(repo.path(`new/f${i}.ts`), `export const v${i} = ${i};\n`);
    const { lectern, preview } = diffWorkspace(repo.root);
    await ok(lectern, 'lectern_stat', { target: 'tracked.ts' }); // warm
    const { result, stallMs, statMs } = await stallWithStats(
      () => lectern.invoke('lectern_stat', { target: 'tracked.ts' }, { sessionId: 'other' }),
      () => preview({}),
      20,
    );
    assert.ok(result.ok, result.text);
    assert.match(result.text, /10,001|10,000/);
    // Behaviour bounds, not speed claims: the host's thread turns and a stat answers.
    assert.ok(statMs.length > 1, `${statMs.length} stats ran during the call`);
    assert.ok(
      stallMs < 500,
      `the host's thread was held ${Math.round(stallMs)} ms; stats took ${statMs.map(Math.round).join(', ')} ms`,
    );
  });
});
