// One tool call through the session layer, from before its dispatch to its answer, with the
// session's judgement on it.
import { bodyText, draft, type Draft } from '../ground/answer';
import type { ToolResponse } from '../ground/contract';
import type { CallTraits, SearchHint, SessionCount } from '../ground/descriptor';
import type { ReadEnv } from '../ground/env';
import { responseTokenCap, type Settings } from '../ground/settings';
import type { BudgetState } from '../ground/stabilization';
import type { TokenCounter } from '../ground/tokens';
import { utf8Length } from '../text/encoding';
import { type Advice, footerLines, orderedWarnings, type Refusal, suggestion } from './advice';
import { fileOf, isProvisional, partsOf } from './answerParts';
import { budgetAdvice, budgetState, gateRead } from './budget';
import type { ExclusionPolicy } from './exclusions';
import { judgeFiles, refuseBlocked } from './fileJudge';
import { resettleFigures, settleFigure } from './figures';
import { fnv1a } from '../ground/fnv1a';
import { countRead, tokensPerByte } from './metrics';
import { pointOrRecord } from './pointers';
import { searchResultFiles } from './relevance';
import {
  callKey,
  REPEAT_REFUSE_AT,
  REPEAT_WARN_AT,
  refuseRepeat,
  repeatAdvice,
  type Repetition,
} from './repeatedCalls';
import type { Session } from './session';
import { FlagsByPart, timelineEntries } from './timeline';

// One tool call through the session layer, from before its dispatch to its answer: the budget gate
// before a read; after any call repeats, relevance and exclusions, de-duplication, the counters,
// the timeline, and meta.stabilization on the answer (its warnings also as `[CODE: …]` lines at
// the end of the text).
/** What a call needs of the SessionLayer that started it. */
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
    // Repeats, judged on the answer as the tool gave it (an edit in between starts over). An answer
    // that says a later identical call may change it is not a repeat: asking again is what it advises.
    const repetition =
      this.settings.sessionGuard && !isProvisional(original.response)
        ? this.session.repeats.record(
            callKey(this.primaryTool, this.input ?? this.rawInput),
            fnv1a(bodyText(original)),
            this.seq,
          )
        : null;
    if (this.settings.sessionGuard && call.countsAsRead && !this.force) await this.judgeRead(call);
    if (repetition && repetition.count >= REPEAT_WARN_AT) this.judgeRepeat(call, repetition);
    for (const part of call.answer.parts ?? [call.answer]) settleFigure(part, this.cap);
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
    if (repetition.count >= REPEAT_REFUSE_AT && !(call.isRead && this.force)) {
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

  /** The footer, the counters, meta.stabilization, the timeline; then the listeners hear of it. */
  private stamp(call: Settling, state: BudgetState): void {
    const { answer, refusal, advice, countTokens } = call;
    const { session } = this;
    const m = session.metrics;
    const response = answer.response;
    const warnings = orderedWarnings(advice);
    answer.footer = footerLines(warnings);
    resettleFigures(answer, this.cap, countTokens, call.shortened);
    m.tokensServed += response.meta.token_estimate;

    response.meta.stabilization = {
      budget_state: state,
      suggested_next_action: suggestion(state, refusal, advice),
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

/** A search answered: counted, and its result files kept as the relevance baseline. */
function countSearch(
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
