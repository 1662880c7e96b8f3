// What a mode of `lectern_read` is: its name, the fields it takes (its schema, in schema order),
// its run, and its descriptor: what its answer is and how the session, chat history, progress
// messages and the legacy answers treat its calls (ground/descriptor.ts). The registry
// (modes/index.ts) lists the modes and the tools; everything else derives from it.
import type { Draft } from '../ground/answer';
import {
  isReadAnswer,
  type AnswerKind,
  type CallDescriptor,
  type CallInput,
  type SearchHint,
} from '../ground/descriptor';
import type { Fields, InputOf, ToolDefinition } from '../ground/schema';
import type { SymbolEnv } from '../symbols/symbolEnv';

/** Input as validation passed it on (tools/validate.ts): checked against the tool's declaration. */
export type ValidInput = Record<string, unknown>;

export interface ReadMode {
  name: string;
  /** One line on what it answers: the `mode` field's description, and the docs' table of modes. */
  summary: string;
  /** One sentence for people on what it answers: the extension README's table of tools. */
  guide: string;
  /** The fields this mode takes besides target, force and ephemeral, in the order the schema lists them. */
  fields: Fields;
  /** Fields this mode cannot do without, besides target. */
  required?: readonly string[];
  /** This mode can do without a target. */
  targetOptional?: boolean;
  /** This mode takes a list of targets (each answered on its own). */
  targetList?: boolean;
  /** What its target is when not a path, for the `target` field's description (e.g. 'a name ("Store.get")'). */
  targetIs?: string;
  /** Real calls (without `mode`) over sample-workspace/: the answer recorder makes them, the docs show them. */
  examples: readonly ValidInput[];
  descriptor: CallDescriptor;
  /** `notes`: the validation's adjustments (values clamped), said in the answer. */
  run(env: SymbolEnv, input: ValidInput, notes: string[]): Promise<Draft>;
}

/** An example as the recorder and the docs take it. */
const asInput = (example: unknown): ValidInput => ({ ...(example as object) });

/** A descriptor's parts a mode may leave out, with what they are when it does. */
const DEFAULTS = {
  /** The target, when it is one path. */
  namedPath: (input: CallInput) => (typeof input.target === 'string' ? input.target : undefined),
  /** NAME, in the (first) target. */
  search: (input: CallInput): SearchHint => {
    const target = Array.isArray(input.target) ? input.target[0] : input.target;
    return typeof target === 'string' ? { where: target, query: 'NAME' } : { query: 'NAME' };
  },
  /** A read of the other file, from its start. */
  elsewhere: (_input: CallInput, path: string): CallInput => ({ target: path }),
};

/** What a mode (or a tool) says of its calls; each function takes the call's validated input (`title`: unchecked). */
export interface DescriptorSpec<I> {
  /** What its answer holds (ground/descriptor.ts: this decides how the session counts it and history keeps it). */
  answer: AnswerKind | ((input: I) => AnswerKind);
  /** Whether the read budget spares it (a symbol, a short range); a mode that reads no text is precise. */
  precise: boolean | ((input: I) => boolean);
  /** The progress message while it runs, e.g. "Reading src/a.ts, lines 1-20" (modes/titles.ts). */
  title(input: CallInput): string;
  /** The path the caller named; default: the target, when it is one path. */
  namedPath?(input: I): string | undefined;
  /** The search the session suggests instead of more calls like this one; default: NAME in the target. */
  search?(input: I): SearchHint;
  /** The same call for another file; default: a read of that file. */
  elsewhere?(input: I, path: string): CallInput;
}

/**
 * The descriptor from a spec. Its functions get the input validation passed on, which validation
 * has checked against the fields whose typed input I is: the one place (with defineMode's run) that says so.
 * `everyCallBudgeted`: every call is under the read budget (a mode of `lectern_read`); otherwise a
 * call is when its answer is a read (isReadAnswer).
 */
function describeCalls<I>(spec: DescriptorSpec<I>, everyCallBudgeted: boolean): CallDescriptor {
  const typed = (input: CallInput) => input as I;
  const { answer: kind, precise } = spec;
  const answer = typeof kind === 'string' ? () => kind : (input: CallInput) => kind(typed(input));
  return {
    answer,
    precise: typeof precise === 'boolean' ? () => precise : (input) => precise(typed(input)),
    budgeted: everyCallBudgeted ? () => true : (input) => isReadAnswer(answer(input)),
    title: spec.title,
    namedPath: spec.namedPath ? (input) => spec.namedPath!(typed(input)) : DEFAULTS.namedPath,
    search: spec.search ? (input) => spec.search!(typed(input)) : DEFAULTS.search,
    elsewhere: spec.elsewhere ? (input, path) => spec.elsewhere!(typed(input), path) : DEFAULTS.elsewhere,
  };
}

/**
 * A mode whose run takes its own typed input. Validation has checked the call against this mode's
 * fields (types, bounds, required ones, no field of another mode) before run is called, so the
 * validated input is this mode's input: the one place that says so.
 */
export function defineMode<F extends Fields, I>(
  spec: {
    name: string;
    summary: string;
    guide: string;
    fields: F;
    required?: readonly (keyof F & string)[];
    targetOptional?: boolean;
    targetList?: boolean;
    targetIs?: string;
    examples: readonly I[];
    run(env: SymbolEnv, input: I, notes: string[]): Promise<Draft>;
  } & DescriptorSpec<I>,
): ReadMode {
  const { answer, precise, title, namedPath, search, elsewhere, examples, run, ...mode } = spec;
  return {
    ...mode,
    examples: examples.map(asInput),
    // Every mode of lectern_read is under the read budget, whatever its answer (a list of uses reads files too).
    descriptor: describeCalls<I>({ answer, precise, title, namedPath, search, elsewhere }, true),
    run: (env, input, notes) => run(env, input as I, notes),
  };
}

/** A tool besides `lectern_read` (search, stat): its declaration, descriptor and run over validated input. */
export interface Tool {
  definition: ToolDefinition;
  /** The `mode` its answers carry ("search"). */
  mode: string;
  /** Real calls over sample-workspace/ (the answer recorder makes them). */
  examples: readonly ValidInput[];
  descriptor: CallDescriptor;
  run(env: SymbolEnv, input: ValidInput, notes: string[]): Promise<Draft>;
}

/** A tool whose run takes the input its own declaration describes (validated against it first). */
export function defineTool<F extends Fields, R extends keyof F & string, I = InputOf<F, R>>(
  spec: {
    definition: ToolDefinition<F> & { required: readonly R[] };
    mode: string;
    examples: readonly I[];
    run: (env: SymbolEnv, input: I, notes: string[]) => Promise<Draft>;
  } & DescriptorSpec<I>,
): Tool {
  const { definition, mode, examples, run, ...descriptor } = spec;
  return {
    definition,
    mode,
    examples: examples.map(asInput),
    descriptor: describeCalls<I>(descriptor, false),
    run: (env, input, notes) => run(env, input as I, notes),
  };
}
