// `lectern_read` mode "symbol": one function, class or method by name path (symbols/symbolRead.ts).
import { addNotes, draftOfRead } from '../ground/answer';
import type { Fields, InputOf, Same } from '../ground/schema';
import { SYMBOL_KINDS } from '../ground/symbolTypes';
import type { SymbolInput as SymbolReadInput } from '../symbols/symbolInput';
import { readSymbol } from '../symbols/symbolRead';
import { searchName } from '../symbols/namePath';
import { defineMode } from './mode';
import { contextLines } from './readFields';
import { readingTitle } from './titles';

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
    description: 'Which overload, 1-based.',
  },
  include_body: {
    type: 'boolean',
    default: true,
    description: 'false: signature+members.',
  },
  include_context: {
    type: 'boolean',
    default: true,
    description: 'false: no doc comments.',
  },
  context_lines: contextLines,
} as const satisfies Fields;

export type SymbolInput = InputOf<typeof symbolFields> & { target: string };

/** The reader takes exactly these fields: a field added to one and not the other fails to compile. */
const readerTakesTheseFields: Same<SymbolInput, SymbolReadInput> = true;
void readerTakesTheseFields;

export const symbolMode = defineMode({
  name: 'symbol',
  summary: 'function/class by name',
  guide: 'a function, method, class or member by name (`Inventory.restock`), with its doc comment (tree-sitter)',
  targetIs: 'a name ("Store.get")',
  fields: symbolFields,
  examples: [{ target: 'Inventory.restock' }],
  answer: 'text',
  precise: true,
  title: readingTitle,
  // Its target is a name: the path the caller named is the scope it looked in.
  namedPath: (input: SymbolInput) => (typeof input.path === 'string' ? input.path : undefined),
  search: (input: SymbolInput) =>
    typeof input.target === 'string'
      ? { ...(typeof input.path === 'string' ? { where: input.path } : {}), query: searchName(input.target) }
      : { query: 'NAME' },
  elsewhere: (input: SymbolInput, path) => ({ mode: 'symbol', target: input.target, path }),
  run: async (env, input: SymbolInput, notes) => addNotes(await draftOfRead(env, (e) => readSymbol(e, input)), notes),
});
