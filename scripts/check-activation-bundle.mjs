// The activation bundle (dist/extension.js, package.json "main") holds the forwarders VS Code calls and
// nothing of the engine: no module of src/core (a type-only import leaves none) and no package. What
// they need loads with dist/engine.js on first use. esbuild.mjs runs this on every build and fails it
// on a finding.

/** Findings about the activation bundle's inputs (esbuild's metafile `inputs` keys). */
export function activationBundleFindings(inputs) {
  return inputs
    .filter((input) => input.startsWith('src/core/') || input.includes('node_modules/'))
    .map((input) => `the engine's code is bundled into activation: ${input} (load it from src/vscode/engineStart.ts)`);
}
