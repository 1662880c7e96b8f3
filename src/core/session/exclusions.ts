// The exclusion policy: paths an agent rarely means to read — vendored, generated and VCS trees
// (node_modules/, vendor/, .git/, dist/, build/), what the root .gitignore ignores, and the
// editor's excluded globs (VS Code's files.exclude). A read of one gets a warning naming the rule,
// or a refusal when the setting says so (fileJudge.ts).
import * as nodePath from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { diskVersionKey } from '../ground/fileIdentity';
import { globMatcher } from '../ground/globMatch';
import { rootHolding } from '../ground/paths';
import type { Host, WorkspaceRoot } from '../ground/ports';

/** Folders excluded by default, wherever they occur in a path. */
const EXCLUDED_FOLDERS: readonly string[] = ['node_modules', 'vendor', '.git', 'dist', 'build'];

export interface Exclusion {
  /** The rule as the user knows it: "node_modules/", a .gitignore line, a files.exclude glob. */
  rule: string;
  source: 'default' | '.gitignore' | 'files.exclude';
}

/** What an exclusion says to the model, short. */
export function describeExclusion(display: string, exclusion: Exclusion): string {
  switch (exclusion.source) {
    case 'default':
      return `${display} is under ${exclusion.rule} (excluded by default: vendored, generated or VCS files)`;
    case '.gitignore':
      return `${display} is ignored by the .gitignore rule "${exclusion.rule}"`;
    case 'files.exclude':
      return `${display} matches the excluded glob "${exclusion.rule}" (files.exclude)`;
  }
}

const toPosix = (p: string) => (nodePath.sep === '/' ? p : p.split(nodePath.sep).join('/'));

/** The workspace folder holding `absolute` (the innermost when folders nest) and the path within it. */
function withinRoot(
  roots: readonly WorkspaceRoot[],
  absolute: string,
): { root: WorkspaceRoot; relative: string } | undefined {
  const root = rootHolding(roots, absolute);
  return root && { root, relative: toPosix(nodePath.relative(root.path, absolute)) };
}

const MAX_GITIGNORE_BYTES = 1024 * 1024;

export class ExclusionPolicy {
  private readonly gitignores = new Map<string, { key: string; rules: Ignore }>();
  private readonly globs = new Map<string, (path: string) => boolean>();

  constructor(private readonly host: Host) {}

  /** The rule that excludes `absolute`, or null. Files outside every workspace folder are not judged. */
  async check(absolute: string, excludeGlobs: readonly string[]): Promise<Exclusion | null> {
    const found = withinRoot(this.host.roots(), absolute);
    if (!found) return null;
    const { root, relative } = found;
    const folders = relative.split('/').slice(0, -1);
    const folder = folders.find((name) => EXCLUDED_FOLDERS.includes(name));
    if (folder) return { rule: `${folder}/`, source: 'default' };
    const rules = await this.gitignore(root);
    if (rules) {
      try {
        const result = rules.test(relative);
        if (result.ignored && result.rule) return { rule: result.rule.pattern, source: '.gitignore' };
      } catch {
        // A path the ignore rules cannot judge is not excluded by them.
      }
    }
    for (const glob of excludeGlobs) {
      const matches = this.matcher(glob);
      // A glob excludes a folder's contents too ("**/generated" excludes generated/a.ts).
      const ancestors = folders.map((_, i) => folders.slice(0, i + 1).join('/'));
      if (matches(relative) || ancestors.some((folder) => matches(folder)))
        return { rule: glob, source: 'files.exclude' };
    }
    return null;
  }

  private matcher(glob: string): (path: string) => boolean {
    let matcher = this.globs.get(glob);
    if (!matcher) {
      matcher = globMatcher(glob.replace(/^\.?\//, ''), true);
      this.globs.set(glob, matcher);
    }
    return matcher;
  }

  /** The root .gitignore's rules, re-read when its identity changes (ground/fileIdentity.ts). */
  private async gitignore(root: WorkspaceRoot): Promise<Ignore | undefined> {
    const path = nodePath.join(root.path, '.gitignore');
    try {
      const stat = await this.host.fs.stat(path);
      if (stat?.kind !== 'file' || stat.size > MAX_GITIGNORE_BYTES) {
        this.gitignores.delete(root.path);
        return undefined;
      }
      const key = diskVersionKey(path, stat);
      const cached = this.gitignores.get(root.path);
      if (cached?.key === key) return cached.rules;
      const handle = await this.host.fs.open(path);
      try {
        const buffer = new Uint8Array(stat.size);
        const read = await handle.read(buffer, 0, stat.size, 0);
        const rules = ignore().add(new TextDecoder().decode(buffer.subarray(0, read)));
        this.gitignores.set(root.path, { key, rules });
        return rules;
      } finally {
        await handle.close();
      }
    } catch {
      return undefined;
    }
  }
}
