// `npm run lint`: ESLint (eslint.config.mjs), Prettier's check of the files the formatter owns, and no
// unused export (scripts/unusedExports.mjs, knip). `npm run format` (--write): Prettier formats those
// files. Fails (exit 1) when any of them does.
import { spawnSync } from 'node:child_process';
import { binScript, repoRoot } from './ensure-deps.mjs';

/** What Prettier formats; ESLint reads the same code (its ignores are in eslint.config.mjs). */
const FORMATTED = ['src/**/*.{ts,tsx}', 'test/**/*.{ts,mjs}', 'scripts/**/*.{ts,mjs}', 'bench/**/*.{ts,mjs}', '*.mjs'];

const write = process.argv.includes('--write');
const runs = write
  ? [['prettier', 'bin/prettier.cjs', ['--write', '--log-level', 'warn', ...FORMATTED]]]
  : [
      ['eslint', 'bin/eslint.js', ['.']],
      ['prettier', 'bin/prettier.cjs', ['--check', '--log-level', 'warn', ...FORMATTED]],
      ['unused exports', null, ['scripts/unusedExports.mjs']],
    ];

let failed = false;
for (const [pkg, bin, args] of runs) {
  const started = Date.now();
  const script = bin ? [binScript(pkg, bin)] : [];
  const r = spawnSync(process.execPath, [...script, ...args], { cwd: repoRoot, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) console.log(`${pkg}: ok in ${seconds} s`);
  else {
    failed = true;
    console.log(`${pkg}: FAILED (${r.error?.message ?? `exit ${r.status}`}) in ${seconds} s`);
  }
}
process.exitCode = failed ? 1 : 0;
