// One tool call through the session layer, from before its dispatch to its answer, and what it
// counts (accounting).
import { bodyText, draft, type Draft } from '../ground/answer';
import type { ToolResponse } from '../ground/contract';
import type { CallTraits, SearchHint, SessionCount } from '../ground/descriptor';
import type { ReadEnv } from '../ground/env';
import { responseTokenCap, type Settings } from '../ground/settings';
import type { BudgetState } from '../ground/stabilization';
import { answerTokens } from '../ground/tokenEstimate';
import type { TokenCounter } from '../ground/tokens';
import { utf8Length } from '../text/encoding';
import { type Advice, footerLines, orderedWarnings, type Refusal, suggestion } from './advice';
import {
  budgetAdvice,
  type ExclusionPolicy,
  gateRead,
  judgeFiles,
  refuseBlocked,
  refuseRepeat,
  repeatAdvice,
} from './guards';
import { fnv1a } from '../ground/fnv1a';
import { pointOrRecord } from './pointers';
import {
  budgetState,
  callKey,
  fileOf,
  type FileOf,
  FlagsByPart,
  LOOP_REFUSE_AT,
  LOOP_WARN_AT,
  type Metrics,
  partsOf,
  rangeOf,
  type Repetition,
  searchResultFiles,
  type Served,
  type Session,
  timelineEntries,
  tokensPerByte,
  wholeFileTokens,
} from './session';

// One tool call through the session layer, from before its dispatch to its answer: the budget gate
// before a read; after any call repeats, relevance and exclusions, de-duplication, the counters,
// the timeline, and meta.stabilization on the answer (its warnings also as `[CODE: …]` lines at
// the end of the text).
/** What a call needs of the Stabilizer that started it. */
export interface CallOwner {
  readonly exclusions: ExclusionPolicy;
  now(): number;
  /** The host's token counter. */
  tokenCounter(): Promise<TokenCounter>;
  /** Tells the listeners the session changed. */
  emit(session: Session): void;
}

export class SessionCall {
  readonly seq: number;
  readonly at: number;
  private primaryTool: string;
  private input: Record<string, unknown> | undefined;
  /** What the call's mode (or tool) says of it (its descriptor), once validation has passed. */
  private traits: CallTraits | undefined;
  private force = false;
  private ephemeral = false;
  private finished = false;
  /** The smallest token cap the call's answer was given: its token figure is estimated far below it (answerTokens). */
  private cap: number;

  constructor(
    private readonly owner: CallOwner,
    private readonly session: Session,
    private readonly settings: Settings,
    private readonly tool: string,
    private readonly rawInput: unknown,
    private readonly tokenBudget: number | undefined,
    /** A person ran this call (the command palette), not a model. */
    private readonly byUser = false,
  ) {
    this.at = owner.now();
    this.seq = ++session.seq;
    session.lastActivity = this.at;
    this.primaryTool = tool;
    this.cap = responseTokenCap(settings, tokenBudget);
  }

  /** The call as its primary tool sees it (a legacy tool maps onto one), validated, and its traits. */
  primary(tool: string, input: Record<string, unknown>, traits: CallTraits | undefined): void {
    this.primaryTool = tool;
    this.input = input;
    this.traits = traits;
  }

  /** Before a read: the budget gate (see gateRead). Takes force/ephemeral out of the input the read sees. */
  guardRead<E extends ReadEnv>(input: Record<string, unknown>, env: E): { input: Record<string, unknown>; env: E } {
    const { force, ephemeral, ...rest } = input;
    this.force = force === true;
    this.ephemeral = ephemeral === true;
    const gated = gateRead(env, {
      settings: this.settings,
      metrics: this.session.metrics,
      ephemeral: this.ephemeral,
      tokenBudget: this.tokenBudget,
      precise: this.traits?.precise ?? false,
    });
    this.cap = Math.min(this.cap, gated.tokenCap);
    return { input: rest, env: gated };
  }

  /**
   * The answer, with the session's judgement on it: refused, parts pointed to earlier answers,
   * warnings in its footer, meta.stabilization. Never throws: the session layer must not cost an answer.
   */
  async finish(answer: Draft): Promise<Draft> {
    if (this.finished) return answer;
    this.finished = true;
    try {
      return await this.settle(answer);
    } catch {
      answer.response.meta.stabilization ??= {
        budget_state: budgetState(this.session.metrics.snapshot(), this.settings),
        suggested_next_action: null,
        warnings: [],
        metrics_snapshot: this.session.metrics.snapshot(),
      };
      return answer;
    }
  }

  private async settle(original: Draft): Promise<Draft> {
    const call: Settling = {
      answer: original,
      refusal: null,
      advice: [],
      flags: new FlagsByPart(),
      // Under the read budget, as the call's descriptor says (every lectern_read mode; a tool answering a read).
      isRead: this.traits?.budgeted ?? false,
      countsAsRead: false,
      counted: this.traits?.session ?? 'none',
      search: this.traits?.search,
      countTokens: await this.owner.tokenCounter(),
      shortened: false,
    };
    // How the session counts the answer, as its mode says (ground/descriptor.ts).
    call.countsAsRead = call.isRead && (call.counted === 'file' || call.counted === 'read');
    // Repeats, judged on the answer as the tool gave it (an edit in between starts over).
    const repetition = this.settings.sessionGuard
      ? this.session.loops.record(
          callKey(this.primaryTool, this.input ?? this.rawInput),
          fnv1a(bodyText(original)),
          this.seq,
        )
      : null;
    if (this.settings.sessionGuard && call.countsAsRead && !this.force) await this.judgeRead(call);
    if (repetition && repetition.count >= LOOP_WARN_AT) this.judgeRepeat(call, repetition);
    for (const part of call.answer.parts ?? [call.answer]) this.settleFigure(part);
    const parts = this.countParts(call);
    const response = call.answer.response;
    if (call.counted === 'search' && response.ok)
      countSearch(this.session, response, this.seq, this.input, call.search?.query);
    if (call.isRead && this.ephemeral && parts.length > 0) this.markEphemeral(call, parts);
    const state = this.noteBudget(call, parts);
    this.stamp(call, state);
    return call.answer;
  }

  /** Relevance and exclusions of the files a read answered with: a blocked one refuses the read. */
  private async judgeRead(call: Settling): Promise<void> {
    const session = this.session;
    const blocked = await judgeFiles(
      call.answer.response,
      {
        settings: this.settings,
        exclusions: this.owner.exclusions,
        searches: session.searches,
        traits: this.traits,
        shown: session.notesShown,
      },
      call.advice,
      call.flags,
    );
    if (blocked.length > 0) {
      call.answer = draft(refuseBlocked(call.answer.response, blocked, this.input));
      call.refusal = { code: blocked[0]!.code, action: blocked[0]!.action };
      call.advice.length = 0;
    }
  }

  /** The same call again with the same answer: a warning, then a refusal. */
  private judgeRepeat(call: Settling, repetition: Repetition): void {
    if (repetition.count >= LOOP_REFUSE_AT && !(call.isRead && this.force)) {
      call.answer = draft(refuseRepeat(call.answer.response, repetition, call.isRead, call.search));
      call.refusal = {
        code: 'REPEATED_CALL',
        action: `Use the answer of call #${repetition.seqs[repetition.seqs.length - 1]}, or change the call.`,
      };
      call.advice.length = 0;
    } else {
      call.advice.push(repeatAdvice(repetition, call.isRead));
    }
  }

  /** What a read served: pointers for what the session already has, then the counters. Returns the parts counted. */
  private countParts(call: Settling): Draft[] {
    const { answer, countTokens } = call;
    const session = this.session;
    const parts = call.refusal ? [] : (answer.parts ?? [answer]).filter((p) => call.countsAsRead && p.response.ok);
    const pointing = {
      guard: this.settings.sessionGuard,
      served: session.served,
      seq: this.seq,
      force: this.force,
      ephemeral: this.ephemeral,
      countTokens,
      cap: this.cap,
      advice: call.advice,
      flags: call.flags,
      fileText: call.counted === 'file',
    };
    let pointed = false;
    for (const part of parts) {
      const file = fileOf(part.response);
      const text = bodyText(part);
      const rawTokens = part.response.meta.token_estimate > 0 ? part.response.meta.token_estimate : countTokens(text);
      const ratio = tokensPerByte(rawTokens, utf8Length(text));
      const pointedTo = pointOrRecord(part, file, rawTokens, ratio, pointing);
      if (pointedTo) pointed = true;
      countRead(session.metrics, session.searchedFiles, part.response, {
        file,
        pointedTo,
        rawTokens,
        ratio,
        ephemeral: this.ephemeral,
        chars: text.length,
        fileText: call.counted === 'file',
      });
    }
    // A list read some of whose answers became pointers is shorter now: its figure is settled again,
    // on its new text (resettleFigures), counted there only if it is near the cap.
    call.shortened = pointed && answer.parts !== undefined;
    return parts;
  }

  private markEphemeral(call: Settling, parts: Draft[]): void {
    call.answer.response.meta.ephemeral = true;
    for (const part of parts) part.response.meta.ephemeral = true;
    if (this.settings.sessionGuard) {
      call.advice.push({
        code: 'EPHEMERAL',
        message:
          'this content will not be kept (not de-duplicated, never pointed to later); take what you need from it now.',
        action: null,
      });
    }
  }

  /** The budget note appears once per state it announces, not on every read after it. */
  private noteBudget(call: Settling, parts: Draft[]): BudgetState {
    const { session, settings } = this;
    const state = budgetState(session.metrics.snapshot(), settings);
    if (settings.sessionGuard && parts.length > 0 && state !== 'ok' && session.budgetNoted !== state) {
      call.advice.push(budgetAdvice(state, session.metrics, settings, call.search, parts[0]!.response));
      session.budgetNoted = state;
    }
    return state;
  }

  /** An answer's token figure, on its text as the model gets it (answerTokens): the one every host shows. */
  private settleFigure(answer: Draft, text = bodyText(answer), counted?: () => number): void {
    answer.response.meta.token_estimate = answerTokens(text, answer.response.meta, this.cap, counted);
  }

  /**
   * The figures again where the text changed since settle(): pointers, a list's answer, the footer.
   * The footer is counted only where the figure is a count (near the cap), not an estimate.
   */
  private resettleFigures(answer: Draft, countTokens: TokenCounter, shortened: boolean): void {
    for (const part of answer.parts ?? []) if (part.pointer !== undefined) this.settleFigure(part);
    if (!answer.parts && answer.pointer === undefined && answer.footer.length === 0) return;
    const body = bodyText(answer);
    const figure = answer.response.meta.token_estimate;
    // A pointer's figure and a shortened list's were estimates (far under the cap): near it, counted.
    const bodyFigure = shortened || answer.pointer !== undefined ? () => countTokens(body) : () => figure;
    if (answer.footer.length === 0) return this.settleFigure(answer, body, bodyFigure);
    const footer = answer.footer.join('\n');
    this.settleFigure(answer, `${body}\n${footer}`, () => bodyFigure() + countTokens(footer) + 1);
  }

  /** The footer, the counters, meta.stabilization, the timeline; then the listeners hear of it. */
  private stamp(call: Settling, state: BudgetState): void {
    const { answer, refusal, advice, countTokens } = call;
    const { session } = this;
    const m = session.metrics;
    const response = answer.response;
    const warnings = orderedWarnings(advice);
    answer.footer = footerLines(warnings);
    this.resettleFigures(answer, countTokens, call.shortened);
    m.tokensServed += response.meta.token_estimate;

    response.meta.stabilization = {
      budget_state: state,
      suggested_next_action: suggestion(state, response, refusal, advice, call.search),
      warnings,
      metrics_snapshot: m.snapshot(),
    };
    session.addTimeline(
      timelineEntries(
        { seq: this.seq, at: this.at, tool: this.tool, ...(this.byUser ? { user: true } : {}) },
        refusal ? [response] : partsOf(response),
        call.flags,
        response,
      ),
    );
    session.addWarnings(warnings);
    this.owner.emit(session);
  }
}

/** One call's judgement while it settles: its answer (a refusal may replace it), advice and flags. */
interface Settling {
  answer: Draft;
  refusal: Refusal | null;
  advice: Advice[];
  flags: FlagsByPart;
  isRead: boolean;
  /** A read the session counts (its mode's answer is a file's text or another read). */
  countsAsRead: boolean;
  counted: SessionCount;
  search: SearchHint | undefined;
  countTokens: TokenCounter;
  /** A list read some of whose answers became pointers: its own figure is settled again on its shorter text. */
  shortened: boolean;
}

// What one call adds to its session's counters (see Metrics for what each counter means).
export interface ServedRead {
  file: FileOf | null;
  /** The earlier answer this one points to, when it was de-duplicated. */
  pointedTo: Served | undefined;
  /** Tokens and token/byte ratio of the answer as the tool gave it. */
  rawTokens: number;
  ratio: number;
  ephemeral: boolean;
  /** Characters of the answer's text as the tool gave it (its notes included). */
  chars: number;
  /** The answer is the file's text (not, say, its diff): its lines count as read. */
  fileText: boolean;
}

export function countRead(m: Metrics, searchedFiles: ReadonlySet<string>, part: ToolResponse, read: ServedRead): void {
  const { file, pointedTo } = read;
  m.reads++;
  if (file && searchedFiles.has(file.display)) m.readsAfterSearch++;
  const totalBytes = part.meta.total_bytes;
  if (pointedTo) {
    m.deduplicated++;
    if (typeof totalBytes === 'number')
      m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, pointedTo.tokensPerByte) - part.meta.token_estimate);
    return;
  }
  const range = read.fileText ? rangeOf(part) : null;
  const span = range ? range.end - range.start + 1 : 0;
  if (!read.ephemeral) {
    m.lines += span;
    m.chars += read.chars;
    if (span > 0) m.spanReads++;
    m.maxSpan = Math.max(m.maxSpan, span);
  }
  if (part.meta.preview_degraded) m.degraded++;
  if (typeof totalBytes === 'number' && read.fileText)
    m.tokensSaved += Math.max(0, wholeFileTokens(totalBytes, read.ratio) - read.rawTokens);
}

/** A search answered: counted, and its result files kept as the relevance baseline. */
export function countSearch(
  session: Session,
  response: ToolResponse,
  seq: number,
  input: Record<string, unknown> | undefined,
  // A call that finds places without a query (uses of a name): what its descriptor would search for.
  hintQuery = '',
): void {
  session.metrics.searches++;
  const files = searchResultFiles(response);
  if (files) session.recordSearch({ seq, query: typeof input?.query === 'string' ? input.query : hintQuery, files });
}
