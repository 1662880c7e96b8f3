// The first tool call's latency for `npm run bench:activation -- --first-call[=DELAY]`: an extension
// beside Lectern that, DELAY ms after startup finished (default 0: before Lectern's engine would have
// loaded by itself), calls lectern_stat through vscode.lm.invokeTool twice and writes both times
// (milliseconds, the first including whatever Lectern loads for it) to a file the bench waits for.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PROBE = 'lectern-first-call-probe';

/** Writes into `dir` an extension named `name` that activates when startup finished and runs `source`. */
export function writeStartupExtension(dir, name, source) {
  mkdirSync(dir, { recursive: true });
  const manifest = {
    name,
    displayName: name,
    publisher: 'lectern',
    version: '0.0.1',
    engines: { vscode: '^1.100.0' },
    main: './extension.js',
    activationEvents: ['onStartupFinished'],
  };
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'extension.js'), source);
}

/** Writes the probe extension into `dir`; it will write its result to `outFile`. */
export function writeProbe(dir, { outFile, target, delayMs }) {
  const source = `const vscode = require('vscode');
const fs = require('fs');
const call = async () => {
  const start = performance.now();
  await vscode.lm.invokeTool('lectern_stat', { input: { target: ${JSON.stringify(target)} }, toolInvocationToken: undefined });
  return performance.now() - start;
};
exports.activate = () => {
  setTimeout(async () => {
    try {
      const first = await call();
      const second = await call();
      fs.writeFileSync(${JSON.stringify(outFile)}, JSON.stringify({ first, second }));
    } catch (error) {
      fs.writeFileSync(${JSON.stringify(outFile)}, JSON.stringify({ error: String(error) }));
    }
  }, ${Number(delayMs)});
};
`;
  writeStartupExtension(dir, PROBE, source);
}

/** The probe's result, once written (polls; undefined after `timeoutMs`). */
export async function probeResult(outFile, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (existsSync(outFile)) {
      try {
        return JSON.parse(readFileSync(outFile, 'utf8'));
      } catch {
        // written but not complete yet
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return undefined;
}
