// Memory of `lectern mcp --http` over N refused initializes (406: no text/event-stream in Accept) and
// then N accepted ones (initialize and notifications/initialized, the client gone without a DELETE),
// this build against an older one (a detached worktree of main, made and removed here unless --old
// names one) in the same run. Each server is a child process asked for its heap after a garbage
// collection, and its RSS (test/unit/mcp/memoryProbe.mjs).
//   npx tsx bench/httpInitializes.ts [--requests=10000] [--old=PATH]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measuredHttpServer, repoRoot, type MeasuredServer } from '../test/unit/mcp/helpers';

const arg = (name: string) => new RegExp(`--${name}=(\\S+)`).exec(process.argv.join(' '))?.[1];
const requests = Number(arg('requests') ?? 10_000);
/** Requests in flight at once (the server answers them in turn; more only shortens the run). */
const PARALLEL = 4;

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } },
});
const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

async function initialize(url: string, accepted: boolean): Promise<void> {
  const accept = accepted ? 'application/json, text/event-stream' : 'application/json';
  const headers = { 'content-type': 'application/json', accept };
  const res = await fetch(url, { method: 'POST', headers, body: INITIALIZE });
  await res.text();
  if (res.status !== (accepted ? 200 : 406)) throw new Error(`initialize answered ${res.status}`);
  const session = res.headers.get('mcp-session-id');
  if (!accepted || !session) return;
  const note = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18' },
    body: INITIALIZED,
  });
  await note.text();
}

async function many(url: string, accepted: boolean): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next++;
      await initialize(url, accepted);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

interface Marks {
  start: { heapUsed: number; rss: number };
  refused: { heapUsed: number; rss: number };
  accepted: { heapUsed: number; rss: number };
  seconds: number;
}

async function measure(tree: string, root: string): Promise<Marks> {
  const server: MeasuredServer = await measuredHttpServer(['--root', root], tree);
  try {
    const started = Date.now();
    await initialize(server.url, false); // the code paths loaded
    const start = await server.memory();
    await many(server.url, false);
    const refused = await server.memory();
    await many(server.url, true);
    const accepted = await server.memory();
    return { start, refused, accepted, seconds: (Date.now() - started) / 1000 };
  } finally {
    await server.stop();
  }
}

function oldTree(): { path: string; remove: () => void } {
  const given = arg('old');
  if (given) return { path: given, remove: () => undefined };
  const path = join(mkdtempSync(join(tmpdir(), 'lectern-old-')), 'main');
  execFileSync('git', ['worktree', 'add', '--detach', path, 'main'], { cwd: repoRoot, stdio: 'ignore' });
  if (!existsSync(join(path, 'node_modules'))) symlinkSync(join(repoRoot, 'node_modules'), join(path, 'node_modules'));
  return {
    path,
    remove: () => execFileSync('git', ['worktree', 'remove', '--force', path], { cwd: repoRoot, stdio: 'ignore' }),
  };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const old = oldTree();
  const root = mkdtempSync(join(tmpdir(), 'lectern-root-'));
  try {
    const builds = { old: await measure(old.path, root), new: await measure(repoRoot, root) };
    process.stdout.write(`${requests} refused initializes, then ${requests} accepted (${PARALLEL} at a time)\n`);
    for (const [name, m] of Object.entries(builds))
      process.stdout.write(
        `  ${name}: heap ${mb(m.start.heapUsed)} → ${mb(m.refused.heapUsed)} (refused) → ${mb(m.accepted.heapUsed)} (accepted); ` +
          `RSS ${mb(m.start.rss)} → ${mb(m.refused.rss)} → ${mb(m.accepted.rss)}; ${m.seconds.toFixed(0)} s\n`,
      );
    const growth = (m: Marks, key: 'refused' | 'accepted', of: 'heapUsed' | 'rss') =>
      m[key][of] - (key === 'refused' ? m.start : m.refused)[of];
    for (const key of ['refused', 'accepted'] as const)
      for (const of of ['heapUsed', 'rss'] as const) {
        const [before, after] = [growth(builds.old, key, of), growth(builds.new, key, of)];
        process.stdout.write(
          `  ${key} ${of === 'heapUsed' ? 'heap' : 'RSS'} growth: old ${mb(before)}, new ${mb(after)} (×${(after / before).toFixed(3)} of old)\n`,
        );
      }
  } finally {
    old.remove();
  }
}

void main();
