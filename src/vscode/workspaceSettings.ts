// Lectern's settings and the editor's exclusion globs as VS Code gives them, for both extension
// hosts (Node and web worker): nothing here touches files.
import * as vscode from 'vscode';
import type { WorkspaceRoot } from '../core/ground/ports';
import type { Settings } from '../core/ground/settings';

/**
 * Host.excludeGlobs: the enabled (`true`) globs of `files.exclude` as a workspace folder sees them
 * (folder settings over workspace and user settings), and for search `search.exclude` laid over
 * them, as VS Code's search does (a `false` there re-includes a files.exclude glob). Entries with a
 * `{ when }` sibling condition are left out.
 */
export function excludeGlobsFor(
  uriOf: (path: string) => vscode.Uri,
): (root: WorkspaceRoot, purpose: 'files' | 'search') => string[] {
  return (root, purpose) => {
    const scope = uriOf(root.path);
    const read = (section: 'files' | 'search') =>
      vscode.workspace.getConfiguration(section, scope).get<Record<string, unknown>>('exclude') ?? {};
    const merged = { ...read('files'), ...(purpose === 'search' ? read('search') : {}) };
    return Object.entries(merged)
      .filter(([, on]) => on === true)
      .map(([glob]) => glob);
  };
}

/** The enabled globs of `files.exclude` (`true` entries; `{ when }` conditions are skipped), across the folders. */
function filesExcludeGlobs(): string[] {
  const scopes: (vscode.Uri | undefined)[] = [
    undefined,
    ...(vscode.workspace.workspaceFolders ?? []).map((f) => f.uri),
  ];
  const globs = new Set<string>();
  for (const scope of scopes) {
    const exclude = vscode.workspace.getConfiguration('files', scope).get<Record<string, unknown>>('exclude') ?? {};
    for (const [glob, on] of Object.entries(exclude)) if (on === true) globs.add(glob);
  }
  return [...globs];
}

/** lectern.secretPatterns from every level, but exemptions ("!glob") only from the user's own settings. */
function secretPatterns(config: vscode.WorkspaceConfiguration): string[] {
  const levels = config.inspect<unknown>('secretPatterns');
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : [];
  const user = list(levels?.globalValue);
  const workspace = [...list(levels?.workspaceValue), ...list(levels?.workspaceFolderValue)].filter(
    (g) => !g.trim().startsWith('!'),
  );
  return [...user, ...workspace];
}

export function readSettings(): Partial<Settings> {
  const config = vscode.workspace.getConfiguration('lectern');
  return {
    contextTokens: config.get<number>('contextTokens'),
    maxReadShare: config.get<number>('maxReadShare'),
    maxReadTokens: config.get<number | null>('maxReadTokens'),
    maxPreviewChars: config.get<number>('maxPreviewChars'),
    lineNumbers: config.get<'sparse' | 'every'>('lineNumbers'),
    // Passed to `lectern mcp`; VS Code's own references come from its language servers.
    languageServers: config.get<'auto' | 'off'>('languageServers'),
    // The session layer (core/session): budgets, relevance and exclusion guidance.
    sessionGuard: config.get<boolean>('sessionGuard'),
    maxReadsPerSession: config.get<number>('maxReadsPerSession'),
    maxTotalReadLines: config.get<number>('maxTotalReadLines'),
    maxSingleReadLines: config.get<number>('maxSingleReadLines'),
    hardLimitMultiplier: config.get<number>('hardLimitMultiplier'),
    relevance: config.get<'warn' | 'block'>('relevance'),
    exclusions: config.get<'warn' | 'block'>('exclusions'),
    ephemeralShare: config.get<number>('ephemeralShare'),
    idleResetMinutes: config.get<number>('idleResetMinutes'),
    excludeGlobs: filesExcludeGlobs(),
    // Secrets: in an untrusted workspace the workspace's own settings cannot loosen the policy (restrictedConfigurations).
    secretPatterns: secretPatterns(config),
    allowSecrets: config.inspect<boolean>('allowSecrets')?.globalValue === true,
  };
}
