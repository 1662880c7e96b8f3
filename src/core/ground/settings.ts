// User-tunable limits (VS Code settings `lectern.*`, CLI flags) and the fixed ones.
import { DEFAULT_SECRET_SETTINGS, type SecretSettings } from './secrets';
import { DEFAULT_STABILIZATION, type StabilizationSettings } from './stabilization';
import type { LineNumbers } from '../text/gutter';

export type { LineNumbers };

export interface Settings extends StabilizationSettings, SecretSettings {
  /** The model's context window in tokens; one response may use `maxReadShare` of it. */
  contextTokens: number;
  maxReadShare: number;
  /** A fixed ceiling on one answer's tokens besides the share: null, the share alone; set, the smaller of the two. */
  maxReadTokens: number | null;
  /** Bounds reads that asked for no size (no range, no window, no head/tail); also the session's per-answer preview budget. */
  maxPreviewChars: number;
  /**
   * The session layer steers the agent (budgets, relevance and exclusion guidance, de-duplication,
   * loop detection). false: sessions are only observed (metrics, timeline, meta.stabilization).
   */
  sessionGuard: boolean;
  lineNumbers: LineNumbers;
  /**
   * Outside VS Code (`lectern session`, `lectern mcp`): start the workspace's language servers behind
   * mode "references" where their programs are found (auto), or never (off). Hosts read it; the core does not.
   */
  languageServers: 'auto' | 'off';
}

export const DEFAULT_SETTINGS: Settings = {
  ...DEFAULT_STABILIZATION,
  ...DEFAULT_SECRET_SETTINGS,
  contextTokens: 128_000,
  maxReadShare: 0.2,
  maxReadTokens: null,
  maxPreviewChars: 12_000,
  sessionGuard: true,
  lineNumbers: 'sparse',
  languageServers: 'auto',
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
  /** A range of at most this many lines is precise: the read budget never refuses or shrinks it, and read whole it needs no [Next]. */
  preciseLines: 60,
} as const;

export function normalizeSettings(partial: Partial<Settings> | undefined): Settings {
  const s = { ...DEFAULT_SETTINGS, ...(partial ?? {}) };
  const positive = (value: number, fallback: number) => (Number.isFinite(value) && value > 0 ? value : fallback);
  const whole = (value: number, fallback: number) => Math.floor(positive(value, fallback));
  const share = (value: number, fallback: number) => Math.min(1, positive(value, fallback));
  const oneOf = <T extends string>(value: unknown, options: readonly T[], fallback: T): T =>
    options.includes(value as T) ? (value as T) : fallback;
  const d = DEFAULT_SETTINGS;
  return {
    contextTokens: whole(s.contextTokens, d.contextTokens),
    maxReadShare: share(s.maxReadShare, d.maxReadShare),
    maxReadTokens:
      typeof s.maxReadTokens === 'number' && Number.isFinite(s.maxReadTokens) && s.maxReadTokens >= 1
        ? Math.floor(s.maxReadTokens)
        : null,
    maxPreviewChars: whole(s.maxPreviewChars, d.maxPreviewChars),
    // Stabilization (src/core/session): budgets are whole numbers; Infinity is not a setting value.
    maxReadsPerSession: whole(s.maxReadsPerSession, d.maxReadsPerSession),
    maxTotalReadLines: whole(s.maxTotalReadLines, d.maxTotalReadLines),
    maxSingleReadLines: whole(s.maxSingleReadLines, d.maxSingleReadLines),
    hardLimitMultiplier: Math.max(1, positive(s.hardLimitMultiplier, d.hardLimitMultiplier)),
    relevance: oneOf(s.relevance, ['warn', 'block'], d.relevance),
    exclusions: oneOf(s.exclusions, ['warn', 'block'], d.exclusions),
    excludeGlobs: Array.isArray(s.excludeGlobs)
      ? s.excludeGlobs.filter((g): g is string => typeof g === 'string' && g.trim().length > 0)
      : [],
    ephemeralShare: share(s.ephemeralShare, d.ephemeralShare),
    idleResetMinutes: positive(s.idleResetMinutes, d.idleResetMinutes),
    sessionGuard: typeof s.sessionGuard === 'boolean' ? s.sessionGuard : d.sessionGuard,
    lineNumbers: oneOf(s.lineNumbers, ['sparse', 'every'], d.lineNumbers),
    languageServers: oneOf(s.languageServers, ['auto', 'off'], d.languageServers),
    secretPatterns: Array.isArray(s.secretPatterns)
      ? s.secretPatterns.filter((g): g is string => typeof g === 'string' && g.trim().length > 0)
      : [],
    allowSecrets: s.allowSecrets === true,
  };
}

/** A copy of settings as given, arrays copied too: what sameSettings compares later values with. */
export function copySettings(given: Partial<Settings>): Partial<Settings> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) copy[key] = Array.isArray(value) ? [...value] : value;
  return copy as Partial<Settings>;
}

/** True when `given` holds exactly the values of `copy` (arrays element by element). */
export function sameSettings(copy: Partial<Settings>, given: Partial<Settings>): boolean {
  const a = copy as Record<string, unknown>;
  const b = given as Record<string, unknown>;
  let keys = 0;
  for (const key in b) {
    keys++;
    const x = a[key];
    const y = b[key];
    if (x === y || (x !== x && y !== y)) continue; // NaN equals NaN here
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length || x.some((item, i) => item !== y[i]))
      return false;
  }
  return keys === Object.keys(a).length;
}

/** Tokens one response may carry. */
export function responseTokenCap(settings: Settings, tokenBudget?: number): number {
  const share = Math.floor(settings.contextTokens * settings.maxReadShare);
  const cap = settings.maxReadTokens === null ? share : Math.min(share, settings.maxReadTokens);
  return tokenBudget && tokenBudget > 0 ? Math.min(cap, Math.floor(tokenBudget)) : cap;
}
