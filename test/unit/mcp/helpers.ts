// The MCP server as clients meet it: `lectern mcp` spawned as a process (from source), reached with
// the official SDK client over stdio or Streamable HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  type Root,
} from '@modelcontextprotocol/sdk/types.js';

export const repoRoot = join(__dirname, '..', '..', '..');
const cliSource = join(repoRoot, 'src', 'cli', 'main.ts');

/** The command that runs the CLI from source (what a user runs as `lectern`). */
export function lecternCommand(...args: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: ['--import', 'tsx', cliSource, ...args] };
}

export interface Connected {
  client: Client;
  logs: string[];
  /** Replaces the client's roots and tells the server (notifications/roots/list_changed). */
  setRoots(folders: string[]): Promise<void>;
  close(): Promise<void>;
}

const rootOf = (folder: string): Root => ({ uri: pathToFileURL(folder).href });

function client(roots: string[] | undefined): {
  client: Client;
  logs: string[];
  setRoots: (folders: string[]) => Promise<void>;
} {
  let current = roots;
  const client = new Client(
    { name: 'lectern-test', version: '1.0.0' },
    { capabilities: current ? { roots: { listChanged: true } } : {} },
  );
  const logs: string[] = [];
  client.setNotificationHandler(
    LoggingMessageNotificationSchema,
    async (note) => void logs.push(`${note.params.level}: ${String(note.params.data)}`),
  );
  if (current) client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: current!.map(rootOf) }));
  return {
    client,
    logs,
    setRoots: async (folders) => {
      current = folders;
      await client.sendRootsListChanged();
    },
  };
}

/** `lectern mcp ARGS` over stdio; `roots`: the client declares roots and answers roots/list with them. */
export async function stdio(args: string[], roots?: string[]): Promise<Connected> {
  const made = client(roots);
  const { command, args: full } = lecternCommand('mcp', ...args);
  const transport = new StdioClientTransport({ command, args: full, stderr: 'pipe' });
  await made.client.connect(transport);
  await made.client.setLoggingLevel('debug');
  return { ...made, close: () => made.client.close() };
}

export interface HttpServer {
  url: string;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** `lectern mcp --http 0 ARGS`: resolves with the URL it prints once listening. */
export function httpServer(args: string[] = []): Promise<HttpServer> {
  const { command, args: full } = lecternCommand('mcp', '--http', '0', ...args);
  return listening(spawn(command, full, { stdio: ['ignore', 'pipe', 'pipe'] }));
}

export interface MeasuredServer extends HttpServer {
  /** The server's heap and RSS in bytes, after a garbage collection. */
  memory(): Promise<{ heapUsed: number; rss: number }>;
}

/**
 * `lectern mcp --http 0 ARGS` from the source tree `tree` (default this one; a bench passes a worktree
 * of an older build), asked for its memory over IPC by memoryProbe.mjs.
 */
export async function measuredHttpServer(args: string[] = [], tree = repoRoot): Promise<MeasuredServer> {
  const probe = join(__dirname, 'memoryProbe.mjs');
  const cli = join(tree, 'src', 'cli', 'main.ts');
  const full = ['--expose-gc', '--import', 'tsx', '--import', pathToFileURL(probe).href, cli, 'mcp', '--http', '0'];
  const child = spawn(process.execPath, [...full, ...args], { cwd: tree, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  const server = await listening(child);
  const memory = () =>
    new Promise<{ heapUsed: number; rss: number }>((resolve) => {
      child.once('message', (message) => resolve(message as { heapUsed: number; rss: number }));
      child.send('memory');
    });
  return { ...server, memory };
}

function listening(child: ChildProcess): Promise<HttpServer> {
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within 30 s: ${err}`)), 30_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(err);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1]!,
          child,
          stderr: () => err,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`lectern mcp --http exited ${code}: ${err}`)));
  });
}

export async function http(url: string, roots?: string[], headers: Record<string, string> = {}): Promise<Connected> {
  const made = client(roots);
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  await made.client.connect(transport);
  await made.client.setLoggingLevel('debug');
  return {
    ...made,
    close: async () => {
      await transport.terminateSession().catch(() => undefined);
      await made.client.close();
    },
  };
}

/** Node 24 and the entry scripts of the MCP clients nobody here wrote, installed into the host cache. */
export interface McpClients {
  node: string;
  inspector: string;
  conformance: string;
}

/**
 * The MCP Inspector and the conformance suite (Node >= 22) as the set-up step installed them
 * (scripts/host/ensure.mjs, which `npm test` runs first). A unit test installs nothing and reaches no
 * network: without them it fails, naming the command that installs them.
 */
export async function mcpClients(): Promise<McpClients> {
  const { installedMcpClients, SETUP_COMMAND } = (await import(join(repoRoot, 'scripts', 'host', 'ensure.mjs'))) as {
    installedMcpClients: () => McpClients | { missing: string };
    SETUP_COMMAND: string;
  };
  const installed = installedMcpClients();
  if ('missing' in installed)
    throw new Error(`${installed.missing}. Run \`${SETUP_COMMAND}\` (\`npm test\` runs it before the unit tests).`);
  return installed;
}
