// Lectern as an agent uses it in bench:navigation --precision: `references` with every page followed
// (meta.next), and the default `map`, on the bench's Node host with the engine under test.
import { Lectern } from '../../src/core/engine';
import type { TokenCounter } from '../../src/core/ground/tokens';
import { nodeFileSystem } from '../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../src/node/wasmFiles';
import type { EngineSetup } from './engines';

const MAX_PAGES = 50;
let sessions = 0;

export function lecternFor(root: string, engine: EngineSetup, wasmFolder: string): Lectern {
  return new Lectern(
    {
      fs: nodeFileSystem,
      roots: () => [{ name: 'ws', path: root }],
      loadWasm: createWasmLoader(wasmFolder),
      ...engine.host,
    },
    () => engine.settings,
  );
}

export interface ReferencesRun {
  /** Every page's text, in order. */
  pages: string[];
  tokens: number;
  /** What the answer said answered (tree-sitter, language server…). */
  answeredBy: string;
  error?: string;
}

/** One symbol's references, every page followed, in a session of its own. */
export async function referencesOf(lectern: Lectern, target: string, count: TokenCounter): Promise<ReferencesRun> {
  const run: ReferencesRun = { pages: [], tokens: 0, answeredBy: '' };
  let input: Record<string, unknown> | null = { mode: 'references', target };
  let builds = 0;
  const session = `precision:${target}:${sessions++}`;
  while (input && run.pages.length < MAX_PAGES) {
    const response = await lectern.invoke('lectern_read', input, { sessionId: session });
    // The symbol index is still being built: the same call again continues it (not a page).
    if (/still being built/.test(response.text) && ++builds < MAX_PAGES) continue;
    run.pages.push(response.text);
    run.tokens += count(response.text);
    if (!response.ok) {
      run.error = `${response.error?.code ?? 'error'}: ${response.text.split('\n')[0]}`;
      break;
    }
    run.answeredBy ||= String(response.meta.answered_by ?? '');
    input = (response.meta.next as Record<string, unknown> | null) ?? null;
  }
  return run;
}

/** The default map of the workspace, once its symbol index is whole. */
export async function defaultMap(lectern: Lectern): Promise<string> {
  let text: string;
  do text = (await lectern.invoke('lectern_read', { mode: 'map' }, { sessionId: `precision-map:${sessions++}` })).text;
  while (/still being built/.test(text));
  return text;
}
