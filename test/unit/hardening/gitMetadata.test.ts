// Issue 21, finding 2: git metadata inside the workspace that leads outside it (a `.git` file, a
// commondir, objects/info/alternates, a link inside .git, core.worktree, the caller's GIT_DIR) must
// never show another repository's committed files; the answer is GIT_OUTSIDE_WORKSPACE and what still
// works. Layouts that are the user's own (a linked worktree, a submodule, a folder inside a repository,
// a repository found above the workspace) keep working.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { tempDir } from '../helpers';
import { diffWorkspace, Repo } from '../diff/gitRepo';

const PRIVATE = 'PRIVATE-COMMITTED-7f3a';

interface Layout {
  /** A private repository outside the workspace, with f.txt committed holding PRIVATE. */
  elsewhere: Repo;
  /** The workspace folder. */
  ws: string;
}

function layout(): Layout {
  const base = tempDir('lectern-gitmeta-');
  const elsewhere = Repo.init(path.join(base, 'elsewhere'));
  elsewhere.write('f.txt', `${PRIVATE}\n`).write('sub/f.txt', `${PRIVATE} sub\n`).commitAll();
  const ws = path.join(base, 'ws');
  fs.mkdirSync(ws);
  return { elsewhere, ws };
}

function put(dir: string, rel: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
}

function assertNothingLeaked(...answers: ToolResponse[]): void {
  for (const answer of answers) assert.ok(!JSON.stringify(answer).includes(PRIVATE), `leaked: ${answer.text}`);
}

function assertRefused(answer: ToolResponse, what: RegExp): void {
  assert.equal(answer.ok, false, answer.text);
  assert.equal(answer.error?.code, 'GIT_OUTSIDE_WORKSPACE', answer.text);
  assert.match(answer.text, what);
  assert.match(answer.text, /against.*WORKTREE/);
}

/** diff_preview of `target` and the summary; both must refuse with the code, and leak nothing. */
async function previewRefused(ws: string, target: string, what: RegExp, summaryCode?: string): Promise<void> {
  const workspace = diffWorkspace(ws);
  const file = await workspace.preview({ target });
  const summary = await workspace.preview({});
  assertNothingLeaked(file, summary);
  assertRefused(file, what);
  if (summaryCode) assert.equal(summary.error?.code, summaryCode, summary.text);
  else if (!summary.ok) {
    assertRefused(summary, what);
    assert.doesNotMatch(summary.text, /"mode":"file"/, 'a summary has no file to read');
  } else assert.match(summary.text, /GIT_OUTSIDE_WORKSPACE/);
  // What still works: the unsaved buffer against the file on disk.
  workspace.buffers.set(path.join(ws, target), 'edited\n');
  const unsaved = await workspace.preview({ target, against: 'WORKTREE' });
  assert.ok(unsaved.ok, unsaved.text);
  assert.match(unsaved.content, /\+edited/);
}

describe('hardening: git metadata outside the workspace (issue 21, finding 2)', () => {
  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  it('a .git file in a subfolder (gitdir: ../../elsewhere/.git) is refused', async () => {
    const { elsewhere, ws } = layout();
    put(ws, 'sub/.git', `gitdir: ${path.relative(path.join(ws, 'sub'), path.join(elsewhere.root, '.git'))}\n`);
    put(ws, 'sub/f.txt', 'mine\n');
    await previewRefused(ws, 'sub/f.txt', /its \.git leads to .*elsewhere/);
  });

  it('a .git file at the top is refused', async () => {
    const { ws } = layout();
    put(ws, '.git', `gitdir: ../elsewhere/.git\n`);
    put(ws, 'f.txt', 'mine\n');
    await previewRefused(ws, 'f.txt', /its \.git leads to .*elsewhere/);
  });

  it('a .git symbolic link to another repository is refused', async () => {
    const { elsewhere, ws } = layout();
    fs.symlinkSync(path.join(elsewhere.root, '.git'), path.join(ws, '.git'));
    put(ws, 'f.txt', 'mine\n');
    await previewRefused(ws, 'f.txt', /its \.git leads to .*elsewhere/);
  });

  it('a .git folder whose commondir leads to another repository is refused', async () => {
    const { elsewhere, ws } = layout();
    put(ws, '.git/HEAD', 'ref: refs/heads/main\n');
    put(ws, '.git/commondir', `${path.join(elsewhere.root, '.git')}\n`);
    put(ws, 'f.txt', 'mine\n');
    await previewRefused(ws, 'f.txt', /commondir leads to .*elsewhere/);
  });

  it('objects/info/alternates leading to another repository is refused', async () => {
    const { elsewhere, ws } = layout();
    const mine = Repo.init(ws);
    mine.write('f.txt', 'mine\n');
    const head = elsewhere.git('rev-parse', 'HEAD').trim();
    put(ws, '.git/objects/info/alternates', `${path.join(elsewhere.root, '.git', 'objects')}\n`);
    put(ws, '.git/refs/heads/main', `${head}\n`);
    await previewRefused(ws, 'f.txt', /alternates leads to .*elsewhere/);
  });

  it('a symbolic link inside .git to another repository is refused', async () => {
    const { elsewhere, ws } = layout();
    const mine = Repo.init(ws);
    mine.write('f.txt', 'mine\n');
    fs.rmSync(path.join(ws, '.git', 'objects'), { recursive: true });
    fs.symlinkSync(path.join(elsewhere.root, '.git', 'objects'), path.join(ws, '.git', 'objects'));
    put(ws, '.git/refs/heads/main', `${elsewhere.git('rev-parse', 'HEAD').trim()}\n`);
    await previewRefused(ws, 'f.txt', /(symbolic link|alternates) .*leads to .*elsewhere/);
  });

  it('core.worktree leading out of the workspace is refused', async () => {
    const { ws } = layout();
    const mine = Repo.init(path.join(ws, 'sub'));
    mine.write('f.txt', 'one\n').commitAll();
    mine.write('f.txt', 'two\n');
    mine.git('config', 'core.worktree', '/');
    // The summary does not take sub for a repository of the workspace: its top is not sub.
    await previewRefused(ws, 'sub/f.txt', /core\.worktree leads to \//, 'NOT_A_REPOSITORY');
  });

  it("the caller's GIT_DIR, GIT_WORK_TREE and GIT_COMMON_DIR do not leak in", async () => {
    const { elsewhere, ws } = layout();
    put(ws, 'f.txt', 'mine\n');
    const saved = { ...process.env };
    Object.assign(process.env, {
      GIT_DIR: path.join(elsewhere.root, '.git'),
      GIT_WORK_TREE: ws,
      GIT_COMMON_DIR: path.join(elsewhere.root, '.git'),
      GIT_OBJECT_DIRECTORY: path.join(elsewhere.root, '.git', 'objects'),
    });
    try {
      const workspace = diffWorkspace(ws);
      const file = await workspace.preview({ target: 'f.txt' });
      const summary = await workspace.preview({});
      assertNothingLeaked(file, summary);
      assert.equal(file.error?.code, 'NOT_A_REPOSITORY', file.text);
      assert.equal(summary.error?.code, 'NOT_A_REPOSITORY', summary.text);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    }
  });

  it("the user's approval to read outside lifts the refusal", async () => {
    const { elsewhere, ws } = layout();
    put(ws, '.git', `gitdir: ${path.join(elsewhere.root, '.git')}\n`);
    put(ws, 'f.txt', 'mine\n');
    const { lectern } = diffWorkspace(ws);
    const input = { mode: 'diff_preview', target: 'f.txt' };
    const approved = await lectern.invoke('lectern_read', input, { allowOutside: true });
    assert.ok(approved.ok, approved.text);
    assert.match(approved.content, new RegExp(`-${PRIVATE}`));
  });
});

describe('hardening: git layouts that are the user’s own keep working', () => {
  before(function () {
    if (process.platform === 'win32') this.skip();
  });

  it('a linked worktree of a repository outside the workspace (git worktree add)', async () => {
    const { elsewhere } = layout();
    const linked = path.join(tempDir('lectern-linked-'), 'wt');
    elsewhere.git('worktree', 'add', '-q', '-b', 'feature', linked);
    fs.writeFileSync(path.join(linked, 'f.txt'), 'changed\n');
    const workspace = diffWorkspace(linked);
    const file = await workspace.preview({ target: 'f.txt' });
    assert.ok(file.ok, file.text);
    assert.match(file.content, /\+changed/);
    const summary = await workspace.preview({});
    assert.ok(summary.ok, summary.text);
    assert.match(summary.text, /f\.txt/);
  });

  it('a linked worktree whose gitdir is reused by a planted .git file elsewhere is refused', async () => {
    const { elsewhere, ws } = layout();
    const linked = path.join(tempDir('lectern-linked-'), 'wt');
    elsewhere.git('worktree', 'add', '-q', '-b', 'feature', linked);
    const gitdir = fs.readFileSync(path.join(linked, '.git'), 'utf8');
    put(ws, '.git', gitdir);
    put(ws, 'f.txt', 'mine\n');
    await previewRefused(ws, 'f.txt', /its \.git leads to .*elsewhere/);
  });

  it('a submodule (its git folder in the superproject) and a folder inside a repository', async () => {
    const { elsewhere } = layout();
    const superproject = Repo.init();
    superproject.write('top.txt', 'top\n').commitAll();
    superproject.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', elsewhere.root, 'mod');
    superproject.commitAll();
    assert.match(fs.readFileSync(superproject.path('mod/.git'), 'utf8'), /^gitdir: /);
    superproject.write('mod/f.txt', 'changed\n').write('top.txt', 'changed top\n');
    for (const root of [superproject.root, superproject.path('mod')]) {
      const file = await diffWorkspace(root).preview({ target: root === superproject.root ? 'mod/f.txt' : 'f.txt' });
      assert.ok(file.ok, file.text);
      assert.match(file.content, /\+changed/);
    }
    const inner = Repo.init();
    inner.write('pkg/a.txt', 'one\n').commitAll();
    inner.write('pkg/a.txt', 'two\n');
    const folder = await diffWorkspace(inner.path('pkg')).preview({ target: 'a.txt' });
    assert.ok(folder.ok, folder.text);
    assert.match(folder.content, /-one\n\+two/);
  });
});
