// The registry: the modes of `lectern_read`, in the order the tool lists them (the first is the
// default), and the tools besides it, in the order hosts list them. The tool definitions, the
// engine's dispatch, the progress messages, the answer recorder and the docs' table of modes derive
// from it. Adding a mode: a module beside these (fields, descriptor, run) and one entry here (CONTRIBUTING.md).
import { diffPreviewMode } from './diffPreview';
import { fileMode } from './file';
import { filesMode } from './files';
import { mapMode } from './map';
import type { ReadMode, Tool } from './mode';
import { referencesMode } from './references';
import { searchTool } from './search';
import { snippetMode } from './snippet';
import { statTool } from './stat';
import { symbolMode } from './symbol';

export interface Registry {
  /** lectern_read's modes; the first is the default. */
  modes: readonly ReadMode[];
  /** The primary tools besides lectern_read. */
  tools: readonly Tool[];
}

export const REGISTRY: Registry = {
  modes: [fileMode, symbolMode, snippetMode, diffPreviewMode, referencesMode, mapMode, filesMode],
  tools: [searchTool, statTool],
};

/**
 * What the tool definitions (each primary tool's name, description and JSON schema) may cost in o200k
 * tokens: a model is sent them with every request. tools/definitionTokens.ts counts them,
 * test/unit/tools/toolTokens.test.ts holds them to this, `npm run manifest` prints the count.
 */
export const TOOL_DEFINITIONS_BUDGET = 1000;

export const READ_MODES = REGISTRY.modes;
export const READ_MODE_NAMES = READ_MODES.map((mode) => mode.name);
