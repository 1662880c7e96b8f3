// Workspaces for the navigation tests: real files in a temp folder, the Node file system, the
// shipped grammars, and an engine over them (the session guard off: these tests are about answers).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import type { Settings } from '../../../src/core/ground/settings';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir, write } from '../helpers';

export interface NavWorkspace {
  root: string;
  host: Host;
  lectern: Lectern;
}

export function navWorkspace(files: Record<string, string>, extra: Partial<Host> = {}): NavWorkspace {
  return navWorkspaceWith(files, extra, { sessionGuard: false });
}

/** A navigation workspace with the given settings (a test of how the session counts navigation answers). */
export function navWorkspaceWith(
  files: Record<string, string>,
  extra: Partial<Host>,
  settings: Partial<Settings>,
): NavWorkspace {
  const root = tempDir('lectern-nav-');
  for (const [name, text] of Object.entries(files)) write(root, name, text);
  const roots = [{ name: path.basename(root), path: root }];
  const host: Host = { fs: nodeFileSystem, roots: () => roots, loadWasm: createWasmLoader(), ...extra };
  return { root, host, lectern: new Lectern(host, () => settings) };
}

export interface Reference {
  path: string;
  line: number;
  column: number;
  enclosing: string | null;
  kind: string;
  certain?: boolean;
}

export const refsOf = (meta: Record<string, unknown>) => meta.references as Reference[];

/** A read in a session of its own (no answer points back to an earlier call). */
export const readAlone = (lectern: Lectern, input: Record<string, unknown>) =>
  lectern.invoke('lectern_read', input, { sessionId: `nav-${Math.random()}` });

/** Follows each answer's next call from `input` to the last page: the uses listed, in order. */
export async function followPages(lectern: Lectern, input: Record<string, unknown> | null): Promise<Reference[]> {
  const uses: Reference[] = [];
  for (let pages = 0; input; pages++) {
    assert.ok(pages < 500, 'pages never end');
    const r = await readAlone(lectern, input);
    assert.ok(r.ok, r.text);
    uses.push(...refsOf(r.meta));
    input = (r.meta.next as Record<string, unknown> | null) ?? null;
  }
  return uses;
}
