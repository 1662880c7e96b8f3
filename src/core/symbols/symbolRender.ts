// A symbol answer from its file's current text: its span with context and doc comments, or its head
// when the body is not wanted or does not fit; the header, the notes, and meta naming what resolved.
import { emptyMeta, type ToolResponse } from '../ground/contract';
import { formatCount, plural } from '../ground/format';
import { LIMITS } from '../ground/settings';
import { fitsInBytes } from '../ground/tokens';
import { qualifiedName, type FlatSymbol } from './namePath';
import type { OutlineSymbol } from '../ground/symbolTypes';
import type { OutsideMethod } from './outsideMethods';
import { lineBytes, type SourceText } from './sourceText';
import type { SymbolEnv } from './symbolEnv';
import { headInstead } from './symbolHead';
import type { SymbolInput } from './symbolInput';
import { numbered, type SymbolShown } from './symbolLines';

export function renderSymbol(
  env: SymbolEnv,
  display: string,
  source: SourceText,
  item: FlatSymbol,
  input: SymbolInput,
  notes: string[],
  outside: OutsideMethod[] = [],
): ToolResponse {
  const { symbol, path } = item;
  const qualified = qualifiedName(path);
  const contextLines = Math.min(input.context_lines ?? 0, 200);
  const top = (input.include_context ?? true) ? symbol.contextStartLine : symbol.startLine;
  const from = Math.max(1, top - contextLines);
  const to = Math.min(source.lineCount, symbol.endLine + contextLines);
  // Kept short: on small symbols the header is most of the overhead (meta has the file's size).
  const header = `${display}:${from}-${to} ${symbol.kind} ${qualified}`;
  const footer = notes.map((n) => `[${n}]`);
  const wantsBody = input.include_body ?? true;
  const body = numbered(source, from, to, env.settings.lineNumbers);
  const [spanStart, spanEnd] = lineBytes(source, from, to);
  const overLines = env.maxLines !== undefined && to - from + 1 > env.maxLines;
  const tooBig =
    wantsBody &&
    (overLines ||
      spanEnd - spanStart > LIMITS.maxLineReadBytes ||
      (!fitsInBytes([body.body], env.tokenCap, 60) && env.countTokens(body.body) + 60 > env.tokenCap));
  const shown: SymbolShown =
    !wantsBody || tooBig
      ? headInstead(env, { display, source, symbol, qualified, outside, from, to }, tooBig, overLines, footer)
      : { first: from, last: to, rendered: body, members: [], degraded: false };
  const { rendered, members } = shown;
  if (rendered.cut > 0) env.onDisplayCut?.();
  if (rendered.cut > 0)
    footer.push(
      `[${plural(rendered.cut, 'line')} longer than ${formatCount(LIMITS.maxLineChars)} characters cut for display.]`,
    );
  const shownBody = members.length > 0 ? `${rendered.body}\n${members.join('\n')}` : rendered.body;
  const meta = symbolMeta(source, symbol, display, qualified, shown);
  meta.truncated = shown.degraded || !wantsBody;
  if (notes.length > 0) meta.notes = [...notes];
  return {
    ok: true,
    mode: 'symbol',
    target: input.target,
    content: rendered.content,
    text: [header, shownBody, ...footer].join('\n'),
    meta,
    location: { file: display, line: symbol.startLine, end_line: symbol.endLine },
  };
}

/** meta of a symbol answer: the lines shown, and the symbol resolved (its declaration's lines and bytes). */
function symbolMeta(source: SourceText, symbol: OutlineSymbol, display: string, qualified: string, shown: SymbolShown) {
  const [startByte, endByte] = lineBytes(source, shown.first, shown.last);
  const [declStart, declEnd] = lineBytes(source, symbol.startLine, symbol.endLine);
  const meta = {
    ...emptyMeta(),
    truncated: shown.degraded,
    preview_degraded: shown.degraded,
    total_lines: source.lineCount,
    total_bytes: source.lineStarts[source.lineCount]!,
    start_line: shown.first,
    end_line: shown.last,
    start_byte: startByte,
    end_byte: endByte,
    resolved_symbol: {
      qualified_name: qualified,
      name: symbol.name,
      kind: symbol.kind,
      file: display,
      start_line: symbol.startLine,
      end_line: symbol.endLine,
      context_start_line: symbol.contextStartLine,
      start_byte: declStart,
      end_byte: declEnd,
      signature: symbol.signature,
    },
  };
  return meta;
}
