// Absolute paths as the answers name them: display paths, and paths relative to a repository.
import * as nodePath from 'node:path';
import type { ReadEnv } from '../ground/env';

export function isWithin(parent: string, child: string): boolean {
  const rel = nodePath.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel));
}

/** `path` relative to `root`, with forward slashes ('' for the root itself). */
export function posixRelative(root: string, path: string): string {
  return nodePath.relative(root, path).split(nodePath.sep).join('/');
}

export async function displayOf(env: ReadEnv, absolute: string): Promise<string> {
  return (await env.resolver.resolve(absolute)).display;
}
