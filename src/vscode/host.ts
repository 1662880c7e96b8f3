// The core's ports in VS Code: workspace folders, unsaved buffers, settings. Files are read with
// Node's fs (the extension host runs where the files are, also under code-server and remotes).
import * as vscode from 'vscode';
import type { DirtyDocument, Host, WorkspaceRoot } from '../core/ground/ports';
import type { Settings } from '../core/ground/settings';
import { join } from 'node:path';
import { nodeFileSystem } from '../node/nodeFileSystem';
import { createOutlineWorkers } from '../node/outlineWorkers';
import { createSymbolCache } from '../node/symbolCacheStore';
import { createWasmLoader } from '../node/wasmFiles';
import { documentSymbols } from './documentSymbols';
import { createGitExtensionPort } from './gitExtension';
import type { GitPort } from '../core/ground/gitPort';
import { createGitCli } from '../node/gitCli';
import { createOutlineThread } from '../node/outlineThread';
import { createRegexRunner } from '../node/regexRunner';
import { ripgrepFinder, ripgrepInVscode } from '../node/ripgrep';

/**
 * In an untrusted workspace the git extension is not used: the command-line port runs git with the
 * repository's executable configuration neutralised (fsmonitor, hooks, filters, external diff…).
 * Trust is read on every call, so granting it switches to the extension.
 */
function trustAwareGit(): GitPort {
  const trusted = createGitExtensionPort();
  const untrusted = createGitCli();
  const current = () => (vscode.workspace.isTrusted ? trusted : untrusted);
  return {
    repositoryAt: (path) => current().repositoryAt(path),
    repositoriesUnder: (folder) => current().repositoriesUnder(folder),
  };
}

function roots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => ({ name: folder.name, path: folder.uri.fsPath }));
}

function dirtyPaths(): string[] {
  return vscode.workspace.textDocuments
    .filter((doc) => doc.isDirty && doc.uri.scheme === 'file')
    .map((doc) => doc.uri.fsPath);
}

function dirty(path: string): DirtyDocument | undefined {
  const document = vscode.workspace.textDocuments.find(
    (doc) => doc.isDirty && doc.uri.scheme === 'file' && doc.uri.fsPath === path,
  );
  return document
    ? { text: document.getText(), version: document.version, languageId: document.languageId }
    : undefined;
}

/** `storagePath`: the extension's storage folder (the symbol index persists there), when VS Code gives one. */
export function createVscodeHost(extensionPath: string, storagePath?: string): Host {
  // The ripgrep VS Code's own search runs.
  const candidates = ripgrepFinder(() => ripgrepInVscode(vscode.env.appRoot));
  return {
    ...(candidates ? { candidates } : {}),
    ...(storagePath ? { symbolCache: createSymbolCache(storagePath, roots) } : {}),
    outlineWorkers: createOutlineWorkers(join(extensionPath, 'dist'), undefined, roots),
    fs: nodeFileSystem,
    documents: { dirty, dirtyPaths },
    roots,
    watchesFiles: true,
    loadWasm: createWasmLoader(join(extensionPath, 'dist')),
    documentSymbols,
    git: trustAwareGit(),
    regex: createRegexRunner(join(extensionPath, 'dist')),
    outlineThread: createOutlineThread(join(extensionPath, 'dist')),
    excludeGlobs,
  };
}

/**
 * Host.excludeGlobs: the enabled (`true`) globs of `files.exclude` as a workspace folder sees them
 * (folder settings over workspace and user settings), and for search `search.exclude` laid over
 * them, as VS Code's search does (a `false` there re-includes a files.exclude glob). Entries with a
 * `{ when }` sibling condition are left out.
 */
function excludeGlobs(root: WorkspaceRoot, purpose: 'files' | 'search'): string[] {
  const scope = vscode.Uri.file(root.path);
  const read = (section: 'files' | 'search') =>
    vscode.workspace.getConfiguration(section, scope).get<Record<string, unknown>>('exclude') ?? {};
  const merged = { ...read('files'), ...(purpose === 'search' ? read('search') : {}) };
  return Object.entries(merged)
    .filter(([, on]) => on === true)
    .map(([glob]) => glob);
}

/** The enabled globs of `files.exclude` (`true` entries; `{ when }` conditions are skipped), across the folders. */
function filesExcludeGlobs(): string[] {
  const scopes: (vscode.Uri | undefined)[] = [
    undefined,
    ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri),
  ];
  const globs = new Set<string>();
  for (const scope of scopes) {
    const exclude = vscode.workspace.getConfiguration('files', scope).get<Record<string, unknown>>('exclude') ?? {};
    for (const [glob, on] of Object.entries(exclude)) if (on === true) globs.add(glob);
  }
  return [...globs];
}

/** lectern.secretPatterns from every level, but exemptions ("!glob") only from the user's own settings. */
function secretPatterns(config: vscode.WorkspaceConfiguration): string[] {
  const levels = config.inspect<unknown>('secretPatterns');
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
  const user = list(levels?.globalValue);
  const workspace = [...list(levels?.workspaceValue), ...list(levels?.workspaceFolderValue)].filter(
    (g) => !g.trim().startsWith('!'),
  );
  return [...user, ...workspace];
}

export function readSettings(): Partial<Settings> {
  const config = vscode.workspace.getConfiguration('lectern');
  return {
    contextTokens: config.get<number>('contextTokens'),
    maxReadShare: config.get<number>('maxReadShare'),
    maxReadTokens: config.get<number | null>('maxReadTokens'),
    maxPreviewChars: config.get<number>('maxPreviewChars'),
    lineNumbers: config.get<'sparse' | 'every'>('lineNumbers'),
    // The session layer (core/session): budgets, relevance and exclusion guidance.
    sessionGuard: config.get<boolean>('sessionGuard'),
    maxReadsPerSession: config.get<number>('maxReadsPerSession'),
    maxTotalReadLines: config.get<number>('maxTotalReadLines'),
    maxSingleReadLines: config.get<number>('maxSingleReadLines'),
    hardLimitMultiplier: config.get<number>('hardLimitMultiplier'),
    relevance: config.get<'warn' | 'block'>('relevance'),
    exclusions: config.get<'warn' | 'block'>('exclusions'),
    ephemeralShare: config.get<number>('ephemeralShare'),
    idleResetMinutes: config.get<number>('idleResetMinutes'),
    excludeGlobs: filesExcludeGlobs(),
    // Secrets: in an untrusted workspace the workspace's own settings cannot loosen the policy (restrictedConfigurations).
    secretPatterns: secretPatterns(config),
    allowSecrets: config.inspect<boolean>('allowSecrets')?.globalValue === true,
  };
}
