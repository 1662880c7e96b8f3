// `lectern_read` mode "diff_preview": what changed in a file or a folder against git's HEAD, the
// index, or the file on disk (diff/diffPreview.ts).
import { addNotes, draft } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { diffPreview } from '../diff/diffPreview';
import { DIFF_AGAINST, type DiffPreviewInput as PreviewInput } from '../diff/previewInput';
import { defineMode } from './mode';
import { contextLines } from './readFields';
import { text } from './titles';

export const diffPreviewFields = {
  context_lines: contextLines,
  against: {
    type: 'string',
    enum: DIFF_AGAINST,
    default: 'HEAD',
    description: 'Base (WORKTREE: disk).',
  },
  hunk_offset: {
    type: 'integer',
    minimum: 0,
    description: 'Hunks to skip.',
  },
  file_offset: {
    type: 'integer',
    minimum: 0,
    description: 'Files to skip.',
  },
} as const satisfies Fields;

export type DiffPreviewInput = InputOf<typeof diffPreviewFields> & { target?: string };

/** diff/ takes exactly these fields: a field added to one and not the other fails to compile. */
const previewTakesTheseFields: Same<DiffPreviewInput, PreviewInput> = true;
void previewTakesTheseFields;

const BASES: Record<string, string> = { INDEX: 'the index', WORKTREE: 'the file on disk' };

export const diffPreviewMode = defineMode({
  name: 'diff_preview',
  summary: 'changes',
  guide: 'unsaved, staged or committed changes of a file or the workspace, as `git diff` shows them',
  targetIs: 'folder or none',
  fields: diffPreviewFields,
  targetOptional: true,
  examples: [{ target: 'src/format.ts' }],
  answer: 'diff',
  precise: false,
  title: (input) => {
    const against = text(input.against) ?? 'HEAD';
    const where = text(input.target ?? input.path) ?? 'the workspace';
    return `Previewing changes in ${where} against ${Object.hasOwn(BASES, against) ? BASES[against] : 'HEAD'}`;
  },
  run: async (env, input: DiffPreviewInput, notes) => addNotes(draft(await diffPreview(env, input)), notes),
});
