// `lectern_read` mode "snippet": a line range with context, optionally grown to its enclosing block
// (symbols/snippetRead.ts).
import { addNotes, drafted } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { isPreciseRange } from '../session/precise';
import { readSnippet, type SnippetInput as SnippetReadInput } from '../symbols/snippetRead';
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
  async run(env, input: SnippetInput, notes) {
    let expansion: string[] = [];
    const answer = await drafted(env, async (e) => {
      const snippet = await readSnippet(e, input);
      expansion = snippet.notes;
      return snippet.response;
    });
    // The expansion's notes come first in the text, the validation's after them.
    answer.notes.push(...expansion);
    return addNotes(answer, notes);
  },
});
