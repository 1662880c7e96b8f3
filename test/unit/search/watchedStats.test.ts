// Watched stats (src/node/watchedStats.ts): after any sequence of changes to a real tree, once the
// port has settled, every stat answered from memory equals a fresh stat of the disk; links and
// hard links changed elsewhere are seen; a burst of events as long as the limit forgets everything.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { watchedStats, watchesHeld } from '../../../src/node/watchedStats';
import { tempDir, write } from '../helpers';

const FOLDERS = ['', 'a', 'b', 'a/c', 'a/c/d'];
const NAMES = ['x.ts', 'y.js', 'z'];

type Op =
  | { op: 'write'; folder: number; name: number; size: number }
  | { op: 'same size'; pick: number }
  | { op: 'delete'; pick: number }
  | { op: 'rename'; pick: number; folder: number; name: number }
  | { op: 'mkdir'; folder: number }
  | { op: 'rmdir'; folder: number }
  | { op: 'move'; folder: number; to: number }
  | { op: 'chmod'; folder: number }
  | { op: 'link elsewhere'; folder: number; name: number }
  | { op: 'hard link'; pick: number }
  | { op: 'edit elsewhere'; size: number }
  | { op: 'swap link'; folder: number }
  | { op: 'move target'; size: number };

const folder = fc.nat(FOLDERS.length - 1);
const name = fc.nat(NAMES.length - 1);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('write' as const), folder, name, size: fc.nat(40) }),
  fc.record({ op: fc.constant('same size' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('rename' as const), pick: fc.nat(), folder, name }),
  fc.record({ op: fc.constant('mkdir' as const), folder }),
  fc.record({ op: fc.constant('rmdir' as const), folder }),
  fc.record({ op: fc.constant('move' as const), folder, to: folder }),
  fc.record({ op: fc.constant('chmod' as const), folder }),
  fc.record({ op: fc.constant('link elsewhere' as const), folder, name }),
  fc.record({ op: fc.constant('hard link' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('edit elsewhere' as const), size: fc.nat(40) }),
  fc.record({ op: fc.constant('swap link' as const), folder }),
  fc.record({ op: fc.constant('move target' as const), size: fc.nat(3) }),
);

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** Applies `op` to the tree `dir`; `elsewhere` is a folder outside it (link targets, other hard links). */
function apply(dir: string, elsewhere: string, op: Op, step: number): void {
  const at = (i: number) => path.join(dir, FOLDERS[i]!);
  const files = filesUnder(dir);
  const picked = files.length > 0 && 'pick' in op ? files[op.pick % files.length]! : undefined;
  const mkdir = (p: string) => fs.mkdirSync(p, { recursive: true });
  if (op.op === 'write') write(at(op.folder), NAMES[op.name]!, 'w'.repeat(op.size));
  else if (op.op === 'same size' && picked) {
    const size = fs.statSync(picked).size;
    fs.writeFileSync(picked, String(step % 10).repeat(size));
  } else if (op.op === 'delete' && picked) fs.rmSync(picked);
  else if (op.op === 'rename' && picked) {
    mkdir(at(op.folder));
    const to = path.join(at(op.folder), NAMES[op.name]!);
    if (!fs.existsSync(to) || fs.lstatSync(to).isFile()) fs.renameSync(picked, to);
  } else if (op.op === 'mkdir') mkdir(at(op.folder));
  else if (op.op === 'rmdir' && op.folder > 0) fs.rmSync(at(op.folder), { recursive: true, force: true });
  else if (op.op === 'move' && op.folder > 0 && fs.existsSync(at(op.folder))) {
    const to = path.join(at(op.to), `moved${step}`);
    if (!to.startsWith(`${at(op.folder)}/`)) {
      mkdir(at(op.to));
      fs.renameSync(at(op.folder), to);
    }
  } else if (op.op === 'chmod' && fs.existsSync(at(op.folder))) fs.chmodSync(at(op.folder), step % 2 ? 0o755 : 0o775);
  else if (op.op === 'link elsewhere') {
    const link = path.join(at(op.folder), `link-${NAMES[op.name]}`);
    mkdir(at(op.folder));
    if (!fs.existsSync(path.join(elsewhere, 'target'))) write(elsewhere, 'target', 't');
    fs.rmSync(link, { force: true });
    fs.symlinkSync(path.join(elsewhere, 'target'), link);
  } else if (op.op === 'hard link' && picked) {
    fs.rmSync(path.join(elsewhere, 'other'), { force: true });
    fs.linkSync(picked, path.join(elsewhere, 'other'));
  } else if (op.op === 'edit elsewhere') {
    for (const other of ['target', 'other'])
      if (fs.existsSync(path.join(elsewhere, other)))
        fs.appendFileSync(path.join(elsewhere, other), 'e'.repeat(op.size + 1));
  } else if (op.op === 'swap link') {
    // A linked folder pointed at another target: paths through it name other files now.
    const link = path.join(at(op.folder), 'linked');
    mkdir(at(op.folder));
    const target = path.join(elsewhere, 'p', `t${step % 2}`);
    write(target, 'x.ts', 'l'.repeat(step));
    fs.rmSync(link, { force: true });
    fs.symlinkSync(target, link);
  } else if (op.op === 'move target') {
    // The folder above a linked folder's target renamed away, or back.
    const [from, to] = op.size % 2 ? ['p', 'gone'] : ['gone', 'p'];
    if (fs.existsSync(path.join(elsewhere, from)) && !fs.existsSync(path.join(elsewhere, to)))
      fs.renameSync(path.join(elsewhere, from), path.join(elsewhere, to));
  }
}

/**
 * Every path worth asking about: each folder and, in the folders `inside` picks, each name in it,
 * through links too, and some that do not exist (a walk stats folders whose files nobody asks about).
 */
function probes(dir: string, inside: readonly boolean[]): string[] {
  const out = [dir];
  for (const [i, folder] of FOLDERS.entries()) {
    const at = path.join(dir, folder);
    out.push(at);
    if (!inside[i]) continue;
    out.push(path.join(at, 'linked'), path.join(at, 'linked', 'x.ts'), path.join(at, 'nothing'));
    for (const name of NAMES) out.push(path.join(at, name), path.join(at, `link-${name}`));
    for (const file of filesUnder(dir)) if (path.dirname(file) === at) out.push(file);
  }
  return [...new Set(out)];
}

describe('watched stats', function () {
  if (process.platform !== 'linux') return;

  it('answers every stat as the disk does after any changes, once settled', async function () {
    this.timeout(120_000);
    let remembered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 14 }),
        fc.array(fc.boolean(), { minLength: FOLDERS.length, maxLength: FOLDERS.length }),
        async (ops, inside) => {
          const dir = tempDir('lectern-watched-');
          const elsewhere = tempDir('lectern-elsewhere-');
          for (const folder of FOLDERS) for (const name of NAMES) write(path.join(dir, folder), name, 'start');
          const watched = watchedStats(nodeFileSystem, { idleMs: 0 });
          try {
            for (let step = 0; step <= ops.length; step++) {
              if (step > 0) apply(dir, elsewhere, ops[step - 1]!, step);
              await watched.settle!();
              // Twice: the first round asks for what is then remembered, the second answers from memory.
              for (let round = 0; round < 2; round++, await watched.whenIdle())
                for (const probe of probes(dir, inside))
                  assert.deepEqual(
                    watched.statSync!(probe),
                    nodeFileSystem.statSync!(probe),
                    `${probe} after ${JSON.stringify(ops.slice(0, step))}`,
                  );
            }
            remembered += watched.remembered();
          } finally {
            watched.dispose();
            fs.rmSync(dir, { recursive: true, force: true });
            fs.rmSync(elsewhere, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 80 },
    );
    assert.ok(remembered > 1_000, `only ${remembered} stats were answered from memory`);
  });

  it('shares the limit on watches among the engines of a process, and gives them back when disposed', async () => {
    const dir = tempDir('lectern-watched-');
    const files = ['1', '2'].map((name) => write(dir, name, 'x'));
    const held = watchesHeld();
    const first = watchedStats(nodeFileSystem, { idleMs: 0 });
    files.forEach((file) => first.statSync!(file));
    await first.whenIdle();
    const taken = watchesHeld();
    assert.ok(taken > held + files.length, 'each file and the folders above it are watched');
    const second = watchedStats(nodeFileSystem, { idleMs: 0, maxWatches: taken });
    try {
      for (let round = 0; round < 2; round++, await second.whenIdle()) files.forEach((file) => second.statSync!(file));
      assert.equal(second.remembered(), 0, 'no watch was left for the second engine');
      assert.equal(watchesHeld(), taken);
    } finally {
      first.dispose();
      second.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    assert.equal(watchesHeld(), held);
  });

  it('forgets everything after a burst of events as long as the limit (the kernel may have dropped some)', async () => {
    const dir = tempDir('lectern-watched-');
    const files = ['1', '2', '3', '4', '5'].map((name) => write(dir, name, 'x'));
    const watched = watchedStats(nodeFileSystem, { burstLimit: 3, idleMs: 0 });
    try {
      const statAll = () => files.forEach((file) => watched.statSync!(file));
      statAll();
      await watched.whenIdle();
      statAll();
      const before = watched.remembered();
      assert.equal(before, files.length, 'the second round comes from memory');
      fs.appendFileSync(files[0]!, 'y');
      await watched.settle!();
      statAll();
      assert.equal(watched.remembered() - before, files.length - 1, 'one change forgets one file');
      await watched.whenIdle();
      for (const file of files.slice(0, 3)) fs.appendFileSync(file, 'z');
      await watched.settle!();
      const afterBurst = watched.remembered();
      statAll();
      assert.equal(watched.remembered(), afterBurst, 'a burst as long as the limit forgets every file');
    } finally {
      watched.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
