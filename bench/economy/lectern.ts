// Lectern driven like an agent would: the engine with one session per realistic agent session,
// following the calls its answers name. What the model saw is read back from the answer text itself
// (numbered lines whose text equals the file's line), so a pointer to text never shown counts as lost.
import type { ToolResponse } from '../../src/core/ground/contract';
import { Lectern } from '../../src/core/engine';
import { readGutter } from '../../src/core/text/gutter';
import { nodeFileSystem } from '../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../src/node/wasmFiles';

export interface Call {
  tool: string;
  input: Record<string, unknown>;
  response: ToolResponse;
  text: string;
}

export function createLectern(root: string, settings: Record<string, unknown> = {}): Lectern {
  return new Lectern(
    { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: root }], loadWasm: createWasmLoader(process.cwd()) },
    () => settings,
  );
}

/** Everything the model saw of each file in one session: line numbers whose exact text was shown, and byte ranges. */
export class Seen {
  readonly lines = new Map<string, Set<number>>();
  readonly bytes = new Map<string, Array<[number, number]>>();

  constructor(private readonly files: Map<string, string[]>) {}

  has(file: string, line: number): boolean {
    return this.lines.get(file)?.has(line) ?? false;
  }

  addLine(file: string, line: number): void {
    let set = this.lines.get(file);
    if (!set) this.lines.set(file, (set = new Set()));
    set.add(line);
  }

  addBytes(file: string, start: number, end: number): void {
    const list = this.bytes.get(file) ?? [];
    list.push([start, end]);
    this.bytes.set(file, list);
  }

  /** Bytes of [start, end) not covered by anything shown. */
  bytesMissing(file: string, start: number, end: number): number {
    const list = [...(this.bytes.get(file) ?? [])].sort((a, b) => a[0] - b[0]);
    let at = start;
    let missing = 0;
    for (const [a, b] of list) {
      if (b <= at) continue;
      if (a >= end) break;
      if (a > at) missing += a - at;
      at = Math.max(at, b);
      if (at >= end) break;
    }
    return missing + Math.max(0, end - at);
  }

  /**
   * Reads an answer: a header line naming a file (`path · …` or `path:12-40 …`) sets the current file;
   * the lines the gutter numbers (`12\ttext`, `12:\ttext`, `12-\ttext`, and the unnumbered lines counted
   * between two numbered ones) count when their text equals that line of the file.
   */
  absorb(text: string, defaultFile: string | null): number {
    let current = defaultFile;
    let added = 0;
    const lines = text.split('\n');
    const numbered = readGutter(lines);
    lines.forEach((line, i) => {
      const shown = numbered[i];
      if (shown) {
        const source = current ? this.files.get(current) : undefined;
        if (current && source && source[shown.number - 1] === shown.text) {
          if (!this.has(current, shown.number)) added++;
          this.addLine(current, shown.number);
        }
        return;
      }
      // A file's header: its path alone (a search's group), or followed by ` · …` or a word.
      const header = /^(\S+?)(?::\d+(?:-\d+)?)?(?: (?:·|\S)|$)/.exec(line);
      if (header && this.files.has(header[1]!)) current = header[1]!;
    });
    return added;
  }
}

export class Agent {
  readonly calls: Call[] = [];

  constructor(
    readonly engine: Lectern,
    readonly sessionId: string,
    readonly seen: Seen,
  ) {}

  async call(tool: string, input: Record<string, unknown>, defaultFile: string | null): Promise<Call> {
    const response = await this.engine.invoke(tool, input, { sessionId: this.sessionId });
    this.seen.absorb(response.text, defaultFile);
    const meta = response.meta;
    // A window's content is in the text line by line (each behind its number).
    const shown =
      response.content.length > 0 && response.content.split('\n').every((piece) => response.text.includes(piece));
    if (defaultFile && meta.start_byte !== null && meta.end_byte !== null && shown) {
      const start = meta.start_byte;
      this.seen.addBytes(defaultFile, start, start + Buffer.byteLength(response.content));
    }
    const call = { tool, input, response, text: response.text };
    this.calls.push(call);
    return call;
  }
}

/** Exact inputs of lectern_read calls an answer names (its [Next], an outline's start, a refusal's hint). */
export function namedCalls(text: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  for (const match of text.matchAll(/\{"(?:mode|target)":[^{}]*\}/g)) {
    try {
      out.push(JSON.parse(match[0]) as Record<string, unknown>);
    } catch {
      // not a call
    }
  }
  if (/"ephemeral"\s*:\s*true|ephemeral: true/.test(text)) out.push({ ephemeral: true });
  return out;
}
