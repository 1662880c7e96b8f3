// Real code for the symbol benchmarks, fetched by the bench itself into a cache folder (never
// committed): Debian binary packages that ship sources (`apt-get download` + `dpkg -x`) and npm
// packages (`npm pack`). A corpus already unpacked is reused.
//
//   npx tsx bench/realCode.ts            fetch everything, print where each corpus is
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';

export interface Corpus {
  /** Short name, e.g. "cobra". */
  name: string;
  /** Where it comes from: `deb:<package>` or `npm:<package>@<version>`. */
  source: string;
  /** Folder inside the unpacked package holding the code. */
  subdir: string;
  /** A zip inside the package to unpack first (path in the package, entries to take), into `unzipped/`. */
  unzip?: { archive: string; entries: string };
}

/** One or more corpora per language the project ships a grammar for (where Debian or npm has sources). */
export const CORPORA: Record<string, readonly Corpus[]> = {
  typescript: [{ name: 'rxjs', source: 'npm:rxjs@7.8.1', subdir: 'package/src' }],
  javascript: [{ name: 'express', source: 'npm:express@4.21.2', subdir: 'package' }],
  python: [{ name: 'flask', source: 'deb:python3-flask', subdir: 'usr/lib/python3/dist-packages/flask' }],
  go: [
    {
      name: 'cobra',
      source: 'deb:golang-github-spf13-cobra-dev',
      subdir: 'usr/share/gocode/src/github.com/spf13/cobra',
    },
  ],
  rust: [{ name: 'regex', source: 'deb:librust-regex-dev', subdir: 'usr/share/cargo/registry' }],
  c: [{ name: 'hiredis', source: 'npm:hiredis@0.5.0', subdir: 'package/deps/hiredis' }],
  cpp: [{ name: 'googletest', source: 'deb:googletest', subdir: 'usr/src/googletest' }],
  java: [
    {
      name: 'openjdk-util',
      source: 'deb:openjdk-17-source',
      subdir: 'unzipped/java.base/java/util',
      unzip: { archive: 'usr/lib/jvm/openjdk-17/lib/src.zip', entries: 'java.base/java/util/*' },
    },
  ],
  ruby: [{ name: 'rack', source: 'deb:ruby-rack', subdir: 'usr/share/rubygems-integration/all/gems' }],
  php: [
    { name: 'symfony-console', source: 'deb:php-symfony-console', subdir: 'usr/share/php/Symfony/Component/Console' },
  ],
  // UniTask, a Unity package published on npm with its C# sources (Debian ships .NET libraries as assemblies).
  csharp: [{ name: 'unitask', source: 'npm:com.cysharp.unitask@2.2.5', subdir: 'package/Runtime' }],
};

export function cacheDir(): string {
  return process.env.LECTERN_REALCODE_DIR ?? join(os.tmpdir(), 'lectern-realcode');
}

function unpackDeb(pkg: string, into: string): void {
  const work = join(into, '.deb');
  mkdirSync(work, { recursive: true });
  execFileSync('apt-get', ['download', '-qq', pkg], { cwd: work, stdio: 'pipe' });
  const deb = readdirSync(work).find((f) => f.endsWith('.deb'));
  if (!deb) throw new Error(`apt-get download ${pkg} gave no .deb`);
  execFileSync('dpkg', ['-x', join(work, deb), into], { stdio: 'pipe' });
  rmSync(work, { recursive: true, force: true });
}

function unpackNpm(spec: string, into: string): void {
  mkdirSync(into, { recursive: true });
  const out = execFileSync('npm', ['pack', spec, '--silent'], { cwd: into, encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop()!;
  execFileSync('tar', ['xzf', out], { cwd: into });
  rmSync(join(into, out), { force: true });
}

/** The folder with the corpus's code, fetched and unpacked first when it is not there yet. */
export function ensureCorpus(corpus: Corpus): string {
  const into = join(cacheDir(), corpus.name);
  const code = join(into, corpus.subdir);
  if (existsSync(code)) return code;
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into, { recursive: true });
  const [kind, what] = [
    corpus.source.slice(0, corpus.source.indexOf(':')),
    corpus.source.slice(corpus.source.indexOf(':') + 1),
  ];
  if (kind === 'deb') unpackDeb(what, into);
  else unpackNpm(what, into);
  if (corpus.unzip) {
    execFileSync(
      'unzip',
      ['-q', '-o', join(into, corpus.unzip.archive), corpus.unzip.entries, '-d', join(into, 'unzipped')],
      { stdio: 'pipe' },
    );
    rmSync(join(into, corpus.unzip.archive), { force: true });
  }
  if (!existsSync(code)) throw new Error(`${corpus.source} has no ${corpus.subdir}`);
  return code;
}

if (require.main === module) {
  for (const [language, list] of Object.entries(CORPORA)) {
    for (const corpus of list) {
      try {
        console.log(`${language}\t${corpus.name}\t${ensureCorpus(corpus)}`);
      } catch (error) {
        console.log(`${language}\t${corpus.name}\tFAILED: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  }
}
