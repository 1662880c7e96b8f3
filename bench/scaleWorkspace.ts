// A workspace of N real source files for the scale benchmarks (bench/referencesScale.ts): the
// corpora of bench/realCode.ts (Go, Python, TypeScript, JavaScript, Java, C, C++, Rust, Ruby, PHP,
// C#; those that fetch) and the JavaScript and TypeScript of this repository's npm packages, copied
// round after round into `<corpus>-<round>/` folders until N files, then committed as one git
// repository. Made once per size under the bench cache folder and reused.
//
//   npx tsx bench/scaleWorkspace.ts 100000     make (or find) it, print its folder
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { languageForPath } from '../src/core/symbols/languages/index';
import { cacheDir, CORPORA, ensureCorpus } from './realCode';

const ROOT = resolve(__dirname, '..');
/** Folders the walker skips anyway, and hidden ones: not copied (their files would not count). */
const SKIP = /^(node_modules|dist|build|out|bin|vendor|coverage|target|obj|\..*)$/;
const MAX_FILE_BYTES = 256 * 1024;

interface Source {
  /** The corpus's name: the copies' folder names start with it. */
  name: string;
  base: string;
  files: string[];
}

function collect(dir: string, out: string[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !SKIP.test(entry.name)) collect(path, out);
    else if (entry.isFile() && languageForPath(entry.name) && statSync(path).size <= MAX_FILE_BYTES) out.push(path);
  }
}

/** Every corpus that fetches, then each npm package of this repository, with its source files. */
function sources(): Source[] {
  const out: Source[] = [];
  for (const list of Object.values(CORPORA))
    for (const corpus of list) {
      try {
        const base = ensureCorpus(corpus);
        const files: string[] = [];
        collect(base, files);
        if (files.length > 0) out.push({ name: corpus.name, base, files });
      } catch {
        // not fetchable here (offline): the npm packages below still give real code
      }
    }
  const modules = join(ROOT, 'node_modules');
  for (const pkg of readdirSync(modules).sort()) {
    if (pkg.startsWith('.')) continue;
    const dirs = pkg.startsWith('@') ? readdirSync(join(modules, pkg)).map((p) => `${pkg}/${p}`) : [pkg];
    for (const dir of dirs) {
      const files: string[] = [];
      collect(join(modules, dir), files);
      if (files.length > 0) out.push({ name: dir.replace('/', '__'), base: join(modules, dir), files });
    }
  }
  return out;
}

/** The folder of a workspace of `files` source files, made the first time. */
export function scaleWorkspace(files: number): { root: string; files: number } {
  const root = join(cacheDir(), `scale-${files}`);
  const done = `${root}.complete`;
  if (existsSync(done)) return { root, files };
  rmSync(root, { recursive: true, force: true });
  const all = sources();
  let made = 0;
  for (let round = 0; made < files; round++)
    for (const source of all) {
      for (const file of source.files) {
        if (made >= files) break;
        const target = join(root, `${source.name}-${round}`, relative(source.base, file));
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(file, target);
        made++;
      }
      if (made >= files) break;
    }
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@localhost', ...args], {
      cwd: root,
      stdio: 'ignore',
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', `${files} files of real code`);
  writeFileSync(done, `${made}\n`);
  return { root, files: made };
}

if (require.main === module) {
  const files = Number(process.argv[2] ?? 100_000);
  console.log(scaleWorkspace(files).root);
}
