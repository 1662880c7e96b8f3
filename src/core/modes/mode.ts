// What a mode of `lectern_read` is: its name, the fields it takes (its schema, in schema order),
// and its run. The engine dispatches through the table in modes/index.ts.
import type { Draft } from '../ground/answer';
import type { Fields, InputOf, ToolDefinition } from '../ground/schema';
import type { SymbolEnv } from '../symbols/symbolRead';

/** Input as validation passed it on (tools/validate.ts): checked against the tool's declaration. */
export type ValidInput = Record<string, unknown>;

export interface ReadMode {
  name: string;
  /** The fields this mode takes besides target, force and ephemeral, in the order the schema lists them. */
  fields: Fields;
  /** Fields this mode cannot do without, besides target. */
  required?: readonly string[];
  /** This mode can do without a target. */
  targetOptional?: boolean;
  /** `notes`: the validation's adjustments (values clamped), said in the answer. */
  run(env: SymbolEnv, input: ValidInput, notes: string[]): Promise<Draft>;
}

/**
 * A mode whose run takes its own typed input. Validation has checked the call against this mode's
 * fields (types, bounds, required ones, no field of another mode) before run is called, so the
 * validated input is this mode's input: the one place that says so.
 */
export function defineMode<F extends Fields, I>(spec: {
  name: string;
  fields: F;
  required?: readonly (keyof F & string)[];
  targetOptional?: boolean;
  run(env: SymbolEnv, input: I, notes: string[]): Promise<Draft>;
}): ReadMode {
  return { ...spec, run: (env, input, notes) => spec.run(env, input as I, notes) };
}

/** A tool besides `lectern_read` (search, stat): its declaration and its run over validated input. */
export interface Tool {
  definition: ToolDefinition;
  run(env: SymbolEnv, input: ValidInput, notes: string[]): Promise<Draft>;
}

/** A tool whose run takes the input its own declaration describes (validated against it first). */
export function defineTool<F extends Fields, R extends keyof F & string, I = InputOf<F, R>>(
  definition: ToolDefinition<F> & { required: readonly R[] },
  run: (env: SymbolEnv, input: I, notes: string[]) => Promise<Draft>,
): Tool {
  return { definition, run: (env, input, notes) => run(env, input as I, notes) };
}
