// The extension as `npm start` installs it: a folder laid out as the .vsix lays it out, each entry a link into the
// repository (so a rebuilt dist/ is what a reload runs), with the users' README where VS Code looks for README.md.
// A link to the repository root would show the contributors' README in the Extensions view, whose pictures are
// relative paths that view cannot load.
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { USER_README } from '../vsix-check.mjs';

/**
 * The top-level names the .vsix holds (package.json `files`, besides package.json and README.md), each linked from
 * `dir` to the repository, and README.md linked to the users' README. Returns `dir`.
 */
export function stageExtension(repoRoot, manifest, dir) {
  mkdirSync(dir, { recursive: true });
  const tops = new Set(['package.json', ...manifest.files.map((pattern) => pattern.split('/')[0])]);
  for (const name of tops) symlinkSync(path.join(repoRoot, name), path.join(dir, name));
  symlinkSync(path.join(repoRoot, USER_README), path.join(dir, 'README.md'));
  return dir;
}
