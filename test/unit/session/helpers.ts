// Session tests: a workspace with the session guard on, a clock the test moves, an unsaved-buffer
// port it fills, and shorthands for meta.stabilization.
import { strict as assert } from 'node:assert';
import type { ToolResponse } from '../../../src/core/ground/contract';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { DirtyDocument, Host } from '../../../src/core/ground/ports';
import type { Settings } from '../../../src/core/ground/settings';
import type { Stabilization, WarningCode } from '../../../src/core/ground/stabilization';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write, type Workspace } from '../helpers';

export interface SessionWorkspace extends Workspace {
  /** The host's clock (ms); tests move it. */
  clock: { now: number };
  /** Unsaved buffers by absolute path. */
  dirty: Map<string, DirtyDocument>;
  call(tool: string, input: unknown, sessionId?: string): Promise<ToolResponse>;
}

export const T0 = 1_700_000_000_000;

export function sessionWorkspace(settings: Partial<Settings> = {}): SessionWorkspace {
  const dirty = new Map<string, DirtyDocument>();
  const clock = { now: T0 };
  const root = tempDir('lectern-session-');
  const host: Host = {
    fs: nodeFileSystem,
    roots: () => [{ name: path.basename(root), path: root }],
    documents: { dirty: (file) => dirty.get(file) },
    loadWasm: createWasmLoader(),
    clock: () => clock.now,
  };
  const all: Partial<Settings> = { sessionGuard: true, ...settings };
  const lectern = new Lectern(host, () => all);
  return {
    root,
    host,
    lectern,
    write: (name, data) => write(root, name, data),
    clock,
    dirty,
    call: (tool, input, sessionId) => lectern.invoke(tool, input, sessionId === undefined ? {} : { sessionId }),
  };
}

export function stab(response: ToolResponse): Stabilization {
  const s = response.meta.stabilization;
  assert.ok(s, `no meta.stabilization on: ${response.text.slice(0, 200)}`);
  return s;
}

export function codes(response: ToolResponse): WarningCode[] {
  return stab(response).warnings.map((w) => w.code);
}

/** The `[CODE: …]` lines at the end of the text. */
export function footer(response: ToolResponse): string[] {
  return response.text.split('\n').filter((line) => /^\[[A-Z_]+: /.test(line));
}

/** Lines 1..n, each "line i" (padded so every line has the same length); `wide`: long enough that a pointer costs less than even one line. */
export function numberedLines(n: number, prefix = 'line', wide = false): string {
  const tail = wide ? ` ${WIDE}` : '';
  return Array.from({ length: n }, (_, i) => `${prefix} ${String(i + 1).padStart(5, '0')}${tail}`).join('\n') + '\n';
}

const WIDE = Array.from(
  { length: 16 },
  (_, i) => `word${i} (alpha, beta, gamma) => delta[${i}] + epsilon.zeta(${i});`,
).join(' ');

export const wideLines = (n: number) => numberedLines(n, 'line', true);
