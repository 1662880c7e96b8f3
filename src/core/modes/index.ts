// The modes of `lectern_read`, in the order the tool lists them. Adding a mode: a module beside
// these (fields, typed input, run) and one entry here (CONTRIBUTING.md).
import { diffPreviewMode } from './diffPreview';
import { fileMode } from './file';
import { mapMode } from './map';
import type { ReadMode } from './mode';
import { referencesMode } from './references';
import { snippetMode } from './snippet';
import { symbolMode } from './symbol';

export const READ_MODES = {
  file: fileMode,
  symbol: symbolMode,
  snippet: snippetMode,
  diff_preview: diffPreviewMode,
  references: referencesMode,
  map: mapMode,
} as const satisfies Record<string, ReadMode>;

export type ReadModeName = keyof typeof READ_MODES;
export const READ_MODE_NAMES = Object.keys(READ_MODES) as ReadModeName[];

/** The mode named `name` (validation has checked it is one); undefined for any other string. */
export function readMode(name: string): ReadMode | undefined {
  return Object.hasOwn(READ_MODES, name) ? (READ_MODES as Record<string, ReadMode>)[name] : undefined;
}
