// One glob as a path test that cannot stall the host, for every glob of every mode (search's include,
// exclude and target, map's target, symbol and references paths, the host's exclusion globs).
// picomatch compiles a glob to a backtracking RegExp, which can take exponential time on a long
// name whatever its wildcard count (`*a*a*a*a*a*a*a*a*a*a*b` took 52 s on a 40-character name;
// `@(a|aa)` twelve times, no wildcard at all, doubles its time with each group). So the expression
// picomatch writes always runs on RE2 (linear time in the path), with the lookaheads that only
// guard `.`/`..` segments and empty names dropped (the walker's paths have neither). RE2's test
// costs about what picomatch's does on ordinary globs. A glob RE2 cannot run (a negated extglob)
// is refused in a request.
import picomatch from 'picomatch';
import { RE2JS } from 're2js';

/** Lookaheads picomatch writes that no path of the walker can fail (no `.`/`..` segment, no empty name). */
const REDUNDANT_LOOKAHEADS = ['(?!(?:^|\\/)\\.{1,2}(?:\\/|$))', '(?!\\.{1,2}(?:\\/|$))', '(?=.)'];

/** picomatch's last segment when it is a bare `*`: "something follows", then any name, at the end. */
const FINAL_BARE_STAR = '(?=.)[^/]*?\\/?)$';

/**
 * A glob (picomatch syntax, dot files matched) as a test of a slash-separated relative path; throws
 * on a glob it cannot compile. `lenient` (the host's own exclusion globs, from settings): a glob RE2
 * cannot run keeps picomatch's RegExp (the user's own settings, never a request's input), and one
 * picomatch cannot compile matches nothing.
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
  // A leading `!` negates the whole glob (`!!` cancels), as picomatch has it: the rest runs on RE2.
  const bangs = /^!+(?!\()/.exec(glob)?.[0].length ?? 0;
  if (bangs > 0) {
    const rest = globMatcher(glob.slice(bangs));
    return bangs % 2 === 1 ? (path) => path !== glob && !rest(path) : rest;
  }
  let source = picomatch.makeRe(glob, { dot: true }).source;
  // A last segment that is a bare `*` must not be empty (picomatch's `(?=.)`): `a/**/*` is not `a`.
  if (source.endsWith(FINAL_BARE_STAR)) source = `${source.slice(0, -FINAL_BARE_STAR.length)}[^/]+?\\/?)$`;
  for (const lookahead of REDUNDANT_LOOKAHEADS) source = source.split(lookahead).join('');
  if (/\(\?[=!<]/.test(source))
    throw new Error('a negated pattern (!(…)) is not supported: list what to match instead');
  // Anchored at both ends (^…$): a test anywhere is a test of the whole path, on RE2's DFA.
  const linear = RE2JS.compile(source);
  // picomatch also takes a path equal to the glob itself.
  return (path) => path === glob || linear.test(path);
}
