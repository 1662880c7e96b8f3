// The outline of one file for a symbol or outline read, with its text and version, or a clear error
// (a language without symbol support, a parse out of time) that says how to read it instead.
import { LecternError } from '../ground/contract';
import { callText } from '../ground/format';
import { requireInside } from '../ground/paths';
import type { LanguageSpec, OutlineSymbol } from '../ground/symbolTypes';
import { TOOL } from '../ground/tools';
import { openText } from '../read/openText';
import { SYMBOL_LIMITS } from './service';
import { readSourceText, type SourceText } from './sourceText';
import type { SymbolEnv } from './symbolEnv';

/** The outline of one file, or a clear error when it has none. */
export interface FileSymbols {
  display: string;
  absolute: string;
  symbols: OutlineSymbol[];
  source: SourceText;
  /** The file's version (TextFile.versionKey): changes with its content. */
  version: string;
  /** What the outline could not hold (a parse that failed in places, nesting cut), said with every answer made from it. */
  notes?: string[];
  /** A very large file: the outline lists its top-level declarations only (members: withMembers). */
  topLevelOnly?: { spec: LanguageSpec };
  /** A top-level-only bundle: the wrapper function whose direct declarations the outline lists too. */
  wrapper?: { startLine: number; endLine: number };
}

export async function fileOutline(env: SymbolEnv, target: string): Promise<FileSymbols> {
  const path = await env.resolver.resolve(target);
  requireInside(path, env.allowOutside, 'Read symbols', env.allowSecrets);
  const file = await openText(env.host, path, env.sniffs, env);
  try {
    const dirty = env.host.documents?.dirty(path.absolute);
    const outline = await env.symbols.outline(file, path.absolute, path.display, env.signal, dirty?.languageId);
    if (outline.status === 'unsupported') {
      // The editor's own symbol providers, where the host has them (VS Code).
      const fallback = env.host.documentSymbols ? await env.host.documentSymbols(path.absolute) : undefined;
      if (fallback && fallback.length > 0) {
        const source = await readSourceText(file, path.display, SYMBOL_LIMITS.maxParseBytes);
        return { display: path.display, absolute: path.absolute, symbols: fallback, source, version: file.versionKey };
      }
      throw new LecternError(
        'UNSUPPORTED_LANGUAGE',
        `${path.display} is in a language Lectern has no symbol support for.`,
        `Find the lines with ${callText(TOOL.search, { target: path.display, query: target === path.display ? 'function' : 'NAME' })}${target === path.display ? '' : ' with NAME what you look for'} and read them with start_line/end_line.`,
      );
    }
    if (outline.status === 'timeout') {
      throw new LecternError(
        'TIMEOUT',
        `Parsing ${path.display} took too long; its symbols are not available.`,
        `Find the lines with ${callText(TOOL.search, { target: path.display, query: 'NAME' })} with NAME what you look for and read them with start_line/end_line.`,
      );
    }
    if (outline.source.redacted) env.onRedacted?.();
    return {
      display: path.display,
      absolute: path.absolute,
      symbols: outline.symbols,
      source: outline.source,
      version: file.versionKey,
      ...(outline.notes ? { notes: outline.notes } : {}),
      ...(outline.topLevelOnly ? { topLevelOnly: { spec: outline.spec } } : {}),
      ...(outline.wrapper ? { wrapper: outline.wrapper } : {}),
    };
  } finally {
    await file.source.close().catch(() => undefined);
  }
}
