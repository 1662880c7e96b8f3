// Every program a repository's configuration (or the caller's environment) can make git run, one
// mechanism per test: diff_preview (a file and the summary) must leave no marker. Where plain git
// runs the program on the same repository, the test checks that it does, so each test can fail.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers';
import { execFileSync, spawnSync } from 'node:child_process';
import { diffWorkspace, gitLoose, Repo } from '../diff/gitRepo';
import { assertNoMarker, markerScript } from './hostileRepos';

interface Hostile {
  repo: Repo;
  outside: string;
  marker: string;
  script: string;
}

/** A repository with a.txt and b.dat committed, and a marker script outside it. */
function hostile(root?: string): Hostile {
  const outside = tempDir('lectern-programs-');
  const marker = path.join(outside, 'marker');
  const script = markerScript(outside, marker, 'evil.sh', 'cat');
  const repo = Repo.init(root);
  repo.write('a.txt', 'one\n').write('b.dat', 'data one\n').commitAll();
  return { repo, outside, marker, script };
}

/**
 * Changes both files the same size with a later mtime, so git must hash them again (filters run), and
 * dates the index before its entries: every entry is then racily clean, so a status that may write
 * refreshes and rewrites the index (hooks run) whether or not the commit and its files shared a second.
 */
function touchChanged(repo: Repo, dir = ''): void {
  const later = new Date(Date.now() + 5_000);
  const changes: [string, string][] = [
    ['a.txt', 'two\n'],
    ['b.dat', 'data two\n'],
  ];
  for (const [name, text] of changes) {
    const file = repo.path(path.join(dir, name));
    fs.writeFileSync(file, text);
    fs.utimesSync(file, later, later);
  }
  const index = path.resolve(repo.root, repo.git('rev-parse', '--git-path', 'index').trim());
  const before = new Date('2001-01-01T00:00:00Z');
  fs.utimesSync(index, before, before);
}

/** diff_preview of `target` and the summary of `root`; nothing may have run. */
async function previewClean(h: Hostile, root: string, target: string): Promise<void> {
  fs.rmSync(h.marker, { force: true });
  const ws = diffWorkspace(root);
  const file = await ws.preview({ target });
  assert.ok(file.ok, file.text);
  const summary = await ws.preview({});
  assert.ok(summary.ok, summary.text);
  assertNoMarker(h.marker);
}

/** The same repository through plain git runs the program: the test above could fail. */
function plainGitRuns(h: Hostile, cwd: string, ...commands: string[][]): void {
  fs.rmSync(h.marker, { force: true });
  for (const args of commands) gitLoose(cwd, ...args);
  assert.ok(fs.existsSync(h.marker), `plain git ${commands.map((c) => c.join(' ')).join('; ')} ran nothing`);
  fs.rmSync(h.marker, { force: true });
}

describe('hardening: no program from the repository runs (every mechanism)', () => {
  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  it('clean, smudge and process filters, also from an included config file and an includeIf', async () => {
    const h = hostile();
    const included = path.join(h.outside, 'included.config');
    fs.writeFileSync(included, `[filter "inc"]\n\tclean = ${h.script}\n\tsmudge = ${h.script}\n\trequired = true\n`);
    h.repo.git('config', 'include.path', included);
    h.repo.git('config', `includeIf.gitdir:${h.repo.root}/.path`, included);
    h.repo.git('config', 'filter.direct.process', h.script);
    h.repo.write('.gitattributes', '*.dat filter=inc\n*.txt filter=direct\n').commitAll();
    touchChanged(h.repo);
    await previewClean(h, h.repo.root, 'b.dat');
    plainGitRuns(h, h.repo.root, ['diff', 'HEAD']);
  });

  it("a submodule's own filter and fsmonitor, from the superproject and from inside it", async () => {
    const h = hostile();
    const superproject = Repo.init();
    superproject.write('top.txt', 'top\n').commitAll();
    superproject.git('submodule', 'add', '-q', h.repo.root, 'mod');
    superproject.commitAll();
    const mod = new Repo(superproject.path('mod'));
    mod.write('.gitattributes', '*.dat filter=sub\n').commitAll();
    mod.git('config', 'filter.sub.clean', h.script);
    mod.git('config', 'core.fsmonitor', h.script);
    touchChanged(mod);
    await previewClean(h, superproject.root, 'mod/b.dat');
    await previewClean(h, mod.root, 'b.dat');
    plainGitRuns(h, mod.root, ['status']);
  });

  it("a nested repository's filter, fsmonitor and hooks", async () => {
    const outer = Repo.init();
    outer.write('top.txt', 'top\n').commitAll();
    const h = hostile(outer.path('nested'));
    h.repo.write('.gitattributes', '*.dat filter=nested\n').commitAll();
    h.repo.git('config', 'filter.nested.clean', h.script);
    h.repo.git('config', 'core.fsmonitor', h.script);
    fs.copyFileSync(h.script, h.repo.path('.git/hooks/post-index-change'));
    touchChanged(h.repo);
    await previewClean(h, outer.root, 'nested/b.dat');
    plainGitRuns(h, h.repo.root, ['status']);
  });

  it('external diff, a diff driver command and a textconv', async () => {
    const h = hostile();
    h.repo.write('.gitattributes', '*.txt diff=evil\n*.dat diff=conv\n').commitAll();
    h.repo.git('config', 'diff.external', h.script);
    h.repo.git('config', 'diff.evil.command', h.script);
    h.repo.git('config', 'diff.conv.textconv', h.script);
    touchChanged(h.repo);
    await previewClean(h, h.repo.root, 'a.txt');
    plainGitRuns(h, h.repo.root, ['diff', 'HEAD']);
  });

  it('hooks in .git/hooks and in core.hooksPath', async () => {
    const h = hostile();
    const hooks = path.join(h.outside, 'hooks');
    fs.mkdirSync(hooks);
    for (const name of ['post-index-change', 'post-checkout', 'pre-commit', 'reference-transaction']) {
      fs.copyFileSync(h.script, h.repo.path(`.git/hooks/${name}`));
      fs.copyFileSync(h.script, path.join(hooks, name));
    }
    touchChanged(h.repo);
    await previewClean(h, h.repo.root, 'a.txt');
    h.repo.git('config', 'core.hooksPath', hooks);
    await previewClean(h, h.repo.root, 'a.txt');
    plainGitRuns(h, h.repo.root, ['status']);
  });

  it('pagers, editors, gpg, ssh, askpass and credential helpers from the configuration', async () => {
    const h = hostile();
    for (const key of [
      'core.pager',
      'pager.status',
      'pager.diff',
      'pager.cat-file',
      'core.editor',
      'sequence.editor',
      'gpg.program',
      'gpg.ssh.program',
      'gpg.x509.program',
      'core.sshCommand',
      'core.askPass',
      'credential.helper',
      'core.gitProxy',
    ])
      h.repo.git('config', key, h.script);
    h.repo.git('config', 'commit.gpgSign', 'true');
    h.repo.git('config', 'log.showSignature', 'true');
    h.repo.git('config', 'status.showStash', 'true');
    touchChanged(h.repo);
    await previewClean(h, h.repo.root, 'a.txt');
  });

  it("the caller's environment: GIT_EXTERNAL_DIFF, GIT_PAGER, PAGER, GIT_EDITOR, GIT_SSH_COMMAND, GIT_ASKPASS", async () => {
    const h = hostile();
    touchChanged(h.repo);
    const saved = { ...process.env };
    for (const key of ['GIT_EXTERNAL_DIFF', 'GIT_PAGER', 'PAGER', 'GIT_EDITOR', 'GIT_SSH_COMMAND', 'GIT_ASKPASS'])
      process.env[key] = h.script;
    Object.assign(process.env, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'core.fsmonitor' });
    process.env.GIT_CONFIG_VALUE_0 = h.script;
    try {
      await previewClean(h, h.repo.root, 'a.txt');
      spawnSync('git', ['diff', 'HEAD'], { cwd: h.repo.root, env: process.env, stdio: 'ignore' });
      assert.ok(fs.existsSync(h.marker), 'plain git diff with this environment ran nothing');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});

/**
 * Driver names git's `-c key=value` would split (the override then misses them silently); attributes and
 * config files allow them all. (Names whose part before "=" is no valid key, as "=x" or "é=ü", made the old
`-c` fail instead: gitFilterScan.test.ts.)
 */
const ODD_NAMES = ['x=y', 'a.b=c', 'clean=', 'a=b.c=d.process', 'dots.in.name', 'UPPER=lower', 'ü.x=y'];

/**
 * `depth` repositories above `bottom`'s folder (top/l1/…/l<depth>), each holding the next as a submodule;
 * returns the top one.
 */
function submoduleChain(top: string, depth: number, setUpBottom: (bottom: string) => Repo): Repo {
  const levels = Array.from({ length: depth + 1 }, (_, k) =>
    path.join(top, ...Array.from({ length: k }, (_, j) => `l${j + 1}`)),
  );
  let below = setUpBottom(levels[depth]!);
  for (let k = depth - 1; k >= 0; k--) {
    const repo = Repo.init(levels[k]);
    repo.write(`level${k}.txt`, `level ${k}\n`);
    // What `git submodule add` of a repository already in place records, in one commit.
    const name = path.basename(below.root);
    repo.write('.gitmodules', `[submodule "${name}"]\n\tpath = ${name}\n\turl = ./${name}\n`);
    below = repo.commitAll();
  }
  return below;
}

describe('hardening: drivers of any name and submodules at any depth run nothing', () => {
  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  it('filters, textconv, diff commands and merge drivers named with "=", "." and other characters', async () => {
    const h = hostile();
    const attributes: string[] = [];
    ODD_NAMES.forEach((name, i) => {
      h.repo.write(`f${i}.dat`, `data ${i}\n`).write(`g${i}.txt`, `text ${i}\n`);
      attributes.push(`f${i}.dat filter=${name}`, `g${i}.txt diff=${name} merge=${name}`);
      h.repo.git('config', `filter.${name}.clean`, `${h.script} clean-${i}`);
      h.repo.git('config', `diff.${name}.textconv`, `${h.script} textconv-${i}`);
      h.repo.git('config', `diff.${name}.command`, `${h.script} command-${i}`);
      h.repo.git('config', `merge.${name}.driver`, `${h.script} merge-${i}`);
    });
    const last = ODD_NAMES.length - 1;
    h.repo.git('config', `filter.${ODD_NAMES[last]}.process`, `${h.script} process-${last}`);
    h.repo.write('.gitattributes', `${attributes.join('\n')}\n`).commitAll();
    ODD_NAMES.forEach((_, i) => h.repo.write(`f${i}.dat`, `DATA ${i}\n`).write(`g${i}.txt`, `TEXT ${i}\n`));
    touchChanged(h.repo);
    await previewClean(h, h.repo.root, 'f0.dat');
    await diffWorkspace(h.repo.root).preview({ target: 'g0.txt', against: 'INDEX' });
    assertNoMarker(h.marker);
    // Control: plain git runs each of these filters (the process one instead of its clean) and textconvs.
    gitLoose(h.repo.root, 'diff', '--no-ext-diff', 'HEAD');
    const ran = fs.readFileSync(h.marker, 'utf8');
    const expected = ODD_NAMES.flatMap((_, i) => [i === last ? `process-${i}` : `clean-${i}`, `textconv-${i}`]);
    assert.deepEqual(
      expected.filter((tag) => !ran.includes(`ran ${tag}`)),
      [],
      ran,
    );
  });

  it('a filter in a submodule ten levels down (each level a submodule of the one above)', async function () {
    this.timeout(120_000); // 11 repositories, and the summary runs status in the 5 that lie within 4 folders
    let h: Hostile | undefined;
    const top = submoduleChain(tempDir('lectern-chain-'), 10, (bottom) => {
      h = hostile(bottom);
      h.repo.write('.gitattributes', '*.dat filter=deep\n').commitAll();
      h.repo.git('config', 'filter.deep.clean', h.script);
      return h.repo;
    });
    touchChanged(h!.repo);
    await previewClean(h!, top.root, 'level0.txt');
    plainGitRuns(h!, top.root, ['status']);
  });

  it('a submodule owned by another user: its filter is read as git status reads it (no ownership check)', async function () {
    if (process.getuid?.() !== 0) this.skip(); // giving a folder to another user needs root
    const superproject = Repo.init();
    const h = hostile(superproject.path('sub'));
    h.repo.write('.gitattributes', '*.dat filter=owned\n').commitAll();
    h.repo.git('config', 'filter.owned.clean', h.script);
    superproject.write('top.txt', 'top\n').write('.gitmodules', '[submodule "sub"]\n\tpath = sub\n\turl = ./sub\n');
    superproject.commitAll();
    touchChanged(h.repo);
    execFileSync('chown', ['-R', '12345:12345', h.repo.root]);
    await previewClean(h, superproject.root, 'top.txt');
    plainGitRuns(h, superproject.root, ['status']);
  });
});
