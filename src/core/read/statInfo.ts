// What `lectern_stat` tells of a path (the answer's `meta.stat`): kind, size, time, lines,
// language, encoding, and whether it has unsaved changes or lies outside the workspace.

export interface StatInfo {
  exists: boolean;
  kind: 'file' | 'directory' | 'symlink' | 'other' | null;
  /** For a symlink: what it points at ('file', 'directory', or null when dangling). */
  link_target_kind?: 'file' | 'directory' | 'symlink' | 'other' | null;
  size_bytes: number | null;
  modified_unix_ms: number | null;
  total_lines: number | null;
  language_id: string | null;
  binary: boolean | null;
  encoding: string | null;
  unsaved_changes: boolean;
  outside_workspace: boolean;
}
