// Which symbols bench:navigation --precision asks about: a seeded, stratified draw (bench/rng.ts), never
// a hand-picked list. Five strata of the oracle's declarations that something uses: functions (and
// module-level variables), methods, types, fields, and common names (a name the repository declares
// more than once, like `get` or `Command`, where a name alone says least).
import { rng } from '../rng';
import type { Declaration } from './oracle';

export type Stratum = 'function' | 'method' | 'type' | 'field' | 'common name';
export const STRATA: Stratum[] = ['function', 'method', 'type', 'field', 'common name'];

export interface Candidate {
  repo: string;
  declaration: Declaration;
  stratum: Stratum;
}

/** A declaration's stratum; undefined for what is never drawn (unused, one letter, constructors, dunders). */
export function stratumOf(declaration: Declaration, declaredNames: ReadonlyMap<string, number>): Stratum | undefined {
  const { name, kind, uses } = declaration;
  if (uses.length === 0 || name.length < 2 || name === 'constructor' || /^__\w+__$/.test(name)) return undefined;
  if ((declaredNames.get(name) ?? 0) > 1) return 'common name';
  return kind === 'variable' ? 'function' : kind;
}

/** How many declarations of each name a repository has. */
export function namesDeclared(declarations: readonly Declaration[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { name } of declarations) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}

/** Fisher–Yates with the seeded generator: the same seed draws the same symbols. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * `perStratum` symbols of each stratum over one language's repositories (in a stable order first, so the
 * draw depends on the seed and the code alone). A name path drawn once is not drawn again.
 */
export function drawSymbols(
  repos: ReadonlyArray<{ repo: string; declarations: readonly Declaration[] }>,
  perStratum: number,
  seed: number,
): Candidate[] {
  const pool: Candidate[] = [];
  for (const { repo, declarations } of repos) {
    const names = namesDeclared(declarations);
    for (const declaration of declarations) {
      const stratum = stratumOf(declaration, names);
      if (stratum) pool.push({ repo, declaration, stratum });
    }
  }
  const key = (c: Candidate) => `${c.repo}\0${c.declaration.file}\0${c.declaration.line}\0${c.declaration.path}`;
  pool.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const random = rng(seed);
  const out: Candidate[] = [];
  for (const stratum of STRATA) {
    const drawn = new Set<string>();
    for (const candidate of shuffled(
      pool.filter((c) => c.stratum === stratum),
      random,
    )) {
      const target = `${candidate.repo}\0${candidate.declaration.path}`;
      if (drawn.has(target)) continue;
      drawn.add(target);
      out.push(candidate);
      if (drawn.size === perStratum) break;
    }
  }
  return out;
}

/** The compiler's most used declarations of a repository (by its one-pass use lines), most used first. */
export function mostUsed(declarations: readonly Declaration[], count: number): Declaration[] {
  return [...declarations]
    .sort((a, b) => b.uses.length - a.uses.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, count);
}
