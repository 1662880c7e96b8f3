// What the Node side of the web-host comparison hands the tests in the web worker
// (scripts/host/webWorkspace.ts writes it next to the workspace as node-answers.json).

export interface NodeAnswers {
  /** The workspace folder (its path as both hosts see it). */
  root: string;
  /** The recorded calls both hosts can answer: [tool, input, options]. */
  calls: [string, unknown, { sessionId?: string; tokenBudget?: number; allowOutside?: boolean }?][];
  /** The Node host's answer to each call: its ToolResponse as JSON. */
  answers: string[];
  /** Milliseconds of each TIMED_CALLS call in a fresh engine on Node, then the warm window's median (timeTheCalls). */
  timings: Record<string, number>;
}

/** Timed on both hosts in a fresh engine, in this order: the first symbol read, then a 4 KiB window. */
const TIMED_CALLS: readonly [string, Record<string, unknown>][] = [
  ['first symbol read', { mode: 'symbol', target: 'Inventory', path: 'src/inventory.ts' }],
  ['4 KiB window', { target: 'gen/large.txt', start_byte: 100_000, max_bytes: 4096 }],
];

/** How often the warm 4 KiB window is timed (its median is reported). */
const WARM_RUNS = 15;

/**
 * Times TIMED_CALLS once each in a fresh engine, then the 4 KiB window again WARM_RUNS times (median):
 * the same code on both hosts, so the figures differ only by the host's ports.
 */
export async function timeTheCalls(
  invoke: (input: Record<string, unknown>) => Promise<{ ok: boolean; text: string }>,
): Promise<Record<string, number>> {
  const timings: Record<string, number> = {};
  const timed = async (input: Record<string, unknown>) => {
    const started = performance.now();
    const response = await invoke(input);
    if (!response.ok) throw new Error(response.text);
    return performance.now() - started;
  };
  for (const [name, input] of TIMED_CALLS) timings[name] = await timed(input);
  const warm: number[] = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timed(TIMED_CALLS[1]![1]));
  timings['4 KiB window, warm (median)'] = warm.sort((a, b) => a - b)[Math.floor(WARM_RUNS / 2)]!;
  return timings;
}
