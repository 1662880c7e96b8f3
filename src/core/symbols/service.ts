// Outlines per file version, cached (LRU bounded in bytes) so warm symbol reads skip parsing.
import type { Tree } from 'web-tree-sitter';
import type { CancellationSignal, OutlineThreadPort } from '../ground/ports';
import type { StoredReadFacts } from '../ground/symbolCachePort';
import type { CacheWrites } from './cacheWrites';
import { StoredOutlines } from './storedOutlines';
import type { TextFile } from '../read/openText';
import { languageForPath } from './languages/index';
import { extractOutline } from './outline';
import { lineBytes, lineText, readSourceText, type SourceText } from './sourceText';
import { outlineOfText, shiftLines } from './textOutline';
import { headerLanguage, outlineNotes, storableVersion } from './outlineSource';
import { outlineWithUses, type UsesOnThread } from './outlineWithUses';
import { OutlineOutOfTime } from './outline';
import { TreeSitter, type WasmLoader } from './treeSitter';
import type {
  BlockRange,
  EnclosingBlock,
  LanguageSpec,
  OutlineBounds,
  OutlineSymbol,
  TextOutline,
} from '../ground/symbolTypes';
import { blockOfText } from './enclosingBlock';
import { nestsDeeply } from './nesting';

export const SYMBOL_LIMITS = {
  /** Larger files are not parsed (a 9 MB file takes ~3 s and ~200 MB of WASM heap). */
  maxParseBytes: 16 * 1024 * 1024,
  /**
   * A parse running longer is abandoned and the read falls back to text: 5 s plus 1 s per MiB,
   * since a 9 MB file needs ~2 s of CPU and a loaded machine stretches wall time.
   */
  parseDeadlineMs: 5_000,
  parseDeadlinePerMiBMs: 1_000,
  /**
   * Larger texts (characters, or syntax nodes) are outlined to their top level only: a whole
   * outline of 8 MB of generated TypeScript (3 M nodes, 58,000 symbols) took 4-16 s and 700-900 MB.
   */
  fullOutlineChars: 4 * 1024 * 1024,
  fullOutlineNodes: 2_000_000,
  /** Texts from this size (or nesting deeply: nestsDeeply) are outlined on the host's outline thread, when it has one. */
  threadChars: 512 * 1024,
  /**
   * Smaller texts are parsed on the host's thread for at most this long, and their tree walked as
   * long again; past that (deep nesting: 8,000 nested Ruby modules, 135 KB, took 119 s to walk) the
   * job starts over on the outline thread under its full deadline, so the host's thread is never
   * held longer. Without an outline thread, the job's own deadline is the bound.
   */
  hostThreadMs: 300,
  /** Source bytes kept with cached outlines. */
  cacheBytes: 64 * 1024 * 1024,
};

/** The bounds of an ordinary outline: whole up to these sizes, top-level only past them (read at each call: tests lower them). */
const outlineBounds = (): OutlineBounds => ({
  fullChars: SYMBOL_LIMITS.fullOutlineChars,
  fullNodes: SYMBOL_LIMITS.fullOutlineNodes,
});

export type OutlineResult =
  | {
      status: 'ok';
      spec: LanguageSpec;
      symbols: OutlineSymbol[];
      source: SourceText;
      notes?: string[];
      topLevelOnly?: boolean;
      wrapper?: TextOutline['wrapper'];
      read?: StoredReadFacts;
    }
  | { status: 'unsupported'; reason: string }
  | { status: 'timeout'; spec: LanguageSpec; source: SourceText };

interface Entry {
  spec: LanguageSpec;
  symbols: OutlineSymbol[];
  source: SourceText;
  /** What the outline could not hold: a parse that failed in places, nesting cut. */
  notes?: string[];
  /** A very large file: its top-level declarations only, members outlined on demand (expand). */
  topLevelOnly?: boolean;
  /** A top-level-only bundle's wrapper function, whose direct declarations are listed too. */
  wrapper?: TextOutline['wrapper'];
  /** A whole outline of a file's bytes as they are on disk: what the symbol cache keeps besides the symbols. */
  read?: StoredReadFacts;
}

export interface OutlineOptions {
  /**
   * Answer from the host's symbol cache when it holds this version's outline, and keep a whole
   * outline of a file on disk there, so the next process reads its symbols without parsing (false:
   * the caller has looked there already and keeps the outline itself, as the index does; or it parses
   * the file anyway, as a references read does).
   */
  persisted?: boolean;
  /**
   * Shown the syntax tree when the outline is parsed on this thread (not when it comes from a cache or
   * the outline thread), before the tree is deleted: a caller that reads the same tree gets it
   * without parsing twice. It must not keep the tree.
   */
  onTree?: (tree: Tree, text: string) => void;
  /** A text's uses read with its outline on the host's outline thread (symbols/outlineWithUses.ts). */
  onThread?: UsesOnThread;
}

export class SymbolService {
  private readonly runtime: TreeSitter;
  private readonly cache = new Map<string, Entry>();
  private cachedBytes = 0;
  /** Top-level declarations of top-level-only outlines whose members have been outlined. */
  private readonly expanded = new WeakSet<OutlineSymbol>();
  private readonly whole = new WeakMap<SourceText, OutlineSymbol[]>();

  private readonly stored: StoredOutlines | undefined;

  constructor(
    loadWasm: WasmLoader,
    private readonly thread?: OutlineThreadPort,
    symbolCache?: CacheWrites,
  ) {
    this.runtime = new TreeSitter(loadWasm);
    this.stored = symbolCache ? new StoredOutlines(symbolCache) : undefined;
  }

  languageOf(path: string, languageId?: string | null): LanguageSpec | undefined {
    return languageForPath(path, languageId);
  }

  async outline(
    file: TextFile,
    path: string,
    label: string,
    signal?: CancellationSignal,
    languageId?: string | null,
    { persisted = true, onTree, onThread }: OutlineOptions = {},
  ): Promise<OutlineResult> {
    let spec = this.languageOf(path, languageId);
    if (!spec) return { status: 'unsupported', reason: `${label} is in a language without symbol support` };
    const cached = this.cache.get(file.versionKey);
    if (cached) {
      this.cache.delete(file.versionKey);
      this.cache.set(file.versionKey, cached);
      return { status: 'ok', ...cached };
    }
    const source = await readSourceText(file, label, SYMBOL_LIMITS.maxParseBytes);
    spec = headerLanguage(spec, path, source.text);
    const version = storableVersion(file);
    const stored = version && persisted && (await this.stored?.get(path, version, spec.grammar));
    if (stored) {
      const entry: Entry = { spec, symbols: stored.symbols, source, ...outlineNotes(label, stored.facts) };
      entry.read = stored.facts;
      this.remember(file.versionKey, entry);
      return { status: 'ok', ...entry };
    }
    const deadlineMs = parseDeadline(source.bytes.length);
    const task = { spec, text: source.text, deadlineMs, bounds: outlineBounds() };
    const threaded = onThread && this.thread && (await outlineWithUses(this.thread, task, onThread, signal));
    const outline = threaded
      ? threaded.outline
      : await this.outlineOf(
          spec,
          source.text,
          deadlineMs,
          false,
          signal,
          undefined,
          onTree && ((tree) => onTree(tree, source.text)),
        );
    if (!outline) return { status: 'timeout', spec, source };
    const { symbols, parseFailed, cut, shallow, wrapper } = outline;
    const facts: StoredReadFacts = {
      grammar: spec.grammar,
      ...(parseFailed ? { parseFailed: true } : {}),
      ...(cut > 0 ? { cut } : {}),
    };
    // A large file's top-level-only outline is not kept: its reads outline members as they need them.
    const read = version && !shallow ? facts : undefined;
    const entry: Entry = {
      spec,
      symbols,
      source,
      ...outlineNotes(label, facts),
      ...(shallow ? { topLevelOnly: true } : {}),
      ...(wrapper ? { wrapper } : {}),
      ...(read ? { read } : {}),
    };
    this.remember(file.versionKey, entry);
    if (read && version && persisted) await this.stored?.put(path, { ...version, symbols, read });
    return { status: 'ok', ...entry };
  }

  /**
   * Lists the members of `container`, a declaration of a top-level-only outline, from its own
   * lines (parsed alone, so the cost is that of the declaration, not of the file). The outline's
   * symbol is completed in place, so the cached outline keeps them. False when that parse ran out
   * of time.
   */
  async expand(
    spec: LanguageSpec,
    source: SourceText,
    container: OutlineSymbol,
    signal?: CancellationSignal,
  ): Promise<boolean> {
    if (this.expanded.has(container)) return true;
    const text = lineText(source, container.startLine, container.endLine);
    const [start, end] = lineBytes(source, container.startLine, container.endLine);
    const outline = await this.outlineOf(spec, text, parseDeadline(end - start), true, signal);
    if (!outline) return false;
    const top = container.startLine - 1;
    const own =
      outline.symbols.find((s) => s.name === container.name && s.startLine + top === container.startLine) ??
      outline.symbols.find((s) => s.name === container.name);
    container.children = own ? shiftLines(own.children, top) : [];
    this.expanded.add(container);
    return true;
  }

  /**
   * Every symbol of a file whose outline is top-level only, for a symbol read that its top level
   * and their members cannot answer (declarations inside a bundle's wrapper function): the whole
   * outline, on the outline thread under the parse's deadline, kept while the file's text is.
   * Undefined when out of time.
   */
  async wholeOutline(
    spec: LanguageSpec,
    source: SourceText,
    signal?: CancellationSignal,
  ): Promise<OutlineSymbol[] | undefined> {
    const known = this.whole.get(source);
    if (known) return known;
    const outline = await this.outlineOf(spec, source.text, parseDeadline(source.bytes.length), false, signal, {
      fullChars: Infinity,
      fullNodes: Infinity,
    });
    if (!outline) return undefined;
    this.whole.set(source, outline.symbols);
    return outline.symbols;
  }

  /**
   * On the host's outline thread from SYMBOL_LIMITS.threadChars, or when it outlasts its short
   * time here (SYMBOL_LIMITS.hostThreadMs); undefined when out of time.
   */
  private async outlineOf(
    spec: LanguageSpec,
    text: string,
    deadlineMs: number,
    members: boolean,
    signal?: CancellationSignal,
    bounds: OutlineBounds = outlineBounds(),
    onTree?: (tree: Tree) => void,
  ): Promise<TextOutline | undefined> {
    const thread = this.thread;
    // The whole job: the parse's deadline, and as long again for the query and the extraction.
    const onThread = () =>
      thread!.outline({ grammar: spec.grammar, text, deadlineMs, bounds, members }, 2 * deadlineMs, signal).then(
        (outline) => ({ outline }),
        () => undefined, // the thread cannot run: outline here
      );
    if (thread && (text.length >= SYMBOL_LIMITS.threadChars || nestsDeeply(text))) {
      const done = await onThread();
      if (done) return done.outline;
    } else if (thread && SYMBOL_LIMITS.hostThreadMs < deadlineMs) {
      const budget = SYMBOL_LIMITS.hostThreadMs;
      const here = await outlineOfText(this.runtime, spec, text, budget, bounds, members, signal, budget, onTree);
      if (here || signal?.isCancellationRequested) return here;
      const done = await onThread();
      if (done) return done.outline;
    }
    return outlineOfText(this.runtime, spec, text, deadlineMs, bounds, members, signal, deadlineMs, onTree);
  }

  /**
   * The outline of a file's text, uncached (the index's worker threads): undefined when its language
   * has no grammar or parsing took too long.
   */
  async outlineText(path: string, text: string): Promise<OutlineSymbol[] | undefined> {
    let spec = this.languageOf(path);
    if (!spec) return undefined;
    spec = headerLanguage(spec, path, text);
    const tree = await this.runtime.parse(
      spec,
      text,
      SYMBOL_LIMITS.parseDeadlineMs + (text.length / (1024 * 1024)) * SYMBOL_LIMITS.parseDeadlinePerMiBMs,
    );
    if (!tree) return undefined;
    try {
      return extractOutline(tree, this.runtime.query(spec, await this.runtime.language(spec)), spec, text);
    } finally {
      tree.delete();
    }
  }

  /**
   * Parses `text` in `spec`'s grammar on this thread and hands the tree to `use`, which must not keep
   * it (it is deleted after): navigation reads look at the nodes under given offsets. Undefined when
   * the parse ran past its deadline or was cancelled.
   */
  async withTree<T>(
    spec: LanguageSpec,
    text: string,
    use: (tree: Tree) => T,
    signal?: CancellationSignal,
  ): Promise<T | undefined> {
    const tree = await this.runtime.parse(spec, text, parseDeadline(text.length), signal);
    if (!tree) return undefined;
    try {
      return use(tree);
    } finally {
      tree.delete();
    }
  }

  /** The smallest statement-level syntax node around lines first..last (1-based), as a line range. */
  async enclosingBlock(
    spec: LanguageSpec,
    source: SourceText,
    first: number,
    last: number,
    signal?: CancellationSignal,
  ): Promise<EnclosingBlock | undefined> {
    const firstText = lineText(source, first, first);
    const lastText = lineText(source, last, last).replace(/\s+$/, '');
    const range: BlockRange = {
      first,
      last,
      startColumn: firstText.length - firstText.trimStart().length,
      endColumn: Math.max(0, lastText.length - 1),
    };
    const deadlineMs = parseDeadline(source.bytes.length);
    const thread = this.thread?.enclosingBlock ? this.thread : undefined;
    const onThread = () =>
      thread!.enclosingBlock!(
        { grammar: spec.grammar, text: source.text, deadlineMs, range },
        2 * deadlineMs,
        signal,
      ).then(
        (block) => ({ block }),
        () => undefined, // the thread cannot run: parse here
      );
    if (thread && source.text.length >= SYMBOL_LIMITS.threadChars) {
      const done = await onThread();
      if (done) return done.block;
    } else if (thread && SYMBOL_LIMITS.hostThreadMs < deadlineMs) {
      // As outlineOf: a short time here, then the outline thread. A parse out of time answers undefined too:
      // then the thread parses again, under the full deadline.
      const budget = SYMBOL_LIMITS.hostThreadMs;
      const here = await blockHere(this.runtime, spec, source.text, budget, range, signal, budget);
      if (here.done || signal?.isCancellationRequested) return here.block;
      const done = await onThread();
      if (done) return done.block;
    }
    return (await blockHere(this.runtime, spec, source.text, deadlineMs, range, signal)).block;
  }

  private remember(key: string, entry: Entry): void {
    this.cache.set(key, entry);
    this.cachedBytes += entryCost(entry);
    while (this.cachedBytes > SYMBOL_LIMITS.cacheBytes && this.cache.size > 1) {
      const [oldest, value] = this.cache.entries().next().value!;
      this.cache.delete(oldest);
      this.cachedBytes -= entryCost(value);
    }
  }
}

/** The block, or done: false when its parse or its walk ran out of time. */
async function blockHere(
  runtime: TreeSitter,
  spec: LanguageSpec,
  text: string,
  deadlineMs: number,
  range: BlockRange,
  signal?: CancellationSignal,
  walkMs?: number,
): Promise<{ done: boolean; block?: EnclosingBlock }> {
  const started = Date.now();
  try {
    const block = await blockOfText(runtime, spec, text, deadlineMs, range, signal, walkMs);
    // Undefined: no block, or a parse out of time (which has used its whole time).
    return { done: block !== undefined || Date.now() - started < deadlineMs, block };
  } catch (error) {
    if (error instanceof OutlineOutOfTime) return { done: false };
    throw error;
  }
}

function parseDeadline(bytes: number): number {
  return SYMBOL_LIMITS.parseDeadlineMs + (bytes / (1024 * 1024)) * SYMBOL_LIMITS.parseDeadlinePerMiBMs;
}

/** Memory an entry holds: the bytes, the decoded text (two bytes a character) and the line table. */
function entryCost(entry: Entry): number {
  return entry.source.bytes.length + entry.source.text.length * 2 + entry.source.lineStarts.byteLength;
}
