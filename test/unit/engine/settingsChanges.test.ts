// The engine normalizes settings once per change, not once per question: a host that hands out the
// same object changed (a value, or an entry of a list) is heard at the next call.
import { strict as assert } from 'node:assert';
import { Lectern } from '../../../src/core/engine';
import type { Settings } from '../../../src/core/ground/settings';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { call, tempDir, write } from '../helpers';

describe('settings changed in place', () => {
  it('a changed value and an entry pushed to a list take effect at the next call', async () => {
    const root = tempDir();
    write(root, 'a.txt', Array.from({ length: 5 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    write(root, 'notes.private', 'private\n');
    const settings: Partial<Settings> = { sessionGuard: false, lineNumbers: 'sparse', secretPatterns: [] };
    const lectern = new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] }, () => settings);
    const sparse = await call(lectern, 'lectern_read', { target: 'a.txt' });
    assert.ok(sparse.text.includes('\nline 2\n'), sparse.text);
    settings.lineNumbers = 'every';
    const every = await call(lectern, 'lectern_read', { target: 'a.txt' });
    assert.ok(every.text.includes('\n2\tline 2\n'), every.text);
    assert.ok((await call(lectern, 'lectern_read', { target: 'notes.private' })).ok);
    settings.secretPatterns!.push('*.private');
    assert.equal((await call(lectern, 'lectern_read', { target: 'notes.private' })).error?.code, 'SECRET_PATH');
  });
});
