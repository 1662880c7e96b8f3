// The entry point every adapter calls: validates input, dispatches to the tool, and turns every
// failure into a structured answer. Nothing thrown here reaches the host.
import { emptyMeta, LecternError, type ToolResponse } from './ground/contract';
import { errorResponse } from './ground/errors';
import { diffPreview, type DiffPreviewInput } from './diff/diffPreview';
import { legacyResponse, toPrimaryCall } from './legacy/answers';
import { PathResolver } from './ground/paths';
import type { CancellationSignal, Host } from './ground/ports';
import { readFile, type FileReadInput } from './read/fileRead';
import type { ReadEnv } from './ground/env';
import { formatCount } from './ground/format';
import { search, type WorkspaceSearchInput } from './search/workspaceSearch';
import type { SessionApi } from './session/api';
import { Stabilizer, type SessionCall } from './session/stabilizer';
import { normalizeSettings, responseTokenCap, type Settings } from './ground/settings';
import { statPath, type StatInput } from './modes/stat';
import { LineIndexCache } from './text/lineIndex';
import { renderOutline } from './symbols/outlineRead';
import { SymbolService } from './symbols/service';
import { readSnippet, type SnippetInput } from './symbols/snippetRead';
import { fileOutline, readSymbol, type SymbolEnv, type SymbolInput } from './symbols/symbolRead';
import { WorkspaceIndex } from './symbols/workspaceIndex';
import { planRead } from './read/fileRead';
import { loadTokenCounter } from './ground/tokens';
import { findTool } from './tools/definitions';
import { validateInput } from './tools/validate';

export interface InvokeOptions {
  signal?: CancellationSignal;
  /** The user approved reading outside the workspace (VS Code confirmation, CLI --allow-outside). */
  allowOutside?: boolean;
  /** A token budget the host passes with this invocation. */
  tokenBudget?: number;
  /** Progress of a long first build of the workspace symbol index. */
  onIndexProgress?: (done: number, total: number) => void;
  /** The session this call belongs to (e.g. a chat conversation); absent: the host's default session. */
  sessionId?: string;
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
  private readonly symbols: SymbolService;
  private readonly workspaceIndex: WorkspaceIndex;
  private readonly stabilizer: Stabilizer;
  /** The sessions' metrics, budgets and timelines (status bar, dashboard, commands). */
  readonly session: SessionApi;

  constructor(
    private readonly host: Host,
    private readonly settings: () => Partial<Settings> = () => ({}),
  ) {
    this.resolver = new PathResolver(host);
    this.symbols = new SymbolService(
      host.loadWasm ??
        (async () => {
          throw new Error('this host ships no grammar files');
        }),
    );
    this.workspaceIndex = new WorkspaceIndex(host, this.symbols);
    this.stabilizer = new Stabilizer(host, () => normalizeSettings(this.settings()));
    this.session = this.stabilizer;
  }

  /** A file appeared or went away (from a file watcher); null: anything may have. */
  invalidate(path: string | null): void {
    this.workspaceIndex.invalidate(path);
  }

  /** A file's content changed on disk (from a file watcher). */
  fileChanged(path: string): void {
    this.workspaceIndex.changed(path);
  }

  async invoke(toolName: string, rawInput: unknown, options: InvokeOptions = {}): Promise<ToolResponse> {
    return (await this.run(toolName, rawInput, options)).response;
  }

  async run(toolName: string, rawInput: unknown, options: InvokeOptions = {}): Promise<Invocation> {
    // Every call belongs to a session, which judges its answer (meta.stabilization) on the way out.
    const call = this.stabilizer.begin(toolName, rawInput, options);
    const tool = findTool(toolName);
    if (!tool) {
      const response = errorResponse(toolName, null, new LecternError('INVALID_ARGS', `Unknown tool "${toolName}".`, 'Tools: lectern_read, lectern_search, lectern_stat.'));
      return { tool: toolName, response: await call.finish(response) };
    }
    let target: string | string[] | null = null;
    let legacyCall: ReturnType<typeof toPrimaryCall> | null = null;
    try {
      const validated = validateInput(tool, rawInput);
      if (tool.legacy) {
        legacyCall = toPrimaryCall(tool.name, validated.input);
        call.primary(legacyCall.tool, legacyCall.input);
        const primary = await call.finish(await this.dispatch(legacyCall.tool, legacyCall.input, validated.notes, options, call));
        return { tool: toolName, response: legacyResponse(tool.name, legacyCall, primary), primary };
      }
      target = (validated.input.target as string | string[] | undefined) ?? null;
      call.primary(tool.name, validated.input);
      return { tool: toolName, response: await call.finish(await this.dispatch(tool.name, validated.input, validated.notes, options, call)) };
    } catch (error) {
      let response = errorResponse(modeOf(toolName, rawInput), target, error);
      response.meta.token_estimate = (await loadTokenCounter())(response.text);
      response = await call.finish(response);
      if (tool.legacy) return { tool: toolName, response: legacyResponse(tool.name, legacyCall, response), primary: response };
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

  private async env(options: InvokeOptions): Promise<SymbolEnv> {
    const settings = normalizeSettings(this.settings());
    return {
      symbols: this.symbols,
      index: this.workspaceIndex,
      onIndexProgress: options.onIndexProgress,
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

  private async dispatch(tool: string, input: Record<string, unknown>, notes: string[], options: InvokeOptions, call?: SessionCall): Promise<ToolResponse> {
    const env = await this.env(options);
    let response: ToolResponse;
    switch (tool) {
      case 'lectern_read': {
        // The session's read budget: refused at the hard limit, else this answer's caps.
        const guarded = call ? call.guardRead(input, env) : { input, env };
        response = await this.read(guarded.env, guarded.input, notes);
        break;
      }
      case 'lectern_search':
        response = await search(env, input as unknown as WorkspaceSearchInput, notes);
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

  /** One file in mode "file": its outline when asked for, or instead of the first part of a large file. */
  private async readOne(env: SymbolEnv, input: FileReadInput & { outline?: boolean }): Promise<ToolResponse> {
    const { outline, ...rest } = input;
    if (outline) {
      const hasRange = ['offset', 'limit', 'start_line', 'end_line', 'start_byte', 'max_bytes', 'head', 'tail'].some((k) => (rest as Record<string, unknown>)[k] !== undefined);
      if (hasRange) throw new LecternError('INVALID_ARGS', 'outline returns the whole file\'s symbols; it takes no range.', `Example: lectern_read ${JSON.stringify({ mode: 'file', target: input.target, outline: true })}`);
      return renderOutline(env, await fileOutline(env, input.target), env.tokenCap, null);
    }
    const response = await readFile(env, rest);
    if (!response.ok || response.meta.next === null || planRead(rest, []).kind !== 'default') return response;
    // A large file read without a range: its outline says more, for less, than its first lines.
    try {
      const file = await fileOutline(env, input.target);
      if (file.symbols.length === 0) return response;
      const first = response.meta.next as Record<string, unknown>;
      const budget = Math.min(env.tokenCap, Math.ceil(env.settings.maxPreviewChars / 3));
      return renderOutline(
        env,
        file,
        budget,
        `This file is larger than one answer (${formatCount(response.meta.total_lines ?? 0)} lines): here is its outline. Read a symbol or a range from it, or the start: ${JSON.stringify({ ...first, offset: 1 })}.`,
      );
    } catch {
      return response; // no grammar, too large or too slow to parse: the first part stands
    }
  }

  private async read(env: SymbolEnv, input: Record<string, unknown>, notes: string[]): Promise<ToolResponse> {
    const mode = (input.mode as string | undefined) ?? 'file';
    if (mode !== 'file' && Array.isArray(input.target)) {
      throw new LecternError('INVALID_ARGS', `A list of targets is only valid for mode='file'.`, `Read one ${mode} per call, e.g. ${JSON.stringify({ ...input, target: input.target[0] })}`);
    }
    if (mode === 'symbol') return withNotes(await readSymbol(env, input as unknown as SymbolInput), notes);
    if (mode === 'diff_preview') return withNotes(await diffPreview(env, input as DiffPreviewInput), notes);
    if (mode === 'snippet') {
      return withNotes(await readSnippet(env, input as unknown as SnippetInput), notes);
    }
    const targets = input.target as string | string[];
    if (!Array.isArray(targets)) return withNotes(await this.readOne(env, input as unknown as FileReadInput & { outline?: boolean }), notes);
    // Several targets: each answered on its own; they share the token cap in order.
    const results: ToolResponse[] = [];
    let used = 0;
    for (const target of targets) {
      const tokenCap = Math.max(256, env.tokenCap - used);
      let result: ToolResponse;
      try {
        result = await this.readOne({ ...env, tokenCap }, { ...(input as unknown as FileReadInput & { outline?: boolean }), target });
      } catch (error) {
        result = errorResponse('file', target, error);
      }
      if (result.meta.token_estimate === 0) result.meta.token_estimate = env.countTokens(result.text);
      used += result.meta.token_estimate;
      results.push(withNotes(result, notes));
    }
    const text = results.map((r) => r.text).join('\n\n');
    const failures = results.filter((r) => !r.ok);
    const failed = failures.length;
    return {
      ok: failed === 0,
      ...(failed > 0
        ? {
            error: {
              code: failures[0]!.error!.code,
              message: `${formatCount(failed)} of ${formatCount(results.length)} targets failed: ${failures.map((r) => `${r.target} (${r.error!.code})`).join(', ')}.`,
              hint: 'Each target is answered in results; the others were read.',
            },
          }
        : {}),
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

function withNotes(response: ToolResponse, notes: string[]): ToolResponse {
  if (notes.length === 0 || !response.ok) return response;
  response.meta.notes = [...notes, ...(response.meta.notes ?? [])];
  response.text += '\n' + notes.map((n) => `[${n}]`).join('\n');
  return response;
}

function modeOf(toolName: string, rawInput: unknown): string {
  if (toolName === 'lectern_search') return 'search';
  if (toolName === 'lectern_stat') return 'stat';
  const mode = rawInput && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>).mode : undefined;
  return typeof mode === 'string' ? mode : 'file';
}
