// User-tunable limits (VS Code settings `lectern.*`, CLI flags) and the fixed ones.

export interface Settings {
  /** The model's context window in tokens; one response may use `maxReadShare` of it. */
  contextTokens: number;
  maxReadShare: number;
  /** Bounds reads that asked for no size (no range, no window, no head/tail). */
  maxPreviewChars: number;
}

export const DEFAULT_SETTINGS: Settings = {
  contextTokens: 128_000,
  maxReadShare: 0.2,
  maxPreviewChars: 12_000,
};

export const LIMITS = {
  /** Default and hard cap of a byte window. */
  defaultWindowBytes: 64 * 1024,
  maxWindowBytes: 256 * 1024,
  /** Raw bytes gathered for one line-mode read before token shaping. */
  maxLineReadBytes: 256 * 1024,
  /** Lines longer than this are cut in line mode. */
  maxLineChars: 2000,
  /** Up to this size a file's lines are counted on every read; above, only when a scan passes anyway. */
  countLinesBelowBytes: 32 * 1024 * 1024,
  /** Bytes sniffed for binary content and encoding. */
  sniffBytes: 8 * 1024,
  /** UTF-16 files are transcoded whole, so they are capped. */
  maxTranscodeBytes: 32 * 1024 * 1024,
  /** Chunk size of every streaming scan. */
  chunkBytes: 64 * 1024,
  maxSearchMatches: 500,
  defaultSearchMatches: 50,
  maxSearchContext: 20,
} as const;

export function normalizeSettings(partial: Partial<Settings> | undefined): Settings {
  const s = { ...DEFAULT_SETTINGS, ...(partial ?? {}) };
  const positive = (value: number, fallback: number) => (Number.isFinite(value) && value > 0 ? value : fallback);
  return {
    contextTokens: Math.floor(positive(s.contextTokens, DEFAULT_SETTINGS.contextTokens)),
    maxReadShare: Math.min(1, positive(s.maxReadShare, DEFAULT_SETTINGS.maxReadShare)),
    maxPreviewChars: Math.floor(positive(s.maxPreviewChars, DEFAULT_SETTINGS.maxPreviewChars)),
  };
}

/** Tokens one response may carry. */
export function responseTokenCap(settings: Settings, tokenBudget?: number): number {
  const cap = Math.floor(settings.contextTokens * settings.maxReadShare);
  return tokenBudget && tokenBudget > 0 ? Math.min(cap, Math.floor(tokenBudget)) : cap;
}
