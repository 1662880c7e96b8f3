// The core's Host on plain Node, for the hosts outside VS Code (the CLI, the MCP server): the disk,
// git on the command line, the grammar files shipped next to the bundle, and roots given by the caller;
// the symbol index persists in the user cache folder and parses in worker threads.
import * as path from 'node:path';
import type { Host, WorkspaceRoot } from '../core/ground/ports';
import type { TokenCounter } from '../core/ground/tokens';
import { countingFileSystem } from './callActivity';
import { createGitCli } from './gitCli';
import { nodeFileSystem } from './nodeFileSystem';
import { createOutlineWorkers } from './outlineWorkers';
import { recordingFileSystem } from './replayLog';
import { createSymbolCache } from './symbolCacheStore';
import { userCacheDir } from './userCacheDir';
import { createOutlineThread } from './outlineThread';
import { createRegexRunner } from './regexRunner';
import { nodeTokenCounter } from './tokenizer';
import { threadTokenCounter } from './tokenizerThread';
import { ripgrepFinder, ripgrepOnPath } from './ripgrep';
import { createWasmLoader } from './wasmFiles';
import { watchedStats } from './watchedStats';
import { createReferenceEngines } from './referenceEngines';
import type { LanguageServerMode } from './languageServers/serverPool';
import type { ServerSpec } from './languageServers/serverSpecs';

/** Folders as workspace roots, named after their last path segment (as VS Code names its folders). */
export function rootsOf(dirs: readonly string[]): WorkspaceRoot[] {
  return dirs.map((dir) => {
    const absolute = path.resolve(dir);
    return { name: path.basename(absolute) || absolute, path: absolute };
  });
}

export interface NodeHostOptions {
  /** Where dist/grammars and the worker bundle are (default: next to this bundle). */
  bundleDir?: string;
  tokenCounter?: TokenCounter;
  /**
   * Count tokens on the process's tokenizer thread (tokenizerThread.ts), started now: for a resident engine, whose
   * other callers a first count's table load would hold up. Without it (a one-shot call) the table loads on this
   * thread at the first count. Ignored with `tokenCounter`.
   */
  tokenizerThread?: boolean;
  /** Tell the replay log which files each call touched. */
  recordFiles?: boolean;
  /**
   * A resident engine (a session, an MCP server): stats repeated while the kernel reports no change
   * are answered from memory (watchedStats.ts). Not with `recordFiles`, whose log notes every stat.
   */
  watch?: boolean;
  /** Language servers behind mode "references" (`--language-servers`); absent: none is started. */
  languageServers?: () => LanguageServerMode;
  /** The language servers it may start (tests; default: serverSpecs.ts's). */
  serverSpecs?: readonly ServerSpec[];
}

/** A Node host, and the end of its worker threads (what a process or an HTTP session calls when it is over). */
export interface NodeHost extends Host {
  /** Terminates every worker thread and language server it started (regular expressions, outlines, the symbol index). */
  dispose(): Promise<void>;
  /** The process ids of its running language servers (tests, measurements). */
  languageServerPids(): Promise<number[]>;
}

/** `roots` is read at every call, so a host may change its folders (MCP roots) between calls. */
export function createNodeHost(roots: () => readonly WorkspaceRoot[], options: NodeHostOptions = {}): NodeHost {
  const outlineWorkers = createOutlineWorkers(options.bundleDir ?? __dirname, undefined, roots);
  const runner = createRegexRunner(options.bundleDir);
  // A replay log notes every file a call reads: files read on the thread would go unnoted (kept
  // texts it scans were read, and noted, here).
  const { scanFile, ...notReading } = runner;
  const regex = options.recordFiles ? notReading : runner;
  const outlineThread = createOutlineThread(options.bundleDir);
  const counted = countingFileSystem(options.recordFiles ? recordingFileSystem(nodeFileSystem) : nodeFileSystem);
  const fs = options.watch && !options.recordFiles ? watchedStats(counted) : undefined;
  const engines = createReferenceEngines({
    roots,
    bundleDir: options.bundleDir ?? __dirname,
    ...(options.languageServers ? { languageServers: options.languageServers } : {}),
    ...(options.serverSpecs ? { specs: options.serverSpecs } : {}),
  });
  const host: NodeHost = {
    fs: fs ?? counted,
    roots,
    loadWasm: createWasmLoader(options.bundleDir),
    git: createGitCli(),
    symbolCache: createSymbolCache(userCacheDir(), roots),
    outlineWorkers,
    regex,
    outlineThread,
    // An index.scip at a folder's top where it covers the place and is fresh, then a language server.
    get references() {
      return engines.references();
    },
    dispose: async () => {
      fs?.dispose();
      regex.dispose?.();
      outlineThread.dispose?.();
      await Promise.all([outlineWorkers.dispose(), engines.dispose()]);
    },
    languageServerPids: async () => (await engines.servers?.pids()) ?? [],
  };
  const candidates = ripgrepFinder(ripgrepOnPath);
  if (candidates) host.candidates = candidates;
  const { tokenCounter } = options;
  host.tokenCounter = tokenCounter
    ? async () => tokenCounter
    : options.tokenizerThread
      ? threadTokenCounter(options.bundleDir ?? __dirname)
      : async () => nodeTokenCounter;
  return host;
}
