// The docs' tables written from the registry (src/core/modes/index.ts) by `npm run manifest`:
// docs/tools.md's table of lectern_read's modes (each mode's summary, what its answers hold, its
// examples) and docs/extension/README.md's table of tools for users (each mode's guide, each other
// tool's user description). A unit test fails when a table in a doc is not the registry's.
import type { Registry } from '../src/core/modes/index';
import { readTool } from '../src/core/tools/definitions';

export const MODES_START = '<!-- modes: written by `npm run manifest` from src/core/modes/index.ts -->';
export const MODES_END = '<!-- /modes -->';

/** The table, between its markers. */
export function modesTable(registry: Registry): string {
  const [byDefault] = registry.modes;
  const rows = registry.modes.map((mode) => {
    const inputs = mode.examples.map((example) => (mode === byDefault ? example : { mode: mode.name, ...example }));
    const kinds = [...new Set(mode.examples.map((example) => mode.descriptor.answer(example)))];
    const calls = inputs.map((input) => `\`${JSON.stringify(input)}\``).join('<br>');
    return `| \`${mode.name}\`${mode === byDefault ? ' (default)' : ''} | ${mode.summary} | ${kinds.join(', ')} | ${calls} |`;
  });
  return [
    MODES_START,
    '| mode | what it reads | its answer holds | example |',
    '|---|---|---|---|',
    ...rows,
    MODES_END,
  ].join('\n');
}

export const TOOLS_START = '<!-- tools: written by `npm run manifest` from src/core/modes/index.ts -->';
export const TOOLS_END = '<!-- /tools -->';

/** The users' table of tools, between its markers: lectern_read's modes by their guides, then the other tools. */
export function toolsTable(registry: Registry): string {
  const modes = registry.modes.map((mode) => `\`mode: "${mode.name}"\` — ${mode.guide}`).join('; ');
  const others = registry.tools.map((tool) => `| \`${tool.definition.name}\` | ${tool.definition.userDescription} |`);
  return [
    TOOLS_START,
    '| tool | what it answers |',
    '|---|---|',
    `| \`${readTool(registry.modes).name}\` | ${modes} |`,
    ...others,
    TOOLS_END,
  ].join('\n');
}

/** `doc` with the block between `start` and `end` replaced by `block`; throws when the doc has no markers. */
function withBlock(doc: string, start: string, end: string, block: string): string {
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the doc has no ${start} … ${end} block`);
  return doc.slice(0, from) + block + doc.slice(to + end.length);
}

/** docs/tools.md with its table of modes replaced by the registry's. */
export function withModesTable(doc: string, registry: Registry): string {
  return withBlock(doc, MODES_START, MODES_END, modesTable(registry));
}

/** docs/extension/README.md with its table of tools replaced by the registry's. */
export function withToolsTable(doc: string, registry: Registry): string {
  return withBlock(doc, TOOLS_START, TOOLS_END, toolsTable(registry));
}
