// One glob as a path test that cannot stall the host. picomatch compiles a glob to a backtracking
// RegExp, and a glob with several wildcards can take exponential time on a long name
// (`*a*a*a*a*a*a*a*a*a*a*b` took 52 s on a 40-character name). A glob with few wildcards keeps
// picomatch's RegExp (fast, polynomial of a low degree); one with more runs the same expression on
// RE2 (linear time), with the lookaheads that only guard `.`/`..` segments and empty names dropped
// (the walker's paths have neither). A glob RE2 cannot run (a negated extglob) is refused.
import picomatch from 'picomatch';
import { RE2JS } from 're2js';

/** Globs with at most this many wildcards (`*`, `**`, `*(`/`+(` groups) run on picomatch's RegExp. */
const BACKTRACKING_WILDCARDS = 2;

/** Lookaheads picomatch writes that no path of the walker can fail (no `.`/`..` segment, no empty name). */
const REDUNDANT_LOOKAHEADS = ['(?!(?:^|\\/)\\.{1,2}(?:\\/|$))', '(?!\\.{1,2}(?:\\/|$))', '(?=.)'];

/** Wildcards that quantify without bound: a run of `*` counts once. */
function wildcards(glob: string): number {
  return (glob.match(/\*+|\+\(/g) ?? []).length;
}

/**
 * A glob (picomatch syntax, dot files matched) as a test of a slash-separated relative path; throws
 * on a glob it cannot compile. `lenient` (the host's own exclusion globs, from settings): a glob RE2
 * cannot run keeps picomatch's RegExp, and one picomatch cannot compile matches nothing.
 */
export function globMatcher(glob: string, lenient = false): (path: string) => boolean {
  if (lenient) {
    try {
      return globMatcher(glob);
    } catch {
      try {
        return picomatch(glob, { dot: true });
      } catch {
        return () => false;
      }
    }
  }
  const backtracking = picomatch(glob, { dot: true });
  if (wildcards(glob) <= BACKTRACKING_WILDCARDS) return backtracking;
  let source = picomatch.makeRe(glob, { dot: true }).source;
  for (const lookahead of REDUNDANT_LOOKAHEADS) source = source.split(lookahead).join('');
  if (/\(\?[=!<]/.test(source)) throw new Error('a negated pattern (!(…)) with this many wildcards is not supported');
  const linear = RE2JS.compile(source);
  // picomatch also takes a path equal to the glob itself.
  return (path) => path === glob || linear.matches(path);
}
