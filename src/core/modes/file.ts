// `lectern_read` mode "file": lines, a byte window, head, tail or the outline of one file, or of
// several files in one call (symbols/fileList.ts).
import type { Fields, InputOf, Same } from '../ground/schema';
import { isPreciseRange } from '../session/precise';
import { readFiles, type FilesInput } from '../symbols/fileList';
import { defineMode } from './mode';
import { endLine, startLine } from './readFields';
import { readingTitle } from './titles';

const fileFields = {
  offset: {
    type: 'integer',
    minimum: 1,
    description: 'Like start_line.',
    unlisted: true,
  },
  limit: {
    type: 'integer',
    minimum: 1,
    description: 'Lines from offset.',
    unlisted: true,
  },
  start_line: startLine,
  end_line: endLine,
  start_byte: {
    type: 'integer',
    minimum: 0,
    description: 'Byte window start.',
  },
  max_bytes: {
    type: 'integer',
    minimum: 1,
    description: 'Window bytes.',
  },
  // Their names say what they are: first and last N lines.
  head: { type: 'integer', minimum: 1 },
  tail: { type: 'integer', minimum: 1 },
  max_preview_chars: {
    type: 'integer',
    minimum: 100,
    description: 'Chars cap.',
  },
  outline: {
    type: 'boolean',
    description: 'Symbol tree.',
  },
} as const satisfies Fields;

export type FileInput = InputOf<typeof fileFields> & { target: string | string[] };

/** The reader takes exactly these fields: a field added to one and not the other fails to compile. */
const readerTakesTheseFields: Same<FileInput, FilesInput> = true;
void readerTakesTheseFields;

export const fileMode = defineMode({
  name: 'file',
  summary: 'lines, a range, bytes, head, tail or outline of files',
  guide: "a file's lines: a range, head, tail, a byte window, or its outline (declarations with their lines)",
  fields: fileFields,
  targetList: true,
  examples: [
    { target: 'src/inventory.ts', start_line: 2, end_line: 9 },
    { target: 'src/inventory.ts', outline: true },
  ],
  answer: (input: FileInput) => (input.outline === true ? 'outline' : 'text'),
  precise: (input: FileInput) => input.outline !== true && isPreciseRange(input),
  title: readingTitle,
  run: (env, input: FileInput, notes) => readFiles(env, input, notes),
});
