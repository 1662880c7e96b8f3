// How a host turns the engine's paths into the workspace's URIs and back, given by each host to the
// shared adapters (the dashboard's open-file, @lectern's citations and active file, the language
// server's references): the desktop's are `file:` URIs; the web host's take the workspace folder's
// scheme (src/web/host.ts).
import * as vscode from 'vscode';

export interface WorkspaceUris {
  /** The URI of an absolute path as the engine names it. */
  uriOf(path: string): vscode.Uri;
  /** The engine's path of a URI, or null when it is no file of the workspace's kind (untitled, virtual, git…). */
  pathOf(uri: vscode.Uri): string | null;
}

/** Files on disk, as the Node extension host reads them. */
export const fileUris: WorkspaceUris = {
  uriOf: (path) => vscode.Uri.file(path),
  pathOf: (uri) => (uri.scheme === 'file' ? uri.fsPath : null),
};
