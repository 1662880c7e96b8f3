// Command-line parsing for `lectern`. Usage errors exit 2 with a message naming the fix.

export interface CliOptions {
  command: 'call' | 'session' | 'tools' | 'help';
  tool?: string;
  input?: unknown;
  roots: string[];
  text: boolean;
  allowOutside: boolean;
  settings: { contextTokens?: number; maxReadShare?: number; maxPreviewChars?: number };
}

export class UsageError extends Error {}

export const USAGE = `Usage:
  lectern call <tool> '<json input>' [--root DIR]... [--text] [--allow-outside]
  lectern session [--root DIR]... [--allow-outside]
      reads one {"tool": "...", "input": {...}} per line on stdin, answers one JSON line each
  lectern tools                      lists the tools and their input schemas
Options:
  --root DIR            workspace folder (repeat for multi-root; default: the current directory)
  --text                print the model-facing text instead of the JSON response
  --allow-outside       allow reading paths outside the roots
  --context-tokens N    the model's context window (default 128000)
  --max-read-share F    share of it one answer may use (default 0.2)
  --max-preview-chars N size bound of reads that give no range (default 12000)`;

function numberOption(name: string, value: string | undefined, integer: boolean): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isFinite(parsed) || parsed <= 0 || (integer && !Number.isInteger(parsed))) {
    throw new UsageError(`${name} needs a positive ${integer ? 'whole ' : ''}number, got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`);
  }
  return parsed;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = { command: 'help', roots: [], text: false, allowOutside: false, settings: {} };
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    switch (arg) {
      case '--root':
        if (!argv[i + 1]) throw new UsageError('--root needs a directory.');
        options.roots.push(argv[++i]!);
        break;
      case '--text':
        options.text = true;
        break;
      case '--allow-outside':
        options.allowOutside = true;
        break;
      case '--context-tokens':
        options.settings.contextTokens = numberOption(arg, argv[++i], true);
        break;
      case '--max-read-share':
        options.settings.maxReadShare = numberOption(arg, argv[++i], false);
        break;
      case '--max-preview-chars':
        options.settings.maxPreviewChars = numberOption(arg, argv[++i], true);
        break;
      case '-h':
      case '--help':
        return { ...options, command: 'help' };
      default:
        if (arg.startsWith('--')) throw new UsageError(`Unknown option ${arg}.`);
        positional.push(arg);
    }
  }
  const [command, ...rest] = positional;
  if (command === undefined || command === 'help') return options;
  if (command === 'session' && options.text) throw new UsageError('session answers JSON lines; --text goes with call.');
  if (command === 'tools' || command === 'session') {
    if (rest.length > 0) throw new UsageError(`${command} takes no arguments (got ${rest.join(' ')}).`);
    return { ...options, command };
  }
  if (command !== 'call') throw new UsageError(`Unknown command "${command}".`);
  const [tool, json, ...extra] = rest;
  if (!tool) throw new UsageError('call needs a tool name, e.g. lectern call lectern_read \'{"target":"README.md"}\'.');
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}. Quote the JSON input as one argument.`);
  let input: unknown = {};
  if (json !== undefined) {
    try {
      input = JSON.parse(json);
    } catch (error) {
      throw new UsageError(`The input is not valid JSON (${(error as Error).message}). Quote it: '{"target":"README.md"}'.`);
    }
  }
  return { ...options, command, tool, input };
}
