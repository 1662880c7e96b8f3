// The pure parts of scripts/release.mjs: its arguments, whether the tree is clean, and the SHA256SUMS file
// (the format `sha256sum -c` reads: the hex digest, two spaces, the file name).
import { createHash } from 'node:crypto';

export const RELEASE_DIR = 'release';

/** `--allow-dirty` and `--out DIR`; throws with the usage on anything else. */
export function parseReleaseArgs(argv) {
  const options = { allowDirty: false, out: RELEASE_DIR };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--allow-dirty') options.allowDirty = true;
    else if (arg === '--out' && argv[i + 1] && !argv[i + 1].startsWith('--')) options.out = argv[++i];
    else throw new Error(`Unknown or incomplete option ${arg}. Usage: npm run release -- [--allow-dirty] [--out DIR]`);
  }
  return options;
}

/** The paths `git status --porcelain` names (a rename's new path), in its order. */
export function dirtyPaths(porcelain) {
  return porcelain
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.slice(3).split(' -> ').pop());
}

/** Why a release from this tree would not be the committed code; undefined when it would be (or is allowed). */
export function dirtyTreeProblem(porcelain, allowDirty) {
  const paths = dirtyPaths(porcelain);
  if (paths.length === 0 || allowDirty) return undefined;
  const shown = paths.slice(0, 10).join(', ') + (paths.length > 10 ? `, and ${paths.length - 10} more` : '');
  return (
    `The working tree has uncommitted changes (${shown}): a release is built from committed code only. ` +
    'Commit or discard them, or run `npm run release -- --allow-dirty` for a local trial.'
  );
}

export const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** SHA256SUMS text for `files` (name -> contents), sorted by name. */
export function formatSums(files) {
  return [...files.keys()]
    .sort()
    .map((name) => `${sha256(files.get(name))}  ${name}\n`)
    .join('');
}

/** What in a SHA256SUMS text does not match `files` (name -> contents): wrong, unlisted or unknown files. */
export function sumsProblems(text, files) {
  const problems = [];
  const listed = new Map();
  for (const line of text.split('\n').filter((l) => l !== '')) {
    const match = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!match) problems.push(`not a SHA256SUMS line: ${line}`);
    else listed.set(match[2], match[1]);
  }
  for (const [name, digest] of listed) {
    if (!files.has(name)) problems.push(`${name} is listed but not in the release`);
    else if (sha256(files.get(name)) !== digest) problems.push(`${name} does not match its SHA-256`);
  }
  for (const name of files.keys()) if (!listed.has(name)) problems.push(`${name} has no SHA-256 line`);
  return problems;
}
