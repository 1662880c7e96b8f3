// Builds the .vsix and checks it holds only what runs: the bundle, the manifest, docs and the icon;
// unpacks it and checks what a user sees in the Extensions view (the user README, with no relative
// link or picture that would break there, every setting and command in it, the changelog, the icon).
// Then the npm package (scripts/check-npm-package.mjs), and in a real host (scripts/host/installedVsix.mjs; skipped
// where the host cannot run, which fails CI) the .vsix installed as a user installs it, as `npm run release` does,
// and the extension as `npm start` installs it: each answers a tool call and shows a whole details page.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkNpmPackage } from './check-npm-package.mjs';
import { checkStagedInHost, checkVsixInHost } from './host/installedVsix.mjs';
import { hostPrerequisites } from './host/prerequisites.mjs';
import { checkUnpacked, listingProblems, packageArgs } from './vsix-check.mjs';
import { zipEntries } from './zipEntries.mjs';

const manifest = JSON.parse(readFileSync('package.json', 'utf8'));

const vsce = (args) =>
  execFileSync(process.execPath, [join('node_modules', '@vscode', 'vsce', 'vsce'), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
execFileSync(process.execPath, ['esbuild.mjs', '--production'], { stdio: 'inherit' });
const files = vsce(['ls', '--no-dependencies']).trim().split('\n').filter(Boolean).sort();
console.log('vsix contents:\n  ' + files.join('\n  '));

const problems = [];
const dir = mkdtempSync(join(tmpdir(), 'lectern-vsix-'));
try {
  const out = join(dir, 'lectern.vsix');
  vsce(packageArgs(out));
  if (!existsSync(out)) throw new Error('vsce package made no file');
  console.log(`vsix: ${(statSync(out).size / 1024).toFixed(0)} KB`);
  problems.push(...checkUnpacked(zipEntries(readFileSync(out)), manifest));
  problems.push(...(await checkNpmPackage()));
  const { blocker } = hostPrerequisites();
  if (!blocker) {
    problems.push(...(await checkVsixInHost(out, manifest)));
    problems.push(...(await checkStagedInHost(process.cwd(), manifest)));
  } else if (process.env.CI) problems.push(`CI must install the .vsix into a host, which cannot run here: ${blocker}`);
  else console.log(`installed .vsix in a host: SKIPPED, NOT checked: ${blocker}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  execFileSync(process.execPath, ['esbuild.mjs'], { stdio: 'ignore' }); // leave the dev build with source maps
}
problems.push(...listingProblems(files));
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log('vsix and npm package: ok');
