// The tool history of a conversation, as a participant records it turn by turn, and the projection
// of it that the next turn sends to the model. Pure data: it is stored in ChatResult.metadata.

/** What a tool call did, as far as history retention is concerned. */
type CallKind = 'read' | 'edit' | 'output' | 'other';

/** 1-based, inclusive. */
export interface LineRange {
  start: number;
  end: number;
}

export interface HistoryCall {
  /** The tool call's id (unique within the conversation). */
  id: string;
  tool: string;
  input: unknown;
  kind: CallKind;
  /** The file a read or an edit is about (workspace-relative as the model named it). */
  path?: string;
  /** The lines a read holds or an edit cites; absent: the whole file (or unknown). */
  range?: LineRange;
  /** A read of a file's outline, not its text: judged apart from its text reads. */
  outline?: boolean;
  /** Edits: the model's stated reason, one short line. */
  intent?: string;
  /** Read once for this turn only: dropped afterwards, its text never stored. */
  ephemeral?: boolean;
  /**
   * A read answered with no text of its own (Lectern's de-duplication pointer to an earlier call):
   * it holds no lines, so it is judged apart from the reads that do, and kept (it is one line).
   */
  stub?: boolean;
  /** Only the latest answer to the same call (tool and input) is kept: earlier ones become pointers to it. */
  latest?: boolean;
  /** The result as the model saw it ('' for an ephemeral read). */
  text: string;
}

/** One model response: its text, then the tool calls it asked for (answered in order). */
export interface HistoryRound {
  response: string;
  calls: HistoryCall[];
}

/** Lines of a file an answer or an edit cited: the only copy of them in history is never dropped. */
export interface Citation {
  path: string;
  range: LineRange;
}

export interface HistoryTurn {
  prompt: string;
  rounds: HistoryRound[];
  /** The final answer shown to the user. */
  answer: string;
  citations?: Citation[];
}

/**
 * kept: the result as it was; pointer: one line saying which kept call holds its lines;
 * trimmed: a long output cut to its head and tail; dropped: gone with its call (ephemeral reads).
 */
export type Fate = 'kept' | 'pointer' | 'trimmed' | 'dropped';

export interface ProjectedCall {
  id: string;
  tool: string;
  input: unknown;
  kind: CallKind;
  fate: Exclude<Fate, 'dropped'>;
  text: string;
  /** A pointer's kept call (its id). */
  pointsTo?: string;
}

export interface ProjectedRound {
  response: string;
  calls: ProjectedCall[];
}

export interface ProjectedTurn {
  prompt: string;
  rounds: ProjectedRound[];
  answer: string;
}

export interface Projection {
  turns: ProjectedTurn[];
  /** Tokens of everything projected (texts, inputs, per-message overhead). */
  tokens: number;
  /** Tokens of the same history replayed verbatim (ephemeral reads included, as they were sent). */
  verbatimTokens: number;
  budget: number | null;
  withinBudget: boolean;
  /** The fate of every call of the history, by id (dropped ones included). */
  fates: Record<string, Fate>;
}

export interface ProjectionOptions {
  countTokens: (text: string) => number;
  /** Tokens the projected history may use (e.g. a share of model.maxInputTokens); absent: no limit. */
  budget?: number;
}
