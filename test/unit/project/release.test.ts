// The pure parts of `npm run release` (scripts/release-lib.mjs): it refuses a tree with uncommitted changes unless
// told otherwise, and its SHA256SUMS is what `sha256sum -c` reads and catches a changed, missing or extra file.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import {
  dirtyPaths,
  dirtyTreeProblem,
  formatSums,
  parseReleaseArgs,
  RELEASE_DIR,
  sha256,
  sumsProblems,
} from '../../../scripts/release-lib.mjs';
import { tempDir } from '../helpers';

describe('release: arguments and the clean-tree rule', () => {
  it('takes --allow-dirty and --out DIR, and refuses anything else with the usage', () => {
    assert.deepEqual(parseReleaseArgs([]), { allowDirty: false, out: RELEASE_DIR });
    assert.deepEqual(parseReleaseArgs(['--out', 'x', '--allow-dirty']), { allowDirty: true, out: 'x' });
    assert.throws(() => parseReleaseArgs(['--publish']), /Unknown or incomplete option --publish\. Usage: npm run/);
    assert.throws(() => parseReleaseArgs(['--out']), /incomplete option --out/);
    assert.throws(() => parseReleaseArgs(['--out', '--allow-dirty']), /incomplete option --out/);
  });

  it('names the changed paths of `git status --porcelain`, a rename by its new path', () => {
    const porcelain = ' M package.json\n?? scripts/new.mjs\nR  old name.md -> docs/new name.md\n';
    assert.deepEqual(dirtyPaths(porcelain), ['package.json', 'scripts/new.mjs', 'docs/new name.md']);
    assert.deepEqual(dirtyPaths(''), []);
  });

  it('refuses a dirty tree with the paths and the way out, unless allowed; a clean tree passes', () => {
    const problem = dirtyTreeProblem(' M src/a.ts\n', false);
    assert.match(problem ?? '', /uncommitted changes \(src\/a\.ts\).*Commit or discard them.*--allow-dirty/);
    assert.equal(dirtyTreeProblem(' M src/a.ts\n', true), undefined);
    assert.equal(dirtyTreeProblem('', false), undefined);
    const many = Array.from({ length: 12 }, (_, i) => `?? f${i}\n`).join('');
    assert.match(dirtyTreeProblem(many, false) ?? '', /f9, and 2 more\)/);
  });
});

describe('release: SHA256SUMS', () => {
  it('is the format `sha256sum -c` checks', function () {
    const dir = tempDir('lectern-sums-');
    const files = new Map([
      ['lectern-0.1.0.vsix', Buffer.from('PK\u0003\u0004 a zip')],
      ['lectern-0.1.0.tgz', Buffer.from([0x1f, 0x8b, 0, 255])],
    ]);
    for (const [name, bytes] of files) writeFileSync(join(dir, name), bytes);
    writeFileSync(join(dir, 'SHA256SUMS'), formatSums(files));
    try {
      execFileSync('sha256sum', ['--version'], { stdio: 'ignore' });
    } catch {
      this.skip(); // no coreutils here: the format is still checked by the properties below
    }
    const out = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: dir, encoding: 'utf8' });
    assert.equal(out, 'lectern-0.1.0.tgz: OK\nlectern-0.1.0.vsix: OK\n');
  });

  const artifacts = fc
    .uniqueArray(fc.tuple(fc.stringMatching(/^[\w.-]{1,20}$/), fc.uint8Array({ minLength: 1, maxLength: 64 })), {
      minLength: 1,
      maxLength: 4,
      selector: ([name]) => name,
    })
    .map((entries) => new Map(entries.map(([name, bytes]) => [name, Buffer.from(bytes)])));

  it('reads back without a problem, and catches a changed byte, a missing line and an unknown file', () => {
    fc.assert(
      fc.property(artifacts, fc.nat(), (files, at) => {
        const sums = formatSums(files);
        assert.deepEqual(sumsProblems(sums, files), []);
        const [name, bytes] = [...files][at % files.size]!;
        const changed = Buffer.from(bytes);
        changed[at % changed.length]! ^= 1;
        assert.deepEqual(sumsProblems(sums, new Map([...files, [name, changed]])), [
          `${name} does not match its SHA-256`,
        ]);
        const without = sums
          .split('\n')
          .filter((line) => !line.endsWith(`  ${name}`))
          .join('\n');
        assert.deepEqual(sumsProblems(without, files), [`${name} has no SHA-256 line`]);
        const extra = `${sums}${sha256('x')}  stray.bin\n`;
        assert.deepEqual(sumsProblems(extra, files), ['stray.bin is listed but not in the release']);
      }),
    );
  });

  it('says which line is not a SHA256SUMS line', () => {
    assert.deepEqual(sumsProblems('abc  a.tgz\n', new Map()), ['not a SHA256SUMS line: abc  a.tgz']);
  });
});
