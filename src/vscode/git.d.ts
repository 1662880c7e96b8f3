// The part of the built-in git extension's API (`vscode.git`, `getAPI(1)`) that Lectern uses,
// declared here (VS Code ships its full git.d.ts only in its sources). Status codes are numbers;
// gitExtension.ts names the ones it reads.
import type { Event, Uri } from 'vscode';

export interface Change {
  /** The file; for a rename, its new path. */
  readonly uri: Uri;
  /** For a rename, the old path. */
  readonly originalUri: Uri;
  readonly renameUri: Uri | undefined;
  readonly status: number;
}

export interface Branch {
  readonly name?: string;
  /** Undefined in a repository without commits. */
  readonly commit?: string;
}

export interface RepositoryState {
  readonly HEAD: Branch | undefined;
  readonly mergeChanges: Change[];
  readonly indexChanges: Change[];
  readonly workingTreeChanges: Change[];
  /** Filled only when the setting git.untrackedChanges is "separate" (else untracked files are working-tree changes). */
  readonly untrackedChanges?: Change[];
  readonly onDidChange: Event<void>;
}

export interface Repository {
  readonly rootUri: Uri;
  readonly state: RepositoryState;
  /** Refreshes `state` from git. */
  status(): Promise<void>;
  /** `git show --textconv <ref>:<path>`; ref "" names the index (stage 0). Rejects when the object is not there. */
  buffer(ref: string, path: string): Promise<Uint8Array>;
}

export type APIState = 'uninitialized' | 'initialized';

export interface API {
  readonly state: APIState;
  readonly onDidChangeState: Event<APIState>;
  readonly git: { readonly path: string };
  readonly repositories: Repository[];
  /** The open repository holding `uri` (the innermost one), or null. */
  getRepository(uri: Uri): Repository | null;
  /** Opens the repository at `root` (also one created after startup) and returns it, or null. */
  openRepository(root: Uri): Promise<Repository | null>;
}

export interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): API;
}
