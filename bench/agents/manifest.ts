// The manifest (manifest.json, written by makeManifest.ts) and the cache folder laid out from it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './sources';

export interface Instance {
  id: string;
  repo: string;
  base_commit: string;
  pr_head: string;
  merge_commit: string;
}

export interface Manifest {
  made: string;
  sources: Array<{
    agent: string;
    kind: 'bash' | 'tools';
    repo: string;
    trajs: string;
    licence: string;
    commit?: string;
  }>;
  projects: Record<string, string>;
  instances: Instance[];
}

export function readManifest(): Manifest {
  return JSON.parse(readFileSync(join(__dirname, 'manifest.json'), 'utf8')) as Manifest;
}

/** Where one instance's material lies in the cache. */
export function cachePaths(id: string, agent = 'mini') {
  const root = cacheDir();
  return {
    tree: join(root, 'trees', id),
    traj: join(root, 'trajs', agent, `${id}.traj.json`),
    gold: join(root, 'gold', `${id}.diff`),
  };
}
