// The web worker extension host's test run (run-integration.mjs --web): Lectern staged as a folder of
// its own (package.json, dist, media) with the tests bundled inside it, since the worker loads
// `extensionTestsPath` from the extension's folder. The tests are one browser bundle (platform
// 'browser', no Node module) around mocha's browser build; `node:path` as in the web extension.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './build-tests.mjs';

const require = createRequire(import.meta.url);
export const webExtensionDir = path.join(repoRoot, 'out', 'test', 'web-extension');

/** Copies what Lectern runs from into webExtensionDir and bundles test/web into it; returns { developmentPath, entry }. */
export async function buildWebTests() {
  const esbuild = await import('esbuild');
  rmSync(webExtensionDir, { recursive: true, force: true });
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
  return { developmentPath: webExtensionDir, entry };
}
