// A map's text: folders, their files, and each file's chosen declarations one line each (line
// number and signature), in rank order; what is left out counted with the calls that show it. The
// caller picks how many declarations to show; the text is composed here the same way each time.
import { callText, formatCount, plural } from '../ground/format';
import { symbolLabel } from '../symbols/label';
import type { FlatSymbol } from '../symbols/namePath';
import { TOOL } from '../ground/tools';

/** A signature longer than this is cut with `…`. */
const MAX_LABEL_CHARS = 110;
/** Folders the closing line names with the call that maps them. */
const NAMED_FOLDERS = 3;

export interface MapItem {
  file: number;
  symbol: FlatSymbol;
}

interface MapFile {
  display: string;
}

export interface MapFrame {
  /** What the map covers ("the workspace", "src/"). */
  label: string;
  /** Whether the declarations are ranked by use (not while the symbol index is being built). */
  ranked: boolean;
  files: readonly MapFile[];
  totalSymbols: number;
  /** The call's input, for the calls the closing line names. */
  call: Record<string, unknown>;
  maxTokens: number;
  notes: readonly string[];
}

const folderOf = (display: string) => (display.includes('/') ? display.slice(0, display.lastIndexOf('/') + 1) : './');
const baseOf = (display: string) => display.slice(display.lastIndexOf('/') + 1);

function label(item: FlatSymbol): string {
  const text = symbolLabel(item.symbol);
  return text.length > MAX_LABEL_CHARS ? `${text.slice(0, MAX_LABEL_CHARS - 1)}…` : text;
}

/** The folder a left-out file is counted under: its first folder below the map's target (`base`, cleaned). */
function countedUnder(display: string, base: string): string {
  const rest = base && display.startsWith(`${base}/`) ? display.slice(base.length + 1) : display;
  const first = rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '';
  return first ? `${base ? `${base}/` : ''}${first}/` : base ? `${base}/` : './';
}

const targetOf = (frame: MapFrame) => (typeof frame.call.target === 'string' ? frame.call.target : undefined);

/** Per file, the folder it is counted under; per folder, how many files it counts. */
interface Tally {
  base: string;
  under: string[];
  totals: Map<string, number>;
}

/**
 * Per frame, its files counted by folder: a fit renders the same frame many times, and the closing
 * line then costs the files shown, not every file.
 */
const tallies = new WeakMap<MapFrame, Tally>();
/** Files counted between two checks of the pacer. */
const TALLY_STRIDE = 1_024;

function tallyTo(frame: MapFrame, tally: Tally, end: number): void {
  for (let i = tally.under.length; i < end; i++) {
    const folder = countedUnder(frame.files[i]!.display, tally.base);
    tally.under.push(folder);
    tally.totals.set(folder, (tally.totals.get(folder) ?? 0) + 1);
  }
}

const newTally = (frame: MapFrame): Tally => ({
  base: targetOf(frame)?.replace(/^\.\//, '').replace(/\/+$/, '') ?? '',
  under: [],
  totals: new Map(),
});

/** Counts the frame's files by folder before its renders, the host given a turn whenever `pace` says. */
export async function tallyFolders(frame: MapFrame, pace: () => Promise<void>): Promise<void> {
  if (tallies.has(frame)) return;
  const tally = newTally(frame);
  while (tally.under.length < frame.files.length) {
    await pace();
    tallyTo(frame, tally, Math.min(frame.files.length, tally.under.length + TALLY_STRIDE));
  }
  tallies.set(frame, tally);
}

function tallyOf(frame: MapFrame): Tally {
  let tally = tallies.get(frame);
  if (!tally) {
    tallyTo(frame, (tally = newTally(frame)), frame.files.length);
    tallies.set(frame, tally);
  }
  return tally;
}

function closing(frame: MapFrame, shownFiles: ReadonlySet<number>, shownSymbols: number): string {
  const left = frame.files.length - shownFiles.size;
  const summary = `[Shown: ${formatCount(shownFiles.size)} of ${plural(frame.files.length, 'file')}, ${formatCount(shownSymbols)} of ${plural(frame.totalSymbols, 'declaration')}.`;
  if (left === 0) return `${summary}]`;
  const { under, totals } = tallyOf(frame);
  // The files left out by folder: every file's folder less the shown ones.
  const counts = new Map(totals);
  for (const file of shownFiles) counts.set(under[file]!, counts.get(under[file]!)! - 1);
  const target = targetOf(frame);
  const folders = [...counts].filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const named = folders.slice(0, NAMED_FOLDERS).map(([folder, n]) => `${folder} ${formatCount(n)}`);
  const calls = folders
    .slice(0, NAMED_FOLDERS)
    .filter(([folder]) => folder !== './' && folder !== `${target?.replace(/\/+$/, '')}/`)
    .map(([folder]) => callText(TOOL.read, { ...frame.call, target: folder }));
  const larger = callText(TOOL.read, { ...frame.call, max_tokens: frame.maxTokens * 2 });
  return `${summary} Left out: ${plural(left, 'file')} (${named.join(', ')}${folders.length > NAMED_FOLDERS ? ', …' : ''}). Map one: ${[...calls, larger].join(' or ')}]`;
}

/** The map's text with `items` shown (in rank order). */
export function renderMap(frame: MapFrame, items: readonly MapItem[]): string {
  const byFile = new Map<number, FlatSymbol[]>();
  for (const item of items) {
    const symbols = byFile.get(item.file);
    if (symbols) symbols.push(item.symbol);
    else byFile.set(item.file, [item.symbol]);
  }
  const folders = new Map<string, number[]>();
  for (const file of byFile.keys()) {
    const folder = folderOf(frame.files[file]!.display);
    const files = folders.get(folder);
    if (files) files.push(file);
    else folders.set(folder, [file]);
  }
  const lines = [
    `map of ${frame.label} · ${plural(frame.files.length, 'file')}, ${plural(frame.totalSymbols, 'declaration')} · ${frame.ranked ? 'most used first' : 'not ranked by use yet'}`,
  ];
  for (const [folder, files] of folders) {
    lines.push(folder);
    for (const file of files) {
      lines.push(`  ${baseOf(frame.files[file]!.display)}`);
      const symbols = [...byFile.get(file)!].sort((a, b) => a.symbol.startLine - b.symbol.startLine);
      for (const symbol of symbols) {
        const depth = Math.min(symbol.path.length - 1, 2);
        lines.push(`${'  '.repeat(2 + depth)}${symbol.symbol.startLine} ${label(symbol)}`);
      }
    }
  }
  lines.push(closing(frame, new Set(byFile.keys()), items.length));
  for (const note of frame.notes) lines.push(`[${note}]`);
  return lines.join('\n');
}
