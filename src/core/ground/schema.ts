// How a tool's input is declared: each field's type, bounds and model-facing doc, side by side. One
// declaration gives the JSON schema (tools/jsonSchema.ts), the package.json manifest, validation
// (tools/validate.ts) and — through InputOf — the TypeScript type of the validated input.

type FieldType = 'string' | 'integer' | 'boolean' | 'path-or-paths';

export interface FieldSpec {
  type: FieldType;
  /** What the model is told of it; absent where the field's name and its tool's description say it all. */
  description?: string;
  minimum?: number;
  maximum?: number;
  /** Most characters of a string, and of each path of a list (default INPUT_BOUNDS.stringChars). */
  maxLength?: number;
  /** Most paths of a list (default INPUT_BOUNDS.listItems). */
  maxItems?: number;
  enum?: readonly string[];
  default?: string | number | boolean;
  /** Modes of `lectern_read` this field belongs to; absent = every mode. */
  modes?: readonly string[];
  /**
   * Accepted, but not in the schema the model sees: it says again what listed fields say, and is
   * kept for callers that already use it (`offset`/`limit`, the words of other read tools).
   */
  unlisted?: true;
}

export type Fields = Readonly<Record<string, FieldSpec>>;

/**
 * What every input is held to before any work (tools/validate.ts answers INVALID_ARGS naming the
 * bound); a field may declare its own (`maxLength`, `maxItems`). Left out of the JSON schema the
 * model sees, as the other upper bounds are.
 */
export const INPUT_BOUNDS = {
  /** A string or a path: Linux's PATH_MAX. */
  stringChars: 4_096,
  /** Paths in one list (one answer reads at most 50 of them). */
  listItems: 1_000,
  /** A search query (a long literal line pasted whole fits). */
  queryChars: 65_536,
  /** Globs of include or exclude, and the characters of each. */
  globs: 64,
  globChars: 1_024,
  /** An input quoted back in an answer (a parameter name, a value): at most this many characters. */
  echoChars: 40,
} as const;

/** The TypeScript type of a valid value of one field. */
type ValueOf<F extends FieldSpec> = F extends { type: 'integer' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'path-or-paths' }
      ? string | string[]
      : F extends { enum: readonly (infer E extends string)[] }
        ? E
        : string;

/** The validated input of `fields`: the names in `Required` are present, the others may be absent. */
export type InputOf<F extends Fields, Required extends keyof F = never> = {
  -readonly [K in keyof F as K extends Required ? K : never]: ValueOf<F[K]>;
} & {
  -readonly [K in keyof F as K extends Required ? never : K]?: ValueOf<F[K]>;
};

export interface ToolDefinition<F extends Fields = Fields> {
  name: string;
  displayName: string;
  toolReferenceName?: string;
  userDescription: string;
  modelDescription: string;
  fields: F;
  required: readonly (keyof F & string)[];
  /** Fields a mode cannot do without (beyond `required`). */
  modeRequired?: Readonly<Record<string, readonly string[]>>;
  /** Fields of `required` a mode can do without (so the schema's `required` leaves them out). */
  modeOptional?: Readonly<Record<string, readonly string[]>>;
  /** Single-purpose compatibility tools, hidden unless `lectern.legacyTools` is on. */
  legacy?: boolean;
}

/**
 * true when A and B are the same type. A mode asserts with it that the internal input its algorithm
 * declares is exactly the input its fields declare, so the two cannot drift apart.
 */
export type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
