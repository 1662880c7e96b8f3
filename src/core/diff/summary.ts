// The summary of a folder or the whole workspace: every changed file in scope, grouped by the git
// repository that holds it (nested repositories and submodules get their own section), or, against
// WORKTREE, every unsaved editor buffer.
import * as nodePath from 'node:path';
import { LecternError, type ToolResponse } from '../ground/contract';
import type { ResolvedPath } from '../ground/paths';
import type { ReadEnv } from '../ground/env';
import { callText, formatCount, plural } from '../ground/format';
import { hostPacer } from '../ground/walk';
import type { GitPort, GitRepository } from '../ground/gitPort';
import { mergeChanges, noGit, throwIfCancelled } from './gitChanges';
import { requireConfined } from './gitConfinement';
import { DIFF_LIMITS, previewCall, type DiffAgainst, type DiffPreviewInput } from './previewInput';
import { renderSummary } from './summaryAnswer';
import { countEntry, entryFor, type NumstatCache, type Section, type SummaryEntry } from './summaryEntries';
import { contentOf, lineCounts, NO_CONTENT } from './textCompare';
import { readDisk } from './versions';
import { looksSecret, withheldNote, withhold } from './withheld';
import { displayOf, isWithin, posixRelative } from './workspacePaths';
import { TOOL } from '../ground/tools';

interface Scope {
  name: string;
  path: string;
}

/** How many entries have had their lines counted, against the summary's limits. */
interface CountBudget {
  started: number;
  numstats: NumstatCache;
  counted: number;
  uncounted: number;
}

/** Paths in git's order (by code unit: "README.md" before "lib/"). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function summarize(
  env: ReadEnv,
  input: DiffPreviewInput,
  against: DiffAgainst,
  folder: ResolvedPath | null,
): Promise<ToolResponse> {
  const scopes: Scope[] = folder
    ? [{ name: folder.display, path: folder.absolute }]
    : env.host.roots().map((r) => ({ name: r.name, path: r.path }));
  if (scopes.length === 0) {
    throw new LecternError(
      'NO_WORKSPACE',
      'No workspace folder is open, so there is no scope to list changes in.',
      'Pass a target: a file or folder path.',
    );
  }
  const where = folder
    ? folder.display
    : scopes.length > 1
      ? `the workspace (${scopes.map((s) => s.name).join(', ')})`
      : 'the workspace';
  if (against === 'WORKTREE') return summarizeBuffers(env, input, scopes, where, folder);
  const git = env.host.git;
  if (!git) throw noGit();
  const { sections, outside, withheld: refused } = await repositorySections(env, git, scopes, folder);
  const budget: CountBudget = { started: Date.now(), numstats: new Map(), counted: 0, uncounted: 0 };
  for (const section of sections) await listSection(env, input, against, section, sections, budget);
  const notes: string[] = [];
  const withheld = sections.reduce((n, section) => n + section.entries.filter((e) => e.withheld).length, 0);
  if (withheld > 0) notes.push(withheldNote(withheld));
  if (outside.length > 0) notes.push(`${outside.join(', ')}: not in a git repository.`);
  for (const refusal of refused) notes.push(`Not listed (GIT_OUTSIDE_WORKSPACE): ${refusal.message}`);
  if (budget.uncounted > 0)
    notes.push(
      `+/- counts of ${plural(budget.uncounted, 'file')} were not computed (over ${formatCount(DIFF_LIMITS.countFilesMax)} files or ${formatCount(DIFF_LIMITS.countBudgetMs / 1000)} s); preview a file to see them.`,
    );
  for (const section of sections) {
    if (section.status?.truncated)
      notes.push(`The host listed only part of ${section.rootDisplay}'s changes (a status limit).`);
    for (const note of section.status?.notes ?? []) notes.push(`${section.rootDisplay}: ${note}`);
  }
  return renderSummary(env, input, against, where, folder, sections, notes);
}

/** One section per repository that holds a scope or lies inside one, by root; `outside` names scopes in none. */
async function repositorySections(
  env: ReadEnv,
  git: GitPort,
  scopes: Scope[],
  folder: ResolvedPath | null,
): Promise<{ sections: Section[]; outside: string[]; withheld: LecternError[] }> {
  const sections = new Map<string, Section>();
  const outside: string[] = [];
  const withheld: LecternError[] = [];
  // A repository whose metadata leads outside the workspace is left out, and said so.
  const confined = async (repo: GitRepository | undefined) => {
    if (!repo) return false;
    try {
      await requireConfined(env, repo, await displayOf(env, repo.root), folder?.display, false);
      return true;
    } catch (error) {
      if (!(error instanceof LecternError) || error.code !== 'GIT_OUTSIDE_WORKSPACE') throw error;
      if (!withheld.some((known) => known.message === error.message)) withheld.push(error);
      return false;
    }
  };
  for (const scope of scopes) {
    throwIfCancelled(env);
    const found = await git.repositoryAt(scope.path);
    const under = await git.repositoriesUnder(scope.path);
    const containing = (await confined(found)) ? found : undefined;
    const nested: GitRepository[] = [];
    for (const repo of under) if (await confined(repo)) nested.push(repo);
    if (!found && under.length === 0) {
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
  if (sections.size === 0 && withheld.length > 0) throw withheld[0]!;
  if (sections.size === 0) {
    const message =
      scopes.length > 1
        ? `None of the workspace folders (${scopes.map((s) => s.name).join(', ')}) is in or holds a git repository.`
        : `${folder ? folder.display : 'The workspace folder'} is not inside a git repository and holds none.`;
    throw new LecternError(
      'NOT_A_REPOSITORY',
      message,
      `Unsaved editor changes need no git: ${callText(TOOL.read, { mode: 'diff_preview', ...(folder ? { target: folder.display } : {}), against: 'WORKTREE' })}. (To track changes, run git init.)`,
    );
  }
  return {
    sections: [...sections.values()].sort((a, b) => byCodeUnits(a.repo!.root, b.repo!.root)),
    outside,
    withheld,
  };
}

/** Fills a section: its title, and an entry per change in scope, counted while the budget lasts. */
async function listSection(
  env: ReadEnv,
  input: DiffPreviewInput,
  against: 'HEAD' | 'INDEX',
  section: Section,
  all: Section[],
  budget: CountBudget,
): Promise<void> {
  throwIfCancelled(env);
  const repo = section.repo!;
  const status = await repo.status();
  section.status = status;
  const rootDisplay = await displayOf(env, repo.root);
  section.rootDisplay = rootDisplay === '.' ? nodePath.basename(repo.root) : rootDisplay;
  section.title = `${section.rootDisplay} · git repository${status.branch ? `, branch ${status.branch}` : ''}${status.hasCommits ? '' : ', no commits yet'}`;
  const inScope = (p: string | undefined) => p !== undefined && section.scopes.some((s) => isWithin(s, p));
  const rel = (p: string) => posixRelative(repo.root, p) || '.';
  const listed = new Set<string>();
  // Thousands of changes (untracked files each count) resolve their paths synchronously: the host gets turns.
  const pace = hostPacer();
  for (const change of (await mergeChanges(status.changes)).values()) {
    await pace();
    if (!inScope(change.path) && !inScope(change.oldPath)) continue;
    const entry = await entryFor(env, input, against, status, change, rel);
    if (!entry) continue;
    if (!entry.folder && looksSecret(env, entry)) withhold(entry);
    listed.add(change.path);
    section.entries.push(entry);
  }
  // Unsaved buffers of files git sees as unchanged still differ from HEAD and the index.
  for (const dirtyPath of env.host.documents?.dirtyPaths?.() ?? []) {
    if (listed.has(dirtyPath) || !inScope(dirtyPath) || !isWithin(repo.root, dirtyPath)) continue;
    if (
      all.some(
        (other) =>
          other !== section && other.repo!.root.length > repo.root.length && isWithin(other.repo!.root, dirtyPath),
      )
    )
      continue;
    const display = await displayOf(env, dirtyPath);
    section.entries.push({
      absolute: dirtyPath,
      display,
      shown: rel(dirtyPath),
      status: 'modified',
      flags: ['unsaved editor buffer'],
      counts: null,
      input: previewCall(input, display),
      change: { path: dirtyPath },
      dirty: true,
    });
  }
  for (const entry of section.entries) {
    if (entry.folder || !entry.change || entry.withheld) continue;
    if (budget.counted >= DIFF_LIMITS.countFilesMax || Date.now() - budget.started > DIFF_LIMITS.countBudgetMs) {
      budget.uncounted++;
      continue;
    }
    budget.counted++;
    try {
      entry.counts = await countEntry(env, repo, status, against, entry, budget.numstats);
    } catch (error) {
      // Judged by its real path when read: a link named innocently to a key.
      if (!(error instanceof LecternError && error.code === 'SECRET_PATH')) throw error;
      withhold(entry);
    }
  }
  // A buffer or file whose content turned out equal to the old version is not a change.
  section.entries = section.entries.filter(
    (e) =>
      !(
        e.counts &&
        e.counts !== 'binary' &&
        e.counts.added === 0 &&
        e.counts.removed === 0 &&
        e.status === 'modified' &&
        (e.dirty || e.flags.includes('unsaved editor buffer'))
      ),
  );
  section.entries.sort((a, b) => byCodeUnits(a.shown, b.shown));
}

async function summarizeBuffers(
  env: ReadEnv,
  input: DiffPreviewInput,
  scopes: Scope[],
  where: string,
  folder: ResolvedPath | null,
): Promise<ToolResponse> {
  const notes: string[] = [];
  const section: Section = { scopes: scopes.map((s) => s.path), title: '', entries: [] };
  const documents = env.host.documents;
  if (!documents?.dirtyPaths) {
    notes.push(
      'This host has no editor buffers (the CLI reads files from disk), so nothing is unsaved. Changes against git: drop against, or use against "INDEX".',
    );
  } else {
    for (const path of documents.dirtyPaths()) {
      if (!section.scopes.some((s) => isWithin(s, path))) continue;
      const display = await displayOf(env, path);
      const entry: SummaryEntry = {
        absolute: path,
        display,
        shown: display,
        status: 'unsaved changes',
        flags: [],
        counts: null,
        input: previewCall(input, display),
      };
      if (looksSecret(env, entry)) {
        withhold(entry);
        section.entries.push(entry);
        continue;
      }
      const disk = await readDisk(env, path, display).catch(() => undefined);
      const buffer = env.host.documents?.dirty(path);
      if (!buffer) continue;
      if (!disk) entry.status = 'new (not on disk)';
      const old = disk ? contentOf(disk) : NO_CONTENT;
      if (old.kind === 'text' && old.text === buffer.text) continue;
      entry.counts = lineCounts(old, { kind: 'text', text: buffer.text });
      section.entries.push(entry);
    }
    section.entries.sort((a, b) => byCodeUnits(a.shown, b.shown));
    const withheld = section.entries.filter((e) => e.withheld).length;
    if (withheld > 0) notes.push(withheldNote(withheld));
  }
  return renderSummary(env, input, 'WORKTREE', where, folder, [section], notes);
}
