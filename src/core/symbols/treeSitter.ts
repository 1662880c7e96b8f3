// web-tree-sitter behind a small facade: the runtime, grammars and compiled queries load lazily
// once and are cached; parses run under a deadline and every tree is deleted by its user. The
// runtime's code is imported on the first parse too: the bundles ship it apart (dist/treeSitter.js),
// so activating the extension or a call that parses nothing does not load it.
import type { Language, Parser, Query, Tree } from 'web-tree-sitter';
import { LecternError } from '../ground/contract';
import type { CancellationSignal } from '../ground/ports';
import type { LanguageSpec } from '../ground/symbolTypes';
import { TOOL } from '../ground/tools';

/** Reads a shipped .wasm file (web-tree-sitter.wasm or a grammar) by file name. */
export type WasmLoader = (file: string) => Promise<Uint8Array>;

type Runtime = typeof import('web-tree-sitter');

// The emscripten module behind web-tree-sitter is a process-wide singleton: init it once.
let runtimeReady: Promise<Runtime> | undefined;
let runtime: Runtime | undefined;

/** The runtime, once ready() has loaded it (every path to a query or a parse goes through language()). */
function loadedRuntime(): Runtime {
  if (!runtime) throw new LecternError('INTERNAL', 'The parser runtime is not loaded yet.', 'Try the call again.');
  return runtime;
}

/**
 * The WASM heap only grows: a parser is replaced after this many characters parsed, so its
 * internal buffers (sized by the largest file it saw) are freed for reuse.
 */
const RECYCLE_AFTER_CHARS = 64 * 1024 * 1024;

export class TreeSitter {
  private readonly languages = new Map<string, Promise<Language>>();
  private readonly queries = new Map<string, Query>();
  private parser: Parser | undefined;
  private parsedChars = 0;

  constructor(private readonly loadWasm: WasmLoader) {}

  private async ready(): Promise<void> {
    runtimeReady ??= Promise.all([import('web-tree-sitter'), this.loadWasm('web-tree-sitter.wasm')]).then(
      async ([lib, wasmBinary]) => {
        await lib.Parser.init({ wasmBinary });
        return lib;
      },
    );
    try {
      runtime = await runtimeReady;
    } catch (error) {
      runtimeReady = undefined;
      throw new LecternError(
        'INTERNAL',
        `The parser runtime did not load: ${(error as Error).message}`,
        `Symbol reads are unavailable; use ${TOOL.search} and line ranges.`,
      );
    }
  }

  async language(spec: LanguageSpec): Promise<Language> {
    await this.ready();
    let language = this.languages.get(spec.grammar);
    if (!language) {
      const { Language } = loadedRuntime();
      language = this.loadWasm(spec.wasm).then((bytes) => Language.load(bytes));
      this.languages.set(spec.grammar, language);
      language.catch(() => this.languages.delete(spec.grammar));
    }
    try {
      return await language;
    } catch (error) {
      throw new LecternError(
        'INTERNAL',
        `The ${spec.grammar} grammar did not load: ${(error as Error).message}`,
        `Use ${TOOL.search} and line ranges for this file.`,
      );
    }
  }

  query(spec: LanguageSpec, language: Language, source = spec.outline): Query {
    const key = `${spec.grammar}\0${source}`;
    let query = this.queries.get(key);
    if (!query) {
      query = new (loadedRuntime().Query)(language, source);
      this.queries.set(key, query);
    }
    return query;
  }

  /**
   * Parses `text`; null when the deadline passed or the host cancelled (callers fall back to text).
   * The caller owns the tree and must delete() it.
   */
  async parse(spec: LanguageSpec, text: string, deadlineMs: number, signal?: CancellationSignal): Promise<Tree | null> {
    const language = await this.language(spec);
    if (this.parser && this.parsedChars > RECYCLE_AFTER_CHARS) {
      this.parser.delete();
      this.parser = undefined;
      this.parsedChars = 0;
    }
    this.parser ??= new (loadedRuntime().Parser)();
    this.parsedChars += text.length;
    this.parser.setLanguage(language);
    const deadline = Date.now() + deadlineMs;
    // web-tree-sitter stops the parse when this returns true (its typings say void; a function that
    // returns a boolean is one that returns void to TypeScript, so no cast is needed).
    const stop = (): boolean => Date.now() > deadline || signal?.isCancellationRequested === true;
    const tree = this.parser.parse(spec.mask ? spec.mask(text) : text, null, { progressCallback: stop });
    if (!tree) this.parser.reset();
    return tree;
  }

  dispose(): void {
    this.parser?.delete();
    this.parser = undefined;
    for (const query of this.queries.values()) query.delete();
    this.queries.clear();
  }
}
