// Runs each language's oracle, with its answers cached by the package's files and the oracle's source
// (a second run answers from the cache in seconds; a new package version or oracle asks again).
//   TypeScript: the `typescript` package (LanguageService findReferences) in this process;
//   Python: jedi (`apt-get install python3-jedi`, or any python3 that imports jedi: LECTERN_JEDI_PYTHON);
//   Go: go/types through bench/navigationPrecision/gotypes (built with the `go` on PATH: Debian's golang-go).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { cacheDir } from '../economy/corpus';
import { contentKey, goPath, repoRoot, type PrecisionRepo } from './corpus';
import type { Declaration, OracleReferences } from './oracle';
import { typescriptDeclarations, typescriptProject, typescriptReferences } from './typescriptOracle';

export interface Oracle {
  /** Named in the report: which compiler answered. */
  name: string;
  declarations(): Declaration[];
  references(declarations: Declaration[]): OracleReferences[];
}

const HERE = __dirname;
const OUT = { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 } as const;

function cached<T>(file: string, make: () => T): T {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as T;
  const value = make();
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(value));
  return value;
}

/** The python3 that imports jedi: LECTERN_JEDI_PYTHON, then python3 on PATH, then Debian's. */
function jediPython(): string {
  const candidates = [process.env.LECTERN_JEDI_PYTHON, 'python3', '/usr/bin/python3'].filter(Boolean) as string[];
  for (const python of candidates)
    try {
      const version = execFileSync(python, ['-c', 'import jedi; print(jedi.__version__)'], OUT).trim();
      return `${python}\0${version}`;
    } catch {
      // not this one
    }
  throw new Error('no python3 imports jedi: apt-get install python3-jedi (or set LECTERN_JEDI_PYTHON)');
}

function goOracle(repo: PrecisionRepo, root: string): () => Declaration[] {
  return () => {
    const binary = join(cacheDir(), 'navigation-precision', 'gotypes');
    mkdirSync(join(binary, '..'), { recursive: true });
    try {
      execFileSync('go', ['build', '-o', binary, 'main.go'], {
        cwd: join(HERE, 'gotypes'),
        env: { ...process.env, GO111MODULE: 'off' },
        stdio: 'pipe',
      });
    } catch (error) {
      const why = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
      throw new Error(`the Go oracle did not build (apt-get install golang-go puts go on PATH): ${why}`);
    }
    const env = { ...process.env, GO111MODULE: 'off', GOPATH: goPath(repo), GOFLAGS: '' };
    return JSON.parse(execFileSync(binary, [root, repo.importPath!], { ...OUT, env })) as Declaration[];
  };
}

export function oracleFor(repo: PrecisionRepo): Oracle {
  const root = repoRoot(repo);
  const sources = {
    typescript: [join(HERE, 'typescriptOracle.ts'), `typescript@${ts.version}`],
    python: [join(HERE, 'jedi_oracle.py')],
    go: [join(HERE, 'gotypes', 'main.go'), 'go/types'],
  }[repo.language];
  const python = repo.language === 'python' ? jediPython() : '';
  const key = contentKey(root, repo.extension, [...sources, python]);
  const file = (what: string) => join(cacheDir(), 'navigation-precision', `${repo.name}-${key}-${what}.json`);
  const place = (d: Declaration) => `${d.file}:${d.line}:${d.column ?? 0}`;
  if (repo.language === 'typescript') {
    let project: ReturnType<typeof typescriptProject> | undefined;
    const open = () => (project ??= typescriptProject(root, repo.selfName ?? repo.name));
    return {
      name: `TypeScript ${ts.version} LanguageService findReferences`,
      declarations: () => cached(file('declarations'), () => typescriptDeclarations(open())),
      references: (declarations) =>
        declarations.map((d) =>
          cached(file(`refs-${place(d).replace(/\W+/g, '_')}`), () => typescriptReferences(open(), d)),
        ),
    };
  }
  if (repo.language === 'python') {
    const [bin, version] = python.split('\0') as [string, string];
    const script = join(HERE, 'jedi_oracle.py');
    return {
      name: `jedi ${version} get_references`,
      declarations: () =>
        cached(file('declarations'), () => JSON.parse(execFileSync(bin, [script, 'declarations', root], OUT))),
      references: (declarations) => {
        const places = declarations.map((d) => [d.file, d.line, d.column ?? 0]);
        const name = createKey(places);
        return cached(file(`refs-${name}`), () =>
          JSON.parse(execFileSync(bin, [script, 'references', root], { ...OUT, input: JSON.stringify(places) })),
        );
      },
    };
  }
  const declarations = () => cached(file('declarations'), goOracle(repo, root));
  return {
    name: 'go/types (Go 1.19) Info.Uses',
    declarations,
    // go/types resolves every identifier: the one pass is the compiler's whole answer.
    references: (chosen) => chosen.map((d) => ({ uses: d.uses, defs: d.defs })),
  };
}

function createKey(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);
}
