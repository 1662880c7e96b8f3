// `npm test`: everything CI checks, in order, from a clean clone too: it installs the locked
// dependencies when node_modules is missing or stale, and the setup step installs the browser, Node 24,
// code-server and the MCP clients into a cache outside the repo (the steps after it install nothing). Ends with one summary line.
//
// Env: LECTERN_TEST_STEPS=types,unit,…  only those steps.  CI=true: a skipped integration step fails the run.
import { spawn } from 'node:child_process';
import { binScript, ensureDeps } from './ensure-deps.mjs';
import { hostPrerequisites } from './host/prerequisites.mjs';

const node = process.execPath;
const steps = [
  { name: 'types', cmd: node, args: [binScript('typescript', 'bin/tsc'), '-p', '.'] },
  { name: 'lint', cmd: node, args: ['scripts/lint.mjs'] },
  { name: 'build', cmd: node, args: ['esbuild.mjs'] },
  // The host and the MCP clients the unit tests drive `lectern mcp` with: installed here, once, so the
  // unit step reaches no network (run with the unit step when LECTERN_TEST_STEPS names it).
  { name: 'setup', cmd: node, args: ['scripts/host/ensure.mjs'], needsHost: true, with: 'unit' },
  {
    name: 'unit',
    cmd: node,
    args: [binScript('mocha', 'bin/mocha.js'), '--reporter', 'spec', 'test/unit/**/*.test.ts'],
    counts: true,
  },
  { name: 'package', cmd: node, args: ['scripts/check-package.mjs'] },
  { name: 'integration', cmd: node, args: ['scripts/host/run-integration.mjs'], counts: true, needsHost: true },
  // The same extension in code-server's web worker extension host (package.json `browser`; docs/web.md).
  {
    name: 'integration-web',
    cmd: node,
    args: ['scripts/host/run-integration.mjs', '--web'],
    counts: true,
    needsHost: true,
  },
];

const only = process.env.LECTERN_TEST_STEPS?.split(',');
let passed = 0;
let failed = 0;
const failures = [];
const skipped = [];

function run(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${step.name}: ${[step.cmd === node ? 'node' : step.cmd, ...step.args].join(' ')}`);
    const child = spawn(step.cmd, step.args, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (step.counts) out += chunk;
    });
    child.on('error', (err) => console.error(`=== ${step.name}: could not start: ${err.message}`));
    child.on('close', (code) => {
      if (step.counts) {
        // mocha prints "N passing" / "N failing"; a step whose tests never ran counts as a failure.
        const plain = out.replace(/\x1b\[[0-9;]*m/g, '');
        const pass = [...plain.matchAll(/^\s*(\d+) passing/gm)].reduce((n, m) => n + Number(m[1]), 0);
        const fail = [...plain.matchAll(/^\s*(\d+) failing/gm)].reduce((n, m) => n + Number(m[1]), 0);
        passed += pass;
        failed += fail;
        if (code !== 0 && fail === 0) failed += 1;
      } else if (code === 0) passed += 1;
      else failed += 1;
      if (code !== 0) failures.push(step.name);
      console.log(
        `=== ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      resolve(code);
    });
  });
}

const t0 = Date.now();
try {
  ensureDeps();
} catch (err) {
  console.error(`\n${err.message}`);
  console.log('\nlectern: 0 passed, 1 failed');
  process.exit(1);
}

for (const step of steps) {
  if (only && !only.includes(step.name) && !only.includes(step.with)) continue;
  if (step.needsHost) {
    // A machine that cannot install the host (no apt, no root) still runs everything else.
    const blocker = hostPrerequisites().blocker;
    if (blocker) {
      console.log(`\n=== ${step.name}: SKIPPED — ${blocker}`);
      skipped.push(`${step.name} (${blocker})`);
      continue;
    }
  }
  const code = await run(step);
  // Later steps need the bundle; a type error alone still lets the tests run and report.
  if (code !== 0 && step.name === 'build') break;
}
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
if (skipped.length > 0) {
  console.log(`\nSkipped, NOT passed: ${skipped.join('; ')}`);
  if (process.env.CI) {
    console.log('CI must run every step: a skipped step fails the run.');
    failed += skipped.length;
  }
}
console.log(`\nAll steps took ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
console.log(`lectern: ${passed} passed, ${failed} failed${skipped.length ? `, ${skipped.length} skipped` : ''}`);
process.exitCode = failed > 0 || failures.length > 0 ? 1 : 0;
