// One language server over stdio (LSP through vscode-jsonrpc, loaded only when a server starts):
// started in a workspace folder, `initialize`d with it, asked `textDocument/references` for a place
// after opening its file (reopened when its text changed). Every request is bounded in time; a
// server that exits or hangs fails its calls, never the host.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CancellationTokenSource,
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { CancellationSignal, ReferenceLocation } from '../../core/ground/ports';
import type { ServerLaunch } from './serverSpecs';

/** Files larger than this are not sent to a server (tree-sitter answers for them). */
const MAX_OPEN_BYTES = 4 * 1024 * 1024;

export interface LspSession {
  readonly pid: number | undefined;
  /** True once the process is gone (a crash, or disposed). */
  readonly exited: boolean;
  references(
    file: string,
    languageId: string,
    line: number,
    column: number,
    limitMs: number,
    signal?: CancellationSignal,
  ): Promise<ReferenceLocation[] | undefined>;
  dispose(): Promise<void>;
}

interface LspLocation {
  uri: string;
  range: { start: { line: number; character: number } };
}

/** A request that gives up (and tells the server so) after `limitMs` or when `signal` is cancelled. */
async function bounded<T>(
  connection: MessageConnection,
  method: string,
  params: unknown,
  limitMs: number,
  signal?: CancellationSignal,
): Promise<T> {
  const source = new CancellationTokenSource();
  const timer = setTimeout(() => source.cancel(), limitMs);
  const poll = setInterval(() => signal?.isCancellationRequested && source.cancel(), 25);
  try {
    return await connection.sendRequest<T>(method, params, source.token);
  } finally {
    clearTimeout(timer);
    clearInterval(poll);
    source.dispose();
  }
}

/** Answers the server's own requests as a minimal client does: no settings, no capabilities to register. */
function answerServer(connection: MessageConnection): void {
  connection.onRequest('workspace/configuration', (params: { items?: unknown[] }) =>
    (params.items ?? []).map(() => null),
  );
  connection.onRequest(() => null); // client/registerCapability, window/workDoneProgress/create, …
  connection.onNotification(() => undefined); // diagnostics, logs, progress
}

function toLocations(found: LspLocation[] | null | undefined): ReferenceLocation[] | undefined {
  if (!Array.isArray(found) || found.length === 0) return undefined;
  return found.flatMap((location) =>
    location.uri.startsWith('file:')
      ? [
          {
            path: fileURLToPath(location.uri),
            line: location.range.start.line + 1,
            column: location.range.start.character + 1,
          },
        ]
      : [],
  );
}

/** Opens a file in the server, or sends its new text when it changed since; false: too large or unreadable. */
function documentOpener(connection: MessageConnection) {
  const opened = new Map<string, { text: string; version: number }>();
  return async function open(file: string, languageId: string): Promise<boolean> {
    const bytes = await readFile(file).catch(() => undefined);
    if (!bytes || bytes.length > MAX_OPEN_BYTES) return false;
    const text = bytes.toString('utf8');
    const uri = pathToFileURL(file).href;
    const known = opened.get(file);
    if (known?.text === text) return true;
    if (known) {
      known.version++;
      known.text = text;
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: known.version },
        contentChanges: [{ text }],
      });
    } else {
      opened.set(file, { text, version: 1 });
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId, version: 1, text },
      });
    }
    return true;
  };
}

/** The `initialize` handshake with the workspace folder `root`; fails when the server exits first. */
async function initialize(
  connection: MessageConnection,
  launch: ServerLaunch,
  root: string,
  limitMs: number,
  gone: Promise<void>,
): Promise<void> {
  const rootUri = pathToFileURL(root).href;
  const crashed = gone.then(() => Promise.reject(new Error(`${launch.command} exited while starting`)));
  const params = {
    processId: process.pid, // the server ends when this process does
    rootUri,
    rootPath: root,
    workspaceFolders: [{ uri: rootUri, name: root }],
    capabilities: {
      textDocument: { references: {}, synchronization: { didSave: false } },
      workspace: { workspaceFolders: true, configuration: true },
    },
    initializationOptions: launch.initializationOptions,
  };
  await Promise.race([crashed, bounded(connection, 'initialize', params, limitMs)]);
  await connection.sendNotification('initialized', {});
}

/**
 * Starts the server in `root` and waits for its `initialize` answer (at most `limitMs`); `abort`
 * (the pool disposed meanwhile) kills it at once.
 */
export async function startLsp(
  launch: ServerLaunch,
  root: string,
  limitMs: number,
  abort: AbortSignal,
): Promise<LspSession> {
  const child: ChildProcess = spawn(launch.command, launch.args, {
    cwd: root,
    env: { ...process.env, ...launch.env },
    stdio: ['pipe', 'pipe', 'ignore'],
    windowsHide: true,
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  connection.onError(() => undefined);
  connection.onClose(() => undefined);
  child.stdin!.on('error', () => undefined); // a server gone mid-write
  answerServer(connection);
  connection.listen();
  void gone.then(() => connection.dispose()); // pending requests fail now rather than at their limit
  const kill = () => {
    if (!exited) child.kill('SIGKILL');
  };
  abort.addEventListener('abort', kill, { once: true });
  if (abort.aborted) kill(); // aborted before the listener was added: it would never fire
  const open = documentOpener(connection);

  const session: LspSession = {
    get pid() {
      return child.pid;
    },
    get exited() {
      return exited;
    },
    async references(file, languageId, line, column, requestMs, signal) {
      if (exited || !(await open(file, languageId))) return undefined;
      const found = await bounded<LspLocation[] | null>(
        connection,
        'textDocument/references',
        {
          textDocument: { uri: pathToFileURL(file).href },
          position: { line: line - 1, character: column - 1 },
          context: { includeDeclaration: true },
        },
        requestMs,
        signal,
      );
      return toLocations(found);
    },
    async dispose() {
      if (!exited) {
        const stop = bounded(connection, 'shutdown', null, 1_000)
          .then(() => connection.sendNotification('exit'))
          .catch(() => undefined);
        await Promise.race([stop.then(() => gone), new Promise((resolve) => setTimeout(resolve, 1_500))]);
      }
      kill();
      connection.dispose();
    },
  };

  try {
    await initialize(connection, launch, root, limitMs, gone);
  } catch (error) {
    kill();
    connection.dispose();
    throw error;
  }
  return session;
}
