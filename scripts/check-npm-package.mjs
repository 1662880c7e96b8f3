// The npm package as MCP and CLI users install it: `npm publish --dry-run` and `npm pack` of its folder, as
// `npm run release` checks them (scripts/npm-package.mjs: the users' README, every link of it inside the package
// or https), then `npm install --omit=dev` of the
// tarball into an empty folder (offline: it must need nothing from the registry), then its `lectern`
// bin answers `call`, `session` and an MCP `initialize` + `tools/list` over stdio. Run after a
// production build (scripts/check-package.mjs does both).
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { megabytes, readSizeDocs, sizeProblems } from './install-size.mjs';
import { packNpmPackage, readmeProblems, stageNpmPackage } from './npm-package.mjs';

export const MAX_INSTALL_BYTES = 40 * 1024 * 1024;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function folderBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    total += entry.isDirectory() ? folderBytes(full) : entry.isFile() ? statSync(full).size : 0;
  }
  return total;
}

/** Sends newline-delimited JSON-RPC messages to `lectern mcp` and collects the answers by id. */
function mcpExchange(bin, root, messages, timeoutMs = 20000) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'mcp', '--root', root], { stdio: ['pipe', 'pipe', 'pipe'] });
    const answers = new Map();
    let buffered = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`lectern mcp answered ${answers.size} of ${messages.length} messages in ${timeoutMs} ms`));
    }, timeoutMs);
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      let newline;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        if (!line.trim()) continue;
        const message = JSON.parse(line);
        if (message.id !== undefined) answers.set(message.id, message);
      }
      if (messages.every((m) => m.id === undefined || answers.has(m.id))) {
        clearTimeout(timer);
        child.stdin.end();
        child.kill();
        resolve(answers);
      }
    });
    child.on('error', reject);
    for (const message of messages) child.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\n');
  });
}

export async function checkNpmPackage() {
  const problems = [];
  const dir = mkdtempSync(join(tmpdir(), 'lectern-npm-'));
  try {
    // The production build is already in dist/: the package's folder is made of it.
    const staged = join(dir, 'package');
    stageNpmPackage(staged);
    const { packed, problems: packing } = packNpmPackage(staged, dir);
    problems.push(...packing);
    const tarball = join(dir, packed.filename);
    console.log(
      `npm package: ${packed.entryCount} files, ${megabytes(packed.size)} packed, ${megabytes(packed.unpackedSize)} unpacked`,
    );
    const stray = packed.files.map((f) => f.path).filter((p) => /^(src|test|bench|scripts)\/|\.map$/.test(p));
    if (stray.length > 0) problems.push(`the npm package holds development files: ${stray.slice(0, 5).join(', ')}`);
    const packedPaths = packed.files.map((f) => f.path);
    for (const problem of readmeProblems(readFileSync(join(staged, 'README.md'), 'utf8'), packedPaths))
      problems.push(`the npm package's README.md: ${problem}`);

    const install = join(dir, 'install');
    mkdirSync(install);
    writeFileSync(join(install, 'package.json'), '{ "name": "lectern-install-check", "private": true }\n');
    execFileSync(npm, ['install', '--omit=dev', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tarball], {
      cwd: install,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const bytes = folderBytes(join(install, 'node_modules'));
    console.log(`npm install --omit=dev of the package: ${megabytes(bytes)}`);
    if (bytes > MAX_INSTALL_BYTES)
      problems.push(`the install weighs ${megabytes(bytes)} (limit ${megabytes(MAX_INSTALL_BYTES)})`);
    problems.push(...sizeProblems(readSizeDocs(), bytes));

    const bin = join(install, 'node_modules', 'lectern', 'dist', 'cli.js');
    const root = join(dir, 'project');
    mkdirSync(root);
    writeFileSync(join(root, 'a.ts'), 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n');
    const read = execFileSync(
      process.execPath,
      [bin, 'call', 'lectern_read', '{"mode":"symbol","target":"greet"}', '--root', root, '--text'],
      { encoding: 'utf8', timeout: 30000 },
    );
    if (!read.includes('function greet')) problems.push(`lectern call read no symbol: ${read.slice(0, 200)}`);
    const session = execFileSync(process.execPath, [bin, 'session', '--root', root], {
      input: JSON.stringify({ tool: 'lectern_stat', input: { target: 'a.ts' } }) + '\n',
      encoding: 'utf8',
      timeout: 30000,
    });
    if (!session.includes('a.ts')) problems.push(`lectern session answered no stat: ${session.slice(0, 200)}`);
    const answers = await mcpExchange(bin, root, [
      {
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'check', version: '0' } },
      },
      { method: 'notifications/initialized' },
      { id: 2, method: 'tools/list' },
    ]);
    const tools = answers.get(2)?.result?.tools?.map((t) => t.name) ?? [];
    if (!tools.includes('lectern_read')) problems.push(`lectern mcp listed no lectern_read: ${tools.join(', ')}`);
    else console.log(`npm package: lectern call, session and mcp answer (tools: ${tools.join(', ')})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return problems;
}
