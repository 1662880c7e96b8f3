// Bundles the integration tests for the extension host (used by run-integration.mjs and
// test/integration/runDesktop.mjs): test/integration/index.ts + every test/integration/**/*.test.ts
// -> out/test/integration/**.js (CommonJS, platform node, `vscode` and `mocha` external).
// Also makes sure dist/extension.js exists (runs `node esbuild.mjs` when it does not).
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const testsSrcDir = path.join(repoRoot, 'test', 'integration');
export const testsOutDir = path.join(repoRoot, 'out', 'test', 'integration');
export const testsEntry = path.join(testsOutDir, 'index.js');
/**
 * The extensions under test, as one development folder holding two: a copy of Lectern (package.json,
 * dist, media) and the scripted language model the chat tests talk to. (The web workbench passes
 * only one extensionDevelopmentPath to the server; a folder without a package.json is scanned as
 * several extensions.)
 */
export const devExtensionsDir = path.join(repoRoot, 'out', 'test', 'dev-extensions');
const scriptedModelDir = path.join(devExtensionsDir, 'scripted-model');

/** Copies what Lectern runs from into devExtensionsDir/lectern; returns devExtensionsDir. */
export function stageLectern() {
  const dir = path.join(devExtensionsDir, 'lectern');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['package.json', 'dist', 'media', 'README.md', 'LICENSE']) {
    if (existsSync(path.join(repoRoot, entry)))
      cpSync(path.join(repoRoot, entry), path.join(dir, entry), { recursive: true });
  }
  return devExtensionsDir;
}

function newestMtime(dir) {
  let newest = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) newest = Math.max(newest, statSync(path.join(e.parentPath ?? e.path, e.name)).mtimeMs);
  }
  return newest;
}

/**
 * Runs `node esbuild.mjs` in the repo when dist/extension.js is missing or older than src/ or
 * package.json (or always); throws when the build fails.
 */
export function buildExtension({ always = false } = {}) {
  const main = path.join(repoRoot, 'dist', 'extension.js');
  if (!always && existsSync(main)) {
    const built = statSync(main).mtimeMs;
    const sources = Math.max(
      newestMtime(path.join(repoRoot, 'src')),
      statSync(path.join(repoRoot, 'package.json')).mtimeMs,
    );
    if (built >= sources) return main;
  }
  process.stderr.write(`[lectern-host] building the extension: node esbuild.mjs\n`);
  const r = spawnSync(process.execPath, ['esbuild.mjs'], {
    cwd: repoRoot,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  if (r.status !== 0) throw new Error(`node esbuild.mjs failed (exit ${r.status})`);
  if (!existsSync(main)) throw new Error(`node esbuild.mjs did not produce ${main}`);
  return main;
}

function findTests(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.test\.ts$/.test(e.name) && !(e.parentPath ?? e.path).includes('scripted-model'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .sort();
}

/** Bundles the tests; returns { entry, files }. */
export async function buildIntegrationTests() {
  const esbuild = await import('esbuild');
  const index = path.join(testsSrcDir, 'index.ts');
  if (!existsSync(index)) throw new Error(`missing ${index}`);
  const tests = findTests(testsSrcDir);
  if (tests.length === 0) throw new Error(`no *.test.ts under ${testsSrcDir}`);
  rmSync(testsOutDir, { recursive: true, force: true }); // no stale tests from deleted files
  await esbuild.build({
    entryPoints: [index, ...tests],
    outbase: testsSrcDir,
    outdir: testsOutDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  rmSync(scriptedModelDir, { recursive: true, force: true });
  mkdirSync(scriptedModelDir, { recursive: true });
  await esbuild.build({
    entryPoints: [path.join(testsSrcDir, 'scripted-model', 'extension.ts')],
    outfile: path.join(scriptedModelDir, 'extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    logLevel: 'warning',
  });
  copyFileSync(path.join(testsSrcDir, 'scripted-model', 'package.json'), path.join(scriptedModelDir, 'package.json'));
  return { entry: testsEntry, files: tests.map((t) => path.relative(repoRoot, t)), scriptedModel: scriptedModelDir };
}
