// Fields of `lectern_read` that more than one mode takes, declared once. Each mode module lists the
// fields it takes (its own and these); tools/definitions.ts assembles the tool from the modes.
import type { FieldSpec, Fields } from '../ground/schema';
import type { ReadMode } from './mode';

/**
 * The target every mode takes, described from the modes: a path, a list for the modes that take one,
 * and what it is for each mode that says (`targetIs`), e.g.
 * 'Path (file: or a list). symbol/references: a name ("Store.get"). diff_preview/map: folder or none.'
 */
export function targetField(modes: readonly ReadMode[]): { target: FieldSpec } {
  const named = (test: (mode: ReadMode) => boolean) =>
    modes
      .filter(test)
      .map((mode) => mode.name)
      .join('/');
  const lists = named((mode) => mode.targetList === true);
  const kinds = [...new Set(modes.flatMap((mode) => mode.targetIs ?? []))];
  const description = [
    lists ? `Path (${lists}: or a list).` : 'Path.',
    ...kinds.map((kind) => `${named((mode) => mode.targetIs === kind)}: ${kind}.`),
  ].join(' ');
  return { target: { type: 'path-or-paths', description } };
}

/** Every mode takes force and ephemeral too (the session's: taken out before the mode runs). */
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
