// Finished walks a resident engine keeps (ground/walk.ts): everything a walk emitted (files and
// skips, in order) and what it depended on (the version of each folder it listed and of each
// .gitignore it read). A later walk with the same options replays the recording when every one of
// those is unchanged. A folder's version changes whenever an entry is created, deleted or renamed in
// it (its modification time) or its mode changes (its change time); a link is checked through its target.
import type { EntryStat, FileSystemPort } from './fileSystemPort';
import type { WorkspaceRoot } from './ports';
import { sameIdentity } from './fileIdentity';

/** Why the walker left a folder or file out. */
export type SkipReason = 'excluded folder' | 'hidden folder' | '.gitignore' | 'exclude setting';

export interface ListedFile {
  absolute: string;
  root: WorkspaceRoot;
  /** Path relative to its root, with forward slashes. */
  relative: string;
}

interface WalkSkip {
  root: WorkspaceRoot;
  relative: string;
  reason: SkipReason;
  directory: boolean;
}

/** One thing a walk did: entered a folder (where it checks for cancellation), listed a file, skipped one. */
export type WalkStep = 'folder' | { file: ListedFile } | { skip: WalkSkip };

/** A path the walk read, and its version then (undefined: nothing was there). */
interface Dependency {
  path: string;
  version: EntryStat | undefined;
}

interface Recording {
  steps: readonly WalkStep[];
  depends: readonly Dependency[];
}

/**
 * A version changed within the clock's resolution may change again unseen: what was read of one
 * modified this recently is not kept (a walk here; a file's class and grams in search/prefilter.ts).
 */
export const SETTLED_MS = 2_000;

/**
 * Recordings kept at most, and their steps and dependencies together (about 600 bytes each with the
 * paths they hold: this repository's node_modules, 11,755 files listed, is 15,000 entries and 9.5 MB);
 * the least recently used go first. A workspace of 100,000 files in 15,000 folders is 130,000 entries
 * a walk, and two walks of it are kept (a search's and the symbol index's): below that, every call
 * walked it again (a page of references 2-3 s more, and more memory held by the garbage than by
 * the recording).
 */
const MAX_RECORDINGS = 6;
const MAX_ENTRIES = 300_000;

const weight = (r: Recording) => r.steps.length + r.depends.length;

function sameVersion(a: EntryStat | undefined, b: EntryStat | undefined): boolean {
  if (!a || !b) return a === b;
  return a.kind === b.kind && sameIdentity(a, b);
}

async function statOf(fs: FileSystemPort, path: string): Promise<EntryStat | undefined> {
  try {
    return fs.statSync ? fs.statSync(path) : await fs.stat(path);
  } catch {
    return undefined;
  }
}

export class WalkCache {
  private readonly recordings = new Map<string, Recording>();
  private entries = 0;
  /** Walks replayed so far (the benches and tests read it). */
  replayed = 0;
  private walked = false;

  constructor(
    private readonly maxRecordings = MAX_RECORDINGS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  get size(): number {
    return this.recordings.size;
  }

  /** The steps of the walk recorded under `key`, when nothing it depended on has changed since. */
  async replay(key: string, fs: FileSystemPort): Promise<readonly WalkStep[] | undefined> {
    const recording = this.recordings.get(key);
    if (!recording) return undefined;
    for (const { path, version } of recording.depends) {
      if (!sameVersion(version, await statOf(fs, path))) {
        this.drop(key);
        return undefined;
      }
    }
    this.recordings.delete(key); // most recently used last
    this.recordings.set(key, recording);
    this.replayed++;
    return recording.steps;
  }

  /**
   * Whether to record the walk about to run: not an engine's first (a process that answers one call
   * and ends would pay the folders' stats for nothing), every one after.
   */
  recordsNext(): boolean {
    const first = !this.walked;
    this.walked = true;
    return !first;
  }

  record(key: string, recording: Recording): void {
    this.drop(key);
    if (weight(recording) > this.maxEntries) return;
    this.recordings.set(key, recording);
    this.entries += weight(recording);
    for (const [oldest, kept] of this.recordings) {
      if (this.recordings.size <= this.maxRecordings && this.entries <= this.maxEntries) break;
      this.recordings.delete(oldest);
      this.entries -= weight(kept);
    }
  }

  private drop(key: string): void {
    const old = this.recordings.get(key);
    if (!old) return;
    this.recordings.delete(key);
    this.entries -= weight(old);
  }
}

/** What one walk emits and reads, as it goes; `finish` is the recording, unless something it read was not settled. */
export class WalkRecorder {
  readonly steps: WalkStep[] = [];
  private readonly depends: Dependency[] = [];
  private settled = true;

  constructor(private readonly fs: FileSystemPort) {}

  /** Called before the walk reads `path` (a folder's listing, a .gitignore): its version now. */
  async dependOn(path: string): Promise<void> {
    const now = Date.now();
    const version = await statOf(this.fs, path);
    if (version && !(version.mtimeMs < now - SETTLED_MS)) this.settled = false;
    this.depends.push({ path, version });
  }

  finish(): Recording | undefined {
    return this.settled ? { steps: this.steps, depends: this.depends } : undefined;
  }
}
