// grep, egrep, rg and git grep as a Lectern search: the pattern in RE2 (grep's basic syntax
// translated), its case, the paths, --include globs and context lines.
import { treePath, type Search, type Unmapped } from './intent';

/** grep's basic regular expression (BRE) in RE2: `\|`, `\(`, `\+` are operators there; bare ones literal. */
export function breToRe2(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i]!;
      if ('|()+?{}'.includes(next)) out += next;
      else if (next === '<' || next === '>') out += '\\b';
      else out += `\\${next}`;
    } else if ('|()+?{}'.includes(ch)) out += `\\${ch}`;
    else out += ch;
  }
  return out;
}

function ereToRe2(pattern: string): string {
  return pattern.replace(/\\[<>]/g, '\\b');
}

const META = /[.[\]*^$\\|()+?{}]/;

interface GrepFlags {
  pattern?: string;
  paths: string[];
  include: string[];
  recursive: boolean;
  ignoreCase: boolean;
  extended: boolean;
  fixed: boolean;
  word: boolean;
  before: number;
  after: number;
  refuse?: string;
}

const VALUE_FLAGS = new Set(['A', 'B', 'C', 'e', 'm', 'f']);

function shortFlags(word: string, next: () => string | undefined, flags: GrepFlags): void {
  for (let j = 1; j < word.length; j++) {
    const f = word[j]!;
    if (VALUE_FLAGS.has(f)) {
      const value = word.slice(j + 1) || next() || '';
      if (f === 'A' || f === 'C') flags.after = Number(value);
      if (f === 'B' || f === 'C') flags.before = Number(value);
      if (f === 'e') flags.pattern = value;
      if (f === 'f') flags.refuse = 'grep -f (patterns from a file)';
      return;
    }
    if (f === 'r' || f === 'R') flags.recursive = true;
    else if (f === 'i') flags.ignoreCase = true;
    else if (f === 'E') flags.extended = true;
    else if (f === 'F') flags.fixed = true;
    else if (f === 'w') flags.word = true;
    else if (f === 'v') flags.refuse = 'grep -v (lines not matching)';
    else if (f === 'c') flags.refuse = 'grep -c (a count of matches)';
  }
}

function longFlag(word: string, flags: GrepFlags): void {
  const [name, value] = word.slice(2).split('=', 2) as [string, string | undefined];
  if (name === 'include' && value) flags.include.push(value);
  else if (name === 'ignore-case') flags.ignoreCase = true;
  else if (name === 'recursive') flags.recursive = true;
  else if (name === 'count') flags.refuse = 'grep -c (a count of matches)';
  else if (name === 'invert-match') flags.refuse = 'grep -v (lines not matching)';
  else if (name === 'context' && value) flags.before = flags.after = Number(value);
}

function readFlags(words: readonly string[], rg: boolean): GrepFlags {
  const flags: GrepFlags = {
    paths: [],
    include: [],
    recursive: rg,
    ignoreCase: false,
    extended: rg,
    fixed: false,
    word: false,
    before: 0,
    after: 0,
  };
  let i = 0;
  const next = () => words[++i];
  for (; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      flags.paths.push(...words.slice(i + 1));
      break;
    }
    if (word.startsWith('--')) longFlag(word, flags);
    else if (word.startsWith('-') && word.length > 1) shortFlags(word, next, flags);
    else if (flags.pattern === undefined) flags.pattern = word;
    else flags.paths.push(word);
  }
  if (rg) flags.include = flags.include.concat(rgGlobs(words));
  return flags;
}

function rgGlobs(words: readonly string[]): string[] {
  const out: string[] = [];
  words.forEach((w, i) => {
    if ((w === '-g' || w === '--glob') && words[i + 1]) out.push(words[i + 1]!);
    if (w === '-t' && words[i + 1] === 'py') out.push('*.py');
  });
  return out;
}

/** `words` starts at the program's name (grep, egrep, rg, or git's `grep`). */
export function grepSearch(words: readonly string[]): Search | Unmapped {
  const program = words[0]!;
  const flags = readFlags(words.slice(1), program === 'rg');
  if (program === 'egrep') flags.extended = true;
  if (flags.refuse) return { kind: 'unmapped', reason: flags.refuse };
  if (flags.pattern === undefined) return { kind: 'unmapped', reason: 'grep without a pattern' };
  if (flags.paths.some((p) => /[$`]/.test(p))) return { kind: 'unmapped', reason: 'grep over a shell variable' };
  if (flags.paths.length > 1 && flags.paths.some((p) => /[*?]/.test(p)))
    return { kind: 'unmapped', reason: 'grep over several shell globs' };
  let query = flags.fixed ? flags.pattern : flags.extended ? ereToRe2(flags.pattern) : breToRe2(flags.pattern);
  let regex = !flags.fixed && META.test(query);
  if (flags.word) {
    query = `\\b${regex ? query : query.replace(/[.[\]*^$\\|()+?{}]/g, '\\$&')}\\b`;
    regex = true;
  }
  return {
    kind: 'search',
    query,
    regex,
    caseSensitive: !flags.ignoreCase,
    paths: flags.paths.map(treePath).filter((p) => p !== ''),
    include: flags.include,
    before: Math.min(20, flags.before || 0),
    after: Math.min(20, flags.after || 0),
  };
}
