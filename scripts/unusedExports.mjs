// Part of `npm run lint`: no export that nothing imports. knip (knip.json: the entry points, i.e. the
// bundles esbuild.mjs builds, the tests, scripts and benches) lists the exports and exported types no
// other file imports; each must be in scripts/unused-exports-allowed.txt, and each line there must
// still be one (a stale line fails too, so the list only shrinks by review). Exit 1 otherwise.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { binScript, repoRoot } from './ensure-deps.mjs';

const ALLOWED = path.join(repoRoot, 'scripts', 'unused-exports-allowed.txt');
const KINDS = ['exports', 'types', 'nsExports', 'nsTypes'];

/** `file name` of each export knip finds unused. */
function unusedExports() {
  const args = ['--include', KINDS.join(','), '--reporter', 'json', '--no-progress'];
  const run = spawnSync(process.execPath, [binScript('knip', 'bin/knip.js'), ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`knip gave no report (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr.trim()}`);
  }
  return report.issues.flatMap((issue) =>
    KINDS.flatMap((kind) => (issue[kind] ?? []).map((found) => `${issue.file} ${found.name}`)),
  );
}

function allowed() {
  return readFileSync(ALLOWED, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

const found = new Set(unusedExports());
const allowList = new Set(allowed());
const unlisted = [...found].filter((entry) => !allowList.has(entry));
const stale = [...allowList].filter((entry) => !found.has(entry));
for (const entry of unlisted)
  console.log(`unused export: ${entry} (import it, drop its \`export\`, or delete it if nothing uses it)`);
for (const entry of stale)
  console.log(`${path.relative(repoRoot, ALLOWED)}: ${entry} is no longer an unused export: remove the line`);
console.log(
  `unused exports: ${found.size} found, ${allowList.size} allowed, ${unlisted.length + stale.length} problems`,
);
process.exitCode = unlisted.length + stale.length > 0 ? 1 : 0;
