// Validates raw tool input against the tool's definition. VS Code does not check input against the
// schema, so every field is checked here, and every failure names the field and a corrected example.
import { LecternError } from '../ground/contract';
import { INPUT_BOUNDS, type FieldSpec, type ToolDefinition } from '../ground/schema';
import { clipCounted, formatCount } from '../ground/format';
import { editDistance } from '../text/editDistance';

type ToolInput = Record<string, unknown>;

export interface Validated {
  input: ToolInput;
  /** Adjustments made on the way (values clamped to their maximum), for the answer's notes. */
  notes: string[];
}

function invalid(message: string, example: string): LecternError {
  return new LecternError('INVALID_ARGS', message, `Example: ${example}`);
}

/** A name or value as an answer quotes it: a short prefix of a long one, with its length. */
const quoted = (text: string) => clipCounted(text, INPUT_BOUNDS.echoChars);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'function') return 'a function';
  // String(), not JSON: JSON throws on BigInt and turns NaN into "null".
  return `${typeof value} ${String(value)}`;
}

const squash = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** The declared field a misspelt or camelCased name most likely meant. */
export function closestField(name: string, fields: readonly string[]): string | undefined {
  // A name far longer than any field is none of them (and its edit distance would cost its length times theirs).
  if (name.length > 2 * Math.max(0, ...fields.map((f) => f.length)) + 8) return undefined;
  const exact = fields.find((field) => squash(field) === squash(name));
  if (exact) return exact;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const field of fields) {
    const distance = editDistance(squash(name), squash(field));
    if (distance < bestDistance) [best, bestDistance] = [field, distance];
  }
  return bestDistance <= Math.max(1, Math.floor(name.length / 3)) ? best : undefined;
}

function exampleValue(name: string, field: FieldSpec): unknown {
  if (field.enum) return field.enum[0];
  switch (field.type) {
    case 'integer':
      return Math.max(
        field.minimum ?? 0,
        name.includes('end') ? 40 : name.includes('limit') || name === 'head' || name === 'tail' ? 50 : 10,
      );
    case 'boolean':
      return true;
    case 'path-or-paths':
      return 'src/index.ts';
    default:
      return name === 'query' ? 'TODO' : 'src/index.ts';
  }
}

/**
 * A corrected call: the required fields (the caller's own values where they were valid strings,
 * so the example fits the call being fixed) plus `fields`.
 */
function exampleCall(
  tool: ToolDefinition,
  fields: Record<string, unknown>,
  given: Record<string, unknown> = {},
): string {
  const example: Record<string, unknown> = {};
  // The caller's own (valid, non-default) mode stays unless the fix is to switch it.
  const modeField = tool.fields.mode;
  const givenMode =
    typeof given.mode === 'string' && modeField?.enum?.includes(given.mode) && given.mode !== modeField.default
      ? given.mode
      : undefined;
  const keptMode = fields.mode === undefined ? givenMode : undefined;
  const exampleMode =
    typeof fields.mode === 'string' ? fields.mode : (keptMode ?? (modeField?.default as string | undefined));
  for (const name of tool.required) {
    const own = given[name];
    // The caller's own value, unless it is too long to quote back.
    if (typeof own === 'string' && own.length > 0 && own.length <= MAX_OWN_CHARS) example[name] = own;
    else if (!optionalIn(tool, exampleMode, name)) example[name] = exampleValue(name, tool.fields[name]!);
  }
  if (keptMode !== undefined) example.mode = keptMode;
  Object.assign(example, fields);
  // A mode's own required fields belong in its example too.
  const mode = typeof example.mode === 'string' ? example.mode : undefined;
  for (const name of (mode && tool.modeRequired?.[mode]) || []) {
    example[name] ??= exampleValue(name, tool.fields[name]!);
  }
  return JSON.stringify(example);
}

/** An example keeps the caller's own value up to this length. */
const MAX_OWN_CHARS = 200;

/** `mode` can do without `name`, though the tool requires it otherwise. */
function optionalIn(tool: ToolDefinition, mode: string | undefined, name: string): boolean {
  return mode !== undefined && (tool.modeOptional?.[mode]?.includes(name) ?? false);
}

/** `mode` for an example that uses `field`, when the call's mode (or the default) does not take it. */
function modeFor(tool: ToolDefinition, field: FieldSpec, given: Record<string, unknown>): Record<string, unknown> {
  const mode = typeof given.mode === 'string' ? given.mode : tool.fields.mode?.default;
  return field.modes && !field.modes.includes(mode as string) ? { mode: field.modes[0] } : {};
}

function checkType(
  name: string,
  field: FieldSpec,
  value: unknown,
  tool: ToolDefinition,
  given: Record<string, unknown>,
): void {
  const example = () => exampleCall(tool, { ...modeFor(tool, field, given), [name]: exampleValue(name, field) }, given);
  switch (field.type) {
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        throw invalid(
          `${name} must be a whole number${field.minimum !== undefined ? ` >= ${field.minimum}` : ''}, got ${describe(value)}.`,
          example(),
        );
      }
      if (field.minimum !== undefined && value < field.minimum) {
        throw invalid(
          `${name} must be >= ${field.minimum}, got ${value}.${field.minimum === 1 ? ' Lines are numbered from 1.' : ''}`,
          example(),
        );
      }
      return;
    case 'boolean':
      if (typeof value !== 'boolean')
        throw invalid(`${name} must be true or false, got ${describe(value)}.`, example());
      return;
    case 'string':
      if (typeof value !== 'string') throw invalid(`${name} must be a string, got ${describe(value)}.`, example());
      if (value.length === 0) throw invalid(`${name} must not be empty.`, example());
      checkLength(name, field, value, example);
      if (field.enum && !field.enum.includes(value)) {
        throw invalid(
          `${name} must be one of ${field.enum.map((v) => `"${v}"`).join(', ')}, got "${quoted(value)}".`,
          example(),
        );
      }
      return;
    case 'path-or-paths': {
      const ok =
        (typeof value === 'string' && value.length > 0) ||
        (Array.isArray(value) &&
          value.length > 0 &&
          value.every((item) => typeof item === 'string' && item.length > 0));
      if (!ok)
        throw invalid(
          `${name} must be a path or a non-empty list of paths, got ${describe(value)}.`,
          exampleCall(tool, {}, given),
        );
      const maxItems = field.maxItems ?? INPUT_BOUNDS.listItems;
      if (Array.isArray(value) && value.length > maxItems)
        throw invalid(
          `${name} lists ${formatCount(value.length)} items; at most ${formatCount(maxItems)} are taken. Split the call.`,
          exampleCall(tool, {}, given),
        );
      for (const item of Array.isArray(value) ? (value as string[]) : [value]) checkLength(name, field, item, example);
      return;
    }
  }
}

/** A string (or one path of a list) within the field's length: INVALID_ARGS naming the bound otherwise. */
function checkLength(name: string, field: FieldSpec, value: string, example: () => string): void {
  const max = field.maxLength ?? INPUT_BOUNDS.stringChars;
  if (value.length <= max) return;
  throw invalid(
    `${name} is ${formatCount(value.length)} characters long (${JSON.stringify(quoted(value))}); at most ${formatCount(max)} are taken.`,
    example(),
  );
}

/**
 * Checks `raw` against `tool`. `mode` names the field that selects the mode, for tools whose
 * fields belong to some modes only.
 */
export function validateInput(tool: ToolDefinition, raw: unknown): Validated {
  let input = raw;
  if (typeof input === 'string') {
    try {
      input = JSON.parse(input);
    } catch {
      throw invalid(`The input must be a JSON object, got a string that is not JSON.`, exampleCall(tool, {}));
    }
  }
  if (input === undefined || input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw invalid(`The input must be a JSON object, got ${describe(input)}.`, exampleCall(tool, {}));
  }
  const record = input as ToolInput;
  // Named in an error as the model's schema names them: an unlisted field is accepted, not taught.
  const names = Object.keys(tool.fields).filter((name) => !tool.fields[name]!.unlisted);
  for (const key of Object.keys(record)) {
    // Own names only: `in` would accept "toString", and a JSON "__proto__" key would smuggle unchecked fields.
    if (!Object.hasOwn(tool.fields, key)) {
      const guess = closestField(key, names);
      throw invalid(
        `Unknown parameter "${quoted(key)}" for ${tool.name}.${guess ? ` Did you mean "${guess}"?` : ''} Parameters: ${names.join(', ')}.`,
        exampleCall(
          tool,
          guess
            ? { ...modeFor(tool, tool.fields[guess]!, record), [guess]: exampleValue(guess, tool.fields[guess]!) }
            : {},
          record,
        ),
      );
    }
  }
  const askedMode = typeof record.mode === 'string' ? record.mode : (tool.fields.mode?.default as string | undefined);
  for (const name of tool.required) {
    if ((record[name] === undefined || record[name] === null) && !optionalIn(tool, askedMode, name)) {
      throw invalid(`Missing required parameter "${name}".`, exampleCall(tool, {}, record));
    }
  }
  const notes: string[] = [];
  const out: ToolInput = {};
  const mode = typeof record.mode === 'string' ? record.mode : (tool.fields.mode?.default as string | undefined);
  for (const [name, value] of Object.entries(record)) {
    if (value === undefined || value === null) continue;
    const field = tool.fields[name]!;
    checkType(name, field, value, tool, record);
    if (field.modes && mode !== undefined && !field.modes.includes(mode)) {
      throw new LecternError(
        'INVALID_ARGS',
        `${name} is only valid for ${field.modes.map((m) => `mode='${m}'`).join(' or ')}. Remove it or switch mode.`,
        `Example: ${exampleCall(tool, { mode: field.modes[0] }, record)}`,
      );
    }
    if (field.type === 'integer' && field.maximum !== undefined && (value as number) > field.maximum) {
      notes.push(`${name} ${value} is above its maximum; used ${field.maximum}.`);
      out[name] = field.maximum;
      continue;
    }
    out[name] = value;
  }
  for (const name of (mode !== undefined && tool.modeRequired?.[mode]) || []) {
    if (out[name] === undefined) {
      throw invalid(`mode='${mode}' needs ${name}.`, exampleCall(tool, { mode }, record));
    }
  }
  return { input: out, notes };
}
