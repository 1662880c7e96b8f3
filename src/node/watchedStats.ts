// Stats a resident engine takes again and again (a warm search stats every file it lists, a replayed
// walk every folder it listed), answered from memory while the kernel reports no change (inotify,
// through fs.watch). Each remembered file is watched itself (a write through another hard link
// changes it too), and its folder and every folder above it are watched, so a create, a delete, a
// rename or a mode change anywhere on its path drops what was remembered under it. Linux only, on
// local file systems (a network or FUSE mount does not report changes made elsewhere); everywhere
// else, and for paths through a symbolic link (its target's folders are not watched), every stat
// goes to the disk, as before.
//
// A path is remembered once the engine has asked for its stat and then been idle for a moment:
// watching is what costs (about 25 µs a file), and the search that asked should not wait for it. A
// folder's own stat is remembered while the folder is watched itself (its time changes with its
// entries). The engine calls `settle` before it relies on stats (the walk does): the kernel's events
// queued before then are handled first. When the kernel's queue may have overflowed (a burst of
// events as long as half of it, handled at once), every watch ends and everything is forgotten.
import { lstatSync, readFileSync, statfsSync, watch, type FSWatcher, type Stats } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { EntryStat, FileSystemPort } from '../core/ground/fileSystemPort';
import { NOTHING_THERE, toEntry } from './nodeFileSystem';

/** File systems whose changes the kernel reports to a watcher here (statfs magic numbers). */
const LOCAL_FILE_SYSTEMS = new Set([
  0xef53, // ext2/3/4
  0x58465342, // xfs
  0x9123683e, // btrfs
  0x01021994, // tmpfs
  0xf2f52010, // f2fs
  0x2fc12fc1, // zfs
  0xca451a4e, // bcachefs
  0x52654973, // reiserfs
  0x3153464a, // jfs
]);

function procNumber(file: string, fallback: number): number {
  try {
    const value = Number(readFileSync(`/proc/sys/fs/inotify/${file}`, 'utf8').trim());
    return Number.isFinite(value) && value > 0 ? value : fallback;
  } catch {
    return fallback;
  }
}

export interface WatchedStatsOptions {
  /**
   * Files and folders this process watches at most, over all its engines (default: a quarter of the
   * user's inotify watches, at most 65,536): the editor watches too.
   */
  maxWatches?: number;
  /** Events handled at once from which the kernel's queue may have overflowed (default: half its length). */
  burstLimit?: number;
  /** How long no stat is asked for before paths asked for are watched and remembered (default 50 ms). */
  idleMs?: number;
}

/** Watches this process holds, over every engine (an MCP server over HTTP has one per session): the limit is shared. */
let watching = 0;

/** Watches this process holds now (the tests read it). */
export const watchesHeld = (): number => watching;

function end(watcher: FSWatcher): void {
  watcher.close();
  watching--;
}

/** How long one slice of remembering runs before it lets the host run. */
const SLICE_MS = 10;

/** A file system whose `statSync` answers from memory while nothing changed; `dispose` ends its watchers. */
export type WatchedFileSystem = FileSystemPort & {
  dispose(): void;
  /** Resolves once the paths asked for so far are remembered (or cannot be). */
  whenIdle(): Promise<void>;
  /** How many stats were answered from memory so far (the tests and benches read it). */
  remembered(): number;
};

/** `inner` with watched stats, or `inner` itself (with a no-op `dispose`) where changes cannot be watched. */
export function watchedStats(inner: FileSystemPort, options: WatchedStatsOptions = {}): WatchedFileSystem {
  if (process.platform !== 'linux' || !inner.statSync)
    return { ...inner, dispose: () => undefined, whenIdle: async () => undefined, remembered: () => 0 };
  const stats = new StatMemory(
    inner,
    options.maxWatches ?? Math.min(65_536, Math.floor(procNumber('max_user_watches', 8_192) / 4)),
    options.burstLimit ?? Math.floor(procNumber('max_queued_events', 16_384) / 2),
    options.idleMs ?? 50,
  );
  return {
    ...inner,
    statSync: (path) => stats.stat(path),
    // Two turns of the event loop: the first may run before the poll that reads the kernel's events.
    settle: () => new Promise((resolve) => setImmediate(() => setImmediate(resolve))),
    dispose: () => stats.dispose(),
    whenIdle: () => stats.whenIdle(),
    remembered: () => stats.hits,
  };
}

/** The entry at `path` itself (a link is not followed), or undefined when nothing is there. */
function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (error) {
    if (NOTHING_THERE.has((error as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw error;
  }
}

/** The watched folders and files, and the stats remembered by path (null: nothing there). */
class StatMemory {
  private readonly folders = new Map<string, FSWatcher>();
  private readonly files = new Map<string, FSWatcher>();
  private readonly entries = new Map<string, EntryStat | null>();
  /** The paths remembered in each watched folder. */
  private readonly inFolder = new Map<string, Set<string>>();
  /** Folders that cannot be watched (a link, not local, the limit reached, no permission). */
  private readonly unwatchable = new Set<string>();
  /** The watched and unwatchable folders in each folder, to forget a subtree without going through them all. */
  private readonly subfolders = new Map<string, Set<string>>();
  /** Watches to close once the events the kernel queued for them are handled (and counted). */
  private closing: FSWatcher[] = [];
  /** Paths asked for and not yet remembered. */
  private readonly pending = new Set<string>();
  private readonly idleWaiters: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastAsked = 0;
  private burst = 0;
  private disposed = false;
  hits = 0;

  constructor(
    private readonly inner: FileSystemPort,
    private readonly maxWatches: number,
    private readonly burstLimit: number,
    private readonly idleMs: number,
  ) {}

  stat(path: string): EntryStat | undefined {
    const known = this.entries.get(path);
    if (known !== undefined) {
      this.hits++;
      return known ?? undefined;
    }
    if (!this.disposed) this.want(path);
    return this.inner.statSync!(path);
  }

  /** Remembers `path` once the engine is idle: watching thousands of files would slow the search that asked. */
  private want(path: string): void {
    this.lastAsked = performance.now();
    if (this.pending.size < this.maxWatches) this.pending.add(path);
    if (!this.timer) this.timer = setTimeout(() => this.drain(), this.idleMs).unref();
  }

  /** Remembers pending paths in slices while no stat is asked for, until none is left. */
  private drain(): void {
    this.timer = undefined;
    const idle = performance.now() - this.lastAsked;
    if (idle >= this.idleMs) {
      const end = performance.now() + SLICE_MS;
      for (const path of this.pending) {
        this.pending.delete(path);
        this.rememberNow(path);
        if (performance.now() > end) break;
      }
    }
    if (this.pending.size > 0) this.timer = setTimeout(() => this.drain(), Math.max(1, this.idleMs - idle)).unref();
    else for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Resolves when every path asked for so far is remembered or found not to be rememberable. */
  whenIdle(): Promise<void> {
    return this.pending.size === 0 ? Promise.resolve() : new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Watches `path` (its folder and, a file, itself) and then stats it: a change since shows in the stat or as an event. */
  private rememberNow(path: string): void {
    try {
      this.rememberChecked(path);
    } catch {
      // Not statable now (a folder that can be listed but not searched): asked of the disk each time.
    }
  }

  private rememberChecked(path: string): void {
    const folder = dirname(path);
    if (this.disposed || folder === path || this.entries.has(path) || !this.watched(folder)) return;
    const before = lstatOf(path);
    if (before && !(before.isDirectory() ? this.watched(path) : before.isFile() && this.watchFile(path))) return;
    const now = lstatOf(path);
    if (!now) this.remember(folder, path, null);
    // A folder's own time changes with its entries: remembered while it is watched itself.
    else if (now.isDirectory() ? this.folders.has(path) : now.isFile() && this.files.has(path))
      this.remember(folder, path, toEntry(now));
  }

  private remember(folder: string, path: string, entry: EntryStat | null): void {
    this.entries.set(path, entry);
    let paths = this.inFolder.get(folder);
    if (!paths) this.inFolder.set(folder, (paths = new Set()));
    paths.add(path);
  }

  /** Whether `folder` and every folder above it are watched (watching them now if they can be). */
  private watched(folder: string): boolean {
    if (this.folders.has(folder)) return true;
    if (this.unwatchable.has(folder)) return false;
    const parent = dirname(folder);
    const watched = (parent === folder || this.watched(parent)) && this.watchFolder(folder);
    if (!watched) this.unwatchable.add(folder);
    if (parent !== folder) {
      let below = this.subfolders.get(parent);
      if (!below) this.subfolders.set(parent, (below = new Set()));
      below.add(folder);
    }
    return watched;
  }

  private watchFolder(folder: string): boolean {
    try {
      if (!lstatSync(folder).isDirectory() || !LOCAL_FILE_SYSTEMS.has(statfsSync(folder).type)) return false;
    } catch {
      return false;
    }
    const watcher = this.watch(folder, (name) => this.changed(folder, name));
    if (watcher) this.folders.set(folder, watcher);
    return watcher !== undefined;
  }

  private watchFile(path: string): boolean {
    if (this.files.has(path)) return true;
    const watcher = this.watch(path, () => this.forgetFile(path));
    if (watcher) this.files.set(path, watcher);
    return watcher !== undefined;
  }

  private watch(path: string, onChange: (name: string | null) => void): FSWatcher | undefined {
    if (watching >= this.maxWatches) return undefined;
    try {
      const watcher = watch(path, { persistent: false }, (_event, name) => {
        if (this.counted()) onChange(typeof name === 'string' ? name : null);
      });
      // A watch that fails later (its folder gone) forgets what it stood for.
      watcher.on('error', () => onChange(null));
      watching++;
      return watcher;
    } catch {
      return undefined;
    }
  }

  /** Counts an event; false when the burst it belongs to may have overflowed the kernel's queue (everything is forgotten then). */
  private counted(): boolean {
    if (this.burst++ === 0) setImmediate(() => (this.burst = 0));
    if (this.burst < this.burstLimit) return true;
    this.burst = 1;
    this.reset();
    return false;
  }

  /**
   * The kernel reported a change in `folder` to `name`. A change to the folder itself (its mode, a
   * rename) is reported to the folder above it too, which is always watched; one the folder above
   * does not see (an unmount) comes named after the folder, or unnamed.
   */
  private changed(folder: string, name: string | null): void {
    // The folder's own time changed with its entries.
    this.entries.delete(folder);
    if (name === null || name === '' || name === basename(folder)) this.forget(folder);
    if (name === null || name === '') return;
    const child = `${folder === '/' ? '' : folder}/${name}`;
    this.forgetFile(child);
    if (this.folders.has(child) || this.unwatchable.has(child)) this.forget(child);
  }

  private forgetFile(path: string): void {
    this.entries.delete(path);
    const watcher = this.files.get(path);
    if (watcher) this.close(watcher);
    this.files.delete(path);
  }

  /** Forgets what is remembered in and under `folder`, and stops watching them (a folder put in its place is watched anew). */
  private forget(folder: string): void {
    this.entries.delete(folder);
    const watcher = this.folders.get(folder);
    if (watcher) this.close(watcher);
    this.folders.delete(folder);
    this.unwatchable.delete(folder);
    for (const remembered of this.inFolder.get(folder) ?? []) this.forgetFile(remembered);
    this.inFolder.delete(folder);
    const below = this.subfolders.get(folder);
    this.subfolders.delete(folder);
    for (const child of below ?? []) this.forget(child);
    this.subfolders.get(dirname(folder))?.delete(folder);
  }

  /**
   * Closes a watch once this turn's events are handled: libuv drops the events still queued for a
   * closed watch, and a burst must count every one to tell whether the kernel's queue overflowed.
   */
  private close(watcher: FSWatcher): void {
    if (this.closing.push(watcher) === 1) setImmediate(() => this.closeNow());
  }

  private closeNow(): void {
    const closing = this.closing;
    this.closing = [];
    for (const watcher of closing) end(watcher);
  }

  /** Ends every watch and forgets everything. */
  private reset(): void {
    for (const watcher of this.folders.values()) this.close(watcher);
    for (const watcher of this.files.values()) this.close(watcher);
    this.folders.clear();
    this.files.clear();
    this.entries.clear();
    this.inFolder.clear();
    this.unwatchable.clear();
    this.subfolders.clear();
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.pending.clear();
    for (const resolve of this.idleWaiters.splice(0)) resolve();
    this.reset();
    this.closeNow();
  }
}
