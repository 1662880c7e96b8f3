// The web bundle (dist/web/extension.js, package.json "browser") must hold no Node module: the web
// worker extension host has none, and its `require` serves only `vscode`. esbuild.mjs runs this on
// every build and fails it on a finding; `node scripts/check-web-bundle.mjs` checks dist/web/ as built.
import { builtinModules } from 'node:module';
import { readFileSync, statSync } from 'node:fs';

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
/** Folders of src/ that are Node: the ports, the worker threads and the Node-only hosts. */
const NODE_FOLDERS = /^src\/(node|workers|cli|mcp)\//;
/** What the bundle may still name at run time: the host's API, and the tokenizer a web host replaces before use. */
const ALLOWED = new Set(['vscode', 'gpt-tokenizer/encoding/o200k_base']);

/** Findings about a bundle's inputs (esbuild's metafile `inputs` keys). */
export function inputFindings(inputs) {
  return inputs
    .filter((input) => BUILTINS.has(input) || input.startsWith('node:') || NODE_FOLDERS.test(input))
    .map((input) => `a Node module is bundled: ${input}`);
}

/** Findings about a bundle's text: modules it requires or imports at run time. */
export function textFindings(text) {
  // Comment lines left out: JSDoc types say import('./index.js') without loading anything.
  const code = text.replace(/^\s*(\*|\/\/).*$/gm, '');
  const named = [...code.matchAll(/\b(?:require|import)\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
  return [...new Set(named)]
    .filter((name) => !ALLOWED.has(name))
    .map((name) =>
      BUILTINS.has(name) ? `a Node builtin is loaded at run time: ${name}` : `a module is loaded at run time: ${name}`,
    );
}

/**
 * The size budget of dist/web/extension.js in the production (minified) build, stated in docs/web.md
 * and docs/benchmarks.md: the grammars and the tokenizer are apart and load when first needed.
 */
export const WEB_BUNDLE_BUDGET_KIB = 768;

export function sizeFindings(bytes) {
  const kib = bytes / 1024;
  return kib > WEB_BUNDLE_BUDGET_KIB
    ? [`dist/web/extension.js is ${kib.toFixed(0)} KiB, over its budget of ${WEB_BUNDLE_BUDGET_KIB} KiB (docs/web.md)`]
    : [];
}

/** `production`: the minified build, held to the size budget. */
export function checkWebBundle(metafile, outputs, production = false) {
  const findings = [...inputFindings(Object.keys(metafile.inputs))];
  if (production) findings.push(...sizeFindings(statSync(outputs[0]).size));
  for (const file of outputs) findings.push(...textFindings(readFileSync(file, 'utf8')).map((f) => `${file}: ${f}`));
  return findings;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const findings = ['dist/web/extension.js', 'dist/web/tokenizer.js'].flatMap((file) =>
    textFindings(readFileSync(file, 'utf8')).map((f) => `${file}: ${f}`),
  );
  for (const finding of findings) console.error(finding);
  process.exit(findings.length > 0 ? 1 : 0);
}
