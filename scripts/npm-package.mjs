// The npm package's folder, as `npm pack` packs it: the files package.json's `files` names, with the users' README
// (docs/npm/README.md: install, MCP clients, tools, flags) in place of the repository's, which is the contributors'
// (npm always packs the README at the package's root, so the package is assembled in a folder of its own), and a
// package.json without the repository's scripts (none of them runs in an installed package) or its `private`.
// CLI:  node scripts/npm-package.mjs [FOLDER]  (default dist/npm-package; `npm run pack` packs it)
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';

export const NPM_README = 'docs/npm/README.md';
export const NPM_PACKAGE_DIR = 'dist/npm-package';
const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The files under `path` (itself, if it is a file). */
function walk(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  const entries = readdirSync(path, { withFileTypes: true });
  return entries.flatMap((entry) => {
    const full = join(path, entry.name);
    return entry.isDirectory() ? walk(full) : entry.isFile() ? [full] : [];
  });
}

/** The repository's files (relative, with `/`) that package.json's `files` names, the README left out. */
export function packageFiles(manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'))) {
  const matches = picomatch(manifest.files);
  const tops = [...new Set(manifest.files.map((pattern) => pattern.split('/')[0]))];
  return tops
    .flatMap((top) => walk(join(repo, top)))
    .map((full) => relative(repo, full).split(sep).join('/'))
    .filter((path) => matches(path) && path !== 'README.md' && !path.startsWith(`${NPM_PACKAGE_DIR}/`))
    .sort();
}

/** Writes the package's folder at `out` (emptied first); returns the paths it holds. */
export function stageNpmPackage(out = join(repo, NPM_PACKAGE_DIR)) {
  const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
  rmSync(out, { recursive: true, force: true });
  const files = packageFiles(manifest);
  for (const file of files) {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    copyFileSync(join(repo, file), join(out, file));
  }
  copyFileSync(join(repo, NPM_README), join(out, 'README.md'));
  // The repository's package.json is private (an `npm publish` at its root must never publish it); this one is not.
  const { scripts: _scripts, devDependencies: _devDependencies, private: _private, ...published } = manifest;
  writeFileSync(join(out, 'package.json'), JSON.stringify(published, null, 2) + '\n');
  return [...files, 'README.md', 'package.json'].sort();
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runNpm = (args, options = {}) =>
  execFileSync(npm, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });

/**
 * `npm publish --dry-run` of the folder stageNpmPackage wrote at `staged` (offline: it never publishes, nor asks the
 * registry), then `npm pack` of it into `outDir`, as both `npm run release` and `npm test`'s package step check it:
 * npm pack's report (`filename`, `files`, sizes) and what is wrong (a private package, a dry run that would send
 * another package or other files than the tarball holds). `run` runs npm (the release names a failed command).
 */
export function packNpmPackage(staged, outDir, run = runNpm) {
  const problems = [];
  const manifest = JSON.parse(readFileSync(join(staged, 'package.json'), 'utf8'));
  if (manifest.private) problems.push('the staged npm package is private: npm would refuse to publish it');
  const dry = run(['publish', '--dry-run', '--offline', '--ignore-scripts', '--json'], { cwd: staged });
  const parsed = JSON.parse(dry.slice(dry.indexOf('{')));
  const report = parsed[manifest.name] ?? parsed; // npm 11 keys the report by the package's name
  const announced = report.id ?? `${report.name}@${report.version}`;
  if (announced !== `${manifest.name}@${manifest.version}`)
    problems.push(`npm publish --dry-run announced ${announced}`);
  const packed = JSON.parse(run(['pack', '--json', '--ignore-scripts', '--pack-destination', outDir, staged]))[0];
  if (report.entryCount !== packed.entryCount)
    problems.push(`npm publish --dry-run would send ${report.entryCount} files, npm pack packed ${packed.entryCount}`);
  console.log(`npm publish --dry-run: ${announced}, ${report.entryCount} files; npm pack: ${packed.filename}`);
  return { packed, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = process.argv[2] ?? join(repo, NPM_PACKAGE_DIR);
  console.log(`npm package staged in ${relative(process.cwd(), out) || '.'}: ${stageNpmPackage(out).length} files`);
}

/**
 * What in the package's README would break where npm shows it or where it is installed: a link or picture that is
 * neither https nor a file of the package (`files`, relative to its root), and the contributors' instructions.
 */
export function readmeProblems(text, files) {
  const problems = [];
  const held = new Set(files);
  for (const [, target] of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)[^)]*\)/g)) {
    if (/^https:\/\//.test(target)) continue;
    const path = target.split('#')[0];
    if (/^[a-z][\w+.-]*:/i.test(target) || !path || !held.has(path))
      problems.push(`link to ${target}: neither https nor a file of the package`);
  }
  for (const [, what] of text.matchAll(/(git clone|npm start|npm test|npm run \S+|npm ci\b)/g))
    problems.push(`a contributor's command: ${what}`);
  return problems;
}
