// The entry point every adapter calls: validates input, dispatches to the tool, and turns every
// failure into a structured answer. Nothing thrown here reaches the host.
import { addNotes, bodyText, draft, render, type Draft } from './ground/answer';
import { LecternError, type ToolResponse } from './ground/contract';
import { errorResponse } from './ground/errors';
import { CALL_DEADLINE_MS, callSignal, withDeadline } from './ground/deadline';
import { PathResolver } from './ground/pathResolver';
import type { CancellationSignal, Host } from './ground/ports';
import { copySettings, normalizeSettings, responseTokenCap, sameSettings, type Settings } from './ground/settings';
import { hostTokenCounter, type TokenCounter } from './ground/tokens';
import { uncountedFigure } from './ground/tokenEstimate';
import { legacyResponse, toPrimaryCall } from './legacy/answers';
import { REGISTRY, type Registry } from './modes/index';
import type { ValidInput } from './modes/mode';
import type { SessionApi } from './session/sessionApi';
import type { SessionCall } from './session/sessionCall';
import { SessionLayer } from './session/sessionLayer';
import { CacheWrites } from './symbols/cacheWrites';
import { SymbolService } from './symbols/service';
import type { SymbolEnv } from './symbols/symbolEnv';
import { WorkspaceIndex } from './symbols/workspaceIndex';
import { LineIndexCache } from './ground/lineIndex';
import { REDACTED_NOTE } from './text/redact';
import type { Sniff } from './text/encoding';
import { VersionCache } from './ground/versionCache';
import type { ContentFacts } from './ground/env';
import { FileClassCache } from './ground/fileClasses';
import { FileBytes } from './ground/fileBytes';
import { FileGrams } from './ground/fileGrams';
import { WalkCache } from './ground/walkCache';
import { FileWords } from './ground/fileWords';
import { catalogOf, type Catalog } from './tools/catalog';
import { closestField, validateInput } from './tools/validate';

export interface InvokeOptions {
  signal?: CancellationSignal;
  /** The user approved reading outside the workspace (VS Code confirmation, CLI --allow-outside). */
  allowOutside?: boolean;
  /** The user approved reading secret-looking paths (VS Code confirmation, CLI --allow-secrets on). */
  allowSecrets?: boolean;
  /** A token budget the host passes with this invocation. */
  tokenBudget?: number;
  /** Progress of a long first build of the workspace symbol index. */
  onIndexProgress?: (done: number, total: number) => void;
  /** The session this call belongs to (e.g. a chat conversation); absent: the host's default session. */
  sessionId?: string;
  /** 'user': a person ran this read (the command palette), not a model; the timeline marks it. */
  origin?: 'user';
}

export interface IndexedSymbol {
  /** Name path, e.g. "Store.get" (what mode "symbol" takes as target). */
  name: string;
  kind: string;
  file: string;
  line: number;
  end_line: number;
  signature: string;
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
  private readonly sniffs = new VersionCache<Sniff>();
  private readonly contentFacts = new VersionCache<ContentFacts>();
  private readonly fileClasses = new FileClassCache();
  private readonly fileGrams = new FileGrams();
  private readonly fileBytes = new FileBytes();
  private readonly walks = new WalkCache();
  private readonly words = new FileWords();
  private readonly hostEngine = { answered: false };
  private readonly symbols: SymbolService;
  /** The persistent symbol cache, written after the answers. */
  private readonly cacheWrites: CacheWrites | undefined;
  private readonly workspaceIndex: WorkspaceIndex;
  private readonly sessionLayer: SessionLayer;
  /** The sessions' metrics, budgets and timelines (status bar, dashboard, commands). */
  readonly session: SessionApi;
  /** The tools and modes this engine answers, and what each call's descriptor says of it (hosts list and describe calls with it). */
  readonly catalog: Catalog;

  constructor(
    private readonly host: Host,
    private readonly settings: () => Partial<Settings> = () => ({}),
    /** The modes and tools to answer (modes/index.ts); a test may extend it. */
    registry: Registry = REGISTRY,
  ) {
    this.catalog = catalogOf(registry);
    this.resolver = new PathResolver(host, () => this.normalized().secretPatterns);
    this.cacheWrites = host.symbolCache ? new CacheWrites(host.symbolCache) : undefined;
    this.symbols = new SymbolService(
      host.loadWasm ??
        (async () => {
          throw new Error('this host ships no grammar files');
        }),
      host.outlineThread,
      this.cacheWrites,
    );
    this.workspaceIndex = new WorkspaceIndex(host, this.symbols, this.words, this.walks, this.cacheWrites);
    this.sessionLayer = new SessionLayer(host, () => this.normalized());
    this.session = this.sessionLayer;
  }

  /** Workspace-search files scanned from the bytes kept of their version, not opened (the benches and tests read it). */
  get keptBytesServed(): number {
    return this.fileBytes.served;
  }

  /** Workspace-search reads whose secret scan was skipped, their version known clean (the benches and tests read it). */
  get secretScansSpared(): number {
    return this.fileClasses.scansSpared;
  }

  private lastSettings: { given: Partial<Settings>; normalized: Settings } | undefined;

  /**
   * The settings as the host gives them now. A call asks several times: they are normalized again
   * only when a value differs from the last ones given (compared value by value, since a host may
   * hand out the same object changed).
   */
  private normalized(): Settings {
    const given = this.settings() ?? {};
    if (!this.lastSettings || !sameSettings(this.lastSettings.given, given)) {
      this.lastSettings = { given: copySettings(given), normalized: normalizeSettings(given) };
    }
    return this.lastSettings.normalized;
  }

  /** A file appeared or went away (from a file watcher); null: anything may have. */
  invalidate(path: string | null): void {
    this.workspaceIndex.invalidate(path);
    if (path === null) return;
    this.words.forget(path);
    // Bytes kept of a file that went away make room (they would never be asked for again).
    this.fileBytes.forget(path);
  }

  /** A file's content changed on disk (from a file watcher). */
  fileChanged(path: string): void {
    this.workspaceIndex.changed(path);
    this.words.forget(path);
    this.fileBytes.forget(path);
  }

  async invoke(toolName: string, rawInput: unknown, options: InvokeOptions = {}): Promise<ToolResponse> {
    return (await this.run(toolName, rawInput, options)).response;
  }

  /**
   * The host is done with the engine (a process ends, a window closes): writes what the symbol cache
   * has pending, waiting at most 2 s. Never rejects.
   */
  async dispose(): Promise<void> {
    await this.cacheWrites?.dispose();
  }

  async run(toolName: string, rawInput: unknown, options: InvokeOptions = {}): Promise<Invocation> {
    try {
      return await this.answerCall(toolName, rawInput, options);
    } finally {
      this.cacheWrites?.flushSoon(); // after the answer
    }
  }

  private async answerCall(toolName: string, rawInput: unknown, options: InvokeOptions): Promise<Invocation> {
    // Every call belongs to a session, which judges its answer (meta.stabilization) on the way out.
    const call = this.sessionLayer.begin(toolName, rawInput, options);
    const tool = this.catalog.findTool(toolName);
    if (!tool) {
      const response = errorResponse(toolName, null, unknownTool(this.catalog, toolName));
      return { tool: toolName, response: render(await call.finish(draft(response))) };
    }
    let target: string | string[] | null = null;
    let legacyCall: ReturnType<typeof toPrimaryCall> | null = null;
    try {
      const validated = validateInput(tool, rawInput);
      if (tool.legacy) {
        legacyCall = toPrimaryCall(tool.name, validated.input);
        call.primary(legacyCall.tool, legacyCall.input, this.catalog.traits(legacyCall.tool, legacyCall.input));
        const primary = render(
          await call.finish(await this.dispatch(legacyCall.tool, legacyCall.input, validated.notes, options, call)),
        );
        return { tool: toolName, response: legacyResponse(tool.name, this.namedPath(legacyCall), primary), primary };
      }
      target = (validated.input.target as string | string[] | undefined) ?? null;
      call.primary(tool.name, validated.input, this.catalog.traits(tool.name, validated.input));
      return {
        tool: toolName,
        response: render(
          await call.finish(await this.dispatch(tool.name, validated.input, validated.notes, options, call)),
        ),
      };
    } catch (error) {
      const failed = errorResponse(this.catalog.answerMode(toolName, rawInput), target, error);
      // Far under the cap an error's figure is its estimate, as every answer's (no table loaded for it).
      const cap = responseTokenCap(this.normalized(), options.tokenBudget);
      failed.meta.token_estimate = uncountedFigure(failed.text, cap, await this.tokenCounter());
      const response = render(await call.finish(draft(failed)));
      if (tool.legacy)
        return {
          tool: toolName,
          response: legacyResponse(tool.name, this.namedPath(legacyCall), response),
          primary: response,
        };
      return { tool: toolName, response };
    }
  }

  /** The path a legacy call's caller named, as its primary call's descriptor tells it. */
  private namedPath(call: ReturnType<typeof toPrimaryCall> | null): string | undefined {
    return call ? this.catalog.traits(call.tool, call.input)?.namedPath : undefined;
  }

  /** The host's exact token counter (the chat participant measures its history with it). */
  tokenCounter(): Promise<TokenCounter> {
    return hostTokenCounter(this.host);
  }

  /** The workspace symbol index as a flat list (command-palette pickers); bounded like symbol reads. */
  async listSymbols(options: Pick<InvokeOptions, 'signal' | 'onIndexProgress'> = {}): Promise<IndexedSymbol[]> {
    const query = await this.workspaceIndex.query(undefined, options.onIndexProgress, options.signal);
    this.cacheWrites?.flushSoon();
    return query.files.flatMap((file) =>
      file.symbols.map(({ symbol, path }) => ({
        name: path.join('.'),
        kind: symbol.kind,
        file: file.display,
        line: symbol.startLine,
        end_line: symbol.endLine,
        signature: symbol.signature,
      })),
    );
  }

  /** Display paths of the call's targets that look like secrets (for a confirmation); none when the settings allow them. */
  async secretTargets(toolName: string, rawInput: unknown): Promise<string[]> {
    if (this.normalized().allowSecrets) return [];
    const input = rawInput && typeof rawInput === 'object' ? (rawInput as Record<string, unknown>) : {};
    const given = input.target ?? input.path;
    const secret: string[] = [];
    for (const target of Array.isArray(given) ? given : [given]) {
      if (typeof target !== 'string' || target.length === 0) continue;
      const resolved = await this.resolver.resolve(target).catch(() => undefined);
      if (resolved?.secret) secret.push(resolved.display);
    }
    return secret;
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

  private async env(options: InvokeOptions, signal: CancellationSignal, onRedacted?: () => void): Promise<SymbolEnv> {
    const settings = this.normalized();
    // Every field a call may set later is here from the start (undefined until then): the env is
    // copied with changes on every read (the session's gate, the display-cut listener), and a copy
    // that keeps the original's fields is a cheap clone where one that adds fields is not.
    return {
      symbols: this.symbols,
      index: this.workspaceIndex,
      onIndexProgress: options.onIndexProgress,
      hostEngine: this.hostEngine,
      host: this.host,
      resolver: this.resolver,
      indexes: this.indexes,
      sniffs: this.sniffs,
      contentFacts: this.contentFacts,
      fileClasses: this.fileClasses,
      fileGrams: this.fileGrams,
      fileBytes: this.fileBytes,
      walks: this.walks,
      words: this.words,
      settings,
      tokenCap: responseTokenCap(settings, options.tokenBudget),
      countTokens: await this.tokenCounter(),
      signal,
      allowOutside: options.allowOutside ?? false,
      allowSecrets: options.allowSecrets === true || settings.allowSecrets,
      maxReads: undefined,
      maxLines: undefined,
      onRedacted,
      onDisplayCut: undefined,
    };
  }

  /** The tool's answer within the call's deadline (its signal tells every loop when time is up). */
  private dispatch(
    tool: string,
    input: ValidInput,
    notes: string[],
    options: InvokeOptions,
    call?: SessionCall,
  ): Promise<Draft> {
    const signal = callSignal(options.signal, CALL_DEADLINE_MS);
    return withDeadline(this.answer(tool, input, notes, options, signal, call), CALL_DEADLINE_MS);
  }

  private async answer(
    tool: string,
    input: ValidInput,
    notes: string[],
    options: InvokeOptions,
    signal: CancellationSignal,
    call?: SessionCall,
  ): Promise<Draft> {
    let redacted = false;
    const env = await this.env(options, signal, () => void (redacted = true));
    let answer: Draft;
    // A call its descriptor puts under the read budget gets the session's caps for this answer.
    const guarded = call && this.catalog.traits(tool, input)?.budgeted ? call.guardRead(input, env) : { input, env };
    const cap = guarded.env.tokenCap;
    if (tool === this.catalog.readTool.name) {
      answer = await runMode(this.catalog, guarded.env, guarded.input, notes);
    } else {
      const other = this.catalog.tool(tool);
      if (!other) throw new LecternError('INTERNAL', `No handler for ${tool}.`, 'This is a bug in Lectern.');
      answer = await other.run(guarded.env, guarded.input, notes);
    }
    if (redacted) noteRedacted(answer);
    const meta = answer.response.meta;
    if (meta.token_estimate === 0) meta.token_estimate = uncountedFigure(bodyText(answer), cap, env.countTokens);
    return answer;
  }
}

/**
 * The note on redacted text, said by the answer (or each answer of a list) that shows a redacted
 * stretch: text read for it may have held one it does not show.
 */
function noteRedacted(answer: Draft): void {
  for (const part of answer.parts ?? [answer]) if (bodyText(part).includes('****')) addNotes(part, [REDACTED_NOTE]);
}

/** A lectern_read call, answered by the module of the mode it asks for. */
async function runMode(catalog: Catalog, env: SymbolEnv, input: ValidInput, notes: string[]): Promise<Draft> {
  const mode = catalog.mode(input);
  if (!mode)
    throw new LecternError('INTERNAL', `No handler for mode ${String(input.mode)}.`, 'This is a bug in Lectern.');
  if (!mode.targetList && Array.isArray(input.target)) {
    throw new LecternError(
      'INVALID_ARGS',
      `A list of targets is only valid for ${catalog
        .listModes()
        .map((name) => `mode='${name}'`)
        .join(' or ')}.`,
      `Read one ${mode.name} per call, e.g. ${JSON.stringify({ ...input, target: input.target[0] })}`,
    );
  }
  return mode.run(env, input, notes);
}

/** Every host answers an unknown tool name the same way: the likely meant tool, and the primary ones. */
function unknownTool(catalog: Catalog, toolName: string): LecternError {
  const guess = closestField(
    toolName,
    catalog.allTools.map((tool) => tool.name),
  );
  const meant = guess ? ` Did you mean "${guess}"?` : '';
  return new LecternError(
    'INVALID_ARGS',
    `Unknown tool "${toolName}".${meant}`,
    `Tools: ${catalog.primaryTools.map((tool) => tool.name).join(', ')}.`,
  );
}
