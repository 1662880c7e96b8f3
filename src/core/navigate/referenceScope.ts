// Where a references read looks: the workspace, a folder or a glob as a workspace search reads them,
// or one file (a folder scope around it that lists that file only).
import * as nodePath from 'node:path';
import { requireInside } from '../ground/paths';
import type { ReadEnv } from '../ground/env';
import { fileTarget, resolveScope, type Scope } from '../search/searchScope';

export async function referenceScope(env: ReadEnv, path: string | undefined): Promise<Scope> {
  if (path === undefined || !(await fileTarget(env, path))) return resolveScope(env, path);
  const resolved = await env.resolver.resolve(path);
  requireInside(resolved, env.allowOutside, 'Read references', env.allowSecrets);
  const folder = await resolveScope(env, nodePath.dirname(resolved.absolute));
  const only = resolved.display;
  return {
    ...folder,
    kind: 'glob',
    label: only,
    glob: (shown) => shown === only,
    display: (root, relative) => folder.display(root, relative),
  };
}
