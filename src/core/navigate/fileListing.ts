// Mode "files": listing and finding files. A folder (or the workspace) as a tree, directories first;
// a glob's matches; or a name part's matches ranked by relevance. The one workspace walk lists them
// (search/searchScope.ts: .gitignore, vendored and hidden folders, the exclude setting), secret-looking
// files are counted, not named, and the answer fits a token budget (fileListingAnswer.ts), with what it
// left out counted and the calls that show it.
import picomatch from 'picomatch';
import { LecternError, emptyMeta, type ToolResponse } from '../ground/contract';
import { callText, clip, formatCount } from '../ground/format';
import { TOOL } from '../ground/tools';
import type { ReadEnv } from '../ground/env';
import { resolveScope, walkScope, type Scope } from '../search/searchScope';
import { listingText, type Listing } from './fileListingAnswer';

export interface FilesInput {
  target?: string;
  max_tokens?: number;
  skip?: number;
  depth?: number;
}

const FILES_LIMITS = {
  defaultTokens: 1_500,
  /** A walk stops counting past this many files in scope (the answer says so). */
  maxFiles: 200_000,
};

/** How a target is read: a folder (or none), a glob, or a part of a file's name or path. */
type TargetKind = 'folder' | 'glob' | 'name';

async function kindOf(env: ReadEnv, target: string | undefined): Promise<TargetKind> {
  if (target === undefined) return 'folder';
  const clean = target.trim();
  if (picomatch.scan(clean).isGlob) return 'glob';
  try {
    const resolved = await env.resolver.resolve(clean);
    if ((await env.host.fs.stat(resolved.absolute))?.kind === 'directory') return 'folder';
  } catch {
    // not a path here: a name part
  }
  return 'name';
}

interface Walked {
  paths: string[];
  secrets: number;
  capped: boolean;
}

/** Every file of the scope the walk lists (display paths, walk order), secret-looking ones counted apart. */
async function walkedFiles(env: ReadEnv, scope: Scope, keep: (path: string) => boolean): Promise<Walked> {
  const isSecret = await env.resolver.secretTestUnder(scope.scopes);
  const { walk } = walkScope(env, scope, [], []);
  const walked: Walked = { paths: [], secrets: 0, capped: false };
  for await (const file of walk) {
    const path = scope.display(file.root, file.relative);
    if (!keep(path)) continue;
    if (!env.allowSecrets && isSecret(file)) {
      walked.secrets++;
      continue;
    }
    walked.paths.push(path);
    if (walked.paths.length >= FILES_LIMITS.maxFiles) {
      walked.capped = true;
      await walk.return(undefined);
      break;
    }
  }
  return walked;
}

/** Depth-first order, a folder's subfolders before its files, each in name order (as the tree shows them). */
function treeOrder(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    const xDir = i < x.length - 1;
    const yDir = i < y.length - 1;
    if (xDir !== yDir) return xDir ? -1 : 1;
    return x[i]! < y[i]! ? -1 : 1;
  }
  return x.length - y.length;
}

/** Smaller is more relevant: the name itself, then a name that starts with it, contains it, then a path that does. */
function relevance(path: string, part: string): number {
  const name = (path.slice(path.lastIndexOf('/') + 1) || path).toLowerCase();
  if (name === part || name.split('.')[0] === part || name.slice(0, name.lastIndexOf('.')) === part) return 0;
  if (name.startsWith(part)) return 1;
  if (name.includes(part)) return 2;
  return 3;
}

/** A name part's matches, most relevant first; shallower, then alphabetical, within the same relevance. */
function rankByName(paths: readonly string[], part: string): string[] {
  const needle = part.toLowerCase();
  const depth = (p: string) => p.split('/').length;
  return paths
    .filter((p) => p.toLowerCase().includes(needle))
    .map((path) => ({ path, score: relevance(path, needle) }))
    .sort((a, b) => a.score - b.score || depth(a.path) - depth(b.path) || (a.path < b.path ? -1 : 1))
    .map((r) => r.path);
}

function noMatch(part: string): LecternError {
  return new LecternError(
    'NOT_FOUND',
    `No file's path contains "${clip(part, 200)}" (nor is it a folder or a glob).`,
    `A shorter part, a glob such as "**/*${clip(part, 40)}*", the workspace's tree: ${callText(TOOL.read, { mode: 'files' })}, or ${TOOL.search} for text inside files.`,
  );
}

export async function listFiles(env: ReadEnv, input: FilesInput): Promise<ToolResponse> {
  const notes: string[] = [];
  let maxTokens = input.max_tokens ?? FILES_LIMITS.defaultTokens;
  if (maxTokens > env.tokenCap) {
    notes.push(`max_tokens ${formatCount(maxTokens)} is over this answer's cap: ${formatCount(env.tokenCap)} used.`);
    maxTokens = env.tokenCap;
  }
  const kind = await kindOf(env, input.target);
  const part = input.target?.trim() ?? '';
  const scope = await resolveScope(env, kind === 'name' ? undefined : input.target);
  const walked = await walkedFiles(
    env,
    scope,
    kind === 'name' ? (p) => p.toLowerCase().includes(part.toLowerCase()) : () => true,
  );
  if (kind === 'name' && walked.paths.length === 0 && walked.secrets === 0) throw noMatch(part);
  if (walked.capped) notes.push(`Counting stopped at ${formatCount(FILES_LIMITS.maxFiles)} files: name a folder.`);
  const call: Record<string, unknown> = { mode: 'files' };
  if (input.target !== undefined) call.target = input.target;
  if (input.max_tokens !== undefined) call.max_tokens = input.max_tokens;
  if (input.depth !== undefined) call.depth = input.depth;
  const listing: Listing = {
    kind: kind === 'folder' ? 'tree' : 'list',
    label: kind === 'folder' ? scope.label : input.target!.trim(),
    base: kind === 'folder' && scope.label !== 'the workspace' ? scope.label.replace(/\/?$/, '/') : '',
    paths: kind === 'name' ? rankByName(walked.paths, part) : [...walked.paths].sort(treeOrder),
    secrets: walked.secrets,
    skip: input.skip ?? 0,
    depth: input.depth ?? Infinity,
    call,
    maxTokens,
    notes,
  };
  const { text, shown } = listingText(env.countTokens, listing);
  const meta = {
    ...emptyMeta(),
    files: listing.paths.length,
    shown,
    max_tokens: maxTokens,
    ...(notes.length > 0 ? { notes } : {}),
  };
  return { ok: true, mode: 'files', target: input.target ?? null, content: '', text, meta, location: null };
}
