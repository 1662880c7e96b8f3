// Nothing hangs: a file that shrinks while it is searched (log rotation), special files, and
// pathological content end with an answer within a bound.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { FileSystemPort } from '../../../src/core/ground/fileSystemPort';
import type { Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createRegexRunner } from '../../../src/node/regexRunner';
import { tempDir, write } from '../helpers';
import { longestStall } from '../../shared/longestStall';

/** The node port, except that the first read of `victim` truncates it for real (a log rotated mid-search). */
function truncatingFs(victim: string): FileSystemPort {
  return {
    ...nodeFileSystem,
    readFileSync: undefined,
    async open(p) {
      const handle = await nodeFileSystem.open(p);
      let reads = 0;
      return {
        ...handle,
        async read(buffer, offset, length, position) {
          const n = await handle.read(buffer, offset, length, position);
          if (p === victim && reads++ === 1) fs.truncateSync(victim, 0);
          return n;
        },
      };
    },
  };
}

describe('hardening: calls end', function () {
  this.timeout(20_000);

  it('a file truncated while it is searched ends the search with what was found and a note', async () => {
    const root = tempDir();
    const victim = write(root, 'app.log', 'needle here\n'.repeat(400_000)); // 4.8 MB: several chunks
    const host: Host = { fs: truncatingFs(victim), roots: () => [{ name: 'ws', path: root }] };
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    const started = Date.now();
    const r = await lectern.invoke('lectern_search', { target: 'app.log', query: 'needle' });
    assert.ok(Date.now() - started < 10_000);
    assert.ok(r.ok, r.text);
    assert.ok(Number(r.meta.total_matches ?? 0) > 0);
    assert.match(r.text, /shrank|changed while/);
  });

  it('a regex with a huge linear constant runs off the host thread: the host keeps running and the answer comes', async function () {
    this.timeout(90_000);
    const root = tempDir();
    const line = 'abcdefghij'.repeat(80_000); // one 800 KB line: seconds of RE2 work for (.*a){50}
    write(root, 'one.txt', `${line}\n`);
    write(root, 'two.txt', `short a line\n${line}\n`);
    const regex = createRegexRunner(path.join(__dirname, '../../../src/node'));
    const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }], regex };
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    try {
      // The second has literal text to jump to: RE2 then runs on the lines that hold it, still off the thread.
      for (const input of [{ target: 'one.txt' }, {}, { query: 'ab(.*a){50}' }]) {
        const started = Date.now();
        const { result, stallMs } = await longestStall(
          () => lectern.invoke('lectern_search', { query: '(.*a){50}', is_regex: true, ...input }),
          10,
        );
        const ms = Date.now() - started;
        assert.ok(result.ok, result.text);
        // On the host's thread this would stall it for seconds (~10 µs per character of the line).
        assert.ok(stallMs < 3_000, `the host's thread stalled for ${stallMs} ms`);
        assert.ok(ms < 25_000, `${ms} ms`);
        assert.ok(
          ((result.meta.total_matches ?? 0) as number) >= 1 || /ran out of time/.test(result.text),
          result.text.slice(0, 500),
        );
      }
    } finally {
      regex.dispose?.();
    }
  });
});

describe('hardening: the CLI in a pipeline', function () {
  this.timeout(60_000);

  it('piped into a reader that stops early (head), it ends quietly, without a stack trace', async () => {
    const { spawn } = await import('node:child_process');
    const root = tempDir();
    write(root, 'big.txt', 'a line of text\n'.repeat(200_000));
    const cli = path.join(__dirname, '../../../src/cli/main.ts');
    const input = JSON.stringify({
      tool: 'lectern_read',
      input: { target: 'big.txt', max_bytes: 262_144, start_byte: 0 },
    });
    // A session answering many large lines into a pipe whose reader takes one chunk and leaves.
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'session', '--root', root], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.stdout.once('data', () => child.stdout.destroy());
    for (let i = 0; i < 40; i++) child.stdin.write(`${input}\n`);
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.ok(!/EPIPE|at .*\(/.test(stderr), stderr);
    assert.equal(code, 0, stderr);
  });
});
