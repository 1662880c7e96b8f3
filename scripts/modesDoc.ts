// docs/tools.md's table of lectern_read's modes, written from the registry (src/core/modes/index.ts)
// by `npm run manifest`: each mode's summary, what its answers hold, and its examples. A unit test
// fails when the table in the doc is not the registry's.
import type { Registry } from '../src/core/modes/index';

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

/** `doc` with its table of modes replaced by the registry's; throws when the doc has no markers. */
export function withModesTable(doc: string, registry: Registry): string {
  const start = doc.indexOf(MODES_START);
  const end = doc.indexOf(MODES_END);
  if (start < 0 || end < start) throw new Error(`docs/tools.md has no ${MODES_START} … ${MODES_END} block`);
  return doc.slice(0, start) + modesTable(registry) + doc.slice(end + MODES_END.length);
}
