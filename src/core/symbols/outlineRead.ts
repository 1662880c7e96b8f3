// A file's symbol tree as the model sees it: `[L10-42] kind signature`, nested, shrunk level by
// level (shorter lines, less depth, fewer kinds, fewer entries) until it fits its budget, always
// with next calls that work: symbol reads by qualified name, or line ranges.
import { emptyMeta, type ToolResponse } from '../ground/contract';
import { callText, formatBytes, formatCount, plural } from '../ground/format';
import { symbolLabel } from './label';
import { countPaced, fitsInBytes } from '../ground/tokens';
import { hostPacer } from '../ground/walk';
import { utf8Length } from '../text/encoding';
import type { FileSymbols } from './fileSymbols';
import type { SymbolEnv } from './symbolEnv';
import type { OutlineSymbol, SymbolKind } from '../ground/symbolTypes';
import { TOOL } from '../ground/tools';

interface Level {
  maxDepth: number;
  signatures: boolean;
  kinds: readonly SymbolKind[] | null;
  note: string | null;
}

/** Header and footer of an outline answer (measured ~165 tokens with long paths): kept free. */
const FRAME_TOKENS = 240;
/** How far the sum of the entries' and the frame's counts may fall short of the whole answer's. */
const FRAME_SLACK_TOKENS = 64;

const MAJOR_KINDS: readonly SymbolKind[] = [
  'class',
  'struct',
  'interface',
  'enum',
  'type',
  'module',
  'function',
  'method',
];

const LEVELS: readonly Level[] = [
  { maxDepth: Infinity, signatures: true, kinds: null, note: null },
  { maxDepth: Infinity, signatures: false, kinds: null, note: 'names only (signatures left out to fit)' },
  { maxDepth: 2, signatures: false, kinds: null, note: 'two levels deep; deeper members are counted' },
  { maxDepth: 1, signatures: false, kinds: null, note: 'top level only; members are counted' },
  {
    maxDepth: 1,
    signatures: false,
    kinds: MAJOR_KINDS,
    note: 'top-level declarations only (variables and fields left out)',
  },
];

function count(symbols: readonly OutlineSymbol[]): number {
  return symbols.reduce((n, s) => n + 1 + count(s.children), 0);
}

function render(symbols: readonly OutlineSymbol[], level: Level, depth = 1, out: string[] = []): string[] {
  for (const symbol of symbols) {
    if (level.kinds && !level.kinds.includes(symbol.kind)) continue;
    const range =
      symbol.startLine === symbol.endLine ? `L${symbol.startLine}` : `L${symbol.startLine}-${symbol.endLine}`;
    const label = symbolLabel(symbol, level.signatures);
    const hidden = depth >= level.maxDepth ? count(symbol.children) : 0;
    const line = `${'  '.repeat(depth - 1)}[${range}] ${label}${hidden > 0 ? ` (+${plural(hidden, 'member')})` : ''}`;
    // Declarators that share a declaration (`private int created, cancelled;`) show one line once.
    if (symbol.children.length === 0 && out[out.length - 1] === line) continue;
    out.push(line);
    if (depth < level.maxDepth) render(symbol.children, level, depth + 1, out);
  }
  return out;
}

/** What an example read names first: code (functions, classes) over constants and type variables. */
const EXAMPLE_KINDS: readonly SymbolKind[] = ['class', 'struct', 'function', 'interface', 'enum', 'module', 'method'];

/** The first symbol with members, for an example of a call that expands one. */
function firstContainer(symbols: readonly OutlineSymbol[]): OutlineSymbol | undefined {
  return symbols.find((s) => s.children.length > 0);
}

/** The entries an outline shows, at which level, how many were left out, and what they cost. */
interface Shown {
  level: Level;
  lines: string[];
  cut: number;
  /** Tokens of the lines; absent where they surely fit with the frame (fitsInBytes) and were not counted. */
  linesTokens?: number;
}

export async function renderOutline(
  env: Pick<SymbolEnv, 'countTokens'>,
  file: FileSymbols,
  budgetTokens: number,
  reason: string | null,
): Promise<ToolResponse> {
  const { display, symbols, source } = file;
  // A large file's outline takes hundreds of ms to count, render and measure: the host gets a turn
  // every slice meanwhile (one pacer for the whole answer, so no step starts a slice of its own).
  const pace = hostPacer();
  let total = 0;
  for (const symbol of symbols) {
    total += 1 + count(symbol.children);
    await pace();
  }
  const shown = await keepFitting(env, await pickLevel(env, symbols, budgetTokens, pace), budgetTokens, pace);
  const text = fitFrame(env, shown, budgetTokens, () => composeOutline(file, total, reason, shown));
  return {
    ok: true,
    mode: 'file',
    target: display,
    content: '',
    text,
    meta: {
      ...emptyMeta(),
      truncated: true,
      preview_degraded: shown.level !== LEVELS[0] || shown.cut > 0,
      total_lines: source.lineCount,
      total_bytes: source.lineStarts[source.lineCount]!,
      outline: { symbols: total, shown: shown.lines.length, level: LEVELS.indexOf(shown.level) },
      version: file.version,
      absolute_path: file.absolute,
    },
    location: { file: display, line: null, end_line: null },
  };
}

/**
 * The finest level whose entries fit with the frame (else the coarsest). A large file's candidates
 * take hundreds of ms to render and count: the host gets a turn between them and between pieces.
 */
async function pickLevel(
  env: Pick<SymbolEnv, 'countTokens'>,
  symbols: readonly OutlineSymbol[],
  budgetTokens: number,
  pace: () => Promise<void>,
): Promise<Shown> {
  let shown: Shown = { level: LEVELS[0]!, lines: [], cut: 0, linesTokens: 0 };
  for (const level of LEVELS) {
    const lines: string[] = [];
    for (const symbol of symbols) {
      render([symbol], level, 1, lines);
      await pace();
    }
    // The lines' bytes joined by newlines, read only until over the budget (not joined to be measured).
    if (fitsInBytes(lines, budgetTokens, FRAME_TOKENS + Math.max(0, lines.length - 1))) return { level, lines, cut: 0 };
    const text = lines.join('\n');
    await pace();
    shown = { level, lines, cut: 0, linesTokens: await countPaced(env.countTokens, text, pace) };
    if (shown.linesTokens! + FRAME_TOKENS <= budgetTokens) break;
  }
  return shown;
}

/** Still too big at the coarsest level: keep the first entries that fit and say where the rest are. */
async function keepFitting(
  env: Pick<SymbolEnv, 'countTokens'>,
  shown: Shown,
  budgetTokens: number,
  pace: () => Promise<void>,
): Promise<Shown> {
  if (shown.linesTokens === undefined || shown.linesTokens + FRAME_TOKENS <= budgetTokens) return shown;
  let used = FRAME_TOKENS;
  let keep = 0;
  for (const line of shown.lines) {
    const cost = env.countTokens(line) + 1;
    if (used + cost > budgetTokens) break;
    used += cost;
    keep++;
    await pace();
  }
  return {
    ...shown,
    cut: shown.lines.length - keep,
    lines: shown.lines.slice(0, keep),
    linesTokens: used - FRAME_TOKENS,
  };
}

/**
 * The answer's text, entries dropped from the end while it is over the budget. The frame is measured,
 * not assumed: a long footer (a bundle's notes and calls) takes its room from the entries. Counted
 * whole only where the frame's own count says it may not fit.
 */
function fitFrame(
  env: Pick<SymbolEnv, 'countTokens'>,
  shown: Shown,
  budgetTokens: number,
  compose: () => { text: string; frame: string },
): string {
  let { text, frame } = compose();
  // Uncounted lines are bounded by their bytes; the frame is counted only where its bytes may not fit.
  const listed = shown.linesTokens === undefined ? shown.lines.join('\n') : '';
  const linesBound = shown.linesTokens ?? utf8Length(listed);
  const mayOverflow =
    !fitsInBytes([frame], budgetTokens, linesBound + FRAME_SLACK_TOKENS) &&
    (shown.linesTokens ?? env.countTokens(listed)) + env.countTokens(frame) + FRAME_SLACK_TOKENS > budgetTokens;
  for (
    let over = mayOverflow ? env.countTokens(text) - budgetTokens : 0;
    over > 0 && shown.lines.length > 1;
    over = env.countTokens(text) - budgetTokens
  ) {
    const lines = shown.lines;
    let dropped = 0;
    for (let freed = 0; freed < over && lines.length - dropped > 1; dropped++)
      freed += env.countTokens(lines[lines.length - 1 - dropped]!) + 1;
    shown.lines = lines.slice(0, lines.length - dropped);
    shown.cut += dropped;
    ({ text, frame } = compose());
  }
  return text;
}

/** The answer as it reads with `shown.lines` shown and `shown.cut` entries left out. */
function composeOutline(
  file: FileSymbols,
  total: number,
  reason: string | null,
  shown: Shown,
): { text: string; frame: string } {
  const { display, source } = file;
  const header = `${display} · outline · ${plural(source.lineCount, 'line')}, ${formatBytes(source.lineStarts[source.lineCount]! - source.lineStarts[0]!)}, ${plural(total, 'symbol')}`;
  const footer: string[] = [];
  if (reason) footer.push(`[${reason}]`);
  for (const note of file.notes ?? []) footer.push(`[${note}]`);
  if (file.topLevelOnly) footer.push(topLevelNote(file));
  if (shown.level.note) footer.push(`[Shown: ${shown.level.note}.]`);
  if (shown.cut > 0) footer.push(cutNote(file, shown));
  footer.push(nextCallsNote(file, shown.level));
  return { text: [header, ...shown.lines, ...footer].join('\n'), frame: [header, ...footer].join('\n') };
}

/** A large file lists its top-level declarations only: how to see inside one. */
function topLevelNote(file: FileSymbols): string {
  const { display, symbols, source } = file;
  const container = symbols.find((s) => EXAMPLE_KINDS.includes(s.kind) && s.kind !== 'function') ?? symbols[0];
  return `[${display} is large (${formatBytes(source.lineStarts[source.lineCount]! - source.lineStarts[0]!)}): this outline lists its top-level declarations only${file.wrapper ? `, with those directly inside its wrapper function (lines ${formatCount(file.wrapper.startLine)}-${formatCount(file.wrapper.endLine)})` : ''}.${container ? ` Members of one: ${callText(TOOL.read, { mode: 'symbol', target: container.name, path: display, include_body: false })}, or a member by name (${JSON.stringify(`${container.name}.NAME`)}); or read a range.` : ` Search it with ${TOOL.search} and read ranges.`}]`;
}

/** Where the entries left out are, and the call that reads on. */
function cutNote(file: FileSymbols, shown: Shown): string {
  const { display, source } = file;
  const lastShownLine = Number(/\[L(\d+)/.exec(shown.lines[shown.lines.length - 1] ?? '')?.[1] ?? 1);
  return `[${plural(shown.cut, 'more entry', 'more entries')} after line ${formatCount(lastShownLine)} not shown. Find one with ${TOOL.search}, or read on: ${callText(TOOL.read, { mode: 'file', target: display, start_line: lastShownLine + 1, end_line: Math.min(source.lineCount, lastShownLine + 300) })}]`;
}

/** Example calls: one symbol, its members (where the level hides them), or its lines. */
function nextCallsNote(file: FileSymbols, level: Level): string {
  const { display, symbols, source } = file;
  const example = symbols.find((s) => EXAMPLE_KINDS.includes(s.kind)) ?? symbols[0];
  if (!example)
    return `[No symbols found. Read lines: ${callText(TOOL.read, { mode: 'file', target: display, start_line: 1, end_line: Math.min(source.lineCount, 200) })}]`;
  const container = firstContainer(symbols);
  const calls = [
    callText(TOOL.read, {
      mode: 'symbol',
      target: example.scope ? `${example.scope}.${example.name}` : example.name,
      path: display,
    }),
  ];
  if (container && level.maxDepth < Infinity)
    calls.push(callText(TOOL.read, { mode: 'symbol', target: container.name, path: display, include_body: false }));
  calls.push(
    callText(TOOL.read, {
      mode: 'file',
      target: display,
      start_line: example.contextStartLine,
      end_line: example.endLine,
    }),
  );
  return `[Read one symbol: ${calls[0]}${calls.length > 2 ? ` · its members: ${calls[1]}` : ''} · or lines: ${calls[calls.length - 1]}]`;
}
