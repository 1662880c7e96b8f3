// `npm test`: everything CI checks, in order, on a fresh machine too (the integration step installs
// its own browser, Node 24 and code-server into a cache outside the repo). Ends with one summary line.
import { spawn } from 'node:child_process';

const steps = [
  { name: 'types', cmd: 'npx', args: ['tsc', '-p', '.'] },
  { name: 'build', cmd: 'node', args: ['esbuild.mjs'] },
  { name: 'unit', cmd: 'npx', args: ['mocha', '--reporter', 'spec'], counts: true },
  { name: 'package', cmd: 'node', args: ['scripts/check-package.mjs'] },
  { name: 'integration', cmd: 'node', args: ['scripts/host/run-integration.mjs'], counts: true },
];

const only = process.env.LECTERN_TEST_STEPS?.split(',');
let passed = 0;
let failed = 0;
const failures = [];

function run(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    console.log(`\n=== ${step.name}: ${step.cmd} ${step.args.join(' ')}`);
    const child = spawn(step.cmd, step.args, { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
    let out = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      if (step.counts) out += chunk;
    });
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
      console.log(`=== ${step.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      resolve(code);
    });
  });
}

for (const step of steps) {
  if (only && !only.includes(step.name)) continue;
  const code = await run(step);
  // Later steps need the bundle; a type error alone still lets the tests run and report.
  if (code !== 0 && step.name === 'build') break;
}
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
console.log(`\nlectern: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || failures.length > 0 ? 1 : 0;
