// The core's ports in the web worker extension host (vscode.dev, github.dev, code-server's browser
// host): files through vscode.workspace.fs, unsaved buffers from the open documents, grammars and
// the tokenizer read from the extension's own files. No threads, no git, no persistent symbol index:
// outlines and regular-expression scans run inline under the same deadlines.
import * as vscode from 'vscode';
import type { DirtyDocument, Host, WorkspaceRoot } from '../core/ground/ports';
import { languageServerReferences, REFERENCES_WAIT_MS } from '../vscode/languageServerReferences';
import { folderHolding, pathIn } from '../vscode/uris/workspacePaths';
import { excludeGlobsFor } from '../vscode/workspaceSettings';
import type { WorkspaceUris } from '../vscode/uris/workspaceUris';
import { noGitInTheBrowser } from './gitUnavailable';
import { workspaceFileSystem, type UriOf } from './workspaceFileSystem';

/** Workspace folders as the core sees them: the path part of their URI (POSIX), whatever the scheme. */
function roots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ name: folder.name, path: folder.uri.path }));
}

const folderUris = () => (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri);

/** The URI of an absolute path: that of the workspace folder holding it (else of the first folder). */
const uriOf: UriOf = (path) => folderHolding(folderUris(), path)?.with({ path }) ?? vscode.Uri.file(path);

/** The absolute path of a workspace URI, or null when it is not of a workspace folder's scheme. */
export const pathOf = (uri: vscode.Uri): string | null => pathIn(folderUris(), uri);

/** The web host's paths and URIs, for the shared adapters: the workspace folders' scheme and authority. */
export const webUris: WorkspaceUris = { uriOf, pathOf };

const dirtyDocuments = () => vscode.workspace.textDocuments.filter((doc) => doc.isDirty && pathOf(doc.uri) !== null);

function dirty(path: string): DirtyDocument | undefined {
  const document = dirtyDocuments().find((doc) => doc.uri.path === path);
  return document
    ? { text: document.getText(), version: document.version, languageId: document.languageId }
    : undefined;
}

export function createWebHost(extensionUri: vscode.Uri): Host {
  return {
    fs: workspaceFileSystem(uriOf, () => roots().map((root) => root.path)),
    documents: { dirty, dirtyPaths: () => dirtyDocuments().map((doc) => doc.uri.path) },
    roots,
    watchesFiles: true,
    // Per language, on its first outline: dist/grammars/<file> of the extension.
    loadWasm: (file) =>
      Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'grammars', file))),
    references: languageServerReferences(webUris),
    referencesWaitMs: REFERENCES_WAIT_MS,
    git: noGitInTheBrowser,
    excludeGlobs: excludeGlobsFor(uriOf),
  };
}
