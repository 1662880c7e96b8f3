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
import { allTools, primaryTools } from '../core/tools/definitions';
import { inputSchema } from '../core/tools/jsonSchema';
import { createNodeHost, rootsOf } from '../node/nodeHost';
import { parseArgs, UsageError, USAGE, type CliOptions } from './args';
import { OneShotTokens } from './oneShotTokens';

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

function createEngine(options: CliOptions, roots: () => readonly WorkspaceRoot[], tokenCounter?: TokenCounter): Lectern {
  return new Lectern(createNodeHost(roots, __dirname, tokenCounter), () => options.settings);
}

/** One call, answered once: byte-length counts where they decide alike, else exact (oneShotTokens.ts). */
async function callOnce(options: CliOptions, roots: WorkspaceRoot[]): Promise<ToolResponse> {
  const invoke = (engine: Lectern) => engine.invoke(options.tool!, options.input, { allowOutside: options.allowOutside });
  if (!options.exactTokens) {
    const tokens = new OneShotTokens(options.settings);
    const response = await invoke(createEngine(options, () => roots, tokens.counter));
    if (tokens.decidedAlike) return response;
  }
  return invoke(createEngine(options, () => roots));
}

function write(line: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(line)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

async function session(engine: Lectern, options: CliOptions): Promise<void> {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let request: { tool?: unknown; input?: unknown } | undefined;
    try {
      request = JSON.parse(line);
    } catch (error) {
      const problem = new LecternError('INVALID_ARGS', `The line is not JSON (${(error as Error).message}).`, 'Send one {"tool": "lectern_read", "input": {...}} per line.');
      await write(output(errorResponse('session', null, problem)) + '\n');
      continue;
    }
    const tool = typeof request?.tool === 'string' ? request.tool : '';
    const response = await engine.invoke(tool, request?.input, { allowOutside: options.allowOutside });
    await write(output(response) + '\n');
  }
}

async function mcp(options: CliOptions, roots: WorkspaceRoot[]): Promise<void> {
  // Bundled apart (dist/mcp.js): only this command loads the MCP SDK.
  const { runMcp } = await import('../mcp/index');
  await runMcp(
    {
      tools: options.legacyTools ? allTools : primaryTools,
      fallbackRoots: roots,
      createEngine: (current) => createEngine(options, current),
      allowOutside: options.allowOutside,
      version,
    },
    options.httpPort === undefined ? undefined : { port: options.httpPort, host: options.httpHost, token: options.token },
    (line) => process.stderr.write(line + '\n'),
  );
}

async function run(options: CliOptions): Promise<number> {
  switch (options.command) {
    case 'help':
      await write(USAGE + '\n');
      return 0;
    case 'tools':
      await write(JSON.stringify(allTools.map((tool) => ({ name: tool.name, legacy: tool.legacy ?? false, description: tool.modelDescription, inputSchema: inputSchema(tool) })), null, 2) + '\n');
      return 0;
    case 'call': {
      const roots = workspaceRoots(options);
      const response = await callOnce(options, roots);
      await write(output(response, options.text) + '\n');
      return 0;
    }
    case 'session': {
      const roots = workspaceRoots(options);
      await session(createEngine(options, () => roots), options);
      return 0;
    }
    case 'mcp':
      await mcp(options, workspaceRoots(options));
      return 0;
    case 'replay':
      throw new UsageError('replay is not available in this build.');
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  try {
    return await run(parseArgs(argv, process.env));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`lectern: ${error.message}\n\n${USAGE}\n`);
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
