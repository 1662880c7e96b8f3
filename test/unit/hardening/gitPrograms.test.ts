// Every program a repository's configuration (or the caller's environment) can make git run, one
// mechanism per test: diff_preview (a file and the summary) must leave no marker. Where plain git
// runs the program on the same repository, the test checks that it does, so each test can fail.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDir } from '../helpers';
import { spawnSync } from 'node:child_process';
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

/** Changes both files the same size with a later mtime, so git must hash them again (filters run). */
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
