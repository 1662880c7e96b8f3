// Lists the workspace's source files for the symbol index: skips vendored and generated trees and
// what the root .gitignore files exclude. Bounded in count so a huge tree cannot stall a call.
import ignore, { type Ignore } from 'ignore';
import * as nodePath from 'node:path';
import type { Host, WorkspaceRoot } from '../ports';

/** Folders never indexed (vendored code, build output, VCS data, caches). */
export const EXCLUDED_DIRECTORIES = new Set([
  'node_modules', '.git', '.hg', '.svn', 'dist', 'build', 'out', 'vendor', 'target', '__pycache__',
  '.venv', 'venv', '.tox', '.mypy_cache', '.pytest_cache', '.next', '.nuxt', 'coverage', '.gradle', 'bin', 'obj',
]);

export interface ListedFile {
  absolute: string;
  root: WorkspaceRoot;
  /** Path relative to its root, with forward slashes. */
  relative: string;
}

async function rootIgnore(host: Host, root: WorkspaceRoot): Promise<Ignore> {
  const rules = ignore();
  try {
    const path = nodePath.join(root.path, '.gitignore');
    const stat = await host.fs.stat(path);
    if (stat?.kind === 'file' && stat.size < 1024 * 1024) {
      const handle = await host.fs.open(path);
      try {
        const buffer = new Uint8Array(stat.size);
        await handle.read(buffer, 0, stat.size, 0);
        rules.add(new TextDecoder().decode(buffer));
      } finally {
        await handle.close();
      }
    }
  } catch {
    // No readable .gitignore: nothing extra to skip.
  }
  return rules;
}

export async function listSourceFiles(
  host: Host,
  roots: readonly WorkspaceRoot[],
  wanted: (name: string) => boolean,
  maxFiles: number,
): Promise<{ files: ListedFile[]; truncated: boolean }> {
  const files: ListedFile[] = [];
  for (const root of roots) {
    const rules = await rootIgnore(host, root);
    const queue: string[] = [''];
    while (queue.length > 0) {
      const relativeDir = queue.shift()!;
      for (const entry of await host.fs.readdir(nodePath.join(root.path, relativeDir))) {
        const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
        if (entry.kind === 'directory') {
          if (EXCLUDED_DIRECTORIES.has(entry.name) || entry.name.startsWith('.') || rules.ignores(`${relative}/`)) continue;
          queue.push(relative);
        } else if (entry.kind === 'file' && wanted(entry.name) && !rules.ignores(relative)) {
          files.push({ absolute: nodePath.join(root.path, relative), root, relative });
          if (files.length >= maxFiles) return { files, truncated: true };
        }
      }
    }
  }
  return { files, truncated: false };
}
