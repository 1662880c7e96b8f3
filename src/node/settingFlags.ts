// Every setting the extension has (package.json `lectern.*`) as a command-line flag: the CLI parses
// them, and VS Code's MCP server definition passes the editor's settings to `lectern mcp` with them.
import type { Settings } from '../core/ground/settings';

/** Every setting the extension has (package.json `lectern.*`), as a flag. */
export interface SettingFlag {
  flag: string;
  key: keyof Settings;
  kind: 'integer' | 'number' | 'share' | 'boolean' | 'policy' | 'numbering' | 'glob' | 'auto';
  help: string;
}

export const SETTING_FLAGS: readonly SettingFlag[] = [
  {
    flag: '--context-tokens',
    key: 'contextTokens',
    kind: 'integer',
    help: "the model's context window (default 128000)",
  },
  {
    flag: '--max-read-share',
    key: 'maxReadShare',
    kind: 'share',
    help: 'share of it one answer may use (default 0.2)',
  },
  {
    flag: '--max-read-tokens',
    key: 'maxReadTokens',
    kind: 'integer',
    help: "a fixed ceiling on one answer's tokens besides the share (default: none, the share alone)",
  },
  {
    flag: '--max-preview-chars',
    key: 'maxPreviewChars',
    kind: 'integer',
    help: 'size bound of reads that give no range (default 12000)',
  },
  {
    flag: '--line-numbers',
    key: 'lineNumbers',
    kind: 'numbering',
    help: "sparse|every: number a block's first and last lines and every 10th, or every line (default sparse)",
  },
  {
    flag: '--session-guard',
    key: 'sessionGuard',
    kind: 'boolean',
    help: 'on|off: steer the session (budgets, relevance, exclusions, de-duplication); off: only observe (default on)',
  },
  {
    flag: '--max-reads-per-session',
    key: 'maxReadsPerSession',
    kind: 'integer',
    help: "soft limit on a session's reads (default 25)",
  },
  {
    flag: '--max-total-read-lines',
    key: 'maxTotalReadLines',
    kind: 'integer',
    help: "soft limit on a session's lines read (default 2500)",
  },
  {
    flag: '--max-single-read-lines',
    key: 'maxSingleReadLines',
    kind: 'integer',
    help: "soft limit on one read's lines (default 300)",
  },
  {
    flag: '--hard-limit-multiplier',
    key: 'hardLimitMultiplier',
    kind: 'number',
    help: 'hard limits are this multiple of the soft ones (default 2)',
  },
  {
    flag: '--relevance',
    key: 'relevance',
    kind: 'policy',
    help: 'warn|block: reads outside the recent search results (default warn)',
  },
  {
    flag: '--exclusions',
    key: 'exclusions',
    kind: 'policy',
    help: 'warn|block: reads of excluded paths (default warn)',
  },
  {
    flag: '--exclude',
    key: 'excludeGlobs',
    kind: 'glob',
    help: 'GLOB: one more excluded path pattern, like files.exclude (repeatable)',
  },
  {
    flag: '--ephemeral-share',
    key: 'ephemeralShare',
    kind: 'share',
    help: 'share of the context an ephemeral read may use (default 0.9)',
  },
  {
    flag: '--idle-reset-minutes',
    key: 'idleResetMinutes',
    kind: 'number',
    help: 'a session idle this long starts over (default 30)',
  },
  {
    flag: '--allow-secrets',
    key: 'allowSecrets',
    kind: 'boolean',
    help: 'on|off: read and search secret-looking files (keys, .env, credentials) (default off)',
  },
  {
    flag: '--secret-pattern',
    key: 'secretPatterns',
    kind: 'glob',
    help: 'GLOB: one more secret-looking path pattern; !GLOB exempts (repeatable)',
  },
  {
    flag: '--language-servers',
    key: 'languageServers',
    kind: 'auto',
    help: 'auto|off: session and mcp start typescript-language-server, pyright and gopls (from Lectern or PATH, never the workspace) for references (default auto)',
  },
];

/** The flags that give `lectern` these settings (VS Code → `lectern mcp`). */
export function settingsToFlags(settings: Partial<Settings>): string[] {
  const flags: string[] = [];
  for (const setting of SETTING_FLAGS) {
    const value = settings[setting.key];
    if (value === undefined || value === null) continue;
    if (setting.kind === 'glob') {
      for (const glob of value as readonly string[]) flags.push(setting.flag, glob);
    } else if (setting.kind === 'boolean') {
      flags.push(setting.flag, value ? 'on' : 'off');
    } else {
      flags.push(setting.flag, String(value));
    }
  }
  return flags;
}
