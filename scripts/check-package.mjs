// Builds the .vsix and checks it holds only what runs: the bundle, the manifest, docs and the icon;
// unpacks it and checks what a user sees in the Extensions view (the user README, with no relative
// link or picture that would break there, every setting and command in it, the changelog, the icon).
// Then the npm package (scripts/check-npm-package.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkNpmPackage } from './check-npm-package.mjs';
import { zipEntries } from './zipEntries.mjs';

const USER_README = 'docs/extension/README.md';
const manifest = JSON.parse(readFileSync('package.json', 'utf8'));

const vsce = (args) =>
  execFileSync(process.execPath, [join('node_modules', '@vscode', 'vsce', 'vsce'), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
execFileSync(process.execPath, ['esbuild.mjs', '--production'], { stdio: 'inherit' });
const files = vsce(['ls', '--no-dependencies']).trim().split('\n').filter(Boolean).sort();
console.log('vsix contents:\n  ' + files.join('\n  '));
const allowed = [
  /^dist\/extension\.js$/,
  /^dist\/outlineWorker\.js$/,
  /^dist\/regexWorker\.js$/,
  /^dist\/outlineThreadWorker\.js$/,
  /^dist\/tokenizer\.js$/,
  /^dist\/treeSitter\.js$/,
  /^dist\/grammars\/[\w.-]+\.wasm$/,
  /^dist\/sqljs\.js$/,
  /^dist\/sql-wasm\.wasm$/,
  /^dist\/(engine|cli|cli-main|mcp|chat)\.js$/,
  /^dist\/web\/(extension|tokenizer)\.js$/,
  /^package\.json$/,
  /^docs\/[\w.-]+\.md$/,
  /^LICENSE(\.txt)?$/,
  /^README\.md$/,
  /^SECURITY\.md$/,
  /^CHANGELOG\.md$/,
  /^media\/icon\.png$/,
  /^media\/dashboard\.(js|css)$/,
];
const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
const missing = [
  'dist/extension.js',
  'dist/outlineWorker.js',
  'dist/regexWorker.js',
  'dist/outlineThreadWorker.js',
  'dist/tokenizer.js',
  'dist/treeSitter.js',
  'package.json',
  'LICENSE',
  'media/icon.png',
  'media/dashboard.js',
  'media/dashboard.css',
  'dist/sqljs.js',
  'dist/sql-wasm.wasm',
  'dist/cli.js',
  'dist/cli-main.js',
  'dist/mcp.js',
  'dist/engine.js',
  'dist/chat.js',
  'dist/web/extension.js',
  'dist/web/tokenizer.js',
].filter((f) => !files.includes(f));

/** What the Extensions view shows from the unpacked .vsix, checked as a user would see it. */
function checkUnpacked(entries) {
  const problems = [];
  const text = (name) => entries.get(name)?.toString('utf8');
  const readme = text('extension/readme.md') ?? text('extension/README.md');
  if (readme === undefined) return ['the .vsix holds no README'];
  if (readme !== readFileSync(USER_README, 'utf8')) problems.push(`the .vsix README is not ${USER_README}`);
  if (/git clone|npm test/.test(readme)) problems.push('the .vsix README is the contributor README');
  // The Extensions view shows only absolute pictures and links: a relative one is broken there.
  const relative = [...readme.matchAll(/\]\(((?!https:|#|mailto:)[^)\s]+)\)|<img[^>]+src="(?!https:)([^"]+)"/g)];
  if (relative.length > 0) problems.push(`the .vsix README has relative links: ${relative.map((m) => m[1] ?? m[2])}`);
  const settings = Object.keys(manifest.contributes.configuration.properties);
  const unsaid = settings.filter((key) => !readme.includes('`' + key + '`'));
  if (unsaid.length > 0) problems.push(`the .vsix README does not list the settings ${unsaid.join(', ')}`);
  const titles = manifest.contributes.commands.map((c) => c.title.replace(/…$/, ''));
  const untold = titles.filter((title) => !readme.includes(title));
  if (untold.length > 0) problems.push(`the .vsix README does not name the commands ${untold.join(', ')}`);
  if (!text('extension/changelog.md') && !text('extension/CHANGELOG.md')) problems.push('the .vsix has no CHANGELOG');
  if (!entries.has(`extension/${manifest.icon}`)) problems.push(`the .vsix has no icon (${manifest.icon})`);
  return problems;
}

const problems = [];
const dir = mkdtempSync(join(tmpdir(), 'lectern-vsix-'));
try {
  const out = join(dir, 'lectern.vsix');
  vsce([
    'package',
    '--no-dependencies',
    '--allow-missing-repository',
    '--readme-path',
    USER_README,
    '--changelog-path',
    'CHANGELOG.md',
    '--out',
    out,
  ]);
  if (!existsSync(out)) throw new Error('vsce package made no file');
  console.log(`vsix: ${(statSync(out).size / 1024).toFixed(0)} KB`);
  problems.push(...checkUnpacked(zipEntries(readFileSync(out))));
  problems.push(...(await checkNpmPackage()));
} finally {
  rmSync(dir, { recursive: true, force: true });
  execFileSync(process.execPath, ['esbuild.mjs'], { stdio: 'ignore' }); // leave the dev build with source maps
}
if (unexpected.length > 0) problems.push(`Unexpected files in the .vsix: ${unexpected.join(', ')}`);
if (missing.length > 0) problems.push(`Missing from the .vsix: ${missing.join(', ')}`);
for (const problem of problems) console.error(problem);
if (problems.length > 0) process.exit(1);
console.log('vsix and npm package: ok');
