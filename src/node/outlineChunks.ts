// An outline of many symbols crosses from the outline thread in pieces: one message's structured
// clone is read back on the host's thread in one slice (100,000 symbols held it ~0.5 s), so the
// thread serializes the symbols in runs of top-level declarations and the host reads them back one
// run at a time, with a turn for the host between runs. The same V8 serializer as postMessage's, so
// the symbols are the same values.
import { deserialize, serialize } from 'node:v8';
import type { OutlineSymbol, TextOutline } from '../core/ground/symbolTypes';

/** Symbols (members included) per piece: a piece is read back in a few milliseconds. */
export const PIECE_SYMBOLS = 2_000;

/** An outline as the thread sends it: whole, or its symbols in serialized pieces. */
export type SentOutline = TextOutline | (Omit<TextOutline, 'symbols'> & { pieces: Uint8Array[] });

function size(symbols: readonly OutlineSymbol[]): number {
  let n = symbols.length;
  for (const symbol of symbols) n += size(symbol.children);
  return n;
}

/** On the thread: a small outline as it is, a large one's symbols serialized by runs of about PIECE_SYMBOLS. */
export function packOutline(outline: TextOutline): SentOutline {
  const { symbols, ...rest } = outline;
  if (symbols.length <= PIECE_SYMBOLS && size(symbols) <= PIECE_SYMBOLS) return outline;
  const pieces: Uint8Array[] = [];
  let start = 0;
  let held = 0;
  for (let i = 0; i < symbols.length; i++) {
    held += 1 + size(symbols[i]!.children);
    if (held < PIECE_SYMBOLS && i < symbols.length - 1) continue;
    pieces.push(serialize(symbols.slice(start, i + 1)));
    start = i + 1;
    held = 0;
  }
  return { ...rest, pieces };
}

/** On the host: the outline, its pieces read back in order, `pace` awaited between them. */
export async function unpackOutline(sent: SentOutline, pace: () => Promise<void>): Promise<TextOutline> {
  if (!('pieces' in sent)) return sent;
  const { pieces, ...rest } = sent;
  const symbols: OutlineSymbol[] = [];
  for (const piece of pieces) {
    await pace();
    for (const symbol of deserialize(piece) as OutlineSymbol[]) symbols.push(symbol);
  }
  return { ...rest, symbols };
}
