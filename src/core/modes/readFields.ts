// Fields of `lectern_read` that more than one mode takes, declared once. Each mode module lists the
// fields it takes (its own and these); tools/definitions.ts assembles the tool from the modes.
import type { Fields } from '../ground/schema';

const targetDoc = 'Path (file: or a list). symbol/references: a name ("Store.get"). diff_preview/map: folder or none.';

/** Every mode takes these (force and ephemeral are the session's: taken out before the mode runs). */
export const targetField = {
  target: { type: 'path-or-paths', description: targetDoc },
} as const satisfies Fields;

export const sessionFields = {
  force: {
    type: 'boolean',
    default: false,
    description: 'Repeat text you have; read excluded paths.',
  },
  ephemeral: {
    type: 'boolean',
    default: false,
    description: 'One large read, not kept.',
  },
} as const satisfies Fields;

export const startLine = {
  type: 'integer',
  minimum: 1,
  description: 'First line, 1-based.',
} as const;

export const endLine = {
  type: 'integer',
  minimum: 1,
  description: 'Last line, inclusive.',
} as const;

export const contextLines = {
  type: 'integer',
  minimum: 0,
  maximum: 200,
  description: 'Lines around.',
} as const;
