// `npm run release`: the .vsix and the npm tarball of the committed code, checked as a user installs them, with
// their SHA-256 sums, in one folder (release/, git-ignored). It never publishes: `npm publish --dry-run` and
// `vsce ls` only show what a publish would send.
//   1. refuses a tree with uncommitted changes (`--allow-dirty` for a local trial);
//   2. production build; `vsce ls` of the .vsix against what it may and must hold; `vsce package`; the unpacked
//      .vsix as the Extensions view shows it (scripts/vsix-check.mjs);
//   3. the npm package's folder (scripts/npm-package.mjs), `npm publish --dry-run` of it, `npm pack`;
//   4. `npm install -g` of the tarball, offline, into an empty prefix; its `lectern --version`, `lectern tools`,
//      and `lectern mcp` driven by the MCP SDK's client (list the tools, stat a file of a small workspace);
//   5. the .vsix installed into a real host (`code-server --install-extension`, scripts/host/installedVsix.mjs) and
//      its stat tool invoked there through vscode.lm from the installed copy;
//   6. SHA256SUMS of both files, read back and checked.
// CLI: npm run release -- [--allow-dirty] [--out DIR]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { checkVsixInHost } from './host/installedVsix.mjs';
import { megabytes as mb } from './install-size.mjs';
import { packNpmPackage, readmeProblems, stageNpmPackage } from './npm-package.mjs';
import { dirtyTreeProblem, formatSums, parseReleaseArgs, sha256, sumsProblems } from './release-lib.mjs';
import { checkUnpacked, listingProblems, packageArgs } from './vsix-check.mjs';
import { zipEntries } from './zipEntries.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Runs a command for its output; on failure, an error naming it with its last lines of error output. */
function run(cmd, args, options = {}) {
  try {
    return execFileSync(cmd, args, { cwd: repo, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
  } catch (error) {
    const said = `${error.stderr ?? ''}`.trim().split('\n').filter(Boolean).slice(-8).join('\n  ');
    const shown = [basename(cmd), ...args.map((a) => (a.startsWith(repo + sep) ? relative(repo, a) : a))].join(' ');
    throw new Error(`${shown} failed (exit ${error.status ?? error.signal}):\n  ${said}`);
  }
}
const vsce = (args) => run(process.execPath, [join(repo, 'node_modules', '@vscode', 'vsce', 'vsce'), ...args]);

/** Runs one step, printing its name and how long it took; collects the problems it returns. */
async function step(name, problems, fn) {
  const started = Date.now();
  process.stdout.write(`${name}… `);
  const found = await Promise.resolve()
    .then(fn)
    .catch((error) => {
      console.log('failed');
      throw error;
    });
  console.log(
    `${found.length === 0 ? 'ok' : `${found.length} problem(s)`} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  problems.push(...found);
}

function buildVsix(out) {
  run(process.execPath, ['esbuild.mjs', '--production']);
  const files = vsce(['ls', '--no-dependencies']).trim().split('\n').filter(Boolean).sort();
  const problems = listingProblems(files);
  vsce(packageArgs(out));
  console.log(`\n  vsce ls: ${files.length} files`);
  return [...problems, ...checkUnpacked(zipEntries(readFileSync(out)), manifest)];
}

/** Stages the npm package in `staged`, dry-runs its publish and packs it into `outDir`; returns the tarball. */
function buildTarball(staged, outDir, problems) {
  const files = stageNpmPackage(staged);
  for (const problem of readmeProblems(readFileSync(join(staged, 'README.md'), 'utf8'), files))
    problems.push(`the npm package's README.md: ${problem}`);
  const packed = packNpmPackage(staged, outDir, (args, options) => run(npm, args, options));
  problems.push(...packed.problems);
  return join(outDir, packed.packed.filename);
}

/** Installs the tarball offline into an empty prefix and drives its `lectern` as a user and an MCP client would. */
async function checkInstalled(tarball, dir) {
  const problems = [];
  const prefix = join(dir, 'prefix');
  mkdirSync(prefix);
  run(npm, ['install', '-g', '--prefix', prefix, '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball]);
  const bin = process.platform === 'win32' ? join(prefix, 'lectern.cmd') : join(prefix, 'bin', 'lectern');
  const version = run(bin, ['--version']).trim();
  if (version !== manifest.version) problems.push(`lectern --version printed ${version}, not ${manifest.version}`);
  const tools = run(bin, ['tools']);
  const workspace = join(dir, 'workspace');
  mkdirSync(workspace);
  writeFileSync(join(workspace, 'a.ts'), 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n');
  const client = new Client({ name: 'lectern-release-check', version: manifest.version });
  await client.connect(
    new StdioClientTransport({ command: bin, args: ['mcp', '--root', workspace], stderr: 'ignore' }),
  );
  try {
    const listed = (await client.listTools()).tools.map((t) => t.name);
    const missing = listed.filter((name) => !tools.includes(name));
    if (listed.length === 0 || missing.length > 0)
      problems.push(`lectern tools and lectern mcp disagree: mcp lists ${listed.join(', ')}`);
    const stat = listed.find((name) => name.endsWith('_stat'));
    const answer = stat ? await client.callTool({ name: stat, arguments: { target: 'a.ts' } }) : undefined;
    const text = answer?.content?.map((c) => c.text ?? '').join('') ?? '';
    if (!stat || answer.isError || !text.includes('a.ts'))
      problems.push(`lectern mcp answered no stat of a.ts: ${text.slice(0, 200)}`);
    console.log(
      `\n  installed ${version}: ${mb(folderBytes(prefix))}; mcp tools ${listed.join(', ')}; stat a.ts answered`,
    );
  } finally {
    await client.close();
  }
  return problems;
}

function folderBytes(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.isFile() ? stat.size : 0;
  return run('find', [path, '-type', 'f', '-printf', '%s\n'])
    .split('\n')
    .reduce((total, size) => total + (Number(size) || 0), 0);
}

function writeSums(outDir, artifacts) {
  const files = new Map(artifacts.map((path) => [basename(path), readFileSync(path)]));
  writeFileSync(join(outDir, 'SHA256SUMS'), formatSums(files));
  return sumsProblems(readFileSync(join(outDir, 'SHA256SUMS'), 'utf8'), files);
}

async function release(options) {
  const dirty = dirtyTreeProblem(run('git', ['status', '--porcelain']), options.allowDirty);
  if (dirty) throw Object.assign(new Error(dirty), { exitCode: 1 });
  const outDir = resolve(repo, options.out);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const vsix = join(outDir, `${manifest.name}-${manifest.version}.vsix`);
  const dir = mkdtempSync(join(tmpdir(), 'lectern-release-'));
  const problems = [];
  let tarball = '';
  try {
    await step('vsix (production build, vsce ls, vsce package, unpacked check)', problems, () => buildVsix(vsix));
    await step('npm package (stage, npm publish --dry-run, npm pack)', problems, () => {
      const found = [];
      tarball = buildTarball(join(dir, 'package'), outDir, found);
      return found;
    });
    await step('offline install and drive (--version, tools, mcp with the SDK client)', problems, () =>
      checkInstalled(tarball, dir),
    );
    await step('the .vsix installed into code-server, its stat tool invoked from the installed copy', problems, () =>
      checkVsixInHost(vsix, manifest),
    );
    await step('SHA256SUMS', problems, () => writeSums(outDir, [vsix, tarball]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    run(process.execPath, ['esbuild.mjs']); // leave the dev build with source maps
  }
  return { problems, outDir, artifacts: [vsix, tarball] };
}

const started = Date.now();
try {
  const { problems, outDir, artifacts } = await release(parseReleaseArgs(process.argv.slice(2)));
  for (const problem of problems) console.error(`problem: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log(`\nrelease ${manifest.version} in ${relative(process.cwd(), outDir) || '.'} (not published):`);
  for (const path of artifacts) {
    const bytes = readFileSync(path);
    console.log(`  ${basename(path)}  ${mb(bytes.length)}  sha256 ${sha256(bytes)}`);
  }
  console.log(`  SHA256SUMS (check: cd ${relative(process.cwd(), outDir) || '.'} && sha256sum -c SHA256SUMS)`);
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 2);
}
