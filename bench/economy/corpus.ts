// Real code the tests never use, fetched once into a cache outside the repository:
// npm packages through `npm pack`, Debian packages through `apt-get download` + `dpkg -x`.
//   LECTERN_ECONOMY_CACHE   where (default ~/.cache/lectern-economy)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, relative } from 'node:path';

export type Language = 'javascript' | 'typescript' | 'python' | 'go' | 'rust' | 'c';

export interface Repo {
  /** Short name used in reports. */
  name: string;
  language: Language;
  /** Where the package comes from: `npm:<spec>` or `deb:<package>`. */
  source: string;
  /** The folder (inside the unpacked package) that is the workspace root. */
  sub: string;
  /** File extensions of the source files needs are sampled from. */
  extensions: string[];
}

export const REPOS: Repo[] = [
  { name: 'commander', language: 'javascript', source: 'npm:commander@14.0.3', sub: 'package', extensions: ['.js'] },
  { name: 'zod', language: 'typescript', source: 'npm:zod@4.1.12', sub: 'package/src', extensions: ['.ts'] },
  {
    name: 'flask',
    language: 'python',
    source: 'deb:python3-flask',
    sub: 'usr/lib/python3/dist-packages/flask',
    extensions: ['.py'],
  },
  {
    name: 'requests',
    language: 'python',
    source: 'deb:python3-requests',
    sub: 'usr/lib/python3/dist-packages/requests',
    extensions: ['.py'],
  },
  {
    name: 'cobra',
    language: 'go',
    source: 'deb:golang-github-spf13-cobra-dev',
    sub: 'usr/share/gocode/src/github.com/spf13/cobra',
    extensions: ['.go'],
  },
  {
    name: 'serde_json',
    language: 'rust',
    source: 'deb:librust-serde-json-dev',
    sub: 'usr/share/cargo/registry/*',
    extensions: ['.rs'],
  },
  { name: 'stb', language: 'c', source: 'deb:libstb-dev', sub: 'usr/include/stb', extensions: ['.h'] },
];

/** One minified bundle (a few very long lines) for the long-session scenario. */
export const MINIFIED = {
  name: 'babel-standalone',
  source: 'npm:@babel/standalone@7.28.5',
  sub: 'package',
  file: 'babel.min.js',
};

export function cacheDir(): string {
  return process.env.LECTERN_ECONOMY_CACHE ?? join(os.homedir(), '.cache', 'lectern-economy');
}

let aptUpdated = false;

function fetchSource(source: string, into: string): void {
  const downloads = join(cacheDir(), 'downloads');
  mkdirSync(downloads, { recursive: true });
  mkdirSync(into, { recursive: true });
  const [kind, spec] = [source.slice(0, source.indexOf(':')), source.slice(source.indexOf(':') + 1)];
  if (kind === 'npm') {
    const name = execFileSync('npm', ['pack', spec, '--silent'], { cwd: downloads, encoding: 'utf8' })
      .trim()
      .split('\n')
      .pop()!;
    execFileSync('tar', ['xzf', join(downloads, name), '-C', into]);
    return;
  }
  const find = () => readdirSync(downloads).find((f) => f.startsWith(`${spec}_`) && f.endsWith('.deb'));
  if (!find()) {
    try {
      execFileSync('apt-get', ['download', spec], { cwd: downloads, stdio: 'pipe' });
    } catch {
      if (aptUpdated) throw new Error(`apt-get download ${spec} failed`);
      execFileSync('apt-get', ['update'], { stdio: 'pipe' });
      aptUpdated = true;
      execFileSync('apt-get', ['download', spec], { cwd: downloads, stdio: 'pipe' });
    }
  }
  execFileSync('dpkg', ['-x', join(downloads, find()!), into]);
}

/** Unpacks (once) and returns the workspace root of a repo. */
export function ensureSource(name: string, source: string, sub: string): string {
  const dir = join(cacheDir(), 'src', name);
  const marker = join(dir, '.complete');
  if (!existsSync(marker)) {
    fetchSource(source, dir);
    writeFileSync(marker, source + '\n');
  }
  // A trailing /* stands for the one folder there (a crate's versioned folder).
  if (sub.endsWith('/*')) {
    const parent = join(dir, sub.slice(0, -2));
    const [only] = readdirSync(parent);
    return join(parent, only!);
  }
  return join(dir, sub);
}

export function listFiles(root: string, extensions: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.isFile() &&
        extensions.some((e) => entry.name.endsWith(e)) &&
        !entry.name.endsWith('.d.ts') &&
        statSync(full).size > 0
      )
        out.push(relative(root, full));
    }
  };
  walk(root);
  return out;
}

/** A file's lines as an editor counts them: a final newline ends the last line, it does not start one. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
