// The replay log (opt-in, `--log FILE`): one JSON line per call with its input (keys sorted), the
// settings and folders it ran with, the versions of the files it saw (size, mtime and, for files whose
// bytes it read, a SHA-256 of their content) and its answer (text and a hash of the whole response).
// `lectern replay` runs the calls again and tells, per call, same / drifted / file changed since.
// Which files a call saw is learnt from the file system port, per call even when calls overlap
// (AsyncLocalStorage). Git's own state (HEAD, the index) is not recorded: diff previews name the
// working-tree files they read, not the commits they compare with.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { appendFileSync, lstatSync, readFileSync } from 'node:fs';
import type { ToolResponse } from '../core/ground/contract';
import type { FileSystemPort } from '../core/ground/fileSystemPort';
import type { WorkspaceRoot } from '../core/ground/ports';
import type { Settings } from '../core/ground/settings';

const LOG_VERSION = 1;

/** How a call counted tokens: exactly, or the CLI's one-shot way (an upper bound where it decides alike). */
export type Counting = 'exact' | 'one-shot';

export interface FileVersion {
  path: string;
  kind: 'file' | 'directory' | 'symlink' | 'other' | 'missing';
  size: number | null;
  mtime_ms: number | null;
  /** SHA-256 of the file's bytes, for files the call read. */
  sha256?: string;
}

export interface LogEntry {
  v: number;
  /** Calls with the same session ran in one stabilization session, in log order. */
  session: string;
  seq: number;
  tool: string;
  input: unknown;
  roots: WorkspaceRoot[];
  settings: Partial<Settings>;
  allow_outside: boolean;
  counting: Counting;
  files: FileVersion[];
  ok: boolean;
  answer_sha256: string;
  text: string;
}

/** JSON with object keys sorted, so equal inputs and answers serialize alike. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

export function answerHash(response: ToolResponse): string {
  return sha256(canonicalJson(response));
}

/** The version of `path` now; `read`: with a hash of its bytes. */
export function fileVersion(path: string, read: boolean): FileVersion {
  let stat;
  try {
    stat = lstatSync(path);
  } catch {
    return { path, kind: 'missing', size: null, mtime_ms: null };
  }
  const kind = stat.isFile() ? 'file' : stat.isDirectory() ? 'directory' : stat.isSymbolicLink() ? 'symlink' : 'other';
  const version: FileVersion = { path, kind, size: kind === 'directory' ? null : stat.size, mtime_ms: stat.mtimeMs };
  if (read && kind !== 'directory') {
    try {
      version.sha256 = sha256(readFileSync(path));
    } catch {
      // unreadable now: size and mtime stand
    }
  }
  return version;
}

/** What one call touched: path → whether it read bytes of it. */
type Seen = Map<string, boolean>;

const calls = new AsyncLocalStorage<Seen>();

function note(path: string, read: boolean): void {
  const seen = calls.getStore();
  if (seen && (read || !seen.has(path))) seen.set(path, read || seen.get(path) === true);
}

/** The file system port, telling the running call's record what it touched. */
export function recordingFileSystem(fs: FileSystemPort): FileSystemPort {
  const recording: FileSystemPort = {
    ...(fs.folderVersions ? { folderVersions: true } : {}),
    stat: (path) => (note(path, false), fs.stat(path)),
    lstat: (path) => (note(path, false), fs.lstat(path)),
    realpath: (path) => (note(path, false), fs.realpath(path)),
    open: (path) => (note(path, true), fs.open(path)),
    readdir: (path) => (note(path, false), fs.readdir(path)),
  };
  if (fs.readFileSync)
    recording.readFileSync = (path, maxBytes) => (note(path, true), fs.readFileSync!(path, maxBytes));
  if (fs.readdirSync) recording.readdirSync = (path) => (note(path, false), fs.readdirSync!(path));
  if (fs.statSync) recording.statSync = (path) => (note(path, false), fs.statSync!(path));
  return recording;
}

export interface CallContext {
  session: string;
  tool: string;
  input: unknown;
  roots: readonly WorkspaceRoot[];
  settings: Partial<Settings>;
  allowOutside: boolean;
  counting: Counting;
}

/** Appends one line per call to the log file (created when missing). */
export class ReplayLog {
  private seq = 0;

  constructor(private readonly file: string) {}

  /** Runs `call` with its file accesses recorded, then logs it with its answer. */
  async record<T extends { response: ToolResponse }>(context: CallContext, call: () => Promise<T>): Promise<T> {
    const seen: Seen = new Map();
    const result = await calls.run(seen, call);
    const response = result.response;
    const entry: LogEntry = {
      v: LOG_VERSION,
      session: context.session,
      seq: ++this.seq,
      tool: context.tool,
      input: JSON.parse(canonicalJson(context.input ?? null)),
      roots: context.roots.map((root) => ({ name: root.name, path: root.path })),
      settings: context.settings,
      allow_outside: context.allowOutside,
      counting: context.counting,
      files: [...seen].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, read]) => fileVersion(path, read)),
      ok: response.ok,
      answer_sha256: answerHash(response),
      text: response.text,
    };
    // Answers hold file text: a new log is the user's alone (0600).
    appendFileSync(this.file, JSON.stringify(entry) + '\n', { mode: 0o600 });
    return result;
  }
}

export function readLog(text: string): LogEntry[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        throw new Error(`line ${i + 1} is not JSON`);
      }
      if (entry.v !== LOG_VERSION || typeof entry.tool !== 'string' || !Array.isArray(entry.files))
        throw new Error(`line ${i + 1} is not a replay log entry (version ${LOG_VERSION})`);
      return entry;
    });
}
