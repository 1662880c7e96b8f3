// Where the bench's material comes from: the public trajectory run and the projects' repositories,
// each a git snapshot (LECTERN_AGENTS_MIRRORS/<owner>+<name>/repo, as the maintainers' fetch lays them).
import { join } from 'node:path';

export interface TrajectorySource {
  /** The agent, as the tables name it. */
  agent: string;
  /** What kind of agent: 'bash' (one shell command a step) or 'tools' (editor/search tool calls). */
  kind: 'bash' | 'tools';
  repo: string;
  /** Folder of `<instance>/<instance>.traj.json` files in that repository. */
  trajs: string;
  licence: string;
}

export const TRAJECTORY_SOURCES: readonly TrajectorySource[] = [
  {
    agent: 'mini-swe-agent 1.15 (Gemini 3 Pro)',
    kind: 'bash',
    repo: 'gruckion/mini-swe-agent',
    trajs: 'swebench_results/20251118_gemini-3-pro-74pct/trajs',
    licence: 'MIT',
  },
];

/** SWE-bench Verified projects replayed: PRs merged with a merge commit, whose base and head the history holds. */
export const PROJECTS: Record<string, { limit: number }> = {
  'psf/requests': { limit: 50 },
  'pallets/flask': { limit: 50 },
  'pytest-dev/pytest': { limit: 50 },
  'astropy/astropy': { limit: 50 },
  'sphinx-doc/sphinx': { limit: 50 },
  'sympy/sympy': { limit: 30 },
};

export function mirrorDir(repo: string): string {
  const root = process.env.LECTERN_AGENTS_MIRRORS ?? '/work/.mirror';
  return join(root, repo.replace('/', '+'), 'repo');
}

export function cacheDir(): string {
  return process.env.LECTERN_AGENTS_CACHE ?? join(process.env.HOME ?? '/tmp', '.cache', 'lectern-bench-agents');
}
