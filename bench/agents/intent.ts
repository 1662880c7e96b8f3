// What a read-like step asks for, whatever the agent typed: the bench maps each to Lectern's call.

export type ReadKind = 'whole-file' | 'range' | 'search' | 'listing';

export interface WholeFile {
  kind: 'whole-file';
  files: string[];
}

export interface LineRange {
  kind: 'range';
  file: string;
  /** 1-based, inclusive; `end` null runs to the file's end. */
  start: number;
  end: number | null;
  /** The last N lines (tail -n N): start and end follow from the file's length. */
  last?: number;
  /** `sed -n '/def NAME/,/…/p'`: a walk through one function or class, named so (a symbol read). */
  symbol?: string;
}

export interface Search {
  kind: 'search';
  /** As Lectern takes it: RE2 when `regex`. */
  query: string;
  regex: boolean;
  caseSensitive: boolean;
  /** Files or folders searched; empty: the workspace. */
  paths: string[];
  include: string[];
  before: number;
  after: number;
  /** At most this many lines kept (`| head -n N`). */
  limit?: number;
}

export interface Listing {
  kind: 'listing';
  target: string;
  /** `ls FILE`: whether a file is there. */
  file?: boolean;
  /** `find DIR -name GLOB`: the file names looked for. */
  name?: string;
  /** Folder levels shown: 1 for `ls` without -R, N for `tree -L N`; none for `ls -R`, `tree`, `find`. */
  depth?: number;
}

export type ReadIntent = WholeFile | LineRange | Search | Listing;

/** A read-like step no Lectern call fits, with the kind of step (the unmapped table's rows). */
export interface Unmapped {
  kind: 'unmapped';
  reason: string;
}

/** A read step's intents, an unmapped read, or null: not a read (runs, edits, tests, git). */
export type Classified = { kind: 'read'; intents: ReadIntent[] } | Unmapped | null;

/** A path as the task's tree names it: the harness's /testbed/ and ./ prefixes dropped. */
export function treePath(path: string): string {
  let out = path.replace(/^\/testbed\/?/, '').replace(/^(\.\/)+/, '');
  if (out === '.' || out === '') out = '';
  return out.replace(/\/+$/, '');
}
