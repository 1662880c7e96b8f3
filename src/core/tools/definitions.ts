// The single source of truth for every tool: name, model-facing description, and each input
// field's type and doc side by side. package.json's `languageModelTools` is generated from this
// (`npm run manifest`) and a unit test fails when the two drift apart.

import { SYMBOL_KINDS } from '../ground/symbolTypes';

export type FieldType = 'string' | 'integer' | 'boolean' | 'path-or-paths';

export interface FieldSpec {
  type: FieldType;
  description: string;
  minimum?: number;
  maximum?: number;
  enum?: readonly string[];
  default?: string | number | boolean;
  /** Modes of `lectern_read` this field belongs to; absent = every mode. */
  modes?: readonly string[];
}

export interface ToolDefinition {
  name: string;
  displayName: string;
  toolReferenceName?: string;
  userDescription: string;
  modelDescription: string;
  fields: Readonly<Record<string, FieldSpec>>;
  required: readonly string[];
  /** Fields a mode cannot do without (beyond `required`). */
  modeRequired?: Readonly<Record<string, readonly string[]>>;
  /** Fields of `required` a mode can do without (so the schema's `required` leaves them out). */
  modeOptional?: Readonly<Record<string, readonly string[]>>;
  /** Single-purpose compatibility tools, hidden unless `lectern.legacyTools` is on. */
  legacy?: boolean;
}

/** Modes `lectern_read` answers. */
export const READ_MODES = ['file', 'symbol', 'snippet', 'diff_preview'] as const;
export type ReadMode = (typeof READ_MODES)[number];

const targetDoc =
  'mode "file" and "snippet": the file, a path relative to the workspace folder (in a multi-root workspace you may prefix the folder name, e.g. "api/src/app.ts") or absolute; in mode "file" a list of paths reads several files in one call. mode "symbol": the symbol\'s name or name path, e.g. "parseConfig", "Store.get", "Outer.Inner.fn" ("::", "/" and "#" also separate; a leading separator anchors at the top level). mode "diff_preview": a file (its diff) or a folder (a list of its changed files); omit it for every changed file in the workspace.';

export const lecternRead: ToolDefinition = {
  name: 'lectern_read',
  displayName: 'Lectern: Read',
  toolReferenceName: 'lecternRead',
  userDescription: 'Read a symbol, a snippet, a file outline, a line range, a byte window, or a head or tail, with line numbers and exact paging.',
  modelDescription: [
    'Read workspace code precisely and cheaply. Every answer says which lines you got out of how many ("lines 120-260 of 1,480") and, when more remains, gives the exact input of the next call in its footer.',
    'How to choose a read: (1) need one function, class or method? mode "symbol" with its name ("Store.get"; add path to look in one file) returns exactly its span with doc comments, in one call; (2) unsure what a file holds? mode "file" with outline: true lists its symbols with line ranges; (3) looking for text? call lectern_search for line numbers, then read that range with start_line/end_line, or mode "snippet" with expand "block" to get the whole enclosing block. Prefer one larger range (a few hundred lines) over many small pages. Read a whole file only when you need all of it; a large file read without a range answers with its outline. (4) what changed? mode "diff_preview" without a target lists every changed file (against git HEAD) with the call that previews each; with a file it answers its unified diff (hunks with line numbers).',
    'Ranges are 1-based and inclusive. A range past the end answers OUT_OF_RANGE with the line count and offsets that work. head/tail read the first/last N lines. start_byte/max_bytes read a byte window rounded to whole lines (for minified files or very long lines). Line parameters win over byte parameters.',
    'Reads are budgeted per session (at most a few hundred lines per read). Lines ending answers such as [DEDUPLICATED: …] (text you already have: scroll back to that call), [LOW_RELEVANCE: …], [EXCLUDED_PATH: …] or [BUDGET_SOFT: …] steer you: follow them. force: true insists; ephemeral: true reads something large once.',
  ].join('\n'),
  fields: {
    mode: {
      type: 'string',
      enum: READ_MODES,
      default: 'file',
      description:
        'What to read. "file": lines, a byte window, head, tail or outline of one or more files. "symbol": a function, class, method… by name. "snippet": a line range with context, optionally grown to its enclosing block. "diff_preview": what changed in a file or folder, against git HEAD, the index, or the file on disk.',
    },
    target: { type: 'path-or-paths', description: targetDoc },
    offset: {
      type: 'integer',
      minimum: 1,
      modes: ['file'],
      description: 'First line to read, 1-based. Use with limit. Same as start_line.',
    },
    limit: {
      type: 'integer',
      minimum: 1,
      modes: ['file'],
      description: 'How many lines to read from offset (default: as many as fit the preview size).',
    },
    start_line: {
      type: 'integer',
      minimum: 1,
      modes: ['file', 'snippet'],
      description: 'First line of the range, 1-based, inclusive.',
    },
    end_line: {
      type: 'integer',
      minimum: 1,
      modes: ['file', 'snippet'],
      description: 'Last line of the range, 1-based, inclusive. Past the end of the file it is clamped to the last line.',
    },
    start_byte: {
      type: 'integer',
      minimum: 0,
      modes: ['file'],
      description: 'Byte window: 0-based byte offset to start at. It snaps back to the start of its line. Ignored when line parameters are given.',
    },
    max_bytes: {
      type: 'integer',
      minimum: 1,
      modes: ['file'],
      description: 'Byte window size (default 65536, at most 262144). The window ends at a line end; no partial lines, no split characters.',
    },
    head: { type: 'integer', minimum: 1, modes: ['file'], description: 'Read the first N lines.' },
    tail: { type: 'integer', minimum: 1, modes: ['file'], description: 'Read the last N lines.' },
    max_preview_chars: {
      type: 'integer',
      minimum: 100,
      modes: ['file'],
      description: 'Size bound, in characters, for a read that gives no range (default 12000).',
    },
    outline: {
      type: 'boolean',
      modes: ['file'],
      description: 'Return the file\'s symbol tree ([L10-42] kind signature, nested) instead of its text, with calls that read each symbol.',
    },
    path: {
      type: 'string',
      modes: ['symbol'],
      description: 'Where to look for the symbol: a file, a folder or a glob ("src/**/*.ts"). Without it the whole workspace is searched.',
    },
    kind: {
      type: 'string',
      enum: SYMBOL_KINDS,
      modes: ['symbol'],
      description: 'Only symbols of this kind.',
    },
    index: {
      type: 'integer',
      minimum: 1,
      modes: ['symbol'],
      description: 'Which of several matching symbols (overloads), 1-based in file order; an ambiguous answer lists the exact input for each.',
    },
    include_body: {
      type: 'boolean',
      default: true,
      modes: ['symbol'],
      description: 'false: only the signature, doc comment and an outline of the members, with their line ranges.',
    },
    include_context: {
      type: 'boolean',
      default: true,
      modes: ['symbol'],
      description: 'Include the doc comments, decorators and attributes directly above the symbol.',
    },
    context_lines: {
      type: 'integer',
      minimum: 0,
      maximum: 200,
      modes: ['symbol', 'snippet', 'diff_preview'],
      description: 'Extra lines before and after. In diff_preview: unchanged lines around each change (default 3, as git diff).',
    },
    expand: {
      type: 'string',
      enum: ['none', 'block'],
      default: 'none',
      modes: ['snippet'],
      description: '"block": grow the range to the smallest enclosing statement, block, function or class, so it is never cut mid-block.',
    },
    against: {
      type: 'string',
      enum: ['HEAD', 'INDEX', 'WORKTREE'],
      default: 'HEAD',
      modes: ['diff_preview'],
      description:
        'What to compare the current file with (current = the unsaved editor buffer if any, else the file on disk). "HEAD": the last commit (staged and unstaged changes, untracked files as all new). "INDEX": the staged version (unstaged changes only). "WORKTREE": the file on disk (unsaved editor changes only; needs no git).',
    },
    hunk_offset: {
      type: 'integer',
      minimum: 0,
      modes: ['diff_preview'],
      description: 'Paging a file\'s diff: how many hunks to skip. An answer that does not fit names the next call with it.',
    },
    file_offset: {
      type: 'integer',
      minimum: 0,
      modes: ['diff_preview'],
      description: 'Paging a folder\'s list of changed files: how many files to skip. An answer that does not fit names the next call with it.',
    },
    force: {
      type: 'boolean',
      default: false,
      description:
        'true: read even what the session guard would hold back: text you already got unchanged (answered with a pointer to the earlier call otherwise), an excluded path (node_modules, dist, .gitignore…), a file outside your recent search results, or a call you keep repeating. Use it only when you really need the text again.',
    },
    ephemeral: {
      type: 'boolean',
      default: false,
      description:
        'true: a one-off large read (up to most of the context) whose content is not kept in the session: not de-duplicated, and marked so. For reading something once and answering from it right away.',
    },
  },
  required: ['target'],
  modeRequired: { snippet: ['start_line'] },
  modeOptional: { diff_preview: ['target'] },
};

export const lecternSearch: ToolDefinition = {
  name: 'lectern_search',
  displayName: 'Lectern: Search',
  toolReferenceName: 'lecternSearch',
  userDescription: 'Find lines by text or regular expression in the workspace, a folder, a glob or one file, with line numbers and context.',
  modelDescription: [
    'Find where something is before reading it. Without target it searches the whole workspace (respecting .gitignore and the editor\'s files.exclude/search.exclude; vendored, build and hidden folders are skipped unless named); target can be a folder, a glob ("src/**/*.ts") or one file.',
    'A workspace answer groups matching lines by file, files with the most matching lines first, each line with its number, so you can follow up with lectern_read start_line/end_line around it; it counts the matches and files it left out and names the exact calls to see more. A file target answers every match in line order.',
    'Plain text by default (case-insensitive unless case_sensitive is true); is_regex uses RE2 syntax (no lookaround or backreferences). Narrow a workspace search with include/exclude globs.',
  ].join('\n'),
  fields: {
    target: {
      type: 'string',
      description:
        'Where to search: omit it for the whole workspace; a folder ("src", or in a multi-root workspace "api/src"); a glob ("src/**/*.ts"; without a "/" it matches at any depth: "*.md"); or one file (every match in line order). Relative to the workspace folder, or absolute.',
    },
    query: { type: 'string', description: 'Text or regular expression to find.' },
    is_regex: { type: 'boolean', default: false, description: 'Treat query as an RE2 regular expression.' },
    case_sensitive: { type: 'boolean', default: false, description: 'Match case exactly.' },
    include: {
      type: 'path-or-paths',
      description: 'Workspace search: only files matching these globs ("src/**/*.ts, test/**" or a list; a glob without "/" matches at any depth, a folder matches everything in it). Naming an excluded folder here searches it.',
    },
    exclude: {
      type: 'path-or-paths',
      description: 'Workspace search: leave out files and folders matching these globs ("**/*.test.ts, fixtures").',
    },
    max_results: {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 100,
      description: 'Workspace search: most matching lines to show over all files (default 100, at most 500); the rest are counted, and more files are named with their counts.',
    },
    max_matches: {
      type: 'integer',
      minimum: 1,
      maximum: 500,
      default: 50,
      description: 'File target: most matches to show (default 50, at most 500). The rest are counted.',
    },
    before: { type: 'integer', minimum: 0, maximum: 20, default: 0, description: 'Context lines before each match.' },
    after: { type: 'integer', minimum: 0, maximum: 20, default: 0, description: 'Context lines after each match.' },
  },
  required: ['query'],
};

export const lecternStat: ToolDefinition = {
  name: 'lectern_stat',
  displayName: 'Lectern: Stat',
  toolReferenceName: 'lecternStat',
  userDescription: 'Whether a path exists, its kind, size, line count, language and encoding.',
  modelDescription:
    'Learn about a path before reading it: exists, kind (file/directory/symlink/other), size in bytes, line count (when cheap to know), language, whether it is binary, its encoding, and when it was modified. A missing path answers exists: false (not an error). Use it to size a read: small files can be read whole; for large ones search first, then read a range.',
  fields: {
    target: { type: 'string', description: 'Path relative to the workspace folder, or absolute.' },
  },
  required: ['target'],
};

const legacyPath: FieldSpec = { type: 'string', description: 'File path, relative to the workspace folder or absolute.' };

export const legacyTools: readonly ToolDefinition[] = [
  {
    name: 'read_file',
    displayName: 'Read File (Lectern)',
    userDescription: 'Read a file, optionally a line range.',
    modelDescription:
      'Read a file. Optional start_line/end_line (1-based, inclusive). Large files return their first part; the answer says so and where to continue. Prefer lectern_read when available.',
    fields: {
      path: legacyPath,
      start_line: { type: 'integer', minimum: 1, description: 'First line, 1-based.' },
      end_line: { type: 'integer', minimum: 1, description: 'Last line, 1-based, inclusive.' },
    },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'read_file_range',
    displayName: 'Read File Range (Lectern)',
    userDescription: 'Read lines start_line to end_line of a file.',
    modelDescription: 'Read lines start_line..end_line (1-based, inclusive) of a file.',
    fields: {
      path: legacyPath,
      start_line: { type: 'integer', minimum: 1, description: 'First line, 1-based.' },
      end_line: { type: 'integer', minimum: 1, description: 'Last line, 1-based, inclusive.' },
    },
    required: ['path', 'start_line', 'end_line'],
    legacy: true,
  },
  {
    name: 'read_file_head',
    displayName: 'Read File Head (Lectern)',
    userDescription: 'Read the first lines of a file.',
    modelDescription: 'Read the first N lines of a file (default 50).',
    fields: { path: legacyPath, lines: { type: 'integer', minimum: 1, default: 50, description: 'How many lines.' } },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'read_file_tail',
    displayName: 'Read File Tail (Lectern)',
    userDescription: 'Read the last lines of a file.',
    modelDescription: 'Read the last N lines of a file (default 50).',
    fields: { path: legacyPath, lines: { type: 'integer', minimum: 1, default: 50, description: 'How many lines.' } },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'search_in_file',
    displayName: 'Search in File (Lectern)',
    userDescription: 'Find lines in a file.',
    modelDescription: 'Find lines matching text or an RE2 regular expression in a file; returns line numbers.',
    fields: {
      path: legacyPath,
      query: { type: 'string', description: 'Text or regular expression.' },
      is_regex: { type: 'boolean', default: false, description: 'Treat query as a regular expression.' },
      case_sensitive: { type: 'boolean', default: false, description: 'Match case exactly.' },
      max_matches: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'Most matches to return.' },
    },
    required: ['path', 'query'],
    legacy: true,
  },
  {
    name: 'read_symbol',
    displayName: 'Read Symbol (Lectern)',
    userDescription: 'Read a function, class or method by name.',
    modelDescription: 'Read one symbol (function, class, method…) by name or name path ("Class.method"), optionally in one file. Returns its whole span with doc comments.',
    fields: {
      name: { type: 'string', description: 'Symbol name or name path, e.g. "Store.get".' },
      path: { type: 'string', description: 'Optional file, folder or glob to look in.' },
      kind: { type: 'string', enum: SYMBOL_KINDS, description: 'Optional kind filter.' },
      include_body: { type: 'boolean', default: true, description: 'false: signature and members only.' },
    },
    required: ['name'],
    legacy: true,
  },
  {
    name: 'get_snippet',
    displayName: 'Get Snippet (Lectern)',
    userDescription: 'Read lines of a file with context, optionally grown to the enclosing block.',
    modelDescription: 'Read start_line..end_line of a file with context_lines around; expand "block" grows the range to the enclosing block.',
    fields: {
      path: legacyPath,
      start_line: { type: 'integer', minimum: 1, description: 'First line, 1-based.' },
      end_line: { type: 'integer', minimum: 1, description: 'Last line, 1-based, inclusive.' },
      context_lines: { type: 'integer', minimum: 0, maximum: 200, default: 0, description: 'Extra lines around.' },
      expand: { type: 'string', enum: ['none', 'block'], default: 'none', description: '"block": grow to the enclosing block.' },
    },
    required: ['path', 'start_line'],
    legacy: true,
  },
  {
    name: 'stat_file',
    displayName: 'Stat File (Lectern)',
    userDescription: 'Existence, size and line count of a path.',
    modelDescription: 'Whether a path exists, its kind, size and line count.',
    fields: { path: legacyPath },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'dry_run_diff',
    displayName: 'Dry-Run Diff (Lectern)',
    userDescription: 'What changed in a file or folder, as a unified diff.',
    modelDescription:
      'Show what changed in a file as a unified diff (against the last git commit, the staged version, or the file on disk under unsaved editor changes), or list the changed files of a folder or the workspace. Changes nothing. Prefer lectern_read mode "diff_preview" when available.',
    fields: {
      path: { type: 'string', description: 'File or folder, relative to the workspace folder or absolute; omit it for the whole workspace.' },
      against: {
        type: 'string',
        enum: ['HEAD', 'INDEX', 'WORKTREE'],
        default: 'HEAD',
        description: '"HEAD": the last commit; "INDEX": the staged version; "WORKTREE": the file on disk (unsaved editor changes).',
      },
      context_lines: { type: 'integer', minimum: 0, maximum: 200, default: 3, description: 'Unchanged lines around each change.' },
    },
    required: [],
    legacy: true,
  },
];

export const primaryTools: readonly ToolDefinition[] = [lecternRead, lecternSearch, lecternStat];
export const allTools: readonly ToolDefinition[] = [...primaryTools, ...legacyTools];

export function findTool(name: string): ToolDefinition | undefined {
  return allTools.find((tool) => tool.name === name);
}
