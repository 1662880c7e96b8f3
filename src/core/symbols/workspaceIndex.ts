// The workspace symbol index: built lazily on the first symbol read without a file, cached per file
// by (size, mtime) or buffer version, refreshed on change, bounded in time. A call that runs out of
// time answers with what is indexed so far and says so; the next call continues.
import picomatch from 'picomatch';
import type { Host } from '../ground/ports';
import { openText } from '../read/openText';
import { LANGUAGES } from './languages/index';
import { flattenSymbols, type FlatSymbol } from './namePath';
import type { SymbolService } from './service';
import { listSourceFiles, type ListedFile } from '../ground/walk';

export const INDEX_LIMITS = {
  maxFiles: 50_000,
  /** Larger files are left out of the index (a file-scoped read still parses them). */
  maxFileBytes: 2 * 1024 * 1024,
  /** How long one call may spend indexing. */
  budgetMs: 8_000,
  /** A listing older than this is refreshed. */
  listingTtlMs: 15_000,
};

export interface IndexedFile {
  display: string;
  absolute: string;
  versionKey: string;
  symbols: FlatSymbol[];
}

export interface IndexQuery {
  files: IndexedFile[];
  /** Files in scope, and how many of them are indexed now. */
  total: number;
  indexed: number;
  complete: boolean;
  listingTruncated: boolean;
}

const EXTENSIONS = new Set(LANGUAGES.flatMap((l) => l.extensions));
const isSource = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 && EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
};

export class WorkspaceIndex {
  private readonly entries = new Map<string, IndexedFile>();
  private listing: { files: ListedFile[]; truncated: boolean; at: number } | undefined;

  constructor(
    private readonly host: Host,
    private readonly symbols: SymbolService,
    private readonly now: () => number = Date.now,
  ) {}

  /** A file appeared or went away: list the workspace again on the next query. */
  invalidate(absolute: string | null): void {
    if (absolute !== null) this.entries.delete(absolute);
    this.listing = undefined;
  }

  /** A file's content changed: parse it again on its next use. */
  changed(absolute: string): void {
    this.entries.delete(absolute);
  }

  async query(scope: string | undefined, onProgress?: (done: number, total: number) => void, signal?: { isCancellationRequested: boolean }): Promise<IndexQuery> {
    const started = this.now();
    // A local: a watcher may invalidate this.listing while this query awaits.
    let listing = this.listing;
    if (!listing || started - listing.at > INDEX_LIMITS.listingTtlMs) {
      const listed = await listSourceFiles(this.host, this.host.roots(), isSource, INDEX_LIMITS.maxFiles);
      listing = this.listing = { ...listed, at: this.now() };
    }
    const inScope = this.scopeFilter(scope);
    const files = listing.files.filter((f) => inScope(f));
    const out: IndexedFile[] = [];
    let complete = true;
    for (let i = 0; i < files.length; i++) {
      if (signal?.isCancellationRequested || this.now() - started > INDEX_LIMITS.budgetMs) {
        complete = false;
        // Still answer from what earlier calls indexed.
        for (const rest of files.slice(i)) {
          const known = this.entries.get(rest.absolute);
          if (known) out.push(known);
        }
        break;
      }
      const entry = await this.refresh(files[i]!);
      if (entry) out.push(entry);
      if (onProgress && i % 200 === 0) onProgress(i, files.length);
    }
    return { files: out, total: files.length, indexed: out.length, complete, listingTruncated: listing.truncated };
  }

  private scopeFilter(scope: string | undefined): (file: ListedFile) => boolean {
    if (!scope) return () => true;
    const roots = this.host.roots();
    const clean = scope.replace(/^\.\//, '').replace(/\/+$/, '');
    const multi = roots.length > 1;
    const shown = (f: ListedFile) => (multi ? `${f.root.name}/${f.relative}` : f.relative);
    if (/[*?[\]{}]/.test(clean)) {
      const match = picomatch(clean, { dot: true });
      return (f) => match(shown(f)) || match(f.relative) || match(f.absolute);
    }
    return (f) => {
      for (const candidate of [shown(f), f.relative, f.absolute]) {
        if (candidate === clean || candidate.startsWith(`${clean}/`)) return true;
      }
      return false;
    };
  }

  private async refresh(file: ListedFile): Promise<IndexedFile | undefined> {
    const dirty = this.host.documents?.dirty(file.absolute);
    const known = this.entries.get(file.absolute);
    // A host that reports every change (VS Code's watcher) lets a known entry stand without a stat.
    if (known && !dirty && this.host.watchesFiles && known.versionKey.startsWith('disk:')) return known;
    const stat = dirty ? undefined : await this.host.fs.stat(file.absolute);
    if (!dirty && (!stat || stat.kind !== 'file' || stat.size > INDEX_LIMITS.maxFileBytes)) {
      this.entries.delete(file.absolute);
      return undefined;
    }
    const versionKey = dirty ? `buffer:${file.absolute}:${dirty.version}` : `disk:${file.absolute}:${stat!.size}:${stat!.mtimeMs}`;
    if (known && known.versionKey === versionKey) return known;
    // Listed by walking the workspace folders: inside them by construction, no real-path check needed.
    const multiRoot = this.host.roots().length > 1;
    const resolved = { absolute: file.absolute, display: multiRoot ? `${file.root.name}/${file.relative}` : file.relative, root: file.root, outside: false };
    let text;
    try {
      text = await openText(this.host, resolved);
    } catch {
      this.entries.delete(file.absolute);
      return undefined; // binary or unreadable: nothing to index
    }
    try {
      const outline = await this.symbols.outline(text, file.absolute, resolved.display);
      if (outline.status !== 'ok') return undefined;
      const entry: IndexedFile = { display: resolved.display, absolute: file.absolute, versionKey: text.versionKey, symbols: flattenSymbols(outline.symbols) };
      this.entries.set(file.absolute, entry);
      return entry;
    } catch {
      return undefined;
    } finally {
      await text.source.close().catch(() => undefined);
    }
  }
}
