// The shell commands as an agent with only a shell runs them, in real processes: `lectern read` twice
// of the same range in one session gives the session's pointer (one daemon keeps the session across
// invocations), the answers are the tool's text, the daemon ends when idle, a stale socket is replaced,
// and a socket that is not a socket of this user's is refused.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { parseArgs } from '../../../src/cli/args';
import { eventually } from '../../shared/eventually';
import { tempDir, write } from '../helpers';
import { lecternCommand } from '../mcp/helpers';

/** One shell command in `root`, with its own cache folder (its daemons' sockets) and session. */
function shell(cache: string, root: string, session: string, ...args: string[]) {
  const { command, args: full } = lecternCommand(...args, '--root', root);
  return spawnSync(command, full, {
    encoding: 'utf8',
    env: { ...process.env, LECTERN_CACHE_DIR: cache, LECTERN_SESSION: session },
  });
}

function socketsIn(cache: string): string[] {
  const dir = join(cache, 'daemons');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.sock'))
        .map((name) => join(dir, name))
    : [];
}

const listening = (path: string) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A socket file whose server is gone: a process listening on it killed without a chance to remove it. */
async function staleSocket(path: string): Promise<void> {
  const child = spawn(process.execPath, [
    '-e',
    `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`,
  ]);
  await eventually(new Promise((resolve) => child.stdout.once('data', resolve)), {
    what: 'the stand-in server to listen',
  });
  child.kill('SIGKILL');
  await eventually(new Promise((resolve) => child.once('exit', resolve)), { what: 'the stand-in server to die' });
}

function project(): string {
  const root = tempDir();
  write(root, 'src/app.py', Array.from({ length: 40 }, (_, i) => `line_${i + 1} = ${i + 1}\n`).join(''));
  return root;
}

describe('cli: shell commands through the daemon', function () {
  this.timeout(120_000);

  it('parses each command into the call the tool takes', () => {
    assert.deepEqual(parseArgs(['read', 'src/app.py:120-180']).shell, {
      name: 'read',
      tool: 'lectern_read',
      input: { target: 'src/app.py', start_line: 120, end_line: 180 },
    });
    assert.deepEqual(parseArgs(['grep', '-iF', 'a.b', 'src/']).shell?.input, {
      query: 'a.b',
      is_regex: false,
      case_sensitive: false,
      target: 'src/',
    });
    // As ls: one level, unless -R.
    assert.deepEqual(parseArgs(['ls', 'src/']).shell?.input, { mode: 'files', target: 'src/', depth: 1 });
    assert.deepEqual(parseArgs(['ls', '-R', 'src/']).shell?.input, { mode: 'files', target: 'src/' });
    assert.deepEqual(parseArgs(['sym', 'Flask.route']).shell?.input, { mode: 'symbol', target: 'Flask.route' });
    assert.deepEqual(parseArgs(['refs', 'url_for']).shell?.input, { mode: 'references', target: 'url_for' });
    assert.throws(() => parseArgs(['grep', '-x', 'a']), /grep has no option -x \(it takes -i, -F\)/);
  });

  it('shares one session across invocations: the same range again is the pointer', () => {
    const root = project();
    const cache = tempDir();
    const first = shell(cache, root, 'run-1', 'read', 'src/app.py:10-30', '--idle-minutes', '1');
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^src\/app\.py · lines 10-30 of 40\n10\tline_10 = 10\n/);
    const again = shell(cache, root, 'run-1', 'read', 'src/app.py:10-30', '--idle-minutes', '1');
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /unchanged since call #1/);
    // Another agent run (another LECTERN_SESSION) has a session of its own: it gets the text.
    const other = shell(cache, root, 'run-2', 'read', 'src/app.py:10-30', '--idle-minutes', '1');
    assert.match(other.stdout, /^src\/app\.py · lines 10-30 of 40\n10\tline_10 = 10\n/);
    const missing = shell(cache, root, 'run-1', 'read', 'src/nothing.py', '--idle-minutes', '1');
    assert.equal(missing.status, 1);
    assert.match(missing.stdout, /NOT_FOUND/);
  });

  it('the daemon ends when idle, and a stale socket is replaced', async () => {
    const root = project();
    const cache = tempDir();
    const first = shell(cache, root, 's', 'ls', '--idle-minutes', '0.02');
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^the workspace: 1 file\nsrc\/ \(1\)\n/m);
    const [socket] = socketsIn(cache);
    assert.ok(socket, 'the daemon listens in the cache folder');
    await eventually(() => !existsSync(socket), {
      what: 'the idle daemon to end and remove its socket',
      timeoutMs: 30_000,
    });
    await staleSocket(socket);
    assert.ok(existsSync(socket) && !(await listening(socket)), 'a stale socket is there');
    const after = shell(cache, root, 's', 'ls', '--idle-minutes', '0.02');
    assert.equal(after.status, 0, after.stderr);
    assert.equal(after.stdout, first.stdout);
    await eventually(() => !existsSync(socket), { what: 'the new daemon to end too', timeoutMs: 30_000 });
  });

  it('refuses a socket path that is not a socket of this user', async () => {
    const root = project();
    const cache = tempDir();
    const first = shell(cache, root, 's', 'ls', '--idle-minutes', '0.02');
    assert.equal(first.status, 0, first.stderr);
    const [socket] = socketsIn(cache);
    await eventually(() => !existsSync(socket!), { what: 'the idle daemon to end', timeoutMs: 30_000 });
    writeFileSync(socket!, 'not a socket');
    const refused = shell(cache, root, 's', 'ls');
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /DAEMON_REFUSED: .* is not a socket/);
    if (process.getuid?.() === 0) {
      // As root the test can make a socket of another user's: refused too, never connected to.
      await staleSocket(`${socket}.x`);
      const { rmSync, renameSync } = await import('node:fs');
      rmSync(socket!);
      renameSync(`${socket}.x`, socket!);
      chownSync(socket!, 4242, 4242);
      const other = shell(cache, root, 's', 'ls');
      assert.equal(other.status, 1);
      assert.match(other.stderr, /DAEMON_REFUSED: .* belongs to another user \(uid 4242\)/);
    }
  });
});
