// A bash agent's step judged as a read: which command it is (cat, sed -n, nl | sed, head, tail, awk,
// grep, rg, ls, find, tree, and the usual pipes between them) and what it asks for. Steps that run,
// edit or test are not reads (null); read-like steps no Lectern call fits say why (Unmapped).
import { grepSearch } from './grepCommand';
import { treePath, type Classified, type ReadIntent, type Unmapped } from './intent';
import { parseCommandLine, type Pipeline } from './shellWords';

const READERS = new Set(['cat', 'nl', 'sed', 'head', 'tail', 'awk', 'grep', 'egrep', 'rg', 'ls', 'find', 'tree']);

function operands(words: readonly string[]): string[] {
  return words.slice(1).filter((w) => !w.startsWith('-'));
}

/** `sed -n 'A,Bp'`, `'Ap'`, several joined by `;`: the ranges, or null. */
export function sedRanges(
  words: readonly string[],
): { ranges: Array<{ start: number; end: number }>; file?: string } | null {
  if (!words.includes('-n') || words.some((w) => w.startsWith('-i'))) return null;
  const script = words.slice(1).find((w) => !w.startsWith('-'));
  if (!script) return null;
  const ranges: Array<{ start: number; end: number }> = [];
  for (const part of script.split(';').filter((p) => p.trim() !== '')) {
    const match = /^(\d+)(?:,(\d+|\$))?\s*p$/.exec(part.trim());
    if (!match) return null;
    const start = Number(match[1]);
    ranges.push({
      start,
      end: match[2] === undefined ? start : match[2] === '$' ? Number.MAX_SAFE_INTEGER : Number(match[2]),
    });
  }
  const file = words.slice(1).filter((w) => !w.startsWith('-') && w !== script)[0];
  return { ranges, file };
}

/** `sed -n '/def NAME/,/…/p'` (or `/class NAME/`): the name the walk starts at, or null. */
export function sedSymbol(words: readonly string[]): string | null {
  const script = words.slice(1).find((w) => !w.startsWith('-'));
  const match = script
    ? /^\/\s*(?:\^\s*)?(?:\\s\*|\s)*(?:async\s+)?(?:def|class)\s+(\w+)[^/]*\/\s*,\s*\/[^/]*\/\s*p$/.exec(script.trim())
    : null;
  return match ? match[1]! : null;
}

function sedRead(words: readonly string[], file?: string): ReadIntent[] | Unmapped {
  const ranges = sedRanges(words);
  const target = file ?? ranges?.file;
  if (ranges && target)
    return ranges.ranges.map((r) => ({ kind: 'range', file: treePath(target), start: r.start, end: r.end }));
  const symbol = sedSymbol(words);
  const symbolFile = file ?? words.slice(1).filter((w) => !w.startsWith('-'))[1];
  if (symbol && symbolFile) return [{ kind: 'range', file: treePath(symbolFile), start: 0, end: null, symbol }];
  return { kind: 'unmapped', reason: 'sed script other than a line range or a walk through one definition' };
}

function countArg(words: readonly string[], fallback: number): { n: number; plus: boolean } | null {
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const inline = /^-n?(\+?\d+)$/.exec(w);
    if (inline) return { n: Number(inline[1]!.replace('+', '')), plus: inline[1]!.startsWith('+') };
    if (w === '-n' && words[i + 1])
      return { n: Number(words[i + 1]!.replace('+', '')), plus: words[i + 1]!.startsWith('+') };
  }
  return { n: fallback, plus: false };
}

function fileOperand(words: readonly string[]): string | undefined {
  const skip = new Set<number>();
  words.forEach((w, i) => {
    if (w === '-n' || w === '-c') skip.add(i + 1);
  });
  return words.slice(1).find((w, i) => !w.startsWith('-') && !skip.has(i + 1));
}

function headTail(words: readonly string[]): ReadIntent | Unmapped {
  const file = fileOperand(words);
  const count = countArg(words, 10);
  if (!file || !count) return { kind: 'unmapped', reason: `${words[0]} without a file` };
  const path = treePath(file);
  if (words[0] === 'head') return { kind: 'range', file: path, start: 1, end: count.n };
  return count.plus
    ? { kind: 'range', file: path, start: count.n, end: null }
    : { kind: 'range', file: path, start: 0, end: null, last: count.n };
}

function awkRange(words: readonly string[]): ReadIntent | Unmapped {
  const [program, file] = operands(words);
  const match = program ? /^NR\s*>=?\s*(\d+)\s*&&\s*NR\s*<=?\s*(\d+)\s*$/.exec(program) : null;
  if (!match || !file) return { kind: 'unmapped', reason: 'awk program' };
  return { kind: 'range', file: treePath(file), start: Number(match[1]), end: Number(match[2]) };
}

function listing(words: readonly string[]): ReadIntent | Unmapped {
  const program = words[0]!;
  if (program === 'find') {
    if (words.includes('-exec') || words.includes('-delete')) return { kind: 'unmapped', reason: 'find -exec' };
    const start = words[1] && !words[1].startsWith('-') ? words[1] : '.';
    const flag = words.findIndex((w) => w === '-name' || w === '-iname');
    const name = flag > 0 ? words[flag + 1] : undefined;
    return { kind: 'listing', target: treePath(start), ...(name ? { name } : {}) };
  }
  // tree's options that take a value (-L levels, -I/-P patterns): the value is not a path.
  const valued = new Set(['-L', '-I', '-P']);
  const paths = operands(words.filter((_, i) => !(program === 'tree' && valued.has(words[i - 1]!))));
  if (paths.length > 1) return { kind: 'unmapped', reason: `${program} of several paths` };
  const target = treePath(paths[0] ?? '.');
  const file = program === 'ls' && /\.[A-Za-z0-9]+$/.test(target);
  return { kind: 'listing', target, file, ...depthOf(words) };
}

/** How deep a listing looks: `ls` one level unless -R; `tree -L N` N levels; else every level. */
function depthOf(words: readonly string[]): { depth?: number } {
  const flags = words.slice(1).filter((w) => w.startsWith('-'));
  if (words[0] === 'ls') return flags.some((f) => /^-[A-Za-z]*R/.test(f)) ? {} : { depth: 1 };
  const level = words.indexOf('-L');
  const n = level > 0 ? Number(words[level + 1]) : NaN;
  return Number.isInteger(n) && n > 0 ? { depth: n } : {};
}

/** One command read on its own (no pipe). */
function single(words: readonly string[]): ReadIntent | ReadIntent[] | Unmapped {
  const program = words[0]!;
  switch (program) {
    case 'cat':
    case 'nl': {
      const files = operands(words).map(treePath);
      return files.length ? { kind: 'whole-file', files } : { kind: 'unmapped', reason: `${program} without a file` };
    }
    case 'sed':
      return sedRead(words);
    case 'head':
    case 'tail':
      return headTail(words);
    case 'awk':
      return awkRange(words);
    case 'grep':
    case 'egrep':
    case 'rg':
      return grepSearch(words);
    default:
      return listing(words);
  }
}

const LISTING_FILTERS = new Set(['grep', 'head', 'tail', 'sort', 'wc']);

/** `find DIR -name GLOB | xargs grep …`: a search of DIR's files matching GLOB. */
function findXargsGrep(find: readonly string[], xargs: readonly string[]): ReadIntent | Unmapped {
  const search = xargs[1] === 'grep' ? grepSearch(xargs.slice(1)) : null;
  if (!search || search.kind !== 'search') return search ?? { kind: 'unmapped', reason: 'find piped into xargs' };
  const dir = find[1] && !find[1].startsWith('-') ? treePath(find[1]) : '';
  const name = find[find.indexOf('-name') + 1];
  return { ...search, paths: dir ? [dir] : [], include: find.includes('-name') && name ? [name] : [] };
}

/** `reader FILE | filter…`: numbered views (nl -ba, cat -n) cut by sed -n, head, tail or grep; a
 * search cut by head or by grep -v; a listing filtered by grep, head, sort or wc. */
function piped(pipeline: Pipeline): ReadIntent | ReadIntent[] | Unmapped {
  const [first, second] = [pipeline[0]!.words, pipeline[1]!.words];
  const head = single(first);
  const filters = pipeline.slice(1).map((c) => c.words[0] ?? '');
  if (!Array.isArray(head) && head.kind === 'listing' && filters.every((f) => LISTING_FILTERS.has(f))) return head;
  if (first[0] === 'find' && second[0] === 'xargs' && pipeline.length === 2) return findXargsGrep(first, second);
  const reason = {
    kind: 'unmapped' as const,
    reason: pipeline.length > 2 ? 'pipeline of three or more commands' : `${first[0]} piped into ${second[0]}`,
  };
  if (pipeline.length > 2 || Array.isArray(head)) return reason;
  if (head.kind === 'search' && second[0] === 'head') return { ...head, limit: countArg(second, 10)?.n ?? 10 };
  if (head.kind === 'search' && second[0] === 'grep' && second.includes('-v')) return head;
  if (head.kind === 'range' && head.start === 1 && head.end !== null && second[0] === 'tail') {
    const n = countArg(second, 10)?.n ?? 10;
    return { ...head, start: Math.max(1, head.end - n + 1) };
  }
  if (head.kind !== 'whole-file' || head.files.length !== 1) return reason;
  const file = head.files[0]!;
  if (second[0] === 'sed') return sedRead(second, file);
  if (second[0] === 'head') return { kind: 'range', file, start: 1, end: countArg(second, 10)?.n ?? 10 };
  if (second[0] === 'tail') return { kind: 'range', file, start: 0, end: null, last: countArg(second, 10)?.n ?? 10 };
  if (second[0] === 'grep') {
    const search = grepSearch(second);
    return search.kind === 'search' ? { ...search, paths: [file] } : search;
  }
  return reason;
}

function pipelineRead(pipeline: Pipeline): ReadIntent[] | Unmapped | null {
  const first = pipeline[0]!;
  const program = first.words[0] ?? '';
  if (!READERS.has(program) || first.redirects.length > 0) return null;
  if (program === 'sed' && !first.words.includes('-n')) return null; // an edit
  if (pipeline.some((c) => c.redirects.some((r) => r.startsWith('>')))) return null;
  const read = pipeline.length === 1 ? single(first.words) : piped(pipeline);
  return Array.isArray(read) ? read : read.kind === 'unmapped' ? read : [read];
}

/** The step's read, if it is one. */
export function classifyShell(command: string): Classified {
  const pipelines = parseCommandLine(command).filter((p) => p[0]?.words[0] !== 'cd');
  if (pipelines.length === 0) return null;
  const reads = pipelines.map(pipelineRead);
  if (reads[0] === null) return null;
  if (reads.some((r) => r === null)) return { kind: 'unmapped', reason: 'read chained with other commands' };
  const intents: ReadIntent[] = [];
  for (const read of reads) {
    if (read === null) continue;
    if (!Array.isArray(read)) return read;
    intents.push(...read);
  }
  return { kind: 'read', intents };
}
