// The real code bench:navigation --precision measures on: packages the tests never use, fetched by the
// bench itself into bench:economy's cache (npm pack; apt-get download + dpkg -x), never committed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureSource, listFiles } from '../economy/corpus';

export type Language = 'typescript' | 'python' | 'go';

export interface PrecisionRepo {
  name: string;
  language: Language;
  source: string;
  /** The folder inside the unpacked package that is the workspace. */
  sub: string;
  extension: string;
  /** TypeScript: the package's own name, which its tests import (`zod/v4`) and the oracle maps to its source. */
  selfName?: string;
  /** Go: the import path of the workspace, and the packages its imports need (unpacked beside it). */
  importPath?: string;
  deps?: string[];
}

const GOCODE = 'usr/share/gocode';

export const PRECISION_REPOS: PrecisionRepo[] = [
  {
    name: 'zod',
    language: 'typescript',
    source: 'npm:zod@4.1.12',
    sub: 'package/src',
    extension: '.ts',
    selfName: 'zod',
  },
  {
    name: 'flask',
    language: 'python',
    source: 'deb:python3-flask',
    sub: 'usr/lib/python3/dist-packages/flask',
    extension: '.py',
  },
  {
    name: 'requests',
    language: 'python',
    source: 'deb:python3-requests',
    sub: 'usr/lib/python3/dist-packages/requests',
    extension: '.py',
  },
  {
    name: 'cobra',
    language: 'go',
    source: 'deb:golang-github-spf13-cobra-dev',
    sub: `${GOCODE}/src/github.com/spf13/cobra`,
    extension: '.go',
    importPath: 'github.com/spf13/cobra',
    deps: ['deb:golang-github-spf13-pflag-dev'],
  },
];

/** The workspace root, unpacked once. */
export function repoRoot(repo: PrecisionRepo): string {
  return ensureSource(repo.name, repo.source, repo.sub);
}

/** Go: the GOPATH that holds the workspace and its dependencies. */
export function goPath(repo: PrecisionRepo): string {
  const own = join(ensureSource(repo.name, repo.source, ''), GOCODE);
  const deps = (repo.deps ?? []).map((source) => join(ensureSource(source.replace(/\W+/g, '-'), source, ''), GOCODE));
  return [own, ...deps].join(':');
}

/** A key for an oracle's cached answers: the files' names and sizes, and the oracle's own source. */
export function contentKey(root: string, extension: string, oracleFiles: string[]): string {
  const hash = createHash('sha256');
  for (const file of listFiles(root, [extension])) hash.update(`${file}\0${statSync(join(root, file)).size}\n`);
  for (const file of oracleFiles) hash.update(existsSync(file) ? readFileSync(file) : file);
  return hash.digest('hex').slice(0, 16);
}

/** `grep -rnw NAME` over the workspace's source files: what an agent without Lectern reads. */
export function grepOutput(root: string, extension: string, name: string): string {
  try {
    return execFileSync('grep', ['-rnw', `--include=*${extension}`, '--', name, '.'], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
  } catch {
    return ''; // grep exits 1 when nothing matches
  }
}
