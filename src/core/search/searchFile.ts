// `lectern_search` in one file: streams the file line by line (flat memory), matches with a
// linear-time engine, and answers matches in line order with their line numbers and context.
import { emptyMeta, LecternError, type ToolResponse } from '../ground/contract';
import { callText, formatCount, plural } from '../ground/format';
import { openText } from '../read/openText';
import type { ReadEnv } from '../ground/env';
import { LIMITS } from '../ground/settings';
import { decodeUtf8, utf8SafeEnd } from '../text/encoding';
import { lineFinder } from './lineFinder';
import { createMatcher } from './matcher';
import { INLINE_REGEX_MS, RegexCost } from './regexCost';
import { requireInside } from '../ground/paths';
import { renderGutter, type GutterLine } from '../text/gutter';

export interface SearchInput {
  target: string;
  query: string;
  is_regex?: boolean;
  case_sensitive?: boolean;
  max_matches?: number;
  before?: number;
  after?: number;
}

export interface SearchMatch {
  line: number;
  column: number;
  text: string;
}

/** Bytes read at a time, and the longest piece of one line searched at once (tests make them small). */
export const FILE_SCAN = { chunkBytes: 1024 * 1024, maxLineBytes: 4 * 1024 * 1024 };
const SHOWN_LINE_CHARS = 400;

/** The query as an answer's header shows it: at most a short prefix of a long one. */
export function shownQuery(query: string, isRegex: boolean): string {
  const short = query.length > 200 ? `${query.slice(0, 200)}…` : query;
  return isRegex ? `/${short}/` : JSON.stringify(short);
}

/** One line's display: long lines are cut around the match. */
export function excerpt(text: string, column: number): string {
  const clean = text.endsWith('\r') ? text.slice(0, -1) : text;
  if (clean.length <= SHOWN_LINE_CHARS) return clean;
  const from = Math.max(0, Math.min(column - SHOWN_LINE_CHARS / 4, clean.length - SHOWN_LINE_CHARS));
  const body = clean.slice(from, from + SHOWN_LINE_CHARS);
  return `${from > 0 ? '…' : ''}${body}${from + SHOWN_LINE_CHARS < clean.length ? '…' : ''} [line of ${formatCount(clean.length)} characters]`;
}

/** Decoded text of whole lines (CRs kept), read in chunks. */
interface Chunk {
  text: string;
  /** The first line is the next piece of a line longer than FILE_SCAN.maxLineBytes (numbered as the line before). */
  continued: boolean;
}

/** A file-target search stops after this long, answering with what it found and saying so. */
export const SEARCH_FILE_BUDGET_MS = 10_000;

/** Yields the file as chunks of whole lines, decoding strictly. */
async function* readChunks(
  env: ReadEnv,
  source: { size: number; read(p: number, n: number): Promise<Uint8Array> },
  base: number,
  label: string,
  notes: string[],
): AsyncGenerator<Chunk> {
  let carry = new Uint8Array(0);
  let inLine = false; // the last piece ended inside a line longer than FILE_SCAN.maxLineBytes
  for (let position = base; position < source.size;) {
    if (env.signal?.isCancellationRequested)
      throw new LecternError('CANCELLED', 'The search was cancelled.', 'Call again if you still need it.');
    const chunk = await source.read(position, FILE_SCAN.chunkBytes);
    if (chunk.length === 0) {
      // The file shrank under us (a log rotated, a truncate): what was read is the answer.
      notes.push(
        `The file shrank while it was searched (read ${formatCount(position - base)} of ${formatCount(source.size - base)} bytes); matches are from the part read.`,
      );
      if (carry.length > 0) {
        const rest = decodeUtf8(carry);
        if (rest !== undefined && !rest.includes('\0'))
          yield { text: rest.endsWith('\r') ? rest.slice(0, -1) : rest, continued: inLine };
      }
      return;
    }
    position += chunk.length;
    const data = carry.length > 0 ? concat(carry, chunk) : chunk;
    const atEnd = position >= source.size;
    let end = atEnd ? data.length : data.lastIndexOf(10) + 1;
    if (end === 0 && data.length > FILE_SCAN.maxLineBytes) end = utf8SafeEnd(data, FILE_SCAN.maxLineBytes);
    const text = decodeUtf8(data.subarray(0, end));
    if (text === undefined || text.includes('\0')) {
      throw new LecternError(
        'BINARY_FILE',
        `${label} contains bytes that are not UTF-8 text.`,
        'Binary files cannot be searched.',
      );
    }
    carry = data.slice(end);
    if (text.length === 0) continue;
    yield { text, continued: inLine };
    inLine = !text.endsWith('\n');
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

export async function searchFile(env: ReadEnv, input: SearchInput, notes: string[] = []): Promise<ToolResponse> {
  const matcher = createMatcher(input.query, input.is_regex ?? false, input.case_sensitive ?? false);
  const path = await env.resolver.resolve(input.target);
  requireInside(path, env.allowOutside, 'Search files', env.allowSecrets);
  const file = await openText(env.host, path, env.sniffs, env);
  const maxMatches = Math.min(input.max_matches ?? LIMITS.defaultSearchMatches, LIMITS.maxSearchMatches);
  const before = Math.min(input.before ?? 0, LIMITS.maxSearchContext);
  const after = Math.min(input.after ?? 0, LIMITS.maxSearchContext);
  const matches: SearchMatch[] = [];
  const blocks: GutterLine[][] = [];
  let totalMatches = 0;
  let firstOmitted: number | null = null;
  let lastOmitted: number | null = null;
  let totalLines = 0;
  const recent: { number: number; text: string }[] = [];
  let afterLeft = 0;
  let lastPrinted = 0;
  let lastMatched = 0;
  let block: GutterLine[] | undefined;
  const started = Date.now();
  const cost = input.is_regex ? new RegexCost(matcher) : undefined;
  const regex = input.is_regex ? env.host.regex : undefined;
  let stopped: string | undefined;
  /** A line a regular expression is predicted to be slow on: matched off the host's thread. */
  const offThread = (text: string) =>
    regex !== undefined && cost !== undefined && cost.predictMs(text.length) > INLINE_REGEX_MS;
  /** Column of the first match in a line, or -1 (inline). */
  const firstMatch = (text: string): number =>
    cost ? cost.time(text.length, () => matcher.firstMatch(text)) : matcher.firstMatch(text);
  /** The same off the host's thread; undefined when the time ran out. */
  const firstMatchOffThread = async (text: string): Promise<number | undefined> => {
    const left = SEARCH_FILE_BUDGET_MS - (Date.now() - started);
    const result =
      left > 0
        ? await regex!.scan(input.query, input.case_sensitive ?? false, text, 1, left).catch(() => null)
        : undefined;
    if (result === null) return firstMatch(text); // no thread to run on: inline
    return result ? (result.hits[0]?.column ?? -1) : undefined;
  };
  /** Skips the next piece of an over-long line already matched or shown; true: skip it. */
  const skipPiece = (number: number): boolean => {
    if (number === lastMatched || number === lastPrinted) return true;
    if (recent[recent.length - 1]?.number === number) recent.pop();
    return false;
  };
  let hay = ''; // the chunk being searched
  /** Line [start, stop) of the chunk without its CR. */
  const lineAt = (start: number, stop: number) =>
    stop > start && hay.charCodeAt(stop - 1) === 13 ? hay.slice(start, stop - 1) : hay.slice(start, stop);
  /** One line's outcome: `column` of its first match, or -1; its text is made only when it is shown. */
  // No closure is made per line: in a hot loop that costs more than the line's test.
  const visit = (number: number, start: number, stop: number, column: number, made?: string) => {
    if (column !== -1) {
      lastMatched = number;
      totalMatches++;
      if (matches.length < maxMatches) {
        const shown = made ?? lineAt(start, stop);
        matches.push({ line: number, column: column + 1, text: shown });
        const contiguous = block !== undefined && number - recent.length <= lastPrinted + 1;
        if (!contiguous || !block) {
          block = [];
          blocks.push(block);
        }
        for (const context of recent) {
          if (context.number > lastPrinted)
            block.push({ number: context.number, mark: '-', text: excerpt(context.text, 0) });
        }
        block.push({ number, mark: ':', text: excerpt(shown, column) });
        lastPrinted = number;
        afterLeft = after;
        recent.length = 0;
        return;
      }
      firstOmitted ??= number;
      lastOmitted = number;
    } else if (afterLeft > 0 && block) {
      block.push({ number, mark: '-', text: excerpt(made ?? lineAt(start, stop), 0) });
      lastPrinted = number;
      afterLeft--;
      return;
    }
    if (before > 0 && matches.length < maxMatches) {
      recent.push({ number, text: made ?? lineAt(start, stop) });
      if (recent.length > before) recent.shift();
    }
  };
  const noContext = before === 0 && after === 0;
  const finder = lineFinder(input, noContext);
  const blank = finder?.blank;
  let made: string | undefined; // the text of the line `test` tested, when it made it
  /**
   * Column of the first match in line [start, stop), or undefined when a regular expression ran out
   * of time on it; a promise only when the line is tested off the host's thread (an await per line
   * would cost more than the test).
   */
  const test = (start: number, stop: number): number | undefined | Promise<number | undefined> => {
    made = undefined;
    if (blank) return blank(hay, start, stop);
    made = lineAt(start, stop);
    return offThread(made) ? firstMatchOffThread(made) : firstMatch(made);
  };
  const ranOut = (number: number) => {
    stopped = `The regular expression ran out of time (${Math.round(SEARCH_FILE_BUDGET_MS / 1000)} s) on line ${formatCount(number)}`;
    totalLines = number - 1;
  };
  let lineNumber = 0; // the last line numbered
  try {
    scan: for await (const chunk of readChunks(env, file.source, file.base, path.display, notes)) {
      if (Date.now() - started > SEARCH_FILE_BUDGET_MS) {
        stopped = `Stopped after ${Math.round((Date.now() - started) / 1000)} s at line ${formatCount(totalLines)}`;
        break;
      }
      hay = chunk.text;
      // `number` is the number of the line that starts at `counted`.
      let number = chunk.continued ? lineNumber : lineNumber + 1;
      let counted = 0;
      const numberAt = (start: number): number => {
        for (let nl = hay.indexOf('\n', counted); nl !== -1 && nl < start; nl = hay.indexOf('\n', counted)) {
          number++;
          counted = nl + 1;
        }
        return number;
      };
      const stopOf = (at: number) => {
        const nl = hay.indexOf('\n', at);
        return nl === -1 ? hay.length : nl;
      };
      let from = 0;
      if (chunk.continued) {
        const stop = stopOf(0);
        if (!skipPiece(number)) {
          let column = test(0, stop);
          if (typeof column !== 'number') column = await column;
          if (column === undefined) {
            ranOut(number);
            break scan;
          }
          visit(number, 0, stop, column, made);
        }
        from = stop + 1;
      }
      if (finder?.find && finder.usable(hay)) {
        // Only the lines the finder lands on can match: the others are counted, never made into strings.
        while (from < hay.length) {
          const at = finder.find(hay, from);
          if (at === -1) break;
          const stop = stopOf(at);
          const n = numberAt(at); // no line break between the line's start and `at`
          const start = counted;
          if (finder.exact) {
            // Kept lines get their column from the line matcher (the finder may see case-folded text differently).
            const shown = matches.length < maxMatches ? lineAt(start, stop) : undefined;
            visit(n, start, stop, shown === undefined ? 0 : matcher.firstMatch(shown), shown);
          } else {
            let column = test(start, stop);
            if (typeof column !== 'number') column = await column;
            if (column === undefined) {
              ranOut(n);
              break scan;
            }
            visit(n, start, stop, column, made);
          }
          from = stop + 1;
        }
      } else {
        numberAt(from);
        // Every line, numbered as it goes.
        for (let start = from; start < hay.length;) {
          const stop = stopOf(start);
          if (blank && noContext) {
            if (blank(hay, start, stop) === 0) visit(number, start, stop, 0);
          } else {
            let column = test(start, stop);
            if (typeof column !== 'number') column = await column;
            if (column === undefined) {
              ranOut(number);
              break scan;
            }
            visit(number, start, stop, column, made);
          }
          if (stop >= hay.length) break;
          start = stop + 1;
          number++;
          counted = start;
        }
      }
      numberAt(hay.length);
      // Past a final line break, `number` names the line after the chunk.
      lineNumber = hay.endsWith('\n') ? number - 1 : number;
      totalLines = lineNumber;
    }
  } finally {
    await file.source.close().catch(() => undefined);
  }

  if (stopped)
    notes.push(
      `${stopped} of ${formatCount(file.source.size)} bytes: matches are from the lines before. Narrow the query or search a range with lectern_read.`,
    );
  // Keep the output within the token cap, dropping whole match blocks from the end.
  const query = shownQuery(input.query, input.is_regex ?? false);
  let rendered = blocks.map((b) => renderGutter(b, env.settings.lineNumbers));
  let tokens = 120;
  let keptBlocks = 0;
  for (const piece of rendered) {
    const cost = env.countTokens(piece) + 1;
    if (tokens + cost > env.tokenCap && keptBlocks > 0) break;
    tokens += cost;
    keptBlocks++;
  }
  let shownMatches = matches.length;
  if (keptBlocks < rendered.length) {
    const keptLines = new Set(
      blocks.slice(0, keptBlocks).flatMap((b) => b.filter((l) => l.mark === ':').map((l) => l.number)),
    );
    shownMatches = matches.filter((m) => keptLines.has(m.line)).length;
    const firstDropped = matches[shownMatches];
    if (firstDropped) firstOmitted = Math.min(firstOmitted ?? Infinity, firstDropped.line);
    lastOmitted = Math.max(lastOmitted ?? 0, matches[matches.length - 1]!.line);
    notes.push(`Output shortened to fit the per-answer token cap (${formatCount(env.tokenCap)} tokens).`);
    matches.length = shownMatches;
    rendered = rendered.slice(0, keptBlocks);
  }
  const omitted = totalMatches - shownMatches;
  const header =
    totalMatches === 0
      ? `${path.display} · no matches for ${query} in ${plural(totalLines, 'line')}`
      : `${path.display} · ${plural(totalMatches, 'match', 'matches')} for ${query} in ${plural(totalLines, 'line')}${omitted > 0 ? ` (showing ${formatCount(shownMatches)})` : ''}`;
  const footer: string[] = notes.map((n) => `[${n}]`);
  if (omitted > 0) {
    footer.push(
      `[${plural(omitted, 'more match', 'more matches')} not shown (${firstOmitted === lastOmitted ? `line ${formatCount(firstOmitted!)}` : `lines ${formatCount(firstOmitted!)}-${formatCount(lastOmitted!)}`}). Raise max_matches (up to ${LIMITS.maxSearchMatches}) or narrow the query.]`,
    );
  }
  if (matches.length > 0) {
    // A read around the first match, unless the answer shows context already.
    const first = matches[0]!.line;
    if (!(input.before || input.after))
      footer.push(
        `[Read around a match: ${callText('lectern_read', { mode: 'file', target: path.display, start_line: Math.max(1, first - 20), end_line: first + 40 })}]`,
      );
  } else {
    footer.push(
      input.is_regex
        ? '[No line matches. Check the pattern, or try case_sensitive false.]'
        : '[No line matches. Try fewer words, a different spelling, or is_regex with an alternation.]',
    );
  }
  const text = [header, rendered.join('\n--\n'), ...footer].filter((s) => s.length > 0).join('\n');
  const meta = {
    ...emptyMeta(),
    total_lines: totalLines,
    total_bytes: file.source.size,
    start_line: matches[0]?.line ?? null,
    end_line: matches[matches.length - 1]?.line ?? null,
    truncated: omitted > 0 || stopped !== undefined,
    preview_degraded: keptBlocks < blocks.length,
    source: file.origin,
    encoding: file.encoding,
    matches,
    total_matches: totalMatches,
    shown_matches: shownMatches,
    /** The file, when it matched: the same field a workspace search answers with its ranked files. */
    files: totalMatches > 0 ? [path.display] : [],
  };
  if (notes.length > 0) meta.notes = [...notes];
  return {
    ok: true,
    mode: 'search',
    target: path.display,
    content: matches.map((m) => m.text).join('\n'),
    text,
    meta,
    location:
      matches.length > 0
        ? { file: path.display, line: matches[0]!.line, end_line: matches[matches.length - 1]!.line }
        : { file: path.display, line: null, end_line: null },
  };
}
