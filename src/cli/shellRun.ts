// Runs a shell command (`lectern read …`) through its workspace's daemon, and `lectern daemon` itself.
// The daemon is started with the options the command was given, so its engine answers as
// `lectern call` would with them; its socket is named by what the answers depend on (daemonSocket.ts).
import { version } from '../../package.json';
import type { Lectern } from '../core/engine';
import type { WorkspaceRoot } from '../core/ground/ports';
import { settingsToFlags } from '../node/settingFlags';
import type { CliOptions } from './args';
import { DEFAULT_IDLE_MS, serveDaemon, type DaemonReply } from './daemon';
import { askDaemon } from './daemonClient';
import { socketPlace, type DaemonKey } from './daemonSocket';

/** A shell command's daemon cannot be used (its socket is another user's, not a socket, or it never listened). */
export class DaemonRefused extends Error {}

/** The session a shell command's call belongs to: $LECTERN_SESSION, else the workspace's one shell session. */
const sessionOf = (env: NodeJS.ProcessEnv) => env.LECTERN_SESSION || 'shell';

function keyOf(options: CliOptions, roots: readonly WorkspaceRoot[]): DaemonKey {
  const settings = Object.fromEntries(
    Object.entries(options.settings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return { roots: roots.map((root) => root.path), settings, allowOutside: options.allowOutside, version };
}

/** The options a daemon for these is started with (absolute roots: it may start elsewhere). */
function daemonArgs(options: CliOptions, roots: readonly WorkspaceRoot[]): string[] {
  return [
    ...roots.flatMap((root) => ['--root', root.path]),
    ...(options.allowOutside ? ['--allow-outside'] : []),
    ...(options.idleMinutes !== undefined ? ['--idle-minutes', String(options.idleMinutes)] : []),
    ...settingsToFlags(options.settings),
  ];
}

/**
 * A shell command's answer. Where no daemon may run (the cache folder refused), the call is answered
 * in this process, in a session of its own, and stderr says why.
 */
export async function runShell(
  options: CliOptions,
  roots: readonly WorkspaceRoot[],
  oneShot: () => Promise<DaemonReply>,
  warn: (line: string) => void,
): Promise<DaemonReply> {
  const place = socketPlace(keyOf(options, roots));
  if ('refused' in place) {
    warn(`lectern: no daemon (${place.refused}); this call's session is its own.`);
    return oneShot();
  }
  const { tool, input } = options.shell!;
  try {
    return await askDaemon(place.path, { tool, input, session: sessionOf(process.env) }, daemonArgs(options, roots));
  } catch (error) {
    throw new DaemonRefused((error as Error).message);
  }
}

/** `lectern daemon`: serves the workspace's socket until idle. */
export async function runDaemon(
  options: CliOptions,
  roots: readonly WorkspaceRoot[],
  engine: Lectern,
  log: (line: string) => void,
): Promise<void> {
  const place = socketPlace(keyOf(options, roots));
  if ('refused' in place) {
    log(`lectern daemon: ${place.refused}; not serving.`);
    return;
  }
  const idleMs = options.idleMinutes !== undefined ? options.idleMinutes * 60_000 : DEFAULT_IDLE_MS;
  await serveDaemon(engine, place.path, { idleMs, allowOutside: options.allowOutside, log });
}
