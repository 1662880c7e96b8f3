// Fields of `lectern_read` that more than one mode takes, declared once. Each mode module lists the
// fields it takes (its own and these); tools/definitions.ts assembles the tool from the modes.
import type { Fields } from '../ground/schema';

const targetDoc =
  'mode "file" and "snippet": the file, a path relative to the workspace folder (in a multi-root workspace you may prefix the folder name, e.g. "api/src/app.ts") or absolute; in mode "file" a list of paths reads several files in one call. mode "symbol": the symbol\'s name or name path, e.g. "parseConfig", "Store.get", "Outer.Inner.fn" ("::", "/" and "#" also separate; a leading separator anchors at the top level). mode "diff_preview": a file (its diff) or a folder (a list of its changed files); omit it for every changed file in the workspace.';

/** Every mode takes these (force and ephemeral are the session's: taken out before the mode runs). */
export const targetField = {
  target: { type: 'path-or-paths', description: targetDoc },
} as const satisfies Fields;

export const sessionFields = {
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
} as const satisfies Fields;

export const startLine = {
  type: 'integer',
  minimum: 1,
  description: 'First line of the range, 1-based, inclusive.',
} as const;

export const endLine = {
  type: 'integer',
  minimum: 1,
  description: 'Last line of the range, 1-based, inclusive. Past the end of the file it is clamped to the last line.',
} as const;

export const contextLines = {
  type: 'integer',
  minimum: 0,
  maximum: 200,
  description: 'Extra lines before and after. In diff_preview: unchanged lines around each change (default 3, as git diff).',
} as const;
