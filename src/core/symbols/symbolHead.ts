// A head-only symbol answer (asked for, or the body is too big): the signature and doc, then as many
// of its members (and methods declared outside it) as fit the answer's tokens, with calls for the rest.
import { callText, formatCount, plural } from '../ground/format';
import type { OutlineSymbol } from '../ground/symbolTypes';
import { fitsInBytes } from '../ground/tokens';
import { TOOL } from '../ground/tools';
import { symbolLabel } from './label';
import { outsideLine, type OutsideMethod } from './outsideMethods';
import type { SourceText } from './sourceText';
import type { SymbolEnv } from './symbolEnv';
import { numbered, type SymbolShown } from './symbolLines';

/** A docstring longer than this is cut in a head-only answer (with a marker and the call for the rest). */
const MAX_DOC_LINES = 40;

/** Where a head-only answer ends: the signature up to the body, and a docstring that opens it, whole. */
function headLines(symbol: OutlineSymbol): { end: number; docCut: boolean } {
  const bodyStart = Math.max(symbol.startLine, Math.min(symbol.endLine, symbol.bodyStartLine ?? symbol.startLine));
  if (!symbol.docEndLine || symbol.docEndLine < bodyStart) return { end: bodyStart, docCut: false };
  const end = Math.min(symbol.docEndLine, bodyStart + MAX_DOC_LINES - 1, symbol.endLine);
  return { end, docCut: end < symbol.docEndLine };
}

function memberLines(symbol: OutlineSymbol): string[] {
  return symbol.children.map((child) => {
    const range = child.startLine === child.endLine ? `L${child.startLine}` : `L${child.startLine}-${child.endLine}`;
    return `  [${range}] ${symbolLabel(child)}`;
  });
}

/** As many member lines as fit `budget` tokens; the rest are counted with a range to read them. */
function fitMembers(env: SymbolEnv, lines: string[], budget: number, display: string, symbol: OutlineSymbol): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = env.countTokens(line) + 1;
    if (used + cost > budget) break;
    used += cost;
    kept.push(line);
  }
  if (kept.length < lines.length) {
    const next = symbol.children[kept.length]!;
    kept.push(
      `  … ${plural(lines.length - kept.length, 'more member')} from line ${formatCount(next.startLine)}: ${callText(TOOL.read, { mode: 'file', target: display, start_line: next.startLine, end_line: Math.min(symbol.endLine, next.startLine + 299) })}`,
    );
  }
  return kept;
}

/** Of the lines of methods declared outside the type (outsideLine), as many as fit. */
function fitOutside(env: SymbolEnv, lines: string[], budget: number): string[] {
  const kept: string[] = [];
  let used = 0;
  for (const line of lines) {
    const cost = env.countTokens(line) + 1;
    if (used + cost > budget) {
      kept.push(`  … ${plural(lines.length - kept.length, 'more method')} declared outside it.`);
      break;
    }
    used += cost;
    kept.push(line);
  }
  return kept;
}

interface HeadContext {
  display: string;
  source: SourceText;
  symbol: OutlineSymbol;
  qualified: string;
  outside: OutsideMethod[];
  from: number;
  to: number;
}

/** Signature, doc and member outline instead of the body (asked for, or the body is too big). */
export function headInstead(
  env: SymbolEnv,
  at: HeadContext,
  tooBig: boolean,
  overLines: boolean,
  footer: string[],
): SymbolShown {
  const { display, symbol, qualified, outside } = at;
  const head = headLines(symbol);
  const first = at.from;
  const last = Math.min(head.end, at.to);
  const rendered = numbered(at.source, first, last, env.settings.lineNumbers);
  if (head.docCut)
    footer.push(
      `[Docstring cut at line ${formatCount(last)}; it ends at line ${formatCount(symbol.docEndLine!)}: ${callText(TOOL.read, { mode: 'file', target: display, start_line: last + 1, end_line: symbol.docEndLine })}]`,
    );
  const all = memberLines(symbol);
  const outsideAll = outside.map((method) => outsideLine(display, method));
  // Where the head and every member surely fit, none is counted.
  const fits = fitsInBytes([rendered.body, all.join('\n'), ...all, ...outsideAll], env.tokenCap, 200, 1);
  const members = fits
    ? [...all]
    : fitMembers(env, all, env.tokenCap - env.countTokens(rendered.body) - 200, display, symbol);
  if (outside.length > 0 && members.length === all.length)
    members.push(
      ...(fits
        ? outsideAll
        : fitOutside(
            env,
            outsideAll,
            env.tokenCap - env.countTokens(rendered.body) - env.countTokens(members.join('\n')) - 200,
          )),
    );
  if (tooBig) {
    footer.unshift(
      `[${qualified} is ${plural(symbol.endLine - symbol.startLine + 1, 'line')}, more than one answer may hold (${overLines ? `${plural(env.maxLines!, 'line')} per read in this session` : `${formatCount(env.tokenCap)} tokens`}): showing its signature${members.length > 0 ? ' and members' : ''}. ` +
        `Read a member by name, or its body in ranges: ${callText(TOOL.read, { mode: 'file', target: display, start_line: symbol.startLine, end_line: Math.min(symbol.endLine, symbol.startLine + 299) })}]`,
    );
  }
  if (members.length > 0) {
    const example = symbol.children[0] ?? outside[0]!.symbol;
    const examplePath = symbol.children[0] ? display : outside[0]!.display;
    const count = symbol.children.length + outside.length;
    footer.push(
      `[Members (${formatCount(count)}) — read one: ${callText(TOOL.read, { mode: 'symbol', target: `${qualified}.${example.name.split('::').pop()}`, path: examplePath })}]`,
    );
  }
  return { first, last, rendered, members, degraded: tooBig };
}
