// Every call's deadline on one shared timer: a call that never settles answers CANCELLED at its own
// deadline, overlapping calls each at theirs, and the timer never keeps an idle process alive.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { LecternError } from '../../../src/core/ground/contract';
import { CALL_DEADLINE_MS, withDeadline } from '../../../src/core/ground/deadline';

const never = () => new Promise<never>(() => undefined);

async function expiry(deadlineMs: number, started: number): Promise<number> {
  try {
    await withDeadline(never(), deadlineMs);
  } catch (error) {
    assert.ok(error instanceof LecternError);
    assert.equal(error.code, 'CANCELLED');
    return Date.now() - started;
  }
  throw new Error('the call did not expire');
}

describe('call deadlines', () => {
  it('work that finishes in time is its answer; a failure is its failure', async () => {
    assert.equal(await withDeadline(Promise.resolve(7), 1_000), 7);
    await assert.rejects(withDeadline(Promise.reject(new Error('boom')), 1_000), /boom/);
  });

  it('calls that overlap expire each at its own deadline, a shorter one armed after a longer one first', async () => {
    const started = Date.now();
    // Far apart, so that a busy machine's late timers cannot blur which deadline fired.
    const long = expiry(2_000, started);
    const short = expiry(100, started);
    const [longMs, shortMs] = await Promise.all([long, short]);
    assert.ok(shortMs >= 90 && shortMs < 1_500, `short expired after ${shortMs} ms`);
    assert.ok(longMs >= 1_990, `long expired after ${longMs} ms`);
  });

  it('a process whose call has finished exits at once, long before the deadline', function () {
    this.timeout(30_000);
    const deadline = path.resolve(__dirname, '../../../src/core/ground/deadline.ts');
    const script = `const { withDeadline } = require(${JSON.stringify(deadline)});
      withDeadline(new Promise((r) => setTimeout(() => r(1), 20)), ${CALL_DEADLINE_MS}).then((v) => console.log('answer', v));`;
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 15_000 });
    const elapsed = Date.now() - started;
    assert.equal(child.stdout.trim(), 'answer 1', child.stderr);
    assert.equal(child.signal, null, 'the process was still alive when it was killed');
    assert.ok(elapsed < 10_000, `exited after ${elapsed} ms`);
  });
});
