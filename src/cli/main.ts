// `lectern`: the core's tools on the command line, for scripts, benchmarks and agents outside VS Code.
import * as path from 'node:path';
import { createInterface } from 'node:readline';
import type { ToolResponse } from '../core/ground/contract';
import { LecternError } from '../core/ground/contract';
import { Lectern } from '../core/engine';
import { errorResponse } from '../core/ground/errors';
import { allTools } from '../core/tools/definitions';
import { inputSchema } from '../core/tools/jsonSchema';
import { createGitCli } from '../node/gitCli';
import { nodeFileSystem } from '../node/nodeFileSystem';
import { createWasmLoader } from '../node/wasmFiles';
import { parseArgs, UsageError, USAGE, type CliOptions } from './args';

function output(response: ToolResponse, asText = false): string {
  if (asText) return response.text;
  return JSON.stringify(response.legacy ?? response);
}

function createEngine(options: CliOptions): Lectern {
  const dirs = (options.roots.length > 0 ? options.roots : [process.cwd()]).map((dir) => path.resolve(dir));
  const roots = dirs.map((dir) => ({ name: path.basename(dir) || dir, path: dir }));
  return new Lectern({ fs: nodeFileSystem, roots: () => roots, loadWasm: createWasmLoader(__dirname), git: createGitCli() }, () => options.settings);
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
      process.stdout.write(output(errorResponse('session', null, problem)) + '\n');
      continue;
    }
    const tool = typeof request?.tool === 'string' ? request.tool : '';
    const response = await engine.invoke(tool, request?.input, { allowOutside: options.allowOutside });
    process.stdout.write(output(response) + '\n');
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  let options: CliOptions;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`lectern: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  switch (options.command) {
    case 'help':
      process.stdout.write(USAGE + '\n');
      return 0;
    case 'tools':
      process.stdout.write(JSON.stringify(allTools.map((tool) => ({ name: tool.name, legacy: tool.legacy ?? false, description: tool.modelDescription, inputSchema: inputSchema(tool) })), null, 2) + '\n');
      return 0;
    case 'call': {
      const response = await createEngine(options).invoke(options.tool!, options.input, { allowOutside: options.allowOutside });
      process.stdout.write(output(response, options.text) + '\n');
      return 0;
    }
    case 'session':
      await session(createEngine(options), options);
      return 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`lectern: ${(error as Error).stack ?? error}\n`);
    process.exitCode = 1;
  },
);
