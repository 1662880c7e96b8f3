// Builds the .vsix and checks it holds only what runs: the bundle, the manifest, docs and the icon.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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
  /^dist\/grammars\/[\w.-]+\.wasm$/,
  /^dist\/sqljs\.js$/,
  /^dist\/sql-wasm\.wasm$/,
  /^dist\/(cli|cli-main|mcp|chat)\.js$/,
  /^package\.json$/,
  /^README\.md$/,
  /^CONTRIBUTING\.md$/,
  /^docs\/[\w.-]+\.(md|png|svg)$/,
  /^LICENSE(\.txt)?$/,
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
  'package.json',
  'README.md',
  'LICENSE',
  'media/icon.png',
  'media/dashboard.js',
  'media/dashboard.css',
  'dist/sqljs.js',
  'dist/sql-wasm.wasm',
  'dist/cli.js',
  'dist/cli-main.js',
  'dist/mcp.js',
  'dist/chat.js',
].filter((f) => !files.includes(f));
const dir = mkdtempSync(join(tmpdir(), 'lectern-vsix-'));
try {
  const out = join(dir, 'lectern.vsix');
  vsce(['package', '--no-dependencies', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', out]);
  if (!existsSync(out)) throw new Error('vsce package made no file');
  console.log(`vsix: ${(statSync(out).size / 1024).toFixed(0)} KB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
  execFileSync(process.execPath, ['esbuild.mjs'], { stdio: 'ignore' }); // leave the dev build with source maps
}
// Every relative link of the packaged README (pages and pictures) must resolve inside the .vsix.
const readme = readFileSync('README.md', 'utf8');
const linked = [...readme.matchAll(/\]\(((?!https?:|#|mailto:)[^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]);
const broken = linked.filter((f) => !files.includes(f));
if (broken.length > 0) console.error(`README links what the .vsix does not contain: ${broken.join(', ')}`);
if (unexpected.length > 0 || missing.length > 0 || broken.length > 0) {
  if (unexpected.length > 0) console.error(`Unexpected files in the .vsix: ${unexpected.join(', ')}`);
  if (missing.length > 0) console.error(`Missing from the .vsix: ${missing.join(', ')}`);
  process.exit(1);
}
console.log('vsix: ok');
