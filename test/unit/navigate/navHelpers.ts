// Workspaces for the navigation tests: real files in a temp folder, the Node file system, the
// shipped grammars, and an engine over them (the session guard off: these tests are about answers).
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
