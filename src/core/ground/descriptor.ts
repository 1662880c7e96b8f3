// What a mode of `lectern_read` (or a tool) says about its calls to the layers that handle them
// without knowing it: the session (budget, counting, advice), chat history (retention), progress
// messages, the legacy answers. Each mode fills in a CallDescriptor beside its fields and run
// (src/core/modes); the engine passes the CallTraits of one call down. Nothing outside modes/
// decides by a mode's name.

/**
 * What an answer holds. The kind decides how the session counts the answer and how chat history
 * retains it (ANSWER_KINDS): a mode cannot be counted as one thing and retained as another.
 */
export type AnswerKind =
  /** A file's text with a line range (file, snippet, symbol). */
  | 'text'
  /** A file's outline: its symbols. */
  | 'outline'
  /** Changes against git or the disk. */
  | 'diff'
  /** A list of places (search results). */
  | 'places'
  /** Facts about a path (size, lines, kind), none of its text. */
  | 'metadata'
  /** An overview of many files (a map of their declarations), none of one file's text. */
  | 'overview';

/**
 * How the session counts an answer: `file` — a read of the file (counted against the read budget;
 * a text's line range as lines read; a repeat unchanged becomes a pointer to the earlier answer);
 * `read` — a read, but not the file's text (no lines counted, never pointed to); `search` — a search
 * (its result files are the relevance baseline); `none` — nothing (no read, no lines).
 */
export type SessionCount = 'file' | 'read' | 'search' | 'none';

/**
 * How chat history retains a call: `lines` — a read of the lines its answer names (the whole file
 * without a range): later reads of the same lines may make it a pointer; `outline` — a read of the
 * file's outline, judged apart from its text; `as-is` — kept as it is: it holds no lines of a file
 * (an answer repeated word for word by the same call later becomes a pointer to it); `latest` — only
 * the latest answer to the same call is kept, the earlier ones (stale once it changed) become pointers.
 */
type Retention = 'lines' | 'outline' | 'as-is' | 'latest';

const ANSWER_KINDS: Readonly<Record<AnswerKind, { session: SessionCount; history: Retention }>> = {
  text: { session: 'file', history: 'lines' },
  outline: { session: 'file', history: 'outline' },
  diff: { session: 'read', history: 'as-is' },
  places: { session: 'search', history: 'as-is' },
  metadata: { session: 'none', history: 'as-is' },
  overview: { session: 'read', history: 'latest' },
};

/**
 * Whether an answer of this kind is a read the session counts (`file` or `read`): a tool (besides
 * `lectern_read`) that answers one is under the read budget, as every mode of `lectern_read` is.
 */
export function isReadAnswer(kind: AnswerKind): boolean {
  const counted = ANSWER_KINDS[kind].session;
  return counted === 'file' || counted === 'read';
}

/** A search the session suggests instead of more calls like one: in `where` (else the workspace), for `query`. */
export interface SearchHint {
  where?: string;
  query: string;
}

/** Input as validation passed it on, or as a host has it (a progress message): fields unchecked. */
export type CallInput = Record<string, unknown>;

/**
 * A mode's (or a tool's) account of its calls, each a function of the call's input (validated,
 * except `title`, which a host asks before the call runs).
 */
export interface CallDescriptor {
  /** What the answer to `input` holds. */
  answer(input: CallInput): AnswerKind;
  /** A precise call: the read budget never shrinks it (a symbol; a range of a few lines). */
  precise(input: CallInput): boolean;
  /** The path the caller named, if any (a symbol's target is a name: its `path` field is the scope). */
  namedPath(input: CallInput): string | undefined;
  /**
   * Under the session's read budget: gated before it runs (its caps shrink as the budget is used),
   * counted as a read when its answer is one. Every mode of `lectern_read`; a tool whose answer is a read.
   */
  budgeted(input: CallInput): boolean;
  /** The progress message while it runs: "Reading src/a.ts, lines 1-20". Input unchecked. */
  title(input: CallInput): string;
  /** The search the session suggests instead of more calls like this one. */
  search(input: CallInput): SearchHint;
  /** The same call for another file (what a relevance warning suggests reading instead). */
  elsewhere(input: CallInput, path: string): CallInput;
}

/** What the layers below the engine are told of one call, from its descriptor. */
export interface CallTraits {
  answer: AnswerKind;
  session: SessionCount;
  history: Retention;
  precise: boolean;
  /** See CallDescriptor.budgeted. */
  budgeted: boolean;
  namedPath: string | undefined;
  search: SearchHint;
  elsewhere(path: string): CallInput;
}

export function traitsOf(descriptor: CallDescriptor, input: CallInput): CallTraits {
  const answer = descriptor.answer(input);
  return {
    answer,
    ...ANSWER_KINDS[answer],
    precise: descriptor.precise(input),
    budgeted: descriptor.budgeted(input),
    namedPath: descriptor.namedPath(input),
    search: descriptor.search(input),
    elsewhere: (path) => descriptor.elsewhere(input, path),
  };
}
