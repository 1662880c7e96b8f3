// Engine paths (absolute, POSIX in the browser) and the workspace's URIs, whatever their scheme:
// `file:` on the desktop, `vscode-remote:` in code-server's browser host, `vscode-vfs:` in github.dev.
// Kept free of the vscode module so it can be tested on its own.

/** The parts of a vscode.Uri read here. */
export interface UriParts {
  readonly scheme: string;
  readonly authority: string;
  readonly path: string;
}

/** Whether `path` is `folder` or inside it (a sibling that only shares the prefix is not). */
export const isInsideFolder = (folder: string, path: string): boolean =>
  path === folder || path.startsWith(folder.endsWith('/') ? folder : `${folder}/`);

/** The folder URI that holds an absolute path, else the first folder's; undefined without folders. */
export function folderHolding<U extends UriParts>(folders: readonly U[], path: string): U | undefined {
  return folders.find((folder) => isInsideFolder(folder.path, path)) ?? folders[0];
}

/** The path of a URI when it has a workspace folder's scheme and authority (a file of the workspace's kind), else null. */
export function pathIn(folders: readonly UriParts[], uri: UriParts): string | null {
  return folders.some((folder) => folder.scheme === uri.scheme && folder.authority === uri.authority) ? uri.path : null;
}
