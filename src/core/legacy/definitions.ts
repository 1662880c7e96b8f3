// The single-purpose compatibility tools (read_file, read_file_range, …), hidden unless the setting
// lectern.legacyTools is on. Each maps onto a primary tool call (legacy/answers.ts).
import { INPUT_BOUNDS, type FieldSpec, type ToolDefinition } from '../ground/schema';
import { SYMBOL_KINDS } from '../ground/symbolTypes';

const legacyPath: FieldSpec = {
  type: 'string',
  description: 'File path, relative to the workspace folder or absolute.',
};
const legacyStartLine: FieldSpec = { type: 'integer', minimum: 1, description: 'First line, 1-based.' };
const legacyEndLine: FieldSpec = { type: 'integer', minimum: 1, description: 'Last line, 1-based, inclusive.' };

export const legacyTools: readonly ToolDefinition[] = [
  {
    name: 'read_file',
    displayName: 'Read File',
    userDescription: 'Read a file, optionally a line range.',
    modelDescription:
      'Read a file. Optional start_line/end_line (1-based, inclusive). Large files return their first part; the answer says so and where to continue. Prefer lectern_read when available.',
    fields: {
      path: legacyPath,
      start_line: legacyStartLine,
      end_line: legacyEndLine,
    },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'read_file_range',
    displayName: 'Read File Range',
    userDescription: 'Read lines start_line to end_line of a file.',
    modelDescription: 'Read lines start_line..end_line (1-based, inclusive) of a file.',
    fields: {
      path: legacyPath,
      start_line: legacyStartLine,
      end_line: legacyEndLine,
    },
    required: ['path', 'start_line', 'end_line'],
    legacy: true,
  },
  {
    name: 'read_file_head',
    displayName: 'Read File Head',
    userDescription: 'Read the first lines of a file.',
    modelDescription: 'Read the first N lines of a file (default 50).',
    fields: { path: legacyPath, lines: { type: 'integer', minimum: 1, default: 50, description: 'How many lines.' } },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'read_file_tail',
    displayName: 'Read File Tail',
    userDescription: 'Read the last lines of a file.',
    modelDescription: 'Read the last N lines of a file (default 50).',
    fields: { path: legacyPath, lines: { type: 'integer', minimum: 1, default: 50, description: 'How many lines.' } },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'search_in_file',
    displayName: 'Search in File',
    userDescription: 'Find lines in a file.',
    modelDescription: 'Find lines matching text or an RE2 regular expression in a file; returns line numbers.',
    fields: {
      path: legacyPath,
      query: { type: 'string', maxLength: INPUT_BOUNDS.queryChars, description: 'Text or regular expression.' },
      is_regex: { type: 'boolean', default: false, description: 'Treat query as a regular expression.' },
      case_sensitive: { type: 'boolean', default: false, description: 'Match case exactly.' },
      max_matches: { type: 'integer', minimum: 1, maximum: 500, default: 50, description: 'Most matches to return.' },
    },
    required: ['path', 'query'],
    legacy: true,
  },
  {
    name: 'read_symbol',
    displayName: 'Read Symbol',
    userDescription: 'Read a function, class or method by name.',
    modelDescription:
      'Read one symbol (function, class, method…) by name or name path ("Class.method"), optionally in one file. Returns its whole span with doc comments.',
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
    displayName: 'Get Snippet',
    userDescription: 'Read lines of a file with context, optionally grown to the enclosing block.',
    modelDescription:
      'Read start_line..end_line of a file with context_lines around; expand "block" grows the range to the enclosing block.',
    fields: {
      path: legacyPath,
      start_line: legacyStartLine,
      end_line: legacyEndLine,
      context_lines: { type: 'integer', minimum: 0, maximum: 200, default: 0, description: 'Extra lines around.' },
      expand: {
        type: 'string',
        enum: ['none', 'block'],
        default: 'none',
        description: '"block": grow to the enclosing block.',
      },
    },
    required: ['path', 'start_line'],
    legacy: true,
  },
  {
    name: 'stat_file',
    displayName: 'Stat File',
    userDescription: 'Existence, size and line count of a path.',
    modelDescription: 'Whether a path exists, its kind, size and line count.',
    fields: { path: legacyPath },
    required: ['path'],
    legacy: true,
  },
  {
    name: 'dry_run_diff',
    displayName: 'Dry-Run Diff',
    userDescription: 'What changed in a file or folder, as a unified diff.',
    modelDescription:
      'Show what changed in a file as a unified diff (against the last git commit, the staged version, or the file on disk under unsaved editor changes), or list the changed files of a folder or the workspace. Changes nothing. Prefer lectern_read mode "diff_preview" when available.',
    fields: {
      path: {
        type: 'string',
        description: 'File or folder, relative to the workspace folder or absolute; omit it for the whole workspace.',
      },
      against: {
        type: 'string',
        enum: ['HEAD', 'INDEX', 'WORKTREE'],
        default: 'HEAD',
        description:
          '"HEAD": the last commit; "INDEX": the staged version; "WORKTREE": the file on disk (unsaved editor changes).',
      },
      context_lines: {
        type: 'integer',
        minimum: 0,
        maximum: 200,
        default: 3,
        description: 'Unchanged lines around each change.',
      },
    },
    required: [],
    legacy: true,
  },
];
