// A shell command line cut into commands and words, as far as the read-like steps need: quotes,
// backslashes, pipes, `&&`, `||`, `;`, newlines and redirections. No expansion is done: a step that
// needs one ($VAR, $(…), globs outside a pattern) keeps its text and is judged by the caller.

export interface SimpleCommand {
  words: string[];
  /** Redirections other than discarding stderr (`2>/dev/null`, `2>&1`): writing a file is not a read. */
  redirects: string[];
}

/** Pipelines (`a | b`) in order, split at `&&`, `||`, `;` and newlines. */
export type Pipeline = SimpleCommand[];

const OPERATORS = ['&&', '||', '2>&1', '2>/dev/null', '>>', '<<', '|', ';', '\n', '>', '<'];

/** Where a quote opened before `from` closes: the next `'`, or the next `"` not escaped by a backslash. */
function closingQuote(line: string, quote: string, from: number): number {
  for (let i = from; i < line.length; i++) {
    if (quote === '"' && line[i] === '\\') i++;
    else if (line[i] === quote) return i;
  }
  return line.length;
}

function lex(line: string): string[] {
  const tokens: string[] = [];
  let word: string | null = null;
  let i = 0;
  const push = () => {
    if (word !== null) tokens.push(word);
    word = null;
  };
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === "'" || ch === '"') {
      const stop = closingQuote(line, ch, i + 1);
      let body = line.slice(i + 1, stop);
      if (ch === '"') body = body.replace(/\\(["\\$`])/g, '$1');
      word = (word ?? '') + body;
      i = stop + 1;
      continue;
    }
    if (ch === '\\' && i + 1 < line.length) {
      if (line[i + 1] !== '\n') word = (word ?? '') + line[i + 1];
      i += 2;
      continue;
    }
    const op = word === null || ch !== '2' ? OPERATORS.find((o) => line.startsWith(o, i)) : undefined;
    if (op && !(op.startsWith('2') && word !== null)) {
      push();
      tokens.push(`\u0000${op}`);
      i += op.length;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      push();
      i++;
      continue;
    }
    word = (word ?? '') + ch;
    i++;
  }
  push();
  return tokens;
}

/** The command line's pipelines; comment lines are dropped. */
export function parseCommandLine(text: string): Pipeline[] {
  const source = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n');
  const pipelines: Pipeline[] = [];
  let pipeline: Pipeline = [];
  let command: SimpleCommand = { words: [], redirects: [] };
  const endCommand = () => {
    if (command.words.length || command.redirects.length) pipeline.push(command);
    command = { words: [], redirects: [] };
  };
  const endPipeline = () => {
    endCommand();
    if (pipeline.length) pipelines.push(pipeline);
    pipeline = [];
  };
  const tokens = lex(source);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith('\u0000')) {
      command.words.push(token);
      continue;
    }
    const op = token.slice(1);
    if (op === '|') endCommand();
    else if (op === '&&' || op === '||' || op === ';' || op === '\n') endPipeline();
    else if (op === '2>&1' || op === '2>/dev/null') continue;
    else command.redirects.push(`${op}${tokens[++i] ?? ''}`);
  }
  endPipeline();
  return pipelines;
}
