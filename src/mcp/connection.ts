// One MCP connection (a stdio process, or one Streamable HTTP session): its own workspace folders
// (the client's roots), its own engine and one stabilization session, so budgets,
// de-duplication and warnings carry across the calls of this client and no other.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListRootsResultSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type LoggingLevel,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolResponse } from '../core/ground/contract';
import type { InvokeOptions } from '../core/engine';
import type { WorkspaceRoot } from '../core/ground/ports';
import type { Catalog } from '../core/tools/catalog';
import { withActivity, type CallActivity } from '../node/callActivity';
import { ConnectionRoots, type Log } from './roots';
import { offeredTools, type OfferedTools } from './toolList';
import { TOOL, type ToolName } from '../core/ground/tools';

/** What a connection needs of the engine (`Lectern`, or the CLI's wrapper that writes a replay log). */
export interface McpEngine {
  /** The tools the engine answers (its registry's): the server lists and offers these. */
  readonly catalog: Pick<Catalog, 'primaryTools' | 'allTools'>;
  run(tool: string, input: unknown, options: InvokeOptions): Promise<{ response: ToolResponse }>;
  invalidate(path: string | null): void;
  /** The connection is over: ends the engine's worker threads. */
  dispose?(): Promise<void>;
}

export interface McpConfig {
  /** Offer the compatibility tools too (--legacy-tools), besides the primary tools of the engine's catalog. */
  legacyTools: boolean;
  /** Folders used until (or unless) the client gives roots. */
  fallbackRoots: readonly WorkspaceRoot[];
  createEngine(roots: () => readonly WorkspaceRoot[]): McpEngine;
  allowOutside: boolean;
  /**
   * Answers carry the response object as structuredContent, and tools declare its output schema
   * (--structured-content). Off by default: many agents (Claude Code, Codex, Copilot CLI, opencode)
   * give the model JSON.stringify(structuredContent) in place of the text when it is there, which
   * shows it the file text twice and the metadata besides: 2.2–2.8 times the tokens of
   * server-filesystem's answers (docs/mcp.md).
   */
  structuredContent: boolean;
  version: string;
}

/** A tool answer as MCP has it: the model-facing text, isError on failures; `structured`: the response object too. */
export function callResult(response: ToolResponse, structured: boolean): CallToolResult {
  return {
    content: [{ type: 'text', text: response.text }],
    // A copy as a plain object: MCP's structuredContent is a JSON object (an interface has no index signature).
    ...(structured ? { structuredContent: { ...(response.legacy ?? response) } } : {}),
    isError: !response.ok,
  };
}

export interface Connection {
  server: Server;
  roots: ConnectionRoots;
  /** Closes the server and ends the engine's worker threads (the client went, or the session expired). */
  end(): Promise<void>;
}

/** The engine's view of a request's AbortSignal (a class: an object literal's getter is defined anew on every call). */
class AbortView {
  constructor(private readonly signal: AbortSignal) {}
  get isCancellationRequested(): boolean {
    return this.signal.aborted;
  }
}

/** The JSON-RPC error for a tool this server does not offer, in the engine's words (it names the likely meant tool). */
async function notOffered(engine: McpEngine, name: string, input: unknown, sessionId: string): Promise<Error> {
  const { response } = await engine.run(name, input, { sessionId });
  const message = response.ok
    ? `Tool "${name}" is not offered by this server; start it with --legacy-tools to use it.`
    : `${response.error!.message} ${response.error!.hint}`;
  // A protocol error, as MCP has unknown tools (McpError would prefix the words once more on the client).
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
}

/** What each primary tool is for, as the server's instructions say it: a tool without its words fails to compile. */
const TOOL_USES: Record<ToolName, string> = {
  [TOOL.search]: 'finds lines',
  [TOOL.read]: 'reads a symbol, a snippet, an outline or a range with exact paging',
  [TOOL.stat]: 'sizes a path first',
};

/** How often a long call with a progress token reports the files it has read. */
const PROGRESS_EVERY_MS = 100;

export function createConnection(config: McpConfig, sessionId: string): Connection {
  const server = new Server(
    { name: 'lectern', title: 'Lectern', version: config.version },
    {
      capabilities: { tools: { listChanged: false }, logging: {} },
      instructions: `Lectern reads code precisely: ${Object.entries(TOOL_USES)
        .map(([tool, use]) => `${tool} ${use}`)
        .join(', ')}. Paths are relative to the workspace folders (the client roots).`,
    },
  );
  const log: Log = (level: LoggingLevel, message) => {
    // Only to a connected client that asked for this level; never on stdout.
    if (server.transport)
      void server.sendLoggingMessage({ level, logger: 'lectern', data: message }).catch(() => undefined);
  };
  // The engine (a host, its caches and workers) is made once the client has initialized: an initialize
  // the transport refuses leaves no engine to end.
  let engine: McpEngine | undefined;
  const roots = new ConnectionRoots(server, config.fallbackRoots, log, () => engine?.invalidate(null));
  const started = () => (engine ??= config.createEngine(() => roots.current()));
  server.oninitialized = () => {
    started();
    roots.initialized();
  };

  // The tools of the engine's catalog, listed once the engine is there (after initialize).
  let listed: OfferedTools | undefined;
  const listing = () => (listed ??= offeredTools(started().catalog, config.legacyTools, config.structuredContent));
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listing().tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    await roots.ready(() => extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema, { timeout: 10_000 }));
    const { name, arguments: input = {} } = request.params;
    if (!listing().offered.has(name)) throw await notOffered(started(), name, input, sessionId);
    const signal = extra.signal;
    const progressToken = request.params._meta?.progressToken;
    const options: InvokeOptions = {
      sessionId,
      allowOutside: config.allowOutside,
      signal: new AbortView(signal),
    };
    // The files read so far, for a search's progress: the only reader of the call's activity. Other
    // calls run without one: AsyncLocalStorage would slow every promise of the process from its first use.
    let activity: CallActivity | undefined;
    let ticker: ReturnType<typeof setInterval> | undefined;
    if (progressToken !== undefined) {
      // A workspace search reports the files it has read so far; reads, the symbol index's first
      // build (files indexed of the total). Progress only grows.
      let sent = -1;
      const report = (progress: number, message: string, total?: number) => {
        if (progress <= sent) return;
        sent = progress;
        void extra
          .sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress, ...(total ? { total } : {}), message },
          })
          .catch(() => undefined);
      };
      if (name === TOOL.search) {
        const counted: CallActivity = (activity = { filesRead: 0 });
        const filesRead = () => report(counted.filesRead, `${counted.filesRead} files read`);
        filesRead();
        ticker = setInterval(filesRead, PROGRESS_EVERY_MS);
      } else
        options.onIndexProgress = (done, total) => report(done, `Indexing symbols: ${done} of ${total} files`, total);
    }
    try {
      const run = () => started().run(name, input, options);
      const { response } = await (activity ? withActivity(activity, run) : run());
      if (!response.ok && response.error?.code === 'INTERNAL') log('error', `${name}: ${response.error.message}`);
      // Asked once the answer has gone: every request's AbortSignal has a shape of its own, so reading
      // it is a property lookup V8 cannot cache, and it only decides a log line.
      setImmediate(() => {
        if (signal.aborted)
          log(
            'info',
            `${name} (request ${extra.requestId}): cancelled by the client${response.error?.code === 'CANCELLED' ? ', stopped early' : ' after it had finished'}.`,
          );
      });
      return callResult(response, config.structuredContent);
    } catch (error) {
      // The engine answers every failure itself; this is a last guard for the connection.
      log('error', `${name} failed: ${(error as Error)?.stack ?? error}`);
      return {
        content: [{ type: 'text', text: `Error INTERNAL: ${(error as Error)?.message ?? String(error)}` }],
        isError: true,
      };
    } finally {
      clearInterval(ticker);
    }
  });
  let ended: Promise<void> | undefined;
  const end = () =>
    (ended ??= Promise.all([server.close().catch(() => undefined), engine?.dispose?.()]).then(() => undefined));
  return { server, roots, end };
}
