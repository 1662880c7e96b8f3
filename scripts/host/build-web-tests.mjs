// The web worker extension host's test run (run-integration.mjs --web): one development folder holding
// Lectern (package.json, dist, media) with the tests bundled inside it, since the worker loads
// `extensionTestsPath` from the extension's folder, and the scripted language model of the chat tests
// (its `browser` entry; cjs requiring only `vscode`, as the worker allows). The tests are one browser
// bundle (platform 'browser', no Node module) around mocha's browser build; `node:path` as in the web
// extension.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './build-tests.mjs';

const require = createRequire(import.meta.url);
const developmentPath = path.join(repoRoot, 'out', 'test', 'web-extensions');
export const webExtensionDir = path.join(developmentPath, 'lectern');
const scriptedModelDir = path.join(developmentPath, 'scripted-model');

/** Copies what Lectern runs from into webExtensionDir, bundles test/web into it and the scripted model beside it; returns { developmentPath, entry }. */
export async function buildWebTests() {
  const esbuild = await import('esbuild');
  rmSync(developmentPath, { recursive: true, force: true });
  mkdirSync(webExtensionDir, { recursive: true });
  for (const entry of ['package.json', 'dist', 'media', 'README.md', 'LICENSE']) {
    if (existsSync(path.join(repoRoot, entry)))
      cpSync(path.join(repoRoot, entry), path.join(webExtensionDir, entry), { recursive: true });
  }
  const entry = path.join(webExtensionDir, 'web-tests', 'index.js');
  await esbuild.build({
    entryPoints: [path.join(repoRoot, 'test', 'web', 'index.ts')],
    outfile: entry,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    sourcemap: 'inline',
    external: ['vscode', 'gpt-tokenizer/encoding/o200k_base'],
    alias: { 'node:path': 'path-browserify', 'web-tree-sitter': require.resolve('web-tree-sitter') },
    // mocha's browser build replaces module.exports as it loads: run() is exported last.
    footer: { js: 'module.exports = { run: globalThis.lecternWebTests };' },
    logLevel: 'warning',
  });
  mkdirSync(scriptedModelDir, { recursive: true });
  const scripted = path.join(repoRoot, 'test', 'integration', 'scripted-model');
  await esbuild.build({
    entryPoints: [path.join(scripted, 'extension.ts')],
    outfile: path.join(scriptedModelDir, 'extension.js'),
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    logLevel: 'warning',
  });
  cpSync(path.join(scripted, 'package.json'), path.join(scriptedModelDir, 'package.json'));
  return { developmentPath, entry };
}
