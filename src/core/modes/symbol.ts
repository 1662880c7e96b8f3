// `lectern_read` mode "symbol": one function, class or method by name path (symbols/symbolRead.ts).
import { addNotes, drafted } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { SYMBOL_KINDS } from '../ground/symbolTypes';
import { readSymbol, type SymbolInput as SymbolReadInput } from '../symbols/symbolRead';
import { defineMode } from './mode';
import { contextLines } from './readFields';

export const symbolFields = {
  path: {
    type: 'string',
    description: 'File, folder or glob.',
  },
  kind: {
    type: 'string',
    enum: SYMBOL_KINDS,
    description: 'Only this kind.',
  },
  index: {
    type: 'integer',
    minimum: 1,
    description: 'Which overload.',
  },
  include_body: {
    type: 'boolean',
    default: true,
    description: 'false: signature+members.',
  },
  include_context: {
    type: 'boolean',
    default: true,
    description: 'With doc comments.',
  },
  context_lines: contextLines,
} as const satisfies Fields;

export type SymbolInput = InputOf<typeof symbolFields> & { target: string };

/** The reader takes exactly these fields: a field added to one and not the other fails to compile. */
const readerTakesTheseFields: Same<SymbolInput, SymbolReadInput> = true;
void readerTakesTheseFields;

export const symbolMode = defineMode({
  name: 'symbol',
  fields: symbolFields,
  run: async (env, input: SymbolInput, notes) => addNotes(await drafted(env, (e) => readSymbol(e, input)), notes),
});
