// Reads a person runs (the command palette) count in the session like any read, and the timeline
// marks them as the user's.
import { strict as assert } from 'node:assert';
import { numberedLines, sessionWorkspace } from './helpers';

describe('session: user reads', () => {
  it('origin "user" marks the timeline entry; it counts like a model read', async () => {
    const ws = sessionWorkspace();
    ws.write('a.txt', numberedLines(50));
    await ws.lectern.invoke('lectern_read', { target: 'a.txt', start_line: 1, end_line: 10 }, { origin: 'user' });
    await ws.lectern.invoke('lectern_read', { target: 'a.txt', start_line: 20, end_line: 30 });
    const snapshot = ws.lectern.session.snapshot();
    assert.deepEqual(
      snapshot.timeline.map((e) => e.flags.user ?? false),
      [true, false],
    );
    assert.equal(snapshot.metrics.reads_count, 2);
    assert.equal(snapshot.metrics.reads_lines_total, 21);
  });
});
