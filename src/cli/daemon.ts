// `lectern daemon`: one resident engine for a workspace, answering the shell commands' calls over a
// Unix socket (daemonSocket.ts), one JSON line each way: {tool, input, session} in, {ok, text} out.
// Calls with the same session (LECTERN_SESSION) share it: budgets, pointers, repeated calls. It ends
// after `idleMs` without a call, removing its socket; one that finds a live daemon at its socket leaves.
import { chmodSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { createInterface } from 'node:readline';
import type { Lectern } from '../core/engine';
import { socketAt } from './daemonSocket';

export const DEFAULT_IDLE_MS = 10 * 60_000;

export interface DaemonRequest {
  tool: string;
  input: unknown;
  session: string;
}

export interface DaemonReply {
  ok: boolean;
  text: string;
}

/** Whether a daemon answers at `path` now. */
function answering(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Serves until idle; resolves when it has stopped (false: another daemon already answers there, or the path is refused). */
export async function serveDaemon(
  engine: Lectern,
  path: string,
  options: { idleMs: number; allowOutside: boolean; log: (line: string) => void },
): Promise<boolean> {
  const at = socketAt(path);
  if (typeof at === 'object') {
    options.log(`lectern daemon: ${at.refused}; not serving.`);
    return false;
  }
  if (at === 'ours') {
    if (await answering(path)) return false;
    unlinkSync(path); // stale: its daemon is gone
  }
  const open = new Set<Socket>();
  let busy = 0;
  let idle: NodeJS.Timeout | undefined;
  let done: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (done = resolve));
  const server = createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    const lines = createInterface({ input: socket, crlfDelay: Infinity });
    lines.on('line', (line) => {
      busy++;
      clearTimeout(idle);
      void answer(engine, line, options.allowOutside).then((reply) => {
        socket.end(JSON.stringify(reply) + '\n');
        busy--;
        armIdle();
      });
    });
    socket.on('error', () => socket.destroy());
  });
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (busy > 0) return;
      server.close(() => done());
      for (const socket of open) socket.destroy();
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }, options.idleMs);
  };
  try {
    await listen(server, path);
  } catch (error) {
    // Another daemon bound it first (two shell commands started one each).
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') return false;
    throw error;
  }
  chmodSync(path, 0o600);
  armIdle();
  await stopped;
  return true;
}

async function answer(engine: Lectern, line: string, allowOutside: boolean): Promise<DaemonReply> {
  let request: DaemonRequest;
  try {
    request = JSON.parse(line) as DaemonRequest;
  } catch {
    return { ok: false, text: 'lectern daemon: the request is not JSON.' };
  }
  const { response } = await engine.run(String(request.tool), request.input, {
    allowOutside,
    sessionId: typeof request.session === 'string' ? request.session : undefined,
  });
  return { ok: response.ok, text: response.text };
}
