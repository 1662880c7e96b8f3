// What the references engine keeps of a SCIP index: each document's path, position encoding and
// occurrences packed in an Int32Array (start line, start character, end line, end character,
// symbol id, roles), and the symbols' names interned once. Hover texts, signatures, diagnostics and
// relationships are never decoded (scipDecode.ts). A local symbol ("local 3") names a different
// thing in each document, so it is interned per document.

/** Int32 slots per occurrence in a document's `occurrences`. */
export const SLOTS = 6;
const SYMBOL_SLOT = 4;
const ROLES_SLOT = 5;

/** SCIP's SymbolRole.Definition bit. */
export const DEFINITION_ROLE = 0x1;

/** SCIP's PositionEncoding: how a document counts the characters of its ranges. */
export enum PositionEncoding {
  Unspecified = 0,
  Utf8 = 1,
  Utf16 = 2,
  Utf32 = 3,
}

export interface ScipDocument {
  /** Relative to the folder that holds index.scip, '/'-separated. */
  relativePath: string;
  encoding: PositionEncoding;
  occurrences: Int32Array;
}

export interface ScipOccurrence {
  document: ScipDocument;
  /** 0-based, in the document's encoding. */
  line: number;
  character: number;
  roles: number;
}

export class ScipIndex {
  readonly documents: ScipDocument[] = [];
  private readonly byPath = new Map<string, ScipDocument>();
  private readonly symbolIds = new Map<string, number>();
  private readonly names: string[] = [];

  /** Adds a document's occurrences (those with a symbol and a well-formed range). */
  add(
    relativePath: string,
    encoding: PositionEncoding,
    occurrences: readonly { range: readonly number[]; symbol: string; symbolRoles: number }[],
  ): void {
    const packed = new Int32Array(occurrences.length * SLOTS);
    let n = 0;
    for (const { range, symbol, symbolRoles } of occurrences) {
      if (!symbol || (range.length !== 3 && range.length !== 4)) continue;
      const [startLine, startChar] = range as [number, number];
      const endLine = range.length === 4 ? range[2]! : startLine;
      const endChar = range[range.length - 1]!;
      packed.set([startLine, startChar, endLine, endChar, this.intern(symbol, this.documents.length), symbolRoles], n);
      n += SLOTS;
    }
    const document = { relativePath, encoding, occurrences: packed.slice(0, n) };
    this.documents.push(document);
    this.byPath.set(relativePath, document);
  }

  document(relativePath: string): ScipDocument | undefined {
    return this.byPath.get(relativePath);
  }

  get symbolCount(): number {
    return this.symbolIds.size;
  }

  /** The symbol whose occurrence holds this place (the narrowest range), or undefined. */
  symbolAt(document: ScipDocument, line: number, character: number): number | undefined {
    const o = document.occurrences;
    let best: number | undefined;
    let bestSpan = Infinity;
    for (let i = 0; i < o.length; i += SLOTS) {
      const [sl, sc, el, ec] = [o[i]!, o[i + 1]!, o[i + 2]!, o[i + 3]!];
      const starts = sl < line || (sl === line && sc <= character);
      const ends = el > line || (el === line && ec > character);
      if (!starts || !ends) continue;
      const span = (el - sl) * 1e6 + (ec - sc);
      if (span < bestSpan) [best, bestSpan] = [o[i + SYMBOL_SLOT]!, span];
    }
    return best;
  }

  /** Every occurrence of the symbol, in the index's document order. */
  occurrencesOf(symbol: number): ScipOccurrence[] {
    const out: ScipOccurrence[] = [];
    for (const document of this.documents) {
      const o = document.occurrences;
      for (let i = SYMBOL_SLOT; i < o.length; i += SLOTS)
        if (o[i] === symbol) {
          const start = i - SYMBOL_SLOT;
          out.push({ document, line: o[start]!, character: o[start + 1]!, roles: o[start + ROLES_SLOT]! });
        }
    }
    return out;
  }

  /**
   * The symbols whose occurrences are uses of this one too: of a class (`Name#`), its constructor
   * (`Name#\`<constructor>\`().`), which the compiler names at `new Name(…)`.
   */
  alsoUsedAs(symbol: number): number | undefined {
    const name = this.names[symbol]!;
    return name.endsWith('#') ? this.symbolIds.get(`${name}\`<constructor>\`().`) : undefined;
  }

  private intern(symbol: string, documentIndex: number): number {
    const key = symbol.startsWith('local ') ? `${documentIndex}\u0000${symbol}` : symbol;
    let id = this.symbolIds.get(key);
    if (id === undefined) {
      id = this.names.length;
      this.symbolIds.set(key, id);
      this.names.push(key);
    }
    return id;
  }
}
