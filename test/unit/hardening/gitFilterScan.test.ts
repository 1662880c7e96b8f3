// The scan behind the filter overrides (src/node/gitFilters.ts): names as git reports them reach git
// whole, submodules are followed at any depth, and a scan that cannot finish refuses rather than
// letting status run unguarded. A fake git stands in for repositories too large to build here.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { LecternError } from '../../../src/core/ground/contract';
import { runGit } from '../../../src/node/gitCli';
import { MAX_SUBMODULES, neutralFilters } from '../../../src/node/gitFilters';
import { tempDir } from '../helpers';
import { Repo } from '../diff/gitRepo';

type Output = { code: number; stdout: Buffer; stderr: string };
const out = (stdout: string, code = 0, stderr = ''): Output => ({ code, stdout: Buffer.from(stdout), stderr });
const NONE = out('', 1);

/** A folder per submodule, each with the `.git` that marks it checked out. */
function checkedOut(folder: string): string {
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, '.git'), 'gitdir: elsewhere\n');
  return folder;
}

const gitlink = (name: string) => `160000 ${'0'.repeat(40)} 0\t${name}\0`;

function rejectsGitFailed(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  return assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof LecternError, String(error));
    assert.equal(error.code, 'GIT_FAILED');
    assert.match(error.message, pattern);
    return true;
  });
}

describe('git filter overrides: the scan', () => {
  it('follows submodules at any depth: a filter 40 levels down is overridden', async () => {
    const top = tempDir('lectern-scan-');
    let bottom = top;
    for (let k = 0; k < 40; k++) bottom = checkedOut(path.join(bottom, 's'));
    const overrides = await neutralFilters(async (cwd, args) => {
      if (args.includes('ls-files')) return cwd === bottom ? out('') : out(gitlink('s'));
      return cwd === bottom ? out('filter.bottom=x.clean\0filter.bottom=x.process\0') : NONE;
    }, top);
    assert.deepEqual(
      overrides.map(([key, value]) => `${key}=${value}`),
      [
        'filter.bottom=x.clean=',
        'filter.bottom=x.smudge=',
        'filter.bottom=x.process=',
        'filter.bottom=x.required=false',
      ],
    );
  });

  it('skips a submodule that is not checked out, as status does', async () => {
    const top = tempDir('lectern-scan-');
    fs.mkdirSync(path.join(top, 'empty'));
    const asked: string[] = [];
    await neutralFilters(async (cwd, args) => {
      asked.push(cwd);
      return args.includes('ls-files') && cwd === top ? out(gitlink('empty')) : NONE;
    }, top);
    assert.deepEqual([...new Set(asked)], [top]);
  });

  it(`refuses past ${MAX_SUBMODULES} submodules instead of running status unguarded`, async () => {
    const top = tempDir('lectern-scan-');
    const names = Array.from({ length: MAX_SUBMODULES + 1 }, (_, i) => `m${i}`);
    for (const name of names) checkedOut(path.join(top, name));
    const scan = neutralFilters(
      async (cwd, args) => (args.includes('ls-files') ? out(cwd === top ? names.map(gitlink).join('') : '') : NONE),
      top,
    );
    await rejectsGitFailed(scan, /more than 1000 submodules/);
  });

  it('refuses when git cannot list the filters or the submodules (never reads a failure as "none")', async () => {
    const top = tempDir('lectern-scan-');
    const broken = (failing: string) =>
      neutralFilters(
        async (_cwd, args) => (args.includes(failing) ? out('', 128, 'fatal: bad config line 3') : NONE),
        top,
      );
    await rejectsGitFailed(broken('config'), /could not list its filters \(fatal: bad config line 3\)/);
    await rejectsGitFailed(broken('ls-files'), /could not list its submodules/);
    // Exit 1 with a message is no "no such key" either.
    await rejectsGitFailed(
      neutralFilters(async (_cwd, args) => (args.includes('config') ? out('', 1, 'error: x') : NONE), top),
      /could not list its filters/,
    );
  });

  it('reaches git whole for names that `-c key=value` cannot carry ("=", "=x", "é=ü", a tab)', async function () {
    if (process.platform === 'win32') this.skip();
    const repo = Repo.init();
    const names = ['=', '=x', 'é=ü', 'a\tb', 'x=y.clean'];
    for (const name of names) repo.git('config', `filter.${name}.clean`, 'evil');
    const run = (cwd: string, args: readonly string[]) => runGit('git', cwd, args, 15_000);
    const overrides = await neutralFilters(run, repo.root);
    for (const name of names) {
      const seen = await runGit('git', repo.root, ['config', '--get', `filter.${name}.clean`], 15_000, overrides);
      assert.deepEqual([seen.code, seen.stdout.toString()], [0, '\n'], `${JSON.stringify(name)}: ${seen.stderr}`);
    }
  });
});
