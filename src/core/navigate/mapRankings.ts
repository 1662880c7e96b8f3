// A map's ranking, kept for the file versions it was made from: a warm map of a workspace where
// nothing changed shows the same declarations in the same order without reading the files' words
// again or walking the graph. Kept per workspace index (one per engine) and per target folder, a few
// folders at most; any file's new version, a file added or gone, makes the key differ.
import type { IndexedFile } from '../symbols/workspaceIndex';
import type { MapItem } from './mapAnswer';
import type { GraphFile } from './mapGraph';

export interface Ranking {
  /** The files mapped (their mentions dropped: only the ranking needed them). */
  files: readonly GraphFile[];
  /** Every mappable declaration in show order. */
  items: readonly MapItem[];
}

const FOLDERS_KEPT = 4;
const kept = new WeakMap<object, Map<string, { versions: string; ranking: Ranking }>>();

/** What a ranking was made from: each file and its version. */
export function versionsOf(files: readonly IndexedFile[]): string {
  return files.map((file) => `${file.absolute}\0${file.versionKey}`).join('\n');
}

/** The ranking of `folder` made from these `versions`, when one is kept for `index`. */
export function keptRanking(index: object, folder: string, versions: string): Ranking | undefined {
  const folders = kept.get(index);
  const entry = folders?.get(folder);
  if (!folders || !entry || entry.versions !== versions) return undefined;
  // Mapped again: the folder is now the one mapped last.
  folders.delete(folder);
  folders.set(folder, entry);
  return entry.ranking;
}

export function keepRanking(index: object, folder: string, versions: string, ranking: Ranking): void {
  let folders = kept.get(index);
  if (!folders) kept.set(index, (folders = new Map()));
  folders.delete(folder);
  folders.set(folder, { versions, ranking });
  // The folder mapped longest ago goes first.
  if (folders.size > FOLDERS_KEPT) folders.delete(folders.keys().next().value!);
}
