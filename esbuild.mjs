// Bundles the extension and the CLI. `node esbuild.mjs [--watch] [--production]`.
import * as esbuild from 'esbuild';
import { chmodSync, copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { activationBundleFindings } from './scripts/check-activation-bundle.mjs';
import { checkWebBundle } from './scripts/check-web-bundle.mjs';

const require = createRequire(import.meta.url);

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: production ? false : 'linked',
  minify: production,
  // esbuild's own summary marks every bundle over 1 MB with ⚠️, which a newcomer reads as a problem (the tokenizer's
  // table alone is 3 MB, by design): a build prints real warnings and one line of its own; --watch keeps its log.
  logLevel: watch ? 'info' : 'warning',
  legalComments: 'none',
  // The ESM build reads import.meta.url, which is {} in a CJS bundle: use the CJS build.
  alias: { 'web-tree-sitter': require.resolve('web-tree-sitter') },
};

/** The parser runtime and the grammars (from the language registry), shipped next to the bundles (dist/grammars). */
const LANGUAGES = JSON.parse(readFileSync('src/core/ground/languages.json', 'utf8'));
const WASM = [LANGUAGES.runtime, ...LANGUAGES.grammars].map(({ package: pkg, wasm }) => [pkg, wasm]);

function copyWasm() {
  mkdirSync('dist/grammars', { recursive: true });
  for (const [pkg, file] of WASM) {
    const dir = pkg === 'web-tree-sitter' ? dirname(require.resolve(pkg)) : join('node_modules', pkg);
    copyFileSync(join(dir, file), join('dist/grammars', file));
  }
  // SQLite for the opt-in metrics record (lectern.recordMetricsSqlite), next to dist/sqljs.js.
  copyFileSync(join(dirname(require.resolve('sql.js')), 'sql-wasm.wasm'), 'dist/sql-wasm.wasm');
}

// The tokenizer's 2.7 MB table stays out of the main bundles: V8 parses a bundle whole at load,
// so inlined it would cost ~60 ms at every activation. It ships as dist/tokenizer.js, required on
// the first token count.
const TOKENIZER = 'gpt-tokenizer/encoding/o200k_base';
const tokenizerApart = {
  name: 'tokenizer-apart',
  setup(build) {
    // A virtual module that require()s it: a native import() of a 3 MB CommonJS file goes through the
    // ESM loader (format detection, export lexing), which costs more than loading the table itself.
    build.onResolve({ filter: /^gpt-tokenizer\/encoding\/o200k_base$/ }, () => ({
      path: 'tokenizer',
      namespace: 'tokenizer-apart',
    }));
    build.onLoad({ filter: /.*/, namespace: 'tokenizer-apart' }, () => ({
      contents: "module.exports = require('./tokenizer.js');",
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/tokenizer\.js$/ }, () => ({ path: './tokenizer.js', external: true }));
  },
};

// The parser runtime's code (web-tree-sitter, ~80 KB minified) likewise ships as dist/treeSitter.js,
// required on the first parse (src/core/symbols/treeSitter.ts imports it then): activation and the
// calls that parse nothing do not compile it. The worker bundles, which always parse, keep it inline.
const TREE_SITTER = require.resolve('web-tree-sitter');
const treeSitterApart = {
  name: 'tree-sitter-apart',
  setup(build) {
    build.onResolve({ filter: /^web-tree-sitter$/ }, () => ({ path: 'treeSitter', namespace: 'tree-sitter-apart' }));
    build.onResolve({ filter: /tree-sitter\.cjs$/ }, (args) =>
      args.path === TREE_SITTER ? { path: 'treeSitter', namespace: 'tree-sitter-apart' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'tree-sitter-apart' }, () => ({
      contents: "module.exports = require('./treeSitter.js');",
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/treeSitter\.js$/ }, () => ({ path: './treeSitter.js', external: true }));
  },
};

// sql.js (opt-in metrics record) likewise ships as dist/sqljs.js, loaded only when the setting is on.
const sqlJsApart = {
  name: 'sqljs-apart',
  setup(build) {
    build.onResolve({ filter: /^sql\.js$/ }, () => ({ path: './sqljs.js', external: true }));
  },
};

/**
 * A part that ships as its own dist/FILE.js and is required only when first used: the import that
 * `from` matches becomes a small module that require()s it (a native import() of a CommonJS file
 * goes through the ESM loader), and ./FILE.js stays outside the bundle.
 */
function apart(name, from, file) {
  return {
    name: `${name}-apart`,
    setup(build) {
      build.onResolve({ filter: from }, () => ({ path: file, namespace: `${name}-apart` }));
      build.onLoad({ filter: /.*/, namespace: `${name}-apart` }, () => ({
        contents: `module.exports = require('./${file}.js');`,
        loader: 'js',
      }));
      const own = new RegExp(`^\\./${file.replace(/\./g, '\\.')}\\.js$`);
      build.onResolve({ filter: own }, () => ({ path: `./${file}.js`, external: true }));
    },
  };
}

// The SCIP decoder (protobufjs and the schema): dist/scip.js, when a folder has an index.scip (src/node/scip/scipLoad.ts).
const scipApart = apart('scip', /^\.\/scipDecode$/, 'scip');
// The MCP server (SDK included): dist/mcp.js, required only by `lectern mcp`.
const mcpApart = apart('mcp', /^\.\.\/mcp\/index$/, 'mcp');
// The language-server client (vscode-jsonrpc): dist/lspSession.js, when `session` or `mcp` starts its
// first language server (src/node/languageServers/serverPool.ts).
const lspApart = apart('lsp', /^\.\/lspSession$/, 'lspSession');

// The chat participant (@vscode/prompt-tsx, the tool loop) ships as dist/chat.js, loaded on the
// first @lectern request: most windows never chat with it.
const chatApart = {
  name: 'chat-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/handler$/ }, (args) =>
      args.importer.endsWith('participant.ts') ? { path: './chat.js', external: true } : undefined,
    );
  },
};

// Everything activation defers (src/vscode/engineStart.ts: the engine, the session UI, the tools'
// and commands' implementations, the file watcher) ships as dist/engine.js. Activation compiles only
// dist/extension.js, the forwarders VS Code calls, and loads this on the first call or shortly after.
const engineApart = {
  name: 'engine-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/engineStart$/ }, () => ({ path: './engine.js', external: true }));
  },
};

const builds = [
  { ...common, entryPoints: { tokenizer: TOKENIZER }, outdir: 'dist', sourcemap: false },
  { ...common, entryPoints: { sqljs: 'sql.js' }, outdir: 'dist', sourcemap: false },
  { ...common, entryPoints: { scip: 'src/node/scip/scipDecode.ts' }, outdir: 'dist' },
  { ...common, entryPoints: { treeSitter: TREE_SITTER }, outdir: 'dist', sourcemap: false },
  // Regular-expression scans that could run long run on this worker thread (src/node/regexRunner.ts).
  { ...common, entryPoints: { regexWorker: 'src/workers/regexWorker.ts' }, outdir: 'dist' },
  // Outlines of large files run on this worker thread (src/node/outlineThread.ts).
  { ...common, entryPoints: { outlineThreadWorker: 'src/workers/outlineThreadWorker.ts' }, outdir: 'dist' },
  // Resident hosts count tokens on this worker thread, which loads dist/tokenizer.js (src/node/tokenizerThread.ts).
  {
    ...common,
    entryPoints: { tokenizerWorker: 'src/workers/tokenizerWorker.ts' },
    outdir: 'dist',
    plugins: [tokenizerApart],
  },
  {
    ...common,
    entryPoints: ['src/vscode/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    plugins: [engineApart, chatApart],
    metafile: true,
  },
  {
    ...common,
    entryPoints: { engine: 'src/vscode/engineStart.ts' },
    outdir: 'dist',
    external: ['vscode'],
    plugins: [tokenizerApart, treeSitterApart, sqlJsApart],
  },
  {
    ...common,
    entryPoints: { chat: 'src/vscode/chat/handler.ts' },
    outdir: 'dist',
    external: ['vscode'],
    plugins: [tokenizerApart, treeSitterApart],
  },
  // The symbol index's worker threads (src/node/outlineWorkers.ts) run this bundle.
  { ...common, entryPoints: { outlineWorker: 'src/workers/outlineWorker.ts' }, outdir: 'dist' },
  {
    ...common,
    entryPoints: { 'cli-main': 'src/cli/main.ts' },
    outdir: 'dist',
    plugins: [tokenizerApart, treeSitterApart, mcpApart, scipApart, lspApart],
  },
  { ...common, entryPoints: { lspSession: 'src/node/languageServers/lspSession.ts' }, outdir: 'dist' },
  // The `lectern` command: a launcher that turns on the compile cache, then requires dist/cli-main.js.
  {
    ...common,
    entryPoints: { cli: 'src/cli/launch.ts' },
    outdir: 'dist',
    sourcemap: false,
    banner: { js: '#!/usr/bin/env node' },
    external: ['./cli-main.js'],
  },
  {
    ...common,
    entryPoints: { mcp: 'src/mcp/index.ts' },
    outdir: 'dist',
    plugins: [tokenizerApart, treeSitterApart, scipApart],
  },
];

// The web worker extension host's bundle (package.json "browser"; src/web): the same core without a
// Node module (scripts/check-web-bundle.mjs fails the build on one). node:path's string functions
// come from path-browserify (Node's own POSIX code); the tokenizer ships apart as dist/web/tokenizer.js,
// read on the first count (src/web/tokenizer.ts). The chat handler is bundled in: the worker's
// require serves only `vscode`.
// @vscode/prompt-tsx's HTML tracer (a debugging aid Lectern never starts) asks for Node's http
// when started: in the web bundle that request gets an empty module.
const tracerHttpAway = {
  name: 'tracer-http-away',
  setup(build) {
    build.onResolve({ filter: /^http$/ }, (args) =>
      args.importer.includes('prompt-tsx') ? { path: 'http', namespace: 'tracer-http-away' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'tracer-http-away' }, () => ({ contents: 'module.exports = {};' }));
  },
};
const web = {
  ...common,
  platform: 'browser',
  target: 'es2022',
  alias: { ...common.alias, 'node:path': 'path-browserify' },
  plugins: [tracerHttpAway],
};
builds.push(
  {
    ...web,
    entryPoints: { extension: 'src/web/extension.ts' },
    outdir: 'dist/web',
    external: ['vscode', TOKENIZER],
    metafile: true,
  },
  { ...web, entryPoints: { tokenizer: TOKENIZER }, outdir: 'dist/web', sourcemap: false },
);

copyWasm();
if (watch) {
  for (const options of builds) await (await esbuild.context(options)).watch();
} else {
  const started = performance.now();
  const results = await Promise.all(builds.map((options) => esbuild.build(options)));
  chmodSync('dist/cli.js', 0o755);
  const mode = production ? 'production build' : 'build';
  console.log(`${mode}: ${builds.length} bundles in dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const webBuilt = results.find((result, i) => builds[i].outdir === 'dist/web' && result.metafile);
  const activation = results[builds.findIndex((options) => options.outfile === 'dist/extension.js')].metafile;
  const findings = [
    ...activationBundleFindings(Object.keys(activation.inputs)),
    ...checkWebBundle(webBuilt.metafile, ['dist/web/extension.js', 'dist/web/tokenizer.js'], production),
  ];
  if (findings.length > 0) {
    for (const finding of findings) console.error(`bundle check: ${finding}`);
    process.exit(1);
  }
}
