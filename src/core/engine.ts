// The entry point every adapter calls: validates input, dispatches to the tool, and turns every
// failure into a structured answer. Nothing thrown here reaches the host.
import { emptyMeta, LecternError, type ToolError, type ToolResponse } from './contract';
import { legacyResponse, toPrimaryCall } from './legacy';
import { PathResolver } from './paths';
import type { CancellationSignal, Host } from './ports';
import { readFile, type FileReadInput, type ReadEnv } from './read/fileRead';
import { formatCount } from './read/format';
import { searchFile, type SearchInput } from './search/searchFile';
import { normalizeSettings, responseTokenCap, type Settings } from './settings';
import { statPath, type StatInput } from './stat';
import { LineIndexCache } from './text/lineIndex';
import { loadTokenCounter } from './tokens';
import { findTool } from './tools/definitions';
import { validateInput } from './tools/validate';

export interface InvokeOptions {
  signal?: CancellationSignal;
  /** The user approved reading outside the workspace (VS Code confirmation, CLI --allow-outside). */
  allowOutside?: boolean;
  /** A token budget the host passes with this invocation. */
  tokenBudget?: number;
}

export interface Invocation {
  tool: string;
  response: ToolResponse;
  /** The primary-tool response a legacy answer was made from. */
  primary?: ToolResponse;
}

export class Lectern {
  private readonly resolver: PathResolver;
  private readonly indexes = new LineIndexCache();

  constructor(
    private readonly host: Host,
    private readonly settings: () => Partial<Settings> = () => ({}),
  ) {
    this.resolver = new PathResolver(host);
  }

  async invoke(toolName: string, rawInput: unknown, options: InvokeOptions = {}): Promise<ToolResponse> {
    return (await this.run(toolName, rawInput, options)).response;
  }

  async run(toolName: string, rawInput: unknown, options: InvokeOptions = {}): Promise<Invocation> {
    const tool = findTool(toolName);
    if (!tool) {
      return { tool: toolName, response: errorResponse(toolName, null, new LecternError('INVALID_ARGS', `Unknown tool "${toolName}".`, 'Tools: lectern_read, lectern_search, lectern_stat.')) };
    }
    let target: string | string[] | null = null;
    try {
      const validated = validateInput(tool, rawInput);
      if (tool.legacy) {
        const call = toPrimaryCall(tool.name, validated.input);
        const primary = await this.dispatch(call.tool, call.input, validated.notes, options);
        return { tool: toolName, response: legacyResponse(tool.name, call, primary), primary };
      }
      target = (validated.input.target as string | string[] | undefined) ?? null;
      return { tool: toolName, response: await this.dispatch(tool.name, validated.input, validated.notes, options) };
    } catch (error) {
      const response = errorResponse(modeOf(toolName, rawInput), target, error);
      response.meta.token_estimate = (await loadTokenCounter())(response.text);
      if (tool.legacy) return { tool: toolName, response: legacyResponse(tool.name, null, response), primary: response };
      return { tool: toolName, response };
    }
  }

  /** Display paths of the call's targets that resolve outside the workspace (for a confirmation). */
  async outsideTargets(toolName: string, rawInput: unknown): Promise<string[]> {
    const input = rawInput && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>) : {};
    const given = input.target ?? input.path;
    const list = Array.isArray(given) ? given : [given];
    const outside: string[] = [];
    for (const target of list) {
      if (typeof target !== 'string' || target.length === 0) continue;
      try {
        const resolved = await this.resolver.resolve(target);
        if (resolved.outside) outside.push(resolved.display);
      } catch {
        // Unresolvable targets are answered by invoke with a proper error.
      }
    }
    return outside;
  }

  private async env(options: InvokeOptions): Promise<ReadEnv> {
    const settings = normalizeSettings(this.settings());
    return {
      host: this.host,
      resolver: this.resolver,
      indexes: this.indexes,
      settings,
      tokenCap: responseTokenCap(settings, options.tokenBudget),
      countTokens: await loadTokenCounter(),
      signal: options.signal,
      allowOutside: options.allowOutside ?? false,
    };
  }

  private async dispatch(tool: string, input: Record<string, unknown>, notes: string[], options: InvokeOptions): Promise<ToolResponse> {
    const env = await this.env(options);
    let response: ToolResponse;
    switch (tool) {
      case 'lectern_read':
        response = await this.read(env, input, notes);
        break;
      case 'lectern_search':
        response = await searchFile(env, input as unknown as SearchInput, notes);
        break;
      case 'lectern_stat':
        response = await statPath(env, input as unknown as StatInput);
        break;
      default:
        throw new LecternError('INTERNAL', `No handler for ${tool}.`, 'This is a bug in Lectern.');
    }
    if (response.meta.token_estimate === 0) response.meta.token_estimate = env.countTokens(response.text);
    return response;
  }

  private async read(env: ReadEnv, input: Record<string, unknown>, notes: string[]): Promise<ToolResponse> {
    const targets = input.target as string | string[];
    const addNotes = (response: ToolResponse) => {
      if (notes.length === 0 || !response.ok) return response;
      response.meta.notes = [...notes, ...(response.meta.notes ?? [])];
      response.text += '\n' + notes.map((n) => `[${n}]`).join('\n');
      return response;
    };
    if (!Array.isArray(targets)) return addNotes(await readFile(env, input as unknown as FileReadInput));
    // Several targets: each answered on its own; they share the token cap in order.
    const results: ToolResponse[] = [];
    let used = 0;
    for (const target of targets) {
      const tokenCap = Math.max(256, env.tokenCap - used);
      let result: ToolResponse;
      try {
        result = await readFile({ ...env, tokenCap }, { ...(input as unknown as FileReadInput), target });
      } catch (error) {
        result = errorResponse('file', target, error);
      }
      result.meta.token_estimate = env.countTokens(result.text);
      used += result.meta.token_estimate;
      results.push(addNotes(result));
    }
    const text = results.map((r) => r.text).join('\n\n');
    const failed = results.filter((r) => !r.ok).length;
    return {
      ok: failed === 0,
      mode: 'file',
      target: targets,
      content: '',
      text: failed > 0 ? `${text}\n\n[${formatCount(results.length - failed)} of ${formatCount(results.length)} targets read; the others answered with errors above.]` : text,
      meta: {
        ...emptyMeta(),
        truncated: results.some((r) => r.meta.truncated),
        preview_degraded: results.some((r) => r.meta.preview_degraded),
        token_estimate: 0,
      },
      location: null,
      results,
    };
  }
}

function modeOf(toolName: string, rawInput: unknown): string {
  if (toolName === 'lectern_search') return 'search';
  if (toolName === 'lectern_stat') return 'stat';
  const mode = rawInput && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>).mode : undefined;
  return typeof mode === 'string' ? mode : 'file';
}

export function errorResponse(mode: string, target: string | string[] | null, error: unknown): ToolResponse {
  const failure: ToolError =
    error instanceof LecternError
      ? { code: error.code, message: error.message, hint: error.hint }
      : { code: 'INTERNAL', message: `Unexpected failure: ${(error as Error)?.message ?? String(error)}`, hint: 'Try again; if it persists, report it with the input that caused it.' };
  const details = error instanceof LecternError ? error.details : {};
  return {
    ok: false,
    mode,
    target,
    content: '',
    text: `Error ${failure.code}: ${failure.message}\n${failure.hint}`,
    meta: { ...emptyMeta(), ...details },
    location: null,
    error: failure,
  };
}

