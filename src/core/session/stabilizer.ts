// The session layer in the engine's call path. Before a read: the budget (refuse at the hard limit,
// smaller answers from the soft one on, at most maxSingleReadLines per read), and the size of an
// ephemeral read. After any call: repeats, relevance and exclusions of what a read returned,
// de-duplication, the session's metrics and timeline, and meta.stabilization on the answer (its
// warnings also as `[CODE: …]` lines at the end of the text). Sessions are kept per id, per engine.
import { LecternError, type ErrorCode, type ToolResponse } from '../contract';
import type { Host } from '../ports';
import type { ReadEnv } from '../read/fileRead';
import { callText, formatCount, plural } from '../read/format';
import { responseTokenCap, type Settings } from '../settings';
import { loadTokenCounter } from '../tokens';
import type { SessionApi } from './api';
import { fnv1a, lineHashes, type Served } from './dedup';
import { describeExclusion, ExclusionPolicy } from './exclusions';
import { callKey, LOOP_REFUSE_AT, LOOP_WARN_AT, type Repetition } from './loop';
import { budgetState, limitsOf, tokensPerByte, wholeFileTokens } from './metrics';
import { judgeRelevance, searchResultFiles } from './relevance';
import { DEFAULT_SESSION_ID, Session } from './session';
import type { BudgetLimits, BudgetState, SessionSnapshot, StabilizationWarning, TimelineEntry, WarningCode } from './types';

export type ErrorResponder = (mode: string, target: string | string[] | null, error: unknown) => ToolResponse;

/** Sessions kept at once (chat conversations come and go); the least recently used go first. */
const MAX_SESSIONS = 64;
/** In the soft state a read shows at most half of maxSingleReadLines, but never fewer lines than this. */
const MIN_SOFT_LINES = 20;
const MIN_TOKEN_CAP = 1000;

const encoder = new TextEncoder();

export function budgetLimits(settings: Settings): BudgetLimits {
  return {
    maxReadsPerSession: settings.maxReadsPerSession,
    maxTotalReadLines: settings.maxTotalReadLines,
    maxSingleReadLines: settings.maxSingleReadLines,
    maxPreviewChars: settings.maxPreviewChars,
    hardLimitMultiplier: settings.hardLimitMultiplier,
  };
}

export class Stabilizer implements SessionApi {
  private readonly sessions = new Map<string, Session>();
  private readonly listeners = new Set<(snapshot: SessionSnapshot) => void>();
  readonly exclusions: ExclusionPolicy;

  constructor(
    private readonly host: Host,
    private readonly settings: () => Settings,
    readonly errorResponse: ErrorResponder,
  ) {
    this.exclusions = new ExclusionPolicy(host);
  }

  now(): number {
    const now = (this.host.clock ?? Date.now)();
    return Number.isFinite(now) ? now : Date.now();
  }

  /** The live session for `id`; one idle for longer than idleResetMinutes starts over. */
  live(id: string, settings: Settings): Session {
    const now = this.now();
    const session = this.sessions.get(id);
    if (session && now - session.lastActivity <= settings.idleResetMinutes * 60_000) return session;
    return this.put(new Session(id, now));
  }

  private put(session: Session): Session {
    this.sessions.delete(session.id);
    this.sessions.set(session.id, session);
    while (this.sessions.size > MAX_SESSIONS) {
      let oldest: Session | undefined;
      for (const s of this.sessions.values()) if (s !== session && (!oldest || s.lastActivity < oldest.lastActivity)) oldest = s;
      if (!oldest) break;
      this.sessions.delete(oldest.id);
    }
    return session;
  }

  /** A tool call starts: it belongs to the session `sessionId` (absent: the default session). */
  begin(tool: string, rawInput: unknown, options: { sessionId?: string; tokenBudget?: number }): SessionCall {
    const settings = this.settings();
    const id = options.sessionId && options.sessionId.length > 0 ? options.sessionId : DEFAULT_SESSION_ID;
    return new SessionCall(this, this.live(id, settings), settings, tool, rawInput, options.tokenBudget);
  }

  emit(session: Session): void {
    if (this.listeners.size === 0 || this.sessions.get(session.id) !== session) return;
    const snapshot = session.snapshot(budgetLimits(this.settings()));
    for (const listener of [...this.listeners]) {
      try {
        listener(snapshot);
      } catch {
        // A listener's failure is its own; the others still hear of the change.
      }
    }
  }

  // SessionApi

  snapshot(sessionId?: string): SessionSnapshot {
    const settings = this.settings();
    return this.live(sessionId ?? DEFAULT_SESSION_ID, settings).snapshot(budgetLimits(settings));
  }

  reset(sessionId?: string): void {
    this.emit(this.put(new Session(sessionId ?? DEFAULT_SESSION_ID, this.now())));
  }

  onDidChange(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  exportJson(sessionId?: string): string {
    return JSON.stringify(this.snapshot(sessionId), null, 2);
  }

  restore(snapshot: SessionSnapshot): void {
    if (!snapshot || typeof snapshot !== 'object') return;
    this.emit(this.put(Session.restore(snapshot, this.now())));
  }
}

interface FileOf {
  absolute: string;
  display: string;
  version: string | null;
}

interface PartFlags {
  deduplicated: boolean;
  low_relevance: boolean;
  excluded: boolean;
}

interface Blocked {
  code: ErrorCode;
  file: FileOf;
  message: string;
  hint: string;
  action: string;
}

/** What a warning suggests doing next, kept beside it for suggested_next_action. */
interface Advice extends StabilizationWarning {
  action: string | null;
  /** The answer of a list read it is about. */
  part?: ToolResponse;
}

const ORDER: readonly WarningCode[] = ['REPEATED_CALL', 'LOW_RELEVANCE', 'EXCLUDED_PATH', 'DEDUPLICATED', 'BUDGET_SOFT', 'EPHEMERAL'];

/** One tool call, from before its dispatch to its answer. */
export class SessionCall {
  readonly seq: number;
  readonly at: number;
  private primaryTool: string;
  private input: Record<string, unknown> | undefined;
  private force = false;
  private ephemeral = false;
  private finished = false;

  constructor(
    private readonly owner: Stabilizer,
    private readonly session: Session,
    private readonly settings: Settings,
    private readonly tool: string,
    private readonly rawInput: unknown,
    private readonly tokenBudget: number | undefined,
  ) {
    this.at = owner.now();
    this.seq = ++session.seq;
    session.lastActivity = this.at;
    this.primaryTool = tool;
  }

  /** The call as its primary tool sees it (a legacy tool maps onto one), validated. */
  primary(tool: string, input: Record<string, unknown>): void {
    this.primaryTool = tool;
    this.input = input;
  }

  /**
   * Before a read: refuses it at the hard budget; otherwise the caps of this answer (lines per
   * read, halved with the token and preview caps from the soft limit on, never past the hard line
   * limit; an ephemeral read may use ephemeralShare of the context). Takes force/ephemeral out of
   * the input the read sees.
   */
  guardRead<E extends ReadEnv>(input: Record<string, unknown>, env: E): { input: Record<string, unknown>; env: E } {
    const { force, ephemeral, ...rest } = input;
    this.force = force === true;
    this.ephemeral = ephemeral === true;
    const s = this.settings;
    let tokenCap = env.tokenCap;
    let maxPreviewChars = env.settings.maxPreviewChars;
    let maxLines: number | undefined;
    if (this.ephemeral) {
      tokenCap = Math.max(tokenCap, responseTokenCap({ ...s, maxReadShare: s.ephemeralShare }, this.tokenBudget));
      maxPreviewChars = Math.max(maxPreviewChars, tokenCap * 4);
    }
    if (s.sessionGuard) {
      const metrics = this.session.metrics.snapshot();
      const state = budgetState(metrics, s);
      if (state === 'hard') throw this.budgetExceeded(input);
      if (!this.ephemeral) maxLines = s.maxSingleReadLines;
      if (state === 'soft') {
        if (maxLines !== undefined) maxLines = softLines(s);
        tokenCap = Math.max(MIN_TOKEN_CAP, Math.floor(tokenCap / 2));
        maxPreviewChars = Math.max(100, Math.floor(maxPreviewChars / 2));
      }
      if (maxLines !== undefined) maxLines = Math.max(1, Math.min(maxLines, limitsOf(s).hardLines - metrics.reads_lines_total));
    }
    return { input: rest, env: { ...env, tokenCap, maxLines, settings: { ...env.settings, maxPreviewChars } } };
  }

  private budgetExceeded(input: Record<string, unknown>): LecternError {
    const m = this.session.metrics.snapshot();
    const l = limitsOf(this.settings);
    const s = this.settings;
    return new LecternError(
      'BUDGET_EXCEEDED',
      `This session's read budget is used up: ${formatCount(m.reads_count)} of ${formatCount(l.hardReads)} reads, ${formatCount(m.reads_lines_total)} of ${formatCount(l.hardLines)} lines ` +
        `(the hard limit: ${s.hardLimitMultiplier}× maxReadsPerSession ${formatCount(s.maxReadsPerSession)} / maxTotalReadLines ${formatCount(s.maxTotalReadLines)}). No more reads in this session.`,
      `Work from what you have read. To find an exact place without reading, search: ${this.searchCall(input, null)} — name the symbol or text you need (lectern_search and lectern_stat still answer). ` +
        `The session starts over after ${plural(s.idleResetMinutes, 'idle minute')}, or when the user resets it ("Lectern: Reset Session") or raises the limits.`,
    );
  }

  /** A concrete search for what a read was after: in its file (else the workspace), for its symbol name when it had one. */
  private searchCall(input: Record<string, unknown> | undefined, file: string | null): string {
    const given = input?.target;
    const target = Array.isArray(given) ? given[0] : given;
    const scoped = (where: unknown, query: string) => callText('lectern_search', typeof where === 'string' ? { target: where, query } : { query });
    if (input?.mode === 'symbol' && typeof target === 'string') {
      return scoped(file ?? input.path, target.split(/[.:/#]+/).filter(Boolean).pop() ?? target);
    }
    return scoped(file ?? target, 'NAME');
  }

  /** The answer, with the session's judgement on it. Never throws: the session layer must not cost an answer. */
  async finish(response: ToolResponse): Promise<ToolResponse> {
    if (this.finished) return response;
    this.finished = true;
    try {
      return await this.settle(response);
    } catch {
      response.meta.stabilization ??= {
        budget_state: budgetState(this.session.metrics.snapshot(), this.settings),
        suggested_next_action: null,
        warnings: [],
        metrics_snapshot: this.session.metrics.snapshot(),
      };
      return response;
    }
  }

  private async settle(original: ToolResponse): Promise<ToolResponse> {
    const s = this.settings;
    const guard = s.sessionGuard;
    const session = this.session;
    const m = session.metrics;
    const countTokens = await loadTokenCounter();
    const isRead = this.primaryTool === 'lectern_read';
    const advice: Advice[] = [];
    const flags = new Map<ToolResponse, PartFlags>();
    const flagsOf = (part: ToolResponse) => {
      let f = flags.get(part);
      if (!f) flags.set(part, (f = { deduplicated: false, low_relevance: false, excluded: false }));
      return f;
    };
    let response = original;
    let refusal: { code: ErrorCode; action: string } | null = null;

    // Repeats, judged on the answer as the tool gave it (an edit in between starts over).
    const repetition = guard ? session.loops.record(callKey(this.primaryTool, this.input ?? this.rawInput), fnv1a(original.text), this.seq) : null;

    // Relevance and exclusions of the files a read answered with.
    if (guard && isRead && !this.force) {
      const blocked: Blocked[] = [];
      for (const part of partsOf(response)) {
        const file = part.ok ? fileOf(part) : null;
        if (!file) continue;
        const exclusion = await this.owner.exclusions.check(file.absolute, s.excludeGlobs);
        if (exclusion) {
          flagsOf(part).excluded = true;
          const what = describeExclusion(file.display, exclusion);
          if (s.exclusions === 'block') {
            blocked.push({
              code: 'EXCLUDED_PATH',
              file,
              message: `${what}.`,
              hint: `Read the source it comes from instead (find it: ${callText('lectern_search', { query: 'NAME' })}; workspace searches skip excluded paths), or add "force": true to read it anyway (the setting exclusions: "warn" makes this a warning).`,
              action: `Read the source instead of ${file.display}, or repeat with "force": true.`,
            });
          } else {
            advice.push({ code: 'EXCLUDED_PATH', message: `${what}; prefer the source, or add "force": true if you mean it.`, action: `Prefer the source over ${file.display}.`, part });
          }
          continue;
        }
        const relevance = judgeRelevance(file.display, session.searches);
        if (relevance && !relevance.relevant) {
          flagsOf(part).low_relevance = true;
          const reads = relevance.alternatives.map((alt) => callText('lectern_read', this.input?.mode === 'symbol' ? { mode: 'symbol', target: this.input.target, path: alt } : { target: alt }));
          const intended = relevance.alternatives.length > 0 ? `likely intended: ${relevance.alternatives.join(', ')}` : 'search for it first';
          if (s.relevance === 'block') {
            blocked.push({
              code: 'LOW_RELEVANCE',
              file,
              message: `${file.display} is not among the results of your recent searches (latest: ${JSON.stringify(relevance.query)}).`,
              hint: `${reads.length > 0 ? `Read one of them: ${reads.join(' or ')}; ` : ''}search this file first: ${callText('lectern_search', { target: file.display, query: relevance.query || 'NAME' })}; or add "force": true to read it anyway.`,
              action: reads[0] ?? callText('lectern_search', { target: file.display, query: relevance.query || 'NAME' }),
            });
          } else {
            advice.push({
              code: 'LOW_RELEVANCE',
              message: `${file.display} is not among your recent search results (${JSON.stringify(relevance.query)}); ${intended}.`,
              action: reads[0] ?? null,
              part,
            });
          }
        }
      }
      if (blocked.length > 0) {
        response = this.refuse(response, blocked);
        refusal = { code: blocked[0]!.code, action: blocked[0]!.action };
        advice.length = 0;
      }
    }

    // The same call answered the same way, again and again.
    if (repetition && repetition.count >= LOOP_WARN_AT) {
      if (repetition.count >= LOOP_REFUSE_AT && !(isRead && this.force)) {
        response = this.refuseRepeat(response, repetition);
        refusal = { code: 'REPEATED_CALL', action: `Use the answer of call #${repetition.seqs[repetition.seqs.length - 1]}, or change the call.` };
        advice.length = 0;
      } else {
        const last = repetition.seqs[repetition.seqs.length - 1];
        advice.push({
          code: 'REPEATED_CALL',
          message: `${ordinal(repetition.count)} identical call with the same answer (last: call #${last}): use that answer or change the call; the ${ordinal(LOOP_REFUSE_AT)} is refused${isRead ? ' unless "force": true' : ''}.`,
          action: `Use the answer of call #${last}, or change the call.`,
        });
      }
    }

    // What a read served: pointers for what the session already has, then the counters.
    const parts = refusal ? [] : partsOf(response).filter((p) => isRead && p.ok);
    const textsBefore = (response.results ?? []).map((r) => r.text);
    let rebuilt = false;
    for (const part of parts) {
      const file = fileOf(part);
      const rawTokens = part.meta.token_estimate > 0 ? part.meta.token_estimate : countTokens(part.text);
      const ratio = tokensPerByte(rawTokens, encoder.encode(part.text).length);
      let pointedTo: Served | undefined;
      if (guard && file && file.version && part.mode !== 'diff_preview') {
        session.served.forgetOtherVersions(file.absolute, file.version);
        const range = rangeOf(part);
        const hashes = range ? lineHashes(part.content, range.end - range.start + 1) : null;
        if (!this.force && !this.ephemeral) {
          const earlier = range && hashes ? session.served.findRange(file.absolute, file.version, range.start, range.end, hashes) : range ? undefined : session.served.findText(file.absolute, file.version, fnv1a(part.text));
          const pointer = earlier ? this.pointer(part, file, earlier, range) : undefined;
          // A pointer only where it is cheaper than the text (a line or two is simply served again).
          if (earlier && pointer && countTokens(`${pointer.text}\n[DEDUPLICATED: ${pointer.advice.message}]`) < rawTokens) {
            pointedTo = earlier;
            // The file was judged when it was served; a pointer needs no second opinion on it.
            for (let i = advice.length - 1; i >= 0; i--) if (advice[i]!.part === part) advice.splice(i, 1);
            Object.assign(flagsOf(part), { deduplicated: true, low_relevance: false, excluded: false });
            part.text = pointer.text;
            part.content = '';
            part.meta.deduplicated_from = { seq: earlier.seq, start_line: earlier.range?.start ?? null, end_line: earlier.range?.end ?? null };
            part.meta.token_estimate = countTokens(part.text);
            advice.push(pointer.advice);
            rebuilt = true;
          }
        }
        // A pointer records nothing new: the earlier answer stays the one to point to. Answers whose
        // display was cut (over-long lines) are never pointed to: the model did not see them whole.
        if (!pointedTo && !this.ephemeral && !/line cut/.test(part.text)) {
          session.served.add({
            seq: this.seq,
            file: file.absolute,
            version: file.version,
            range: range && hashes ? { ...range, hashes } : null,
            textHash: range ? null : fnv1a(part.text),
            tokensPerByte: ratio,
          });
        }
      }
      m.reads++;
      if (file && session.searchedFiles.has(file.display)) m.readsAfterSearch++;
      const totalBytes = part.meta.total_bytes;
      if (pointedTo) {
        m.deduplicated++;
        if (typeof totalBytes === 'number') m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, pointedTo.tokensPerByte) - part.meta.token_estimate);
        continue;
      }
      const range = part.mode === 'diff_preview' ? null : rangeOf(part);
      const span = range ? range.end - range.start + 1 : 0;
      if (!this.ephemeral) {
        m.lines += span;
        m.chars += part.text.length;
        if (span > 0) m.spanReads++;
        m.maxSpan = Math.max(m.maxSpan, span);
      }
      if (part.meta.preview_degraded) m.degraded++;
      if (typeof totalBytes === 'number' && part.mode !== 'diff_preview') m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, ratio) - rawTokens);
    }
    if (rebuilt && response.results) {
      // A list read's text is its answers' texts joined (and a line on failures after them).
      const joined = textsBefore.join('\n\n');
      const after = response.text.startsWith(joined) ? response.text.slice(joined.length) : '';
      response.text = response.results.map((r) => r.text).join('\n\n') + after;
      response.meta.token_estimate = countTokens(response.text);
    }

    if (this.primaryTool === 'lectern_search' && response.ok) {
      m.searches++;
      const files = searchResultFiles(response);
      if (files) session.recordSearch({ seq: this.seq, query: typeof this.input?.query === 'string' ? this.input.query : '', files });
    }

    if (isRead && this.ephemeral && parts.length > 0) {
      response.meta.ephemeral = true;
      for (const part of parts) part.meta.ephemeral = true;
      if (guard) {
        advice.push({ code: 'EPHEMERAL', message: 'this content will not be kept (not de-duplicated, never pointed to later); take what you need from it now.', action: null });
      }
    }

    const after = m.snapshot();
    const state = budgetState(after, s);
    if (guard && parts.length > 0 && state !== 'ok') advice.push(this.budgetAdvice(state, parts[0]!));

    advice.sort((a, b) => ORDER.indexOf(a.code) - ORDER.indexOf(b.code));
    const warnings: StabilizationWarning[] = advice.map(({ code, message }) => ({ code, message }));
    if (warnings.length > 0) {
      const footer = warnings.map((w) => `[${w.code}: ${w.message}]`).join('\n');
      response.text += `\n${footer}`;
      response.meta.token_estimate += countTokens(footer) + 1;
    }
    m.tokensServed += response.meta.token_estimate;

    response.meta.stabilization = {
      budget_state: state,
      suggested_next_action: this.suggestion(state, response, refusal, advice),
      warnings,
      metrics_snapshot: m.snapshot(),
    };
    session.addTimeline(this.timeline(refusal ? [response] : partsOf(response), flags, response));
    session.addWarnings(warnings);
    this.owner.emit(session);
    return response;
  }

  /** The pointer that would replace a read's text: its header (and next call), and the warning naming the earlier answer. */
  private pointer(part: ToolResponse, file: FileOf, earlier: Served, range: { start: number; end: number } | null): { text: string; advice: Advice } {
    const header = part.text.split('\n', 1)[0]!;
    const next = part.meta.next ? `\n[Next: ${callText('lectern_read', part.meta.next)}]` : '';
    const text = `${header} · unchanged since call #${earlier.seq}${next}`;
    const what = range
      ? `${file.display} ${lineSpan(range.start, range.end)} ${range.start === range.end ? 'is' : 'are'} in the answer of call #${earlier.seq} (${lineSpan(earlier.range!.start, earlier.range!.end)})`
      : `this answer for ${file.display} is the answer of call #${earlier.seq}`;
    return {
      text,
      advice: {
        code: 'DEDUPLICATED',
        message: `${what}, unchanged since: not repeated ("force": true gets the text again).`,
        action: `Use the text from call #${earlier.seq}.`,
      },
    };
  }

  private budgetAdvice(state: BudgetState, part: ToolResponse): Advice {
    const m = this.session.metrics.snapshot();
    const l = limitsOf(this.settings);
    const search = this.searchCall(this.input, part.location?.file ?? null);
    if (state === 'hard') {
      return {
        code: 'BUDGET_SOFT',
        message: `read budget used up (${formatCount(m.reads_count)}/${formatCount(l.hardReads)} reads, ${formatCount(m.reads_lines_total)}/${formatCount(l.hardLines)} lines): further reads are refused. Find places with ${search} instead.`,
        action: `Stop reading; search instead: ${search}`,
      };
    }
    return {
      code: 'BUDGET_SOFT',
      message:
        `${formatCount(m.reads_count)}/${formatCount(l.softReads)} reads, ${formatCount(m.reads_lines_total)}/${formatCount(l.softLines)} lines: reads now show at most ${plural(softLines(this.settings), 'line')} and are refused from ${formatCount(l.hardReads)} reads or ${formatCount(l.hardLines)} lines. ` +
        `Search first: ${search}, then read only the matching range.`,
      action: `Search before reading: ${search}`,
    };
  }

  private suggestion(state: BudgetState, response: ToolResponse, refusal: { code: ErrorCode; action: string } | null, advice: Advice[]): string | null {
    if (refusal) return refusal.action;
    if (response.error?.code === 'BUDGET_EXCEEDED') return `Stop reading: search for the exact place (${this.searchCall(this.input, null)}), or ask the user to reset the session.`;
    const first = advice.find((a) => a.action !== null);
    if (state === 'hard' && (!first || first.code !== 'REPEATED_CALL')) {
      return advice.find((a) => a.code === 'BUDGET_SOFT')?.action ?? `Stop reading: search for the exact place (lectern_search), or ask the user to reset the session.`;
    }
    return first?.action ?? null;
  }

  /** A read refused for what it would have returned; names every blocked file. */
  private refuse(response: ToolResponse, blocked: Blocked[]): ToolResponse {
    const first = blocked[0]!;
    let message = blocked.map((b) => b.message).join(' ');
    let hint = first.hint;
    if (Array.isArray(response.target)) {
      const names = new Set(blocked.map((b) => b.file.display));
      const others = (response.results ?? []).filter((r) => !names.has(r.location?.file ?? String(r.target))).map((r) => String(r.target));
      message = `Refused: ${message}`;
      if (others.length > 0) hint = `Read the others: ${callText('lectern_read', { ...this.input, target: others, force: undefined })}. ${hint}`;
    }
    const refused = this.owner.errorResponse(response.mode, response.target, new LecternError(first.code, message, hint));
    if (blocked.length === 1) refused.meta.absolute_path = first.file.absolute;
    refused.meta.token_estimate = 0;
    return refused;
  }

  private refuseRepeat(response: ToolResponse, repetition: Repetition): ToolResponse {
    const last = repetition.seqs[repetition.seqs.length - 1];
    const isRead = this.primaryTool === 'lectern_read';
    const move = isRead
      ? `read another range or symbol, search for what you need (${this.searchCall(this.input, response.location?.file ?? null)}), or add "force": true if you really need this answer again`
      : 'change the query or the target, or read what the answer pointed to';
    const refused = this.owner.errorResponse(
      response.mode,
      response.target,
      new LecternError(
        'REPEATED_CALL',
        `The same call ${plural(repetition.count, 'time')} in this session, with the same answer each time (calls #${repetition.seqs.join(', #')} and this one).`,
        `Its answer has not changed: use the answer of call #${last}. To move on: ${move}.`,
      ),
    );
    refused.meta.token_estimate = 0;
    return refused;
  }

  private timeline(parts: ToolResponse[], flags: Map<ToolResponse, PartFlags>, response: ToolResponse): TimelineEntry[] {
    return parts.map((part) => {
      const f = flags.get(part);
      return {
        seq: this.seq,
        at_unix_ms: this.at,
        tool: this.tool,
        mode: part.mode,
        file: part.location?.file ?? (typeof part.target === 'string' ? part.target : Array.isArray(part.target) ? part.target.join(', ') : null),
        absolute: typeof part.meta.absolute_path === 'string' ? part.meta.absolute_path : null,
        start_line: part.meta.start_line,
        end_line: part.meta.end_line,
        tokens: part === response ? response.meta.token_estimate : part.meta.token_estimate,
        ok: part.ok,
        flags: {
          degraded: part.meta.preview_degraded === true,
          deduplicated: f?.deduplicated ?? false,
          ephemeral: part.meta.ephemeral === true,
          low_relevance: f?.low_relevance ?? false,
          excluded: f?.excluded ?? false,
        },
      };
    });
  }
}

function softLines(settings: Settings): number {
  return Math.max(Math.min(MIN_SOFT_LINES, settings.maxSingleReadLines), Math.floor(settings.maxSingleReadLines / 2));
}

function lineSpan(start: number, end: number): string {
  return start === end ? `line ${formatCount(start)}` : `lines ${formatCount(start)}-${formatCount(end)}`;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** A response's answers: one per target of a list read, else itself. */
function partsOf(response: ToolResponse): ToolResponse[] {
  return response.results ?? [response];
}

function fileOf(part: ToolResponse): FileOf | null {
  const absolute = part.meta.absolute_path;
  if (typeof absolute !== 'string') return null;
  const display = part.location?.file ?? (typeof part.target === 'string' ? part.target : absolute);
  return { absolute, display, version: typeof part.meta.version === 'string' ? part.meta.version : null };
}

function rangeOf(part: ToolResponse): { start: number; end: number } | null {
  const { start_line: start, end_line: end } = part.meta;
  return typeof start === 'number' && typeof end === 'number' && end >= start ? { start, end } : null;
}
