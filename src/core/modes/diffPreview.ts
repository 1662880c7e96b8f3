// `lectern_read` mode "diff_preview": what changed in a file or a folder against git's HEAD, the
// index, or the file on disk (diff/diffPreview.ts).
import { addNotes, draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { diffPreview } from '../diff/diffPreview';
import { DIFF_AGAINST, type DiffPreviewInput as PreviewInput } from '../diff/previewInput';
import { defineMode } from './mode';
import { contextLines } from './readFields';

export const diffPreviewFields = {
  context_lines: contextLines,
  against: {
    type: 'string',
    enum: DIFF_AGAINST,
    default: 'HEAD',
    description:
      'What to compare the current file with (current = the unsaved editor buffer if any, else the file on disk). "HEAD": the last commit (staged and unstaged changes, untracked files as all new). "INDEX": the staged version (unstaged changes only). "WORKTREE": the file on disk (unsaved editor changes only; needs no git).',
  },
  hunk_offset: {
    type: 'integer',
    minimum: 0,
    description: 'Paging a file\'s diff: how many hunks to skip. An answer that does not fit names the next call with it.',
  },
  file_offset: {
    type: 'integer',
    minimum: 0,
    description: 'Paging a folder\'s list of changed files: how many files to skip. An answer that does not fit names the next call with it.',
  },
} as const satisfies Fields;

export type DiffPreviewInput = InputOf<typeof diffPreviewFields> & { target?: string };

/** diff/ takes exactly these fields: a field added to one and not the other fails to compile. */
const previewTakesTheseFields: Same<DiffPreviewInput, PreviewInput> = true;
void previewTakesTheseFields;

export const diffPreviewMode = defineMode({
  name: 'diff_preview',
  fields: diffPreviewFields,
  targetOptional: true,
  run: async (env, input: DiffPreviewInput, notes) => addNotes({ ...draft(await diffPreview(env, input)), notFileText: true }, notes),
});
