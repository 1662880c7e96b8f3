// The core's ports in VS Code: workspace folders, unsaved buffers, settings, the language server's
// references. Files are read with Node's fs (the extension host runs where the files are, also
// under code-server and remotes).
import * as vscode from 'vscode';
import type { DirtyDocument, Host, WorkspaceRoot } from '../core/ground/ports';
import { join } from 'node:path';
import { nodeFileSystem } from '../node/nodeFileSystem';
import { createOutlineWorkers } from '../node/outlineWorkers';
import { createSymbolCache } from '../node/symbolCacheStore';
import { createWasmLoader } from '../node/wasmFiles';
import { documentSymbols } from './documentSymbols';
import { languageServerReferences, REFERENCES_WAIT_MS } from './languageServerReferences';
import { createGitExtensionPort } from './gitExtension';
import type { GitPort } from '../core/ground/gitPort';
import { createGitCli } from '../node/gitCli';
import { createOutlineThread } from '../node/outlineThread';
import { createRegexRunner } from '../node/regexRunner';
import { excludeGlobsFor } from './workspaceSettings';
import { fileUris } from './uris/workspaceUris';
import { ripgrepFinder, ripgrepInVscode } from '../node/ripgrep';
import { watchedStats } from '../node/watchedStats';
import { threadTokenCounter } from '../node/tokenizerThread';

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

/**
 * `storagePath`: the extension's storage folder (the symbol index persists there), when VS Code gives
 * one. `dispose` ends the watches behind the file system's remembered stats.
 */
export function createVscodeHost(extensionPath: string, storagePath?: string): Host & vscode.Disposable {
  // The ripgrep VS Code's own search runs.
  const candidates = ripgrepFinder(() => ripgrepInVscode(vscode.env.appRoot));
  // VS Code's watcher leaves out files.watcherExclude (node_modules by default): stats rest on watches of our own.
  const fs = watchedStats(nodeFileSystem);
  return {
    ...(candidates ? { candidates } : {}),
    ...(storagePath ? { symbolCache: createSymbolCache(storagePath, roots) } : {}),
    outlineWorkers: createOutlineWorkers(join(extensionPath, 'dist'), undefined, roots),
    fs,
    dispose: () => fs.dispose(),
    documents: { dirty, dirtyPaths },
    roots,
    watchesFiles: true,
    loadWasm: createWasmLoader(join(extensionPath, 'dist')),
    documentSymbols,
    references: languageServerReferences(fileUris),
    referencesWaitMs: REFERENCES_WAIT_MS,
    git: trustAwareGit(),
    regex: createRegexRunner(join(extensionPath, 'dist')),
    outlineThread: createOutlineThread(join(extensionPath, 'dist')),
    excludeGlobs: excludeGlobsFor(vscode.Uri.file),
    // The table loads on its own thread, started with the engine (a second after activation, or at the first call,
    // which awaits it), never on the extension host's.
    tokenCounter: threadTokenCounter(join(extensionPath, 'dist')),
  };
}
