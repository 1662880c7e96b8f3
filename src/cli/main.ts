// `lectern`: the core's tools on the command line and as an MCP server, for scripts, benchmarks and
// agents outside VS Code.
import { statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { version } from '../../package.json';
import type { ToolResponse } from '../core/ground/contract';
import { LecternError } from '../core/ground/contract';
import { Lectern } from '../core/engine';
import { errorResponse } from '../core/ground/errors';
import type { WorkspaceRoot } from '../core/ground/ports';
import type { TokenCounter } from '../core/ground/tokens';
import { REGISTRY } from '../core/modes/index';
import { catalogOf } from '../core/tools/catalog';
import { createNodeHost, rootsOf, type NodeHost } from '../node/nodeHost';
import { ReplayLog, type CallContext, type Counting } from '../node/replayLog';
import { parseArgs, UsageError, type CliOptions } from './args';
import { answerOnce } from './oneShotTokens';
import { replay } from './replay';
import { commandUsage, USAGE } from './usage';
import { toolListing } from './toolListing';
import { DaemonRefused, runDaemon, runShell } from './shellRun';
import { TOOL } from '../core/ground/tools';

function output(response: ToolResponse, asText = false): string {
  if (asText) return response.text;
  return JSON.stringify(response.legacy ?? response);
}

/** The --root folders (or the working directory); a folder that is not there is a usage error. */
function workspaceRoots(options: CliOptions): WorkspaceRoot[] {
  const dirs = options.roots.length > 0 ? options.roots : [process.cwd()];
  for (const dir of dirs) {
    let isDirectory = false;
    try {
      isDirectory = statSync(dir).isDirectory();
    } catch {
      throw new UsageError(`--root ${dir}: no such folder.`);
    }
    if (!isDirectory) throw new UsageError(`--root ${dir}: not a folder (give the folder that holds it).`);
  }
  return rootsOf(dirs);
}

/**
 * The hosts this process made and each one's engine: the engine's cache writes and the host's worker
 * threads end with the command, or with an MCP HTTP session.
 */
const hosts = new Map<NodeHost, Lectern>();

/** The modes and tools this CLI's engines answer: `lectern tools` and the MCP server list them from its catalog. */
const registry = REGISTRY;

/** `resident`: the engine answers many calls (a session, an MCP server), so it watches the folders it stats. */
function createHostedEngine(
  options: CliOptions,
  roots: () => readonly WorkspaceRoot[],
  resident: boolean,
  tokenCounter?: TokenCounter,
): { engine: Lectern; host: NodeHost } {
  const recordFiles = options.log !== undefined;
  // Language servers start only in a resident engine: a one-shot call would pay a cold start and go.
  const languageServers = () => options.settings.languageServers ?? 'auto';
  const host = createNodeHost(roots, {
    bundleDir: __dirname,
    tokenCounter,
    recordFiles,
    watch: resident,
    tokenizerThread: resident,
    ...(resident ? { languageServers } : {}),
  });
  const engine = new Lectern(host, () => options.settings, registry);
  hosts.set(host, engine);
  return { engine, host };
}

function createEngine(
  options: CliOptions,
  roots: () => readonly WorkspaceRoot[],
  resident: boolean,
  tokenCounter?: TokenCounter,
) {
  return createHostedEngine(options, roots, resident, tokenCounter).engine;
}

async function endHost(host: NodeHost): Promise<void> {
  const engine = hosts.get(host);
  hosts.delete(host);
  await Promise.all([engine?.dispose(), host.dispose()]);
}

/**
 * The command is over (its answer made, or its input closed): the symbol cache's pending writes are
 * made (the next process reads them) and worker threads are terminated rather than left to idle out,
 * so the process exits now whatever they were doing.
 */
function endHosts(): Promise<void> {
  return Promise.all([...hosts.keys()].map(endHost)).then(() => undefined);
}

/** This process's calls, told apart from other runs' in a shared replay log. */
const RUN = `${Date.now()}-${process.pid}`;

function logContext(
  options: CliOptions,
  session: string,
  tool: string,
  input: unknown,
  roots: readonly WorkspaceRoot[],
  counting: Counting,
): CallContext {
  return {
    session: `${RUN}/${session}`,
    tool,
    input,
    roots,
    settings: options.settings,
    allowOutside: options.allowOutside,
    counting,
  };
}

async function call(options: CliOptions, roots: WorkspaceRoot[]): Promise<ToolResponse> {
  const once = {
    tool: options.tool!,
    input: options.input,
    allowOutside: options.allowOutside,
    settings: options.settings,
    exact: options.exactTokens,
  };
  const answer = async () => ({
    response: await answerOnce(once, (counter) => createEngine(options, () => roots, false, counter)),
  });
  if (!options.log) return (await answer()).response;
  const context = logContext(options, 'call', once.tool, once.input, roots, options.exactTokens ? 'exact' : 'one-shot');
  return (await new ReplayLog(options.log).record(context, answer)).response;
}

function write(line: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(line)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

async function session(options: CliOptions, roots: WorkspaceRoot[]): Promise<void> {
  const engine = createEngine(options, () => roots, true);
  const log = options.log ? new ReplayLog(options.log) : undefined;
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let request: { tool?: unknown; input?: unknown } | undefined;
    try {
      request = JSON.parse(line);
    } catch (error) {
      const problem = new LecternError(
        'INVALID_ARGS',
        `The line is not JSON (${(error as Error).message}).`,
        `Send one {"tool": "${TOOL.read}", "input": {...}} per line.`,
      );
      await write(output(errorResponse('session', null, problem)) + '\n');
      continue;
    }
    const tool = typeof request?.tool === 'string' ? request.tool : '';
    const run = () => engine.run(tool, request?.input, { allowOutside: options.allowOutside });
    const { response } = log
      ? await log.record(logContext(options, 'session', tool, request?.input, roots, 'exact'), run)
      : await run();
    await write(output(response) + '\n');
  }
}

async function mcp(options: CliOptions, roots: WorkspaceRoot[]): Promise<void> {
  // Bundled apart (dist/mcp.js): only this command loads the MCP SDK.
  const { runMcp } = await import('../mcp/index');
  await runMcp(
    {
      legacyTools: options.legacyTools,
      structuredContent: options.structuredContent,
      fallbackRoots: roots,
      createEngine: (current) => {
        const { engine, host } = createHostedEngine(options, current, true);
        const log = options.log ? new ReplayLog(options.log) : undefined;
        return {
          catalog: engine.catalog,
          invalidate: (path) => engine.invalidate(path),
          run: (tool, input, invoke) =>
            log
              ? log.record(logContext(options, invoke.sessionId ?? 'mcp', tool, input, current(), 'exact'), () =>
                  engine.run(tool, input, invoke),
                )
              : engine.run(tool, input, invoke),
          dispose: () => endHost(host),
        };
      },
      allowOutside: options.allowOutside,
      version,
    },
    options.httpPort === undefined
      ? undefined
      : {
          port: options.httpPort,
          host: options.httpHost,
          token: options.token,
          ...(options.idleMinutes !== undefined ? { idle: { idleMs: options.idleMinutes * 60_000 } } : {}),
        },
    (line) => process.stderr.write(line + '\n'),
  );
}

async function run(options: CliOptions): Promise<number> {
  switch (options.command) {
    case 'help':
      await write((options.helpTopic ? commandUsage(options.helpTopic) : USAGE) + '\n');
      return 0;
    case 'version':
      await write(version + '\n');
      return 0;
    case 'tools':
      await write(toolListing(catalogOf(registry)) + '\n');
      return 0;
    case 'call': {
      const roots = workspaceRoots(options);
      const response = await call(options, roots);
      await endHosts();
      await write(output(response, options.text) + '\n');
      return 0;
    }
    case 'session': {
      const roots = workspaceRoots(options);
      await session(options, roots);
      await endHosts();
      return 0;
    }
    case 'mcp':
      await mcp(options, workspaceRoots(options));
      await endHosts();
      return 0;
    case 'replay':
      return replay(options.replayLog!, (line) => write(line + '\n'));
    case 'shell': {
      const roots = workspaceRoots(options);
      const once = async () => {
        const response = await call({ ...options, tool: options.shell!.tool, input: options.shell!.input }, roots);
        await endHosts();
        return { ok: response.ok, text: response.text };
      };
      const warn = (line: string) => process.stderr.write(line + '\n');
      try {
        const reply = await runShell(options, roots, once, warn);
        await write(reply.text + '\n');
        return reply.ok ? 0 : 1;
      } catch (error) {
        if (!(error instanceof DaemonRefused)) throw error;
        warn(
          `lectern: DAEMON_REFUSED: ${error.message}. Remove it if it is yours, or set LECTERN_CACHE_DIR to a folder of your own.`,
        );
        return 1;
      }
    }
    case 'daemon': {
      const roots = workspaceRoots(options);
      await runDaemon(
        options,
        roots,
        createEngine(options, () => roots, true),
        (line) => process.stderr.write(line + '\n'),
      );
      await endHosts();
      return 0;
    }
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    return await run(parseArgs(argv, process.env));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`lectern: ${error.message}\n\n${error.command ? commandUsage(error.command) : USAGE}\n`);
    return 2;
  }
}

// A reader that stops early (`lectern tools | head`) closes the pipe: that ends the output, not in a crash.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`lectern: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  },
);
