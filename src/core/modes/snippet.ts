// `lectern_read` mode "snippet": a line range with context, optionally grown to its enclosing block
// (symbols/snippetDraft.ts).
import { addNotes } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { isPreciseRange } from '../session/precise';
import type { SnippetInput as SnippetReadInput } from '../symbols/snippetRead';
import { snippetDraft } from '../symbols/snippetDraft';
import { defineMode } from './mode';
import { contextLines, endLine, startLine } from './readFields';
import { readingTitle } from './titles';

const snippetFields = {
  start_line: startLine,
  end_line: endLine,
  context_lines: contextLines,
  expand: {
    type: 'string',
    enum: ['none', 'block'],
    default: 'none',
    description: '"block": whole enclosing block.',
  },
} as const satisfies Fields;

export type SnippetInput = InputOf<typeof snippetFields, 'start_line'> & { target: string };

/** The reader takes exactly these fields: a field added to one and not the other fails to compile. */
const readerTakesTheseFields: Same<SnippetInput, SnippetReadInput> = true;
void readerTakesTheseFields;

export const snippetMode = defineMode({
  name: 'snippet',
  summary: 'range with context',
  guide: 'lines around one line',
  fields: snippetFields,
  required: ['start_line'],
  examples: [{ target: 'src/inventory.ts', start_line: 12, end_line: 14 }],
  answer: 'text',
  precise: (input: SnippetInput) => isPreciseRange(input, true),
  title: readingTitle,
  run: async (env, input: SnippetInput, notes) => addNotes(await snippetDraft(env, input), notes),
});
