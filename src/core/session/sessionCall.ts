// One tool call through the session layer, from before its dispatch to its answer, and what it
// counts (accounting).
import { bodyText, draft, type Draft } from '../ground/answer';
import type { ToolResponse } from '../ground/contract';
import type { CallTraits } from '../ground/descriptor';
import type { ReadEnv } from '../ground/env';
import type { Settings } from '../ground/settings';
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
import { pointOrRecord } from './pointers';
import {
  budgetState,
  callKey,
  fileOf,
  type FileOf,
  FlagsByPart,
  fnv1a,
  LOOP_REFUSE_AT,
  LOOP_WARN_AT,
  type Metrics,
  partsOf,
  rangeOf,
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
    const s = this.settings;
    const guard = s.sessionGuard;
    const session = this.session;
    const m = session.metrics;
    const countTokens = await this.owner.tokenCounter();
    const isRead = this.primaryTool === 'lectern_read';
    // How the session counts the answer, as its mode says (ground/descriptor.ts).
    const counted = this.traits?.session ?? 'none';
    const countsAsRead = isRead && (counted === 'file' || counted === 'read');
    const search = this.traits?.search;
    const advice: Advice[] = [];
    const flags = new FlagsByPart();
    let answer = original;
    let refusal: Refusal | null = null;

    // Repeats, judged on the answer as the tool gave it (an edit in between starts over).
    const repetition = guard
      ? session.loops.record(
          callKey(this.primaryTool, this.input ?? this.rawInput),
          fnv1a(bodyText(original)),
          this.seq,
        )
      : null;

    if (guard && countsAsRead && !this.force) {
      const blocked = await judgeFiles(
        answer.response,
        {
          settings: s,
          exclusions: this.owner.exclusions,
          searches: session.searches,
          traits: this.traits,
          shown: session.notesShown,
        },
        advice,
        flags,
      );
      if (blocked.length > 0) {
        answer = draft(refuseBlocked(answer.response, blocked, this.input));
        refusal = { code: blocked[0]!.code, action: blocked[0]!.action };
        advice.length = 0;
      }
    }

    if (repetition && repetition.count >= LOOP_WARN_AT) {
      if (repetition.count >= LOOP_REFUSE_AT && !(isRead && this.force)) {
        answer = draft(refuseRepeat(answer.response, repetition, isRead, search));
        refusal = {
          code: 'REPEATED_CALL',
          action: `Use the answer of call #${repetition.seqs[repetition.seqs.length - 1]}, or change the call.`,
        };
        advice.length = 0;
      } else {
        advice.push(repeatAdvice(repetition, isRead));
      }
    }

    // What a read served: pointers for what the session already has, then the counters.
    const response = answer.response;
    const parts = refusal ? [] : (answer.parts ?? [answer]).filter((p) => countsAsRead && p.response.ok);
    const pointing = {
      guard,
      served: session.served,
      seq: this.seq,
      force: this.force,
      ephemeral: this.ephemeral,
      countTokens,
      advice,
      flags,
      fileText: counted === 'file',
    };
    let pointed = false;
    for (const part of parts) {
      const file = fileOf(part.response);
      const text = bodyText(part);
      const rawTokens = part.response.meta.token_estimate > 0 ? part.response.meta.token_estimate : countTokens(text);
      const ratio = tokensPerByte(rawTokens, utf8Length(text));
      const pointedTo = pointOrRecord(part, file, rawTokens, ratio, pointing);
      if (pointedTo) pointed = true;
      countRead(m, session.searchedFiles, part.response, {
        file,
        pointedTo,
        rawTokens,
        ratio,
        ephemeral: this.ephemeral,
        chars: text.length,
        fileText: counted === 'file',
      });
    }
    // A list read some of whose answers became pointers is shorter now.
    if (pointed && answer.parts) response.meta.token_estimate = countTokens(bodyText(answer));

    if (counted === 'search' && response.ok) countSearch(session, response, this.seq, this.input, search?.query);

    if (isRead && this.ephemeral && parts.length > 0) {
      response.meta.ephemeral = true;
      for (const part of parts) part.response.meta.ephemeral = true;
      if (guard) {
        advice.push({
          code: 'EPHEMERAL',
          message:
            'this content will not be kept (not de-duplicated, never pointed to later); take what you need from it now.',
          action: null,
        });
      }
    }

    const state = budgetState(m.snapshot(), s);
    // The budget note appears once per state it announces, not on every read after it.
    if (guard && parts.length > 0 && state !== 'ok' && session.budgetNoted !== state) {
      advice.push(budgetAdvice(state, m, s, search, parts[0]!.response));
      session.budgetNoted = state;
    }

    const warnings = orderedWarnings(advice);
    answer.footer = footerLines(warnings);
    if (answer.footer.length > 0) response.meta.token_estimate += countTokens(answer.footer.join('\n')) + 1;
    m.tokensServed += response.meta.token_estimate;

    response.meta.stabilization = {
      budget_state: state,
      suggested_next_action: suggestion(state, response, refusal, advice, search),
      warnings,
      metrics_snapshot: m.snapshot(),
    };
    session.addTimeline(
      timelineEntries(
        { seq: this.seq, at: this.at, tool: this.tool, ...(this.byUser ? { user: true } : {}) },
        refusal ? [response] : partsOf(response),
        flags,
        response,
      ),
    );
    session.addWarnings(warnings);
    this.owner.emit(session);
    return answer;
  }
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
