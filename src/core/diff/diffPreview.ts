// `lectern_read` mode "diff_preview": what changed in a file or a folder, against git's HEAD, the
// index, or (WORKTREE) the file on disk under an unsaved editor buffer. A file answers with a
// unified diff in whole hunks (numbered like `git diff`), paged by hunk_offset under the token cap;
// a folder, or no target, answers with a summary of every changed file in scope, each with the
// exact input that previews it, paged by file_offset. The host supplies contents and status
// (GitPort); the diffs are computed here.
import * as nodePath from 'node:path';
import { emptyMeta, LecternError, type NextCall, type ReadMeta, type ToolResponse } from '../contract';
import type { ResolvedPath } from '../paths';
import type { ReadEnv } from '../read/fileRead';
import { callText, formatBytes, formatCount, plural } from '../read/format';
import { LIMITS } from '../settings';
import { decodeUtf8 } from '../text/encoding';
import type { GitChange, GitRepository, GitStatus, LineCounts } from './gitPort';
import { diffTexts, hunkHeader, hunkPatch, NO_NEWLINE_MARKER, type Hunk, type LineDiff } from './lineDiff';

export const DIFF_AGAINST = ['HEAD', 'INDEX', 'WORKTREE'] as const;
export type DiffAgainst = (typeof DIFF_AGAINST)[number];

export interface DiffPreviewInput {
  target?: string;
  against?: DiffAgainst;
  context_lines?: number;
  hunk_offset?: number;
  file_offset?: number;
}

export const DIFF_LIMITS = {
  defaultContext: 3,
  /** Larger versions are not diffed (TOO_LARGE). */
  maxSideBytes: 16 * 1024 * 1024,
  /** Git's rule: a NUL byte in the first 8,000 bytes makes a file binary. */
  binarySniffBytes: 8000,
  /** The Myers search gives up after this and shows the differing middle replaced whole. */
  myersTimeoutMs: 1000,
  /** A summary counts +/- lines itself for at most this many files, within this time. */
  countFilesMax: 400,
  countBudgetMs: 4000,
} as const;

/** Tokens kept free for the header and the footer of an answer. */
const FRAME_RESERVE_TOKENS = 220;

const encoder = new TextEncoder();
const toPosix = (p: string) => p.split(nodePath.sep).join('/');

function isWithin(parent: string, child: string): boolean {
  const rel = nodePath.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

function invalid(message: string, example: Record<string, unknown>): LecternError {
  return new LecternError('INVALID_ARGS', message, `Example: ${callText('lectern_read', example)}`);
}

function cancelled(env: ReadEnv): void {
  if (env.signal?.isCancellationRequested) throw new LecternError('CANCELLED', 'The diff preview was cancelled.', 'Call again if you still need it.');
}

/** The input of a diff_preview call that keeps the caller's against and context_lines. */
function previewCall(input: DiffPreviewInput, target: string | undefined, extra: Record<string, unknown> = {}): NextCall {
  const call: NextCall = { mode: 'diff_preview' };
  if (target !== undefined) call.target = target;
  if (input.against !== undefined && input.against !== 'HEAD') call.against = input.against;
  if (input.context_lines !== undefined) call.context_lines = input.context_lines;
  return { ...call, ...extra };
}

export async function diffPreview(env: ReadEnv, input: DiffPreviewInput): Promise<ToolResponse> {
  const against = input.against ?? 'HEAD';
  if (input.target === undefined) {
    if (input.hunk_offset !== undefined) {
      throw invalid('hunk_offset pages the diff of one file; without a target the answer is a summary of changed files (paged by file_offset).', previewCall(input, 'src/index.ts', { hunk_offset: input.hunk_offset }));
    }
    return summarize(env, input, against, null);
  }
  const path = await env.resolver.resolve(input.target);
  if (path.outside && !env.allowOutside) {
    throw new LecternError(
      'OUTSIDE_WORKSPACE',
      `${path.display} is outside the workspace folders.`,
      'Preview changes inside the workspace. Reading outside needs the user\'s approval (VS Code asks; the CLI needs --allow-outside).',
    );
  }
  const stat = await env.host.fs.stat(path.absolute);
  if (stat?.kind === 'directory' && !env.host.documents?.dirty(path.absolute)) {
    if (input.hunk_offset !== undefined) {
      throw invalid(`hunk_offset pages the diff of one file; ${path.display} is a folder, answered with a summary (paged by file_offset).`, previewCall(input, path.display, { file_offset: input.hunk_offset }));
    }
    return summarize(env, input, against, path);
  }
  if (input.file_offset !== undefined) {
    throw invalid(`file_offset pages the summary of a folder; ${path.display} is a file, whose diff is paged by hunk_offset.`, previewCall(input, path.display, { hunk_offset: input.file_offset }));
  }
  return fileDiff(env, input, against, path);
}

// --- Contents ---------------------------------------------------------------------------------------

interface Version {
  bytes: Uint8Array;
  origin: 'disk' | 'buffer' | 'HEAD' | 'INDEX';
}

function tooLarge(label: string, size: number): LecternError {
  return new LecternError(
    'TOO_LARGE',
    `${label} is ${formatBytes(size)}; diffs are computed for files up to ${formatBytes(DIFF_LIMITS.maxSideBytes)}.`,
    `Read the parts you need with mode "file" (start_line/end_line), or search it with lectern_search.`,
    { total_bytes: size },
  );
}

async function readDisk(env: ReadEnv, absolute: string, label: string): Promise<Uint8Array | undefined> {
  const stat = await env.host.fs.stat(absolute);
  if (!stat || stat.kind !== 'file') return undefined;
  if (stat.size > DIFF_LIMITS.maxSideBytes) throw tooLarge(label, stat.size);
  let handle;
  try {
    handle = await env.host.fs.open(absolute);
  } catch (error) {
    throw new LecternError('READ_FAILED', `${label} could not be opened: ${(error as Error).message}`, 'Check the file permissions.');
  }
  try {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const buffer = new Uint8Array(Math.max(LIMITS.chunkBytes, Math.min(stat.size - total + 1, 4 * 1024 * 1024)));
      const n = await handle.read(buffer, 0, buffer.length, total);
      if (n === 0) break;
      chunks.push(buffer.subarray(0, n));
      total += n;
      if (total > DIFF_LIMITS.maxSideBytes) throw tooLarge(label, total);
    }
    if (chunks.length === 1) return chunks[0]!;
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** The file as the user sees it: the unsaved editor buffer if there is one, else the file on disk. */
async function readCurrent(env: ReadEnv, absolute: string, label: string): Promise<Version | undefined> {
  const dirty = env.host.documents?.dirty(absolute);
  if (dirty) return { bytes: encoder.encode(dirty.text), origin: 'buffer' };
  const bytes = await readDisk(env, absolute, label);
  return bytes && { bytes, origin: 'disk' };
}

async function readGit(repo: GitRepository, version: 'HEAD' | 'INDEX', absolute: string, label: string): Promise<Version | undefined> {
  const bytes = await repo.read(version, absolute);
  if (bytes && bytes.length > DIFF_LIMITS.maxSideBytes) throw tooLarge(`${label} at ${version}`, bytes.length);
  return bytes && { bytes, origin: version };
}

type Content = { kind: 'text'; text: string } | { kind: 'binary'; reason: 'nul' | 'encoding' };

function contentOf(bytes: Uint8Array): Content {
  if (bytes.subarray(0, DIFF_LIMITS.binarySniffBytes).includes(0)) return { kind: 'binary', reason: 'nul' };
  const text = decodeUtf8(bytes); // a UTF-8 BOM stays, as a character of line 1 (as git sees it)
  return text === undefined ? { kind: 'binary', reason: 'encoding' } : { kind: 'text', text };
}

type Eol = 'lf' | 'crlf' | 'mixed' | 'none';

function eolOf(text: string): Eol {
  let crlf = 0;
  let lf = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf++;
    else lf++;
  }
  if (crlf === 0 && lf === 0) return 'none';
  return crlf === 0 ? 'lf' : lf === 0 ? 'crlf' : 'mixed';
}

interface TextDiff {
  diff: LineDiff;
  /** 'only': the texts differ in line endings alone; 'ignored': line endings changed throughout and the hunks compare content. */
  eol: 'same' | 'only' | 'ignored';
  oldEol: Eol;
  newEol: Eol;
}

function diffText(oldText: string, newText: string, context: number): TextDiff {
  const oldEol = eolOf(oldText);
  const newEol = eolOf(newText);
  const pure = (e: Eol) => e === 'lf' || e === 'crlf';
  const options = { context, timeoutMs: DIFF_LIMITS.myersTimeoutMs };
  if (oldEol !== newEol && pure(oldEol) && pure(newEol)) {
    const a = oldText.replace(/\r\n/g, '\n');
    const b = newText.replace(/\r\n/g, '\n');
    if (a === b) return { diff: { hunks: [], added: 0, removed: 0, approximate: false }, eol: 'only', oldEol, newEol };
    return { diff: diffTexts(a, b, options), eol: 'ignored', oldEol, newEol };
  }
  return { diff: diffTexts(oldText, newText, options), eol: 'same', oldEol, newEol };
}

/** Paths in git's order (by code unit: "README.md" before "lib/"). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const countLines = (text: string) => (text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

// --- One file ---------------------------------------------------------------------------------------

type FileStatus = 'modified' | 'added' | 'deleted' | 'renamed' | 'copied' | 'type changed' | 'untracked' | 'ignored' | 'conflicted' | 'unchanged' | 'unsaved changes';

interface FilePlan {
  display: string;
  absolute: string;
  against: DiffAgainst;
  /** What the old side is called in answers: "HEAD", "the index", "the file on disk". */
  oldName: string;
  old: Version | undefined;
  current: Version | undefined;
  status: FileStatus;
  staged: boolean;
  unstaged: boolean;
  /** Against the index: the file also has staged changes (which show against HEAD). */
  stagedElsewhere?: boolean;
  oldDisplay?: string;
  /** Patch header names, relative to the repository (a/…, b/…). */
  patchOld: string;
  patchNew: string;
  repository?: string;
  /** The input of the summary around this file. */
  summary?: NextCall;
  noCommits: boolean;
  notes: string[];
}

async function fileDiff(env: ReadEnv, input: DiffPreviewInput, against: DiffAgainst, path: ResolvedPath): Promise<ToolResponse> {
  const plan = against === 'WORKTREE' ? await worktreePlan(env, path) : await gitPlan(env, input, against, path);
  return 'ok' in plan ? plan : renderFile(env, input, plan);
}

async function worktreePlan(env: ReadEnv, path: ResolvedPath): Promise<FilePlan | ToolResponse> {
  const dirty = env.host.documents?.dirty(path.absolute);
  const disk = await readDisk(env, path.absolute, path.display);
  const base = {
    display: path.display,
    absolute: path.absolute,
    against: 'WORKTREE' as const,
    oldName: 'the file on disk',
    staged: false,
    unstaged: false,
    patchOld: path.display,
    patchNew: path.display,
    noCommits: false,
    notes: [] as string[],
  };
  if (!dirty) {
    if (!disk && !(await env.host.fs.stat(path.absolute))) {
      throw new LecternError('NOT_FOUND', `${path.display} does not exist and is not open in the editor.`, 'Check the spelling; lectern_stat tells whether a path exists.');
    }
    const why = env.host.documents ? 'no unsaved editor buffer: what the editor shows is the file on disk' : 'this host has no editor buffers; the CLI reads files from disk';
    return cleanResponse(env, base.display, `${path.display} · no unsaved changes (${why}).`, 'WORKTREE', 'unchanged', {
      hint: `Changes against the last commit: ${callText('lectern_read', { mode: 'diff_preview', target: path.display })}`,
      totalBytes: disk?.length ?? null,
      source: 'disk',
    });
  }
  return {
    ...base,
    old: disk && { bytes: disk, origin: 'disk' },
    current: { bytes: encoder.encode(dirty.text), origin: 'buffer' },
    status: disk ? 'unsaved changes' : 'added',
    notes: disk ? [] : [`${path.display} is not on disk: the whole unsaved buffer is new.`],
  };
}

function notARepository(display: string): LecternError {
  return new LecternError(
    'NOT_A_REPOSITORY',
    `${display} is not inside a git repository, so there is no HEAD or index to compare with.`,
    `Compare an unsaved editor buffer with the file on disk, which needs no git: ${callText('lectern_read', { mode: 'diff_preview', target: display, against: 'WORKTREE' })}. Or read it: ${callText('lectern_read', { mode: 'file', target: display })}. (To track it, run git init in its folder.)`,
  );
}

function noGit(): LecternError {
  return new LecternError(
    'GIT_UNAVAILABLE',
    'This host gives no access to git, so against "HEAD" and "INDEX" cannot be answered.',
    'against "WORKTREE" (unsaved buffer against the file on disk) needs no git.',
  );
}

async function displayOf(env: ReadEnv, absolute: string): Promise<string> {
  return (await env.resolver.resolve(absolute)).display;
}

function mergeChanges(changes: readonly GitChange[]): Map<string, GitChange> {
  // The same path can appear twice (e.g. "deleted" in the index and "untracked" on disk after git rm --cached).
  const byPath = new Map<string, GitChange>();
  for (const change of changes) {
    const seen = byPath.get(change.path);
    byPath.set(change.path, seen ? { ...seen, ...change, staged: seen.staged ?? change.staged, unstaged: change.unstaged ?? seen.unstaged } : change);
  }
  return byPath;
}

async function gitPlan(env: ReadEnv, input: DiffPreviewInput, against: 'HEAD' | 'INDEX', path: ResolvedPath): Promise<FilePlan | ToolResponse> {
  const git = env.host.git;
  if (!git) throw noGit();
  const repo = await git.repositoryAt(path.absolute);
  if (!repo) throw notARepository(path.display);
  cancelled(env);
  const status = await repo.status();
  const changes = mergeChanges(status.changes);
  const notes: string[] = [];
  let absolute = path.absolute;
  let display = path.display;
  let entry = changes.get(absolute);
  if (!entry) {
    const renamed = [...changes.values()].find((c) => c.oldPath === absolute);
    if (renamed) {
      entry = renamed;
      absolute = renamed.path;
      display = await displayOf(env, absolute);
      notes.push(`${path.display} was ${renamed.staged === 'copied' ? 'copied' : 'renamed'} to ${display} (staged); this is the diff of ${display}.`);
    }
  }
  const rel = (p: string) => toPosix(nodePath.relative(repo.root, p));
  const conflicted = entry?.staged === 'conflicted' || entry?.unstaged === 'conflicted';
  let used: 'HEAD' | 'INDEX' = against;
  if (against === 'INDEX' && conflicted) {
    used = 'HEAD';
    notes.push(`${display} has a merge conflict: the index holds the conflicting versions (stages 1-3), not one version, so this compares with HEAD (your side of the merge).`);
  }
  const renamedFrom = used === 'HEAD' && entry?.oldPath && (entry.staged === 'renamed' || entry.staged === 'copied') ? entry.oldPath : undefined;
  const oldAbsolute = renamedFrom ?? absolute;
  const old = used === 'HEAD' ? (status.hasCommits ? await readGit(repo, 'HEAD', oldAbsolute, display) : undefined) : await readGit(repo, 'INDEX', absolute, display);
  const current = await readCurrent(env, absolute, display);
  const noCommits = used === 'HEAD' && !status.hasCommits;
  if (noCommits) notes.push('The repository has no commits yet: against HEAD everything is new. against "INDEX" compares with what is staged.');
  const staged = used === 'HEAD' && entry?.staged !== undefined && !conflicted;
  const unstaged = entry?.unstaged !== undefined && entry.unstaged !== 'untracked' && !conflicted;
  const repository = await displayOf(env, repo.root);
  // The summary that lists this file's neighbours: its repository, or the workspace when the repository's top is above it.
  const summary = previewCall(input, path.root && isWithin(path.root.path, repo.root) ? repository : undefined);
  const oldName = used === 'HEAD' ? 'HEAD' : 'the index';
  if (!old && !current) {
    if (entry) {
      const why = used === 'INDEX' && entry.staged === 'deleted' ? 'its deletion is staged; against HEAD shows it' : entry.staged === 'added' ? 'it was added to the index, then deleted from disk; against "INDEX" shows that' : 'it is in neither';
      return cleanResponse(env, display, `${display} · no difference against ${used}: it is neither in ${oldName} nor on disk (${why}).`, used, 'unchanged', {
        hint: `What changed around it: ${callText('lectern_read', summary)}`,
        totalBytes: null,
        source: 'disk',
      });
    }
    throw new LecternError(
      'NOT_FOUND',
      `${display} does not exist on disk and is not in ${used === 'HEAD' ? (status.hasCommits ? 'HEAD' : 'the repository (no commits yet)') : 'the index'}.`,
      `Check the spelling, or list what changed: ${callText('lectern_read', summary)}`,
    );
  }
  let fileStatus: FileStatus;
  if (conflicted) fileStatus = 'conflicted';
  else if (!old) {
    // Not in HEAD (or the index) but on disk: staged as new, untracked, or ignored (git lists no change for it).
    if (!entry) fileStatus = 'ignored';
    else if (entry.unstaged === 'untracked') fileStatus = 'untracked';
    else fileStatus = 'added';
    if (fileStatus === 'untracked') notes.push(`${display} is untracked (git does not know it yet): every line is new.`);
    if (fileStatus === 'ignored') {
      notes.push(`${display} is not tracked by git (ignored, e.g. by .gitignore): every line is new to git.`);
      notes.push(...(status.notes ?? []));
    }
  } else if (!current) fileStatus = 'deleted';
  else if (renamedFrom) fileStatus = entry?.staged === 'copied' ? 'copied' : 'renamed';
  else if (entry?.staged === 'type_changed' || entry?.unstaged === 'type_changed') fileStatus = 'type changed';
  else fileStatus = 'modified';
  return {
    display,
    absolute,
    against: used,
    oldName,
    old,
    current,
    status: fileStatus,
    staged,
    unstaged,
    stagedElsewhere: used === 'INDEX' && entry?.staged !== undefined,
    oldDisplay: renamedFrom ? await displayOf(env, renamedFrom) : undefined,
    patchOld: old ? `a/${rel(oldAbsolute)}` : '/dev/null',
    patchNew: current ? `b/${rel(absolute)}` : '/dev/null',
    repository,
    summary,
    noCommits,
    notes,
  };
}

function cleanResponse(
  env: ReadEnv,
  display: string,
  header: string,
  against: DiffAgainst,
  status: FileStatus,
  extra: { hint: string; totalBytes: number | null; source: 'disk' | 'buffer' },
): ToolResponse {
  const text = `${header}\n[${extra.hint}]`;
  return {
    ok: true,
    mode: 'diff_preview',
    target: display,
    content: '',
    text,
    meta: { ...emptyMeta(), token_estimate: env.countTokens(text), total_bytes: extra.totalBytes, source: extra.source, diff: { against, status, added: 0, removed: 0, hunks: 0 } },
    location: { file: display, line: null, end_line: null },
  };
}

/** What the model sees of a diff line: no CR, long lines cut. */
function shownLine(kind: string, text: string): { line: string; cut: boolean } {
  const bare = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (bare.length <= LIMITS.maxLineChars) return { line: kind + bare, cut: false };
  let end = LIMITS.maxLineChars;
  const code = bare.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { line: `${kind}${bare.slice(0, end)} … [line cut: ${formatCount(end)} of ${formatCount(bare.length)} characters shown]`, cut: true };
}

function renderHunkLines(hunk: Hunk, from = 0, to = hunk.lines.length): { lines: string[]; cut: number } {
  const lines: string[] = [];
  let cut = 0;
  for (let i = from; i < to; i++) {
    const line = hunk.lines[i]!;
    const shown = shownLine(line.kind, line.text);
    if (shown.cut) cut++;
    lines.push(shown.line);
    if (line.noNewline) lines.push(NO_NEWLINE_MARKER);
  }
  return { lines, cut };
}

/** A hunk that changes nothing but line endings (its - and + lines equal once CRs are dropped). */
function eolOnlyHunk(hunk: Hunk): boolean {
  const removed = hunk.lines.filter((l) => l.kind === '-').map((l) => l.text.replace(/\r$/, ''));
  const added = hunk.lines.filter((l) => l.kind === '+').map((l) => l.text.replace(/\r$/, ''));
  return removed.length > 0 && removed.length === added.length && removed.every((text, i) => text === added[i]);
}

const eolName = (e: Eol) => (e === 'crlf' ? 'CRLF' : e === 'lf' ? 'LF' : e === 'mixed' ? 'mixed line endings' : 'no line break');

function stagingText(plan: FilePlan): string {
  const parts: string[] = [];
  if (plan.staged && plan.unstaged) parts.push('staged and unstaged');
  else if (plan.staged) parts.push('staged');
  else if (plan.unstaged) parts.push('unstaged');
  if (plan.current?.origin === 'buffer' && plan.against !== 'WORKTREE') parts.push('unsaved editor buffer');
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

function renderFile(env: ReadEnv, input: DiffPreviewInput, plan: FilePlan): ToolResponse {
  const context = input.context_lines ?? DIFF_LIMITS.defaultContext;
  const offset = input.hunk_offset ?? 0;
  const notes = [...plan.notes];
  const name = plan.oldDisplay ? `${plan.display} (${plan.status === 'copied' ? 'copied' : 'renamed'} from ${plan.oldDisplay})` : plan.display;
  const currentText = plan.current ? contentOf(plan.current.bytes) : undefined;
  const oldText = plan.old ? contentOf(plan.old.bytes) : undefined;
  const baseMeta = (): ReadMeta => ({
    ...emptyMeta(),
    total_bytes: plan.current?.bytes.length ?? null,
    total_lines: currentText?.kind === 'text' ? countLines(currentText.text) : null,
    source: plan.current?.origin === 'buffer' ? 'buffer' : 'disk',
  });
  const diffMeta = (extra: Record<string, unknown>) => ({
    against: plan.against,
    status: plan.status,
    staged: plan.staged,
    unstaged: plan.unstaged,
    unsaved: plan.current?.origin === 'buffer',
    old_path: plan.oldDisplay ?? null,
    repository: plan.repository ?? null,
    no_commits: plan.noCommits,
    ...extra,
  });
  const versus = `against ${plan.against === 'INDEX' ? 'the index' : plan.against === 'WORKTREE' ? 'the file on disk' : 'HEAD'}`;

  if (oldText?.kind === 'binary' || currentText?.kind === 'binary') {
    const size = (v: Version | undefined) => (v ? formatBytes(v.bytes.length) : 'absent');
    const same = plan.old && plan.current && Buffer.from(plan.old.bytes).equals(Buffer.from(plan.current.bytes));
    const reason = (oldText?.kind === 'binary' ? oldText.reason : undefined) ?? (currentText?.kind === 'binary' ? currentText.reason : undefined);
    const what = reason === 'encoding' ? 'not UTF-8 text (treated as binary)' : 'binary';
    const header = `${name} · ${same ? 'unchanged' : plan.status}${stagingText(plan)} · ${versus} · ${what}: ${plan.oldName} ${size(plan.old)} → now ${size(plan.current)}${same ? ', identical' : ', contents differ'}; lines are not shown.`;
    const text = [header, ...notes.map((n) => `[${n}]`)].join('\n');
    return {
      ok: true,
      mode: 'diff_preview',
      target: plan.display,
      content: '',
      text,
      meta: { ...baseMeta(), token_estimate: env.countTokens(text), diff: diffMeta({ binary: true, added: null, removed: null, hunks: 0 }) },
      location: { file: plan.display, line: null, end_line: null },
    };
  }

  const oldString = oldText?.kind === 'text' ? oldText.text : '';
  const newString = currentText?.kind === 'text' ? currentText.text : '';
  if (plan.old && plan.current && oldString === newString && plan.oldDisplay) {
    const text = `${name} · ${plan.status}${stagingText(plan)} · ${versus} · content unchanged (+0 -0): only the path changed.`;
    return {
      ok: true,
      mode: 'diff_preview',
      target: plan.display,
      content: '',
      text,
      meta: { ...baseMeta(), token_estimate: env.countTokens(text), diff: diffMeta({ added: 0, removed: 0, hunks: 0 }) },
      location: { file: plan.display, line: null, end_line: null },
    };
  }
  if (plan.old && plan.current && oldString === newString) {
    const where = plan.current.origin === 'buffer' ? 'the unsaved editor buffer' : 'the file on disk';
    return cleanResponse(env, plan.display, `${name} · unchanged ${versus}: ${where} matches ${plan.oldName}.`, plan.against, 'unchanged', {
      hint: plan.stagedElsewhere
        ? `Its staged changes show against HEAD: ${callText('lectern_read', previewCall({ ...input, against: undefined }, plan.display))}`
        : `Other changed files: ${callText('lectern_read', plan.summary ?? previewCall(input, undefined))}`,
      totalBytes: plan.current.bytes.length,
      source: plan.current.origin === 'buffer' ? 'buffer' : 'disk',
    });
  }
  const result = diffText(oldString, newString, context);
  const { diff } = result;
  if (result.eol === 'only') {
    const header = `${name} · ${plan.status}${stagingText(plan)} · ${versus} · only line endings differ: ${plan.oldName} has ${eolName(result.oldEol)}, now ${eolName(result.newEol)} (${plural(countLines(newString), 'line')}); no other change.`;
    const text = [header, `[git diff shows every line as changed here; \`git diff --ignore-cr-at-eol\` shows nothing.]`, ...notes.map((n) => `[${n}]`)].join('\n');
    return {
      ok: true,
      mode: 'diff_preview',
      target: plan.display,
      content: '',
      text,
      meta: { ...baseMeta(), token_estimate: env.countTokens(text), diff: diffMeta({ line_endings: 'only', old_eol: result.oldEol, new_eol: result.newEol, added: 0, removed: 0, hunks: 0 }) },
      location: { file: plan.display, line: null, end_line: null },
    };
  }
  if (result.eol === 'ignored') {
    notes.push(`Line endings also changed on every line (${plan.oldName} ${eolName(result.oldEol)}, now ${eolName(result.newEol)}); the hunks compare content with line endings ignored (as git diff --ignore-cr-at-eol).`);
  }
  if (diff.approximate) notes.push('The changes were too tangled to align line by line in time: the differing part is shown removed and added whole.');
  const total = diff.hunks.length;
  if (offset > 0 && offset >= total) {
    throw new LecternError(
      'OUT_OF_RANGE',
      `hunk_offset ${formatCount(offset)} is past the end: the diff of ${plan.display} has ${plural(total, 'hunk')}.`,
      `From the first hunk: ${callText('lectern_read', previewCall(input, plan.display))}.`,
      { total_lines: currentText?.kind === 'text' ? countLines(newString) : null },
    );
  }
  const counts = `+${formatCount(diff.added)} -${formatCount(diff.removed)}`;
  let wholeNote = '';
  if (!plan.old) wholeNote = ` · all ${plural(diff.added, 'line')} new`;
  else if (!plan.current) wholeNote = ` · all ${plural(diff.removed, 'line')} removed`;
  const headerFor = (shown: number) => {
    const range = offset === 0 && shown === total ? plural(total, 'hunk') : `hunks ${formatCount(offset + 1)}-${formatCount(offset + shown)} of ${formatCount(total)}`;
    return `${name} · ${plan.status}${stagingText(plan)} · ${versus} · ${counts}${wholeNote} · ${range}`;
  };
  // Whole hunks while they fit; a first hunk too large alone is cut at a line.
  const reserve = FRAME_RESERVE_TOKENS + env.countTokens(headerFor(total)) + notes.reduce((sum, n) => sum + env.countTokens(n) + 2, 0);
  const body: string[] = [];
  const patch: string[] = [`--- ${plan.patchOld}\n`, `+++ ${plan.patchNew}\n`];
  let used = reserve;
  let shown = 0;
  let cutLines = 0;
  let partial: { shownLines: number; totalLines: number; hunk: Hunk } | null = null;
  for (let i = offset; i < total; i++) {
    const hunk = diff.hunks[i]!;
    const rendered = renderHunkLines(hunk);
    const piece = [hunkHeader(hunk), ...rendered.lines].join('\n');
    const cost = env.countTokens(piece) + 1;
    if (used + cost > env.tokenCap) {
      if (shown === 0) partial = { ...fitHunk(env, hunk, env.tokenCap - used), hunk };
      break;
    }
    used += cost;
    body.push(piece);
    patch.push(hunkPatch(hunk));
    cutLines += rendered.cut;
    shown++;
  }
  if (partial) {
    const rendered = renderHunkLines(partial.hunk, 0, partial.shownLines);
    body.push([hunkHeader(partial.hunk), ...rendered.lines].join('\n'));
    cutLines += rendered.cut;
    shown = 1;
    const rest = partial.hunk.lines.slice(partial.shownLines);
    const newFirst = partial.hunk.newStart + partial.hunk.lines.slice(0, partial.shownLines).filter((l) => l.kind !== '-').length;
    const newRest = rest.filter((l) => l.kind !== '-').length;
    notes.unshift(
      `Hunk ${formatCount(offset + 1)} alone is larger than one answer (${formatCount(env.tokenCap)} tokens): showing its first ${plural(partial.shownLines, 'line')} of ${formatCount(partial.totalLines)}.` +
        (newRest > 0 && plan.current
          ? ` The rest of its new text: ${callText('lectern_read', { mode: 'file', target: plan.display, start_line: newFirst, end_line: newFirst + newRest - 1 })}.`
          : '') +
        (context > 0 ? ' Fewer context_lines make hunks smaller.' : ''),
    );
  }
  const eolHunks = diff.hunks.slice(offset, offset + shown).filter(eolOnlyHunk);
  if (eolHunks.length > 0 && result.eol === 'same') {
    notes.push(`${eolHunks.map(hunkHeader).map((h) => h.replace(/ @@.*$/, ' @@')).join(', ')}: only line endings changed there (CRLF vs LF; CRs are not shown).`);
  }
  if (cutLines > 0) notes.push(`${plural(cutLines, 'line')} longer than ${formatCount(LIMITS.maxLineChars)} characters cut for display.`);
  const next = offset + shown < total ? previewCall(input, plan.display, { hunk_offset: offset + shown }) : null;
  if (next && !partial) {
    notes.push(`${plural(total - offset - shown, 'more hunk')} did not fit this answer (${formatCount(env.tokenCap)} tokens).`);
  }
  const shownHunks = diff.hunks.slice(offset, offset + shown);
  const first = shownHunks[0];
  const last = shownHunks[shownHunks.length - 1];
  const startLine = first ? Math.max(1, first.newStart) : null;
  const endLine = last ? Math.max(startLine ?? 1, last.newStart + last.newLines - 1) : null;
  const footer = notes.map((n) => `[${n}]`);
  if (next) footer.push(`[Next: ${callText('lectern_read', next)}]`);
  const text = [headerFor(shown), ...body, ...footer].join('\n');
  return {
    ok: true,
    mode: 'diff_preview',
    target: plan.display,
    content: shown === 0 ? '' : partial ? patch.join('') + hunkPatch({ ...partial.hunk, lines: partial.hunk.lines.slice(0, partial.shownLines) }) : patch.join(''),
    text,
    meta: {
      ...baseMeta(),
      token_estimate: env.countTokens(text),
      truncated: offset > 0 || next !== null || partial !== null,
      preview_degraded: next !== null || partial !== null,
      start_line: plan.current ? startLine : null,
      end_line: plan.current ? endLine : null,
      next,
      ...(notes.length > 0 ? { notes } : {}),
      diff: diffMeta({
        added: diff.added,
        removed: diff.removed,
        hunks: total,
        hunk_offset: offset,
        hunks_shown: shown,
        context_lines: context,
        ...(result.eol === 'ignored' ? { line_endings: 'ignored', old_eol: result.oldEol, new_eol: result.newEol } : {}),
        ...(diff.approximate ? { approximate: true } : {}),
      }),
    },
    location: { file: plan.display, line: plan.current ? startLine : null, end_line: plan.current ? endLine : null },
  };
}

/** How many lines of a hunk fit `budget` tokens (at least one). */
function fitHunk(env: ReadEnv, hunk: Hunk, budget: number): { shownLines: number; totalLines: number } {
  let used = env.countTokens(hunkHeader(hunk)) + 1;
  let shownLines = 0;
  for (const line of hunk.lines) {
    const shown = shownLine(line.kind, line.text).line;
    const cost = env.countTokens(shown) + 1;
    if (used + cost > budget && shownLines > 0) break;
    used += cost;
    shownLines++;
  }
  return { shownLines, totalLines: hunk.lines.length };
}

// --- A folder, or the whole workspace ----------------------------------------------------------------

interface Section {
  repo?: GitRepository;
  /** Folders this section covers: a scope folder inside the repository, or the whole repository. */
  scopes: string[];
  rootDisplay?: string;
  title: string;
  status?: GitStatus;
  entries: SummaryEntry[];
}

interface SummaryEntry {
  absolute: string;
  display: string;
  /** Shown in the list: relative to the repository (or the display path without one). */
  shown: string;
  oldShown?: string;
  oldAbsolute?: string;
  status: string;
  flags: string[];
  counts: LineCounts | 'binary' | null;
  input: NextCall;
  /** Not a file: a submodule or a nested repository, previewed as a folder. */
  folder?: boolean;
  /** Needs its +/- lines counted (they may also show it did not change at all). */
  change?: GitChange;
  dirty?: boolean;
}

async function summarize(env: ReadEnv, input: DiffPreviewInput, against: DiffAgainst, folder: ResolvedPath | null): Promise<ToolResponse> {
  const scopes = folder ? [{ name: folder.display, path: folder.absolute }] : env.host.roots().map((r) => ({ name: r.name, path: r.path }));
  if (scopes.length === 0) {
    throw new LecternError('NO_WORKSPACE', 'No workspace folder is open, so there is no scope to list changes in.', 'Pass a target: a file or folder path.');
  }
  const where = folder ? folder.display : scopes.length > 1 ? `the workspace (${scopes.map((s) => s.name).join(', ')})` : 'the workspace';
  if (against === 'WORKTREE') return summarizeBuffers(env, input, scopes, where, folder);
  const git = env.host.git;
  if (!git) throw noGit();
  const sections = new Map<string, Section>();
  const outside: string[] = [];
  for (const scope of scopes) {
    cancelled(env);
    const containing = await git.repositoryAt(scope.path);
    const nested = await git.repositoriesUnder(scope.path);
    if (!containing && nested.length === 0) {
      outside.push(scope.name);
      continue;
    }
    const add = (repo: GitRepository, covers: string) => {
      const known = sections.get(repo.root);
      if (known) known.scopes.push(covers);
      else sections.set(repo.root, { repo, scopes: [covers], title: '', entries: [] });
    };
    if (containing) add(containing, scope.path);
    for (const repo of nested) add(repo, repo.root);
  }
  if (sections.size === 0) {
    const message =
      scopes.length > 1
        ? `None of the workspace folders (${scopes.map((s) => s.name).join(', ')}) is in or holds a git repository.`
        : `${folder ? folder.display : 'The workspace folder'} is not inside a git repository and holds none.`;
    throw new LecternError(
      'NOT_A_REPOSITORY',
      message,
      `Unsaved editor changes need no git: ${callText('lectern_read', { mode: 'diff_preview', ...(folder ? { target: folder.display } : {}), against: 'WORKTREE' })}. (To track changes, run git init.)`,
    );
  }
  const ordered = [...sections.values()].sort((a, b) => byCodeUnits(a.repo!.root, b.repo!.root));
  const started = Date.now();
  const numstats: NumstatCache = new Map();
  let counted = 0;
  let uncounted = 0;
  for (const section of ordered) {
    cancelled(env);
    const repo = section.repo!;
    const status = await repo.status();
    section.status = status;
    const rootDisplay = await displayOf(env, repo.root);
    section.rootDisplay = rootDisplay === '.' ? nodePath.basename(repo.root) : rootDisplay;
    section.title = `${section.rootDisplay} · git repository${status.branch ? `, branch ${status.branch}` : ''}${status.hasCommits ? '' : ', no commits yet'}`;
    const inScope = (p: string | undefined) => p !== undefined && section.scopes.some((s) => isWithin(s, p));
    const rel = (p: string) => toPosix(nodePath.relative(repo.root, p)) || '.';
    const byPath = mergeChanges(status.changes);
    const listed = new Set<string>();
    for (const change of byPath.values()) {
      if (!inScope(change.path) && !inScope(change.oldPath)) continue;
      const entry = await entryFor(env, input, against, status, change, rel);
      if (!entry) continue;
      listed.add(change.path);
      section.entries.push(entry);
    }
    // Unsaved buffers of files git sees as unchanged still differ from HEAD and the index.
    for (const dirtyPath of env.host.documents?.dirtyPaths?.() ?? []) {
      if (listed.has(dirtyPath) || !inScope(dirtyPath) || !isWithin(repo.root, dirtyPath)) continue;
      if (ordered.some((other) => other !== section && other.repo!.root.length > repo.root.length && isWithin(other.repo!.root, dirtyPath))) continue;
      const display = await displayOf(env, dirtyPath);
      section.entries.push({ absolute: dirtyPath, display, shown: rel(dirtyPath), status: 'modified', flags: ['unsaved editor buffer'], counts: null, input: previewCall(input, display), change: { path: dirtyPath }, dirty: true });
    }
    for (const entry of section.entries) {
      if (entry.folder || !entry.change) continue;
      if (counted >= DIFF_LIMITS.countFilesMax || Date.now() - started > DIFF_LIMITS.countBudgetMs) {
        uncounted++;
        continue;
      }
      counted++;
      entry.counts = await countEntry(env, repo, status, against, entry, numstats);
    }
    // A buffer or file whose content turned out equal to the old version is not a change.
    section.entries = section.entries.filter((e) => !(e.counts && e.counts !== 'binary' && e.counts.added === 0 && e.counts.removed === 0 && e.status === 'modified' && (e.dirty || e.flags.includes('unsaved editor buffer'))));
    section.entries.sort((a, b) => byCodeUnits(a.shown, b.shown));
  }
  const notes: string[] = [];
  if (outside.length > 0) notes.push(`${outside.join(', ')}: not in a git repository.`);
  if (uncounted > 0) notes.push(`+/- counts of ${plural(uncounted, 'file')} were not computed (over ${formatCount(DIFF_LIMITS.countFilesMax)} files or ${formatCount(DIFF_LIMITS.countBudgetMs / 1000)} s); preview a file to see them.`);
  for (const section of ordered) {
    if (section.status?.truncated) notes.push(`The host listed only part of ${section.rootDisplay}'s changes (a status limit).`);
    for (const note of section.status?.notes ?? []) notes.push(`${section.rootDisplay}: ${note}`);
  }
  return renderSummary(env, input, against, where, folder, ordered, notes);
}

/** The summary line of one git change against HEAD or the index, or null when it is no difference there. */
async function entryFor(env: ReadEnv, input: DiffPreviewInput, against: 'HEAD' | 'INDEX', status: GitStatus, change: GitChange, rel: (p: string) => string): Promise<SummaryEntry | null> {
  const display = await displayOf(env, change.path);
  const dirty = env.host.documents?.dirty(change.path) !== undefined;
  const base = { absolute: change.path, display, shown: rel(change.path), input: previewCall(input, display), counts: null, dirty };
  if (change.submodule) {
    const what = [change.submodule.commitChanged && 'new commits', change.submodule.modified && 'modified content', change.submodule.untracked && 'untracked content'].filter(Boolean).join(', ');
    if (against === 'INDEX' && !change.unstaged) return null;
    return { ...base, status: 'submodule', flags: what ? [what] : [], folder: true };
  }
  if (change.nestedRepository) return { ...base, shown: `${base.shown}/`, status: 'nested repository', flags: ['untracked here; its own changes are listed under it'], folder: true };
  const conflicted = change.staged === 'conflicted' || change.unstaged === 'conflicted';
  const flags: string[] = [];
  let kind: string;
  if (conflicted) {
    kind = 'conflicted';
  } else if (against === 'INDEX') {
    if (!change.unstaged && !dirty) return null;
    kind = change.unstaged === 'untracked' ? 'untracked' : change.unstaged === 'deleted' ? 'deleted' : change.unstaged === 'added' ? 'added' : change.unstaged === 'type_changed' ? 'type changed' : 'modified';
  } else {
    let inHead: boolean;
    if (!status.hasCommits) inHead = false;
    else if (change.unstaged === 'untracked') inHead = change.staged === 'deleted'; // git rm --cached: still on disk
    else inHead = !(change.staged === 'added' || change.staged === 'renamed' || change.staged === 'copied' || change.unstaged === 'added');
    // Without an unstaged change the working tree matches the index.
    const onDisk = change.unstaged === 'deleted' ? false : change.unstaged !== undefined || change.staged !== 'deleted';
    if (!inHead && !onDisk && !dirty) return null;
    if (!inHead) kind = change.staged === 'renamed' || change.staged === 'copied' ? change.staged : change.staged === 'added' || change.unstaged === 'added' ? 'added' : 'untracked';
    else if (!onDisk && !dirty) kind = 'deleted';
    else kind = change.staged === 'type_changed' || change.unstaged === 'type_changed' ? 'type changed' : 'modified';
    if (change.staged && kind !== 'untracked') flags.push('staged');
    if (change.unstaged && change.unstaged !== 'untracked') flags.push('unstaged');
  }
  if (dirty) flags.push('unsaved editor buffer');
  const renamed = against === 'HEAD' && (kind === 'renamed' || kind === 'copied') && change.oldPath;
  return {
    ...base,
    status: kind,
    flags,
    oldAbsolute: renamed ? change.oldPath : undefined,
    oldShown: renamed ? rel(change.oldPath!) : undefined,
    change,
  };
}

/** The host's counts for one repository, asked for once per summary. */
type NumstatCache = Map<GitRepository, Promise<Map<string, LineCounts | 'binary'>>>;

async function countEntry(env: ReadEnv, repo: GitRepository, status: GitStatus, against: 'HEAD' | 'INDEX', entry: SummaryEntry, numstats: NumstatCache): Promise<LineCounts | 'binary' | null> {
  try {
    // The host's own counts, when it has them, for files without an unsaved buffer.
    const hostCounts = !entry.dirty && !entry.oldAbsolute && entry.status !== 'untracked' && entry.status !== 'conflicted' && !(against === 'HEAD' && !status.hasCommits);
    if (repo.numstat && hostCounts) {
      let pending = numstats.get(repo);
      if (pending === undefined) {
        pending = repo.numstat(against).catch(() => new Map());
        numstats.set(repo, pending);
      }
      const found = (await pending).get(entry.absolute);
      if (found) return found;
    }
    const oldPath = entry.oldAbsolute ?? entry.absolute;
    const old = entry.status === 'untracked' || (against === 'HEAD' && !status.hasCommits) ? undefined : await readGit(repo, against, oldPath, entry.display);
    const current = await readCurrent(env, entry.absolute, entry.display);
    const a = old ? contentOf(old.bytes) : ({ kind: 'text', text: '' } as Content);
    const b = current ? contentOf(current.bytes) : ({ kind: 'text', text: '' } as Content);
    if (a.kind === 'binary' || b.kind === 'binary') return 'binary';
    if (a.text === b.text) return { added: 0, removed: 0 };
    const { diff } = diffText(a.text, b.text, 0);
    return { added: diff.added, removed: diff.removed };
  } catch (error) {
    if (error instanceof LecternError && error.code === 'TOO_LARGE') return null;
    throw error;
  }
}

async function summarizeBuffers(env: ReadEnv, input: DiffPreviewInput, scopes: { name: string; path: string }[], where: string, folder: ResolvedPath | null): Promise<ToolResponse> {
  const notes: string[] = [];
  const section: Section = { scopes: scopes.map((s) => s.path), title: '', entries: [] };
  const documents = env.host.documents;
  if (!documents?.dirtyPaths) {
    notes.push('This host has no editor buffers (the CLI reads files from disk), so nothing is unsaved. Changes against git: drop against, or use against "INDEX".');
  } else {
    for (const path of documents.dirtyPaths()) {
      if (!section.scopes.some((s) => isWithin(s, path))) continue;
      const display = await displayOf(env, path);
      const entry: SummaryEntry = { absolute: path, display, shown: display, status: 'unsaved changes', flags: [], counts: null, input: previewCall(input, display) };
      const disk = await readDisk(env, path, display).catch(() => undefined);
      const buffer = env.host.documents?.dirty(path);
      if (!buffer) continue;
      if (!disk) entry.status = 'new (not on disk)';
      const a = disk ? contentOf(disk) : ({ kind: 'text', text: '' } as Content);
      if (a.kind === 'binary') entry.counts = 'binary';
      else if (a.text === buffer.text) continue;
      else {
        const { diff } = diffText(a.text, buffer.text, 0);
        entry.counts = { added: diff.added, removed: diff.removed };
      }
      section.entries.push(entry);
    }
    section.entries.sort((a, b) => byCodeUnits(a.shown, b.shown));
  }
  return renderSummary(env, input, 'WORKTREE', where, folder, [section], notes);
}

function countsText(counts: SummaryEntry['counts']): string {
  if (counts === null) return '+? -?';
  if (counts === 'binary') return 'binary';
  return `+${formatCount(counts.added)} -${formatCount(counts.removed)}`;
}

function entryLine(entry: SummaryEntry): string {
  const from = entry.oldShown ? ` (from ${entry.oldShown})` : '';
  const counts = entry.folder ? '' : ` ${countsText(entry.counts)}`;
  const flags = entry.flags.length > 0 ? ` (${entry.flags.join(', ')})` : '';
  return `  ${entry.status} ${entry.shown}${from}${counts}${flags} → ${callText('lectern_read', entry.input)}`;
}

function renderSummary(env: ReadEnv, input: DiffPreviewInput, against: DiffAgainst, where: string, folder: ResolvedPath | null, sections: Section[], notes: string[]): ToolResponse {
  const all = sections.flatMap((section) => section.entries.map((entry) => ({ section, entry })));
  const offset = input.file_offset ?? 0;
  const total = all.length;
  if (offset > 0 && offset >= total) {
    throw new LecternError(
      'OUT_OF_RANGE',
      `file_offset ${formatCount(offset)} is past the end: ${plural(total, 'changed file')} in ${where}.`,
      `From the first: ${callText('lectern_read', previewCall(input, folder?.display))}.`,
    );
  }
  let added = 0;
  let removed = 0;
  let binary = 0;
  for (const { entry } of all) {
    if (entry.counts && entry.counts !== 'binary') {
      added += entry.counts.added;
      removed += entry.counts.removed;
    } else if (entry.counts === 'binary') binary++;
  }
  const what = against === 'WORKTREE' ? 'Unsaved changes' : `Changes against ${against === 'INDEX' ? 'the index (unstaged)' : 'HEAD'}`;
  const headerFor = (shown: number) => {
    const range = offset === 0 && shown === total ? plural(total, 'file') : `files ${formatCount(offset + 1)}-${formatCount(offset + shown)} of ${formatCount(total)}`;
    return `${what} in ${where} · ${range} · +${formatCount(added)} -${formatCount(removed)}${binary > 0 ? ` · ${plural(binary, 'binary file')}` : ''}`;
  };
  const reserve = FRAME_RESERVE_TOKENS + env.countTokens(headerFor(total)) + notes.reduce((sum, n) => sum + env.countTokens(n) + 2, 0);
  let used = reserve;
  const body: string[] = [];
  let shown = 0;
  let lastSection: Section | null = null;
  const shownEntries: SummaryEntry[] = [];
  for (let i = offset; i < total; i++) {
    const { section, entry } = all[i]!;
    const lines = section !== lastSection && section.title ? [section.title, entryLine(entry)] : [entryLine(entry)];
    const cost = env.countTokens(lines.join('\n')) + 1;
    if (used + cost > env.tokenCap && shown > 0) break;
    used += cost;
    body.push(...lines);
    lastSection = section;
    shownEntries.push(entry);
    shown++;
  }
  if (total === 0) {
    const clean = sections.filter((s) => s.title).map((s) => s.title);
    if (clean.length > 0) body.push(...clean.map((t) => `${t}: no changes`));
    notes.unshift(
      against === 'WORKTREE'
        ? `No unsaved changes in ${where}.`
        : against === 'INDEX'
          ? `Nothing differs from the index in ${where}: no unstaged changes or untracked files. Staged changes show against HEAD.`
          : `Nothing differs from HEAD in ${where}: no staged, unstaged or untracked changes.`,
    );
  }
  const next = offset + shown < total ? previewCall(input, folder?.display, { file_offset: offset + shown }) : null;
  if (next) notes.push(`${plural(total - offset - shown, 'more file')} did not fit this answer (${formatCount(env.tokenCap)} tokens).`);
  if (shown > 0) notes.push('Preview one file with the call after its →; then read or edit the lines its hunks name.');
  const footer = notes.map((n) => `[${n}]`);
  if (next) footer.push(`[Next: ${callText('lectern_read', next)}]`);
  const text = [headerFor(shown), ...body, ...footer].join('\n');
  const meta: ReadMeta = {
    ...emptyMeta(),
    token_estimate: env.countTokens(text),
    truncated: offset > 0 || next !== null,
    preview_degraded: next !== null,
    next,
    diff: {
      against,
      files: total,
      file_offset: offset,
      files_shown: shown,
      added,
      removed,
      repositories: sections
        .filter((s) => s.repo)
        .map((s) => ({ root: s.rootDisplay, branch: s.status?.branch ?? null, has_commits: s.status?.hasCommits ?? null, changed: s.entries.length })),
      entries: shownEntries.map((e) => ({
        path: e.display,
        status: e.status,
        old_path: e.oldShown ?? null,
        staged: e.flags.includes('staged'),
        unstaged: e.flags.includes('unstaged'),
        unsaved: e.flags.includes('unsaved editor buffer') || against === 'WORKTREE',
        added: e.counts && e.counts !== 'binary' ? e.counts.added : null,
        removed: e.counts && e.counts !== 'binary' ? e.counts.removed : null,
        binary: e.counts === 'binary',
        input: e.input,
      })),
    },
  };
  if (notes.length > 0) meta.notes = notes;
  return {
    ok: true,
    mode: 'diff_preview',
    target: folder?.display ?? null,
    content: body.join('\n'),
    text,
    meta,
    location: null,
  };
}
