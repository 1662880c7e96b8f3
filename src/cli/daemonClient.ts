// A shell command's side of the daemon (daemon.ts): connect to the workspace's socket, or start the
// daemon (detached, this same program with `daemon` and the command's options) and connect once it
// listens; send the call, read the answer. A stale socket (its daemon gone) is replaced by the new one.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { createInterface } from 'node:readline';
import type { DaemonReply, DaemonRequest } from './daemon';
import { socketAt } from './daemonSocket';

/** How long a shell command waits for the daemon it started to listen. */
const START_MS = 30_000;
const RETRY_MS = 25;

class NotListening extends Error {}

function ask(path: string, request: DaemonRequest): Promise<DaemonReply> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let replied = false;
    socket.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? new NotListening() : error),
    );
    socket.once('connect', () => {
      socket.write(JSON.stringify(request) + '\n');
      createInterface({ input: socket }).once('line', (line) => {
        replied = true;
        resolve(JSON.parse(line) as DaemonReply);
      });
    });
    socket.once('close', () => {
      if (!replied) reject(new Error('the daemon closed the connection without an answer'));
    });
  });
}

/** Starts `lectern daemon` with `args` (this program, as it was started), detached from this process. */
function startDaemon(args: readonly string[]): void {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, 'daemon', ...args], {
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
}

/** The daemon's answer to `request`; the daemon is started with `daemonArgs` when none listens at `path`. */
export async function askDaemon(
  path: string,
  request: DaemonRequest,
  daemonArgs: readonly string[],
): Promise<DaemonReply> {
  const at = socketAt(path);
  if (typeof at === 'object') throw new Error(at.refused);
  if (at === 'ours') {
    try {
      return await ask(path, request);
    } catch (error) {
      if (!(error instanceof NotListening)) throw error;
      // Stale: the new daemon replaces it.
    }
  }
  startDaemon(daemonArgs);
  const until = Date.now() + START_MS;
  for (;;) {
    const now = socketAt(path);
    if (typeof now === 'object') throw new Error(now.refused);
    if (now === 'ours') {
      try {
        return await ask(path, request);
      } catch (error) {
        if (!(error instanceof NotListening)) throw error;
      }
    }
    if (Date.now() > until) throw new Error(`no daemon listened at ${path} within ${START_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
