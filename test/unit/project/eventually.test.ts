// The suite's one way to wait (test/shared/eventually.ts): for a state, polled, or for an event; a
// timeout names what was awaited and what was last seen, so a failure says what never happened.
import { strict as assert } from 'node:assert';
import { eventually } from '../../shared/eventually';

describe('eventually', () => {
  it('resolves with the first value the check finds, retrying a check that throws', async () => {
    let polls = 0;
    const found = await eventually(
      () => {
        polls++;
        if (polls === 1) throw new Error('not yet');
        return polls >= 3 ? `found at ${polls}` : undefined;
      },
      { what: 'the third poll', intervalMs: 1 },
    );
    assert.equal(found, 'found at 3');
  });

  it('awaits an event, and passes its failure on', async () => {
    assert.equal(await eventually(Promise.resolve(7), { what: 'seven' }), 7);
    await assert.rejects(eventually(Promise.reject(new Error('it broke')), { what: 'nothing' }), /it broke/);
  });

  it('fails naming what it waited for and what it last saw', async () => {
    await assert.rejects(
      eventually(() => false, { what: 'the moon to turn blue', timeoutMs: 30, intervalMs: 5, seen: () => 'grey' }),
      /timed out after 30 ms waiting for the moon to turn blue; last seen: grey/,
    );
    await assert.rejects(
      eventually(new Promise(() => undefined), { what: 'an event that never comes', timeoutMs: 30 }),
      /waiting for an event that never comes/,
    );
  });
});
