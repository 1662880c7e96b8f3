// What package.json contributes that activation must register: the tools, the commands and the
// webview views. Read from the manifest, its one source (npm run manifest writes the tools).
export interface Contributions {
  tools: string[];
  commands: string[];
  webviewViews: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The string `key` of each entry of a list (entries without one are skipped). */
function keysOf(list: unknown, key: string, only?: (entry: Record<string, unknown>) => boolean): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) =>
    isRecord(entry) && typeof entry[key] === 'string' && (only?.(entry) ?? true) ? [entry[key]] : [],
  );
}

export function contributionsOf(manifest: unknown): Contributions {
  const contributes = isRecord(manifest) && isRecord(manifest.contributes) ? manifest.contributes : {};
  const views = isRecord(contributes.views) ? Object.values(contributes.views) : [];
  return {
    tools: keysOf(contributes.languageModelTools, 'name'),
    commands: keysOf(contributes.commands, 'command'),
    webviewViews: views.flatMap((list) => keysOf(list, 'id', (view) => view.type === 'webview')),
  };
}
