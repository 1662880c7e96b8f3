// Steps a workspace search settles in walk order: each runs after the one before has finished,
// whether steps are sync or wait on something, however many are queued.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { InOrder } from '../../../src/core/search/inOrder';

const tick = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('InOrder', () => {
  it('runs steps in the order queued, each after the one before has finished', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.nat(3), { nil: undefined }), { minLength: 1, maxLength: 3000 }),
        async (delays) => {
          const ran: number[] = [];
          let busy = false;
          const order = new InOrder((error) => assert.fail(String(error)));
          delays.forEach((delay, i) =>
            order.queue(() => {
              assert.equal(busy, false, `step ${i} started while another ran`);
              if (delay === undefined) return void ran.push(i);
              busy = true;
              return tick(delay).then(() => {
                busy = false;
                ran.push(i);
              });
            }),
          );
          assert.equal(ran.length, 0, 'no step runs before the caller has finished queueing');
          await order.done();
          assert.deepEqual(
            ran,
            delays.map((_, i) => i),
          );
          assert.equal(order.waiting, false);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('offers the last step to join only while it has not started', async () => {
    const order = new InOrder(() => undefined);
    const first = () => tick(5);
    const second = () => undefined;
    order.queue(first);
    assert.equal(order.pending, first);
    order.queue(second);
    assert.equal(order.pending, second);
    await tick(1);
    // The first is running: the second has not started.
    assert.equal(order.pending, second);
    await order.done();
    assert.equal(order.pending, undefined);
  });

  it('reports a step that fails and runs the ones after it', async () => {
    const failures: unknown[] = [];
    const ran: string[] = [];
    const order = new InOrder((error) => failures.push(error));
    order.queue(() => {
      throw new Error('sync');
    });
    order.queue(() => Promise.reject(new Error('async')));
    order.queue(() => void ran.push('after'));
    await order.done();
    assert.deepEqual(
      failures.map((e) => (e as Error).message),
      ['sync', 'async'],
    );
    assert.deepEqual(ran, ['after']);
  });

  it('takes steps queued while it drains, and starts again once drained', async () => {
    const ran: number[] = [];
    const order = new InOrder(() => undefined);
    order.queue(async () => {
      await tick(2);
      ran.push(1);
      order.queue(() => void ran.push(3));
    });
    order.queue(() => void ran.push(2));
    await order.done();
    order.queue(() => void ran.push(4));
    assert.equal(order.waiting, true);
    await order.done();
    assert.deepEqual(ran, [1, 2, 3, 4]);
  });
});
