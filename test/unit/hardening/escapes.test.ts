// No read outside the workspace by any path: globs whose fixed part leaves a root, symlinked
// folders named by a glob, multi-root ".." tricks, and files swapped for symlinks or FIFOs while
// a call runs (a separate process swaps them as fast as it can).
import { strict as assert } from 'node:assert';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { call, tempDir, workspace, write } from '../helpers';

const SECRET = 'OUTSIDE-SECRET-7f3a';

/** A workspace nested three levels inside a folder that holds a file it must never read. */
function nested() {
  const base = tempDir('lectern-escape-');
  write(base, 'passwd', `root:${SECRET}\n`);
  write(base, 'notes.txt', `${SECRET} in a txt\n`);
  write(base, 'other/deep.txt', `${SECRET} deeper\n`);
  const root = path.join(base, 'a', 'b', 'ws');
  write(root, 'inside.txt', 'inside root: yes\n');
  fs.symlinkSync(base, path.join(root, 'link_dir'));
  const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }] };
  return { base, root, lectern: new Lectern(host, () => ({ sessionGuard: false })) };
}

describe('hardening: globs and walks stay inside the workspace', () => {
  for (const target of [
    '../../../passw?',
    '../../../*',
    'link_dir/**',
    'link_dir/*.txt',
    '../**/*.txt',
    '../../../**',
    'inside.txt/../../../../passw?',
  ]) {
    it(`search target ${JSON.stringify(target)} reads nothing outside`, async () => {
      const { lectern } = nested();
      const r = await call(lectern, 'lectern_search', { query: SECRET.slice(0, 8), target });
      assert.ok(!r.text.includes(SECRET), `leaked:\n${r.text}`);
      if (!r.ok) assert.equal(r.error?.code, 'OUTSIDE_WORKSPACE', r.text);
    });
  }

  it('a multi-root "a/../*.txt" does not reach the parent folder', async () => {
    const base = tempDir('lectern-escape-');
    write(base, 'parent.txt', `${SECRET}\n`);
    write(base, 'a/in-a.txt', 'a\n');
    write(base, 'b/in-b.txt', 'b\n');
    const host: Host = {
      fs: nodeFileSystem,
      roots: () => [
        { name: 'a', path: path.join(base, 'a') },
        { name: 'b', path: path.join(base, 'b') },
      ],
    };
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    for (const target of ['a/../*.txt', 'a/../**', 'b/../a/../*.txt']) {
      const r = await call(lectern, 'lectern_search', { query: SECRET.slice(0, 8), target });
      assert.ok(!r.text.includes(SECRET), `${target} leaked:\n${r.text}`);
    }
  });

  it('globs inside the workspace still work', async () => {
    const { lectern } = nested();
    const r = await call(lectern, 'lectern_search', { query: 'inside root', target: '*.txt' });
    assert.ok(r.ok, r.text);
    assert.match(r.text, /inside\.txt/);
  });
});

/** Swaps `target` between a regular file and a symlink to `outside` (or a FIFO) until killed. */
function swapper(target: string, outside: string, fifo: boolean): ChildProcess {
  const script = `
    const fs = require('fs');
    const [target, outside, fifo] = process.argv.slice(1);
    const tmp = target + '.swap';
    let i = 0;
    for (;;) {
      try { fs.rmSync(tmp, { force: true }); } catch {}
      if (i++ % 2 === 0) fs.writeFileSync(tmp, 'inside line\\n'.repeat(50));
      else if (fifo === '1') require('child_process').execFileSync('mkfifo', [tmp]);
      else fs.symlinkSync(outside, tmp);
      fs.renameSync(tmp, target);
    }`;
  return spawn(process.execPath, ['-e', script, target, outside, fifo ? '1' : '0'], { stdio: 'ignore' });
}

describe('hardening: races between the check and the open', function () {
  this.timeout(60_000);
  if (process.platform === 'win32') return;

  it('a file swapped for a symlink to an outside file never leaks it (read, tail, window, snippet, search)', async () => {
    const ws = workspace();
    const outsideDir = tempDir('lectern-outside-');
    const outside = write(outsideDir, 'secret.txt', `${SECRET}\n`.repeat(50));
    const target = ws.write('swap.txt', 'inside line\n'.repeat(50));
    const child = swapper(target, outside, false);
    let leaks = 0;
    let calls = 0;
    try {
      const deadline = Date.now() + 4000;
      // Some seconds of swapping, and enough calls however busy the machine is.
      while (Date.now() < deadline || calls < 36) {
        for (const input of [
          { tool: 'lectern_read', input: { target: 'swap.txt' } },
          { tool: 'lectern_read', input: { target: 'swap.txt', tail: 5 } },
          { tool: 'lectern_read', input: { target: 'swap.txt', start_byte: 0, max_bytes: 200 } },
          { tool: 'lectern_search', input: { target: 'swap.txt', query: 'SECRET' } },
          { tool: 'lectern_search', input: { query: 'SECRET' } },
          { tool: 'lectern_stat', input: { target: 'swap.txt' } },
        ]) {
          const r = await ws.lectern.invoke(input.tool, input.input);
          calls++;
          if (JSON.stringify(r).includes(SECRET)) leaks++;
        }
      }
    } finally {
      child.kill('SIGKILL');
    }
    assert.equal(leaks, 0, `${leaks} of ${calls} answers held the outside file's content`);
  });

  it('a file swapped for a FIFO never blocks a call', async function () {
    if (spawnSync('mkfifo', ['--version']).error) this.skip();
    const ws = workspace();
    const target = ws.write('swap.txt', 'inside line\n'.repeat(50));
    const child = swapper(target, '', true);
    let calls = 0;
    try {
      const deadline = Date.now() + 3000;
      while (Date.now() < deadline || calls < 24) {
        for (const input of [
          { tool: 'lectern_read', input: { target: 'swap.txt' } },
          { tool: 'lectern_search', input: { target: 'swap.txt', query: 'x' } },
          { tool: 'lectern_search', input: { query: 'inside' } },
          { tool: 'lectern_stat', input: { target: 'swap.txt' } },
        ]) {
          const started = Date.now();
          const r = await ws.lectern.invoke(input.tool, input.input);
          calls++;
          assert.ok(Date.now() - started < 5000, `a call took ${Date.now() - started} ms: ${r.text.slice(0, 200)}`);
          assert.notEqual(r.error?.code, 'INTERNAL', r.text);
        }
      }
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('hardening: the symbol index parses only what lies inside', function () {
  this.timeout(60_000);

  it('its worker threads skip a file that leads outside and never block on a FIFO', async function () {
    if (process.platform === 'win32' || spawnSync('mkfifo', ['--version']).error) this.skip();
    const { createOutlineWorkers } = await import('../../../src/node/outlineWorkers');
    const base = tempDir('lectern-index-');
    const outsideFile = write(base, 'outside/secret.ts', 'export function outsideSecretFn() {}\n');
    const root = path.join(base, 'ws');
    const inside = write(root, 'in.ts', 'export function insideFn() {}\n');
    const swapped = path.join(root, 'swapped.ts');
    fs.symlinkSync(outsideFile, swapped); // listed as a file a moment ago, a link now
    const fifo = path.join(root, 'pipe.ts');
    spawnSync('mkfifo', [fifo]);
    const workers = createOutlineWorkers(undefined, 1, () => [{ name: 'ws', path: root }]);
    try {
      const seen = new Map<string, string[]>();
      const started = Date.now();
      for await (const parsed of workers.outline([inside, swapped, fifo], 1024 * 1024))
        seen.set(
          parsed.absolute,
          (parsed.symbols ?? []).map((s) => s.name),
        );
      assert.ok(Date.now() - started < 20_000);
      assert.deepEqual(seen.get(inside), ['insideFn']);
      assert.deepEqual(seen.get(swapped), []);
      assert.deepEqual(seen.get(fifo), []);
    } finally {
      await workers.dispose();
    }
  });
});
