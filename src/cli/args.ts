// Command-line parsing for `lectern`. Usage errors exit 2 with a message naming the fix.
import type { Settings } from '../core/ground/settings';
import { SETTING_FLAGS, type SettingFlag } from '../node/settingFlags';
import { closestField as closestName } from '../core/tools/validate';
import { TOOL } from '../core/ground/tools';
import type { HelpTopic } from './usage';
import { SHELL_COMMAND_NAMES, shellCall, type ShellCall, type ShellCommandName } from './shellCommands';

export { SETTING_FLAGS };

type Command = Exclude<HelpTopic, ShellCommandName> | 'shell' | 'help' | 'version';

export interface CliOptions {
  command: Command;
  /** `help`: the command whose usage to print (`lectern mcp --help`, `lectern help mcp`); none: the general usage. */
  helpTopic?: HelpTopic;
  tool?: string;
  input?: unknown;
  roots: string[];
  text: boolean;
  allowOutside: boolean;
  settings: Partial<Settings>;
  /** `mcp`: also offer the single-purpose compatibility tools (lectern.legacyTools). */
  legacyTools: boolean;
  /** `mcp --structured-content`: answers carry the response object, tools their output schema. */
  structuredContent: boolean;
  /** `mcp --http PORT`: Streamable HTTP on 127.0.0.1:PORT instead of stdio. */
  httpPort?: number;
  /** `mcp --host ADDR`: the address to bind (default 127.0.0.1). */
  httpHost?: string;
  /** `mcp --token T` (or LECTERN_MCP_TOKEN): HTTP requests must carry `Authorization: Bearer T`. */
  token?: string;
  /** `mcp --http --idle-minutes N`: an HTTP session without a request for N minutes expires (default 30). */
  idleMinutes?: number;
  /** `call --exact-tokens`: count tokens exactly even where an upper bound decides alike. */
  exactTokens: boolean;
  /** `--log FILE`: append each call to a replay log (JSONL). */
  log?: string;
  /** `replay LOG`: the log to replay. */
  replayLog?: string;
  /** A shell command (`read`, `sym`, `refs`, `grep`, `ls`): its name and the call it makes. */
  shell?: ShellCall & { name: ShellCommandName };
}

export class UsageError extends Error {
  /** The command the mistaken line ran, whose usage follows the message; none: the general usage. */
  command?: HelpTopic;
}

const COMMANDS: readonly (HelpTopic | 'help')[] = [
  'call',
  'session',
  'tools',
  'mcp',
  'replay',
  'daemon',
  ...SHELL_COMMAND_NAMES,
  'help',
];

const isShell = (command: string): command is ShellCommandName =>
  SHELL_COMMAND_NAMES.includes(command as ShellCommandName);

function numberOption(name: string, value: string | undefined, integer: boolean): number {
  const parsed = Number(value);
  if (value === undefined || !Number.isFinite(parsed) || parsed <= 0 || (integer && !Number.isInteger(parsed))) {
    throw new UsageError(
      `${name} needs a positive ${integer ? 'whole ' : ''}number, got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`,
    );
  }
  return parsed;
}

function settingValue(setting: SettingFlag, value: string | undefined): unknown {
  switch (setting.kind) {
    case 'integer':
      return numberOption(setting.flag, value, true);
    case 'number':
      return numberOption(setting.flag, value, false);
    case 'share': {
      const share = numberOption(setting.flag, value, false);
      if (share > 1) throw new UsageError(`${setting.flag} is a share between 0 and 1, got ${value}.`);
      return share;
    }
    case 'boolean':
      if (value === 'on' || value === 'true') return true;
      if (value === 'off' || value === 'false') return false;
      throw new UsageError(
        `${setting.flag} needs on or off, got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`,
      );
    case 'policy':
      if (value === 'warn' || value === 'block') return value;
      throw new UsageError(
        `${setting.flag} needs warn or block, got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`,
      );
    case 'numbering':
      if (value === 'sparse' || value === 'every') return value;
      throw new UsageError(
        `${setting.flag} needs sparse or every, got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`,
      );
    case 'auto':
      if (value === 'auto' || value === 'off') return value;
      throw new UsageError(
        `${setting.flag} needs auto or off, got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`,
      );
    case 'glob':
      if (!value || value.startsWith('--'))
        throw new UsageError(`${setting.flag} needs a glob, e.g. ${setting.flag} '**/generated/**'.`);
      return value;
  }
}

function unknownOption(arg: string): UsageError {
  const known = [
    '--root',
    '--text',
    '--allow-outside',
    '--log',
    '--legacy-tools',
    '--structured-content',
    '--exact-tokens',
    '--http',
    '--host',
    '--token',
    '--idle-minutes',
    '--help',
    '--version',
    ...SETTING_FLAGS.map((s) => s.flag),
  ];
  const name = arg.split('=')[0]!;
  const guess = closestName(
    name.replace(/^--/, ''),
    known.map((k) => k.slice(2)),
  );
  return new UsageError(`Unknown option ${name}.${guess ? ` Did you mean --${guess}?` : ''}`);
}

export function parseArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): CliOptions {
  const options: CliOptions = {
    command: 'help',
    roots: [],
    text: false,
    allowOutside: false,
    settings: {},
    legacyTools: false,
    structuredContent: false,
    exactTokens: false,
  };
  const positional = readFlags(argv, options);
  if (positional === 'version') return { ...options, command: 'version' };
  if (!Array.isArray(positional)) return { ...options, command: 'help', helpTopic: helpTopic(positional.help) };
  options.token ??= env.LECTERN_MCP_TOKEN || undefined;
  const [command, ...rest] = positional;
  if (command === undefined) return options;
  knownCommand(command);
  if (command === 'help') return { ...options, helpTopic: helpTopic(rest[0], true) };
  try {
    checkFlagsFit(command, options, env);
    return commandOptions(command, rest, options);
  } catch (error) {
    if (error instanceof UsageError) error.command ??= command;
    throw error;
  }
}

function knownCommand(command: string): asserts command is HelpTopic | 'help' {
  if (!COMMANDS.includes(command as HelpTopic)) {
    const guess = closestName(command, COMMANDS);
    throw new UsageError(`Unknown command "${command}".${guess ? ` Did you mean "${guess}"?` : ''}`);
  }
}

/** The command whose usage `--help` asks for; `strict` (`lectern help NAME`): a name that is no command is a usage error. */
function helpTopic(name: string | undefined, strict = false): HelpTopic | undefined {
  if (name === undefined || name === 'help') return undefined;
  if (strict) knownCommand(name);
  return COMMANDS.includes(name as HelpTopic) ? (name as HelpTopic) : undefined;
}

/**
 * Sets `options` from the flags of `argv`; returns the positional arguments, or at --help the command
 * named before or after it, or 'version' at --version.
 */
function readFlags(argv: readonly string[], options: CliOptions): string[] | { help?: string } | 'version' {
  const positional: string[] = [];
  const globs = new Map<string, string[]>(); // repeatable glob flags, by setting
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const setting = SETTING_FLAGS.find((s) => s.flag === arg);
    if (setting) {
      const value = settingValue(setting, argv[++i]);
      if (setting.kind === 'glob') globs.set(setting.key, [...(globs.get(setting.key) ?? []), value as string]);
      else (options.settings as Record<string, unknown>)[setting.key] = value;
      continue;
    }
    if (arg === '-h' || arg === '--help')
      return { help: [...positional, ...argv.slice(i + 1)].find((a) => !a.startsWith('-')) };
    if (arg === '-V' || arg === '--version') return 'version';
    if (!arg.startsWith('--')) positional.push(arg);
    else i += applyOption(arg, argv, i, options);
  }
  for (const [key, list] of globs) (options.settings as Record<string, unknown>)[key] = list;
  return positional;
}

/** Sets the option `arg` (at argv[i]) names; returns how many values after it it took. */
function applyOption(arg: string, argv: readonly string[], i: number, options: CliOptions): number {
  const valueOf = (name: string, what: string): string => {
    const value = argv[i + 1];
    if (value === undefined || value === '' || (value.startsWith('--') && value !== '-'))
      throw new UsageError(`${name} needs ${what}.`);
    return value;
  };
  switch (arg) {
    case '--root':
      options.roots.push(valueOf('--root', 'a directory'));
      return 1;
    case '--text':
      options.text = true;
      return 0;
    case '--allow-outside':
      options.allowOutside = true;
      return 0;
    case '--legacy-tools':
      options.legacyTools = true;
      return 0;
    case '--structured-content':
      options.structuredContent = true;
      return 0;
    case '--exact-tokens':
      options.exactTokens = true;
      return 0;
    case '--log':
      options.log = valueOf('--log', 'a file to append the replay log to');
      return 1;
    case '--http':
      options.httpPort = portOption(argv[i + 1]);
      return 1;
    case '--host':
      options.httpHost = valueOf('--host', 'an address to bind, e.g. 127.0.0.1');
      return 1;
    case '--token':
      options.token = valueOf('--token', 'the bearer token HTTP clients must send');
      return 1;
    case '--idle-minutes':
      options.idleMinutes = numberOption('--idle-minutes', argv[i + 1], false);
      return 1;
    default:
      throw unknownOption(arg);
  }
}

function portOption(value: string | undefined): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new UsageError(
      `--http needs a port number (0-65535; 0 picks a free one), got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`,
    );
  return port;
}

/** Flags that go with another command than `command`. */
function checkFlagsFit(
  command: HelpTopic,
  options: CliOptions,
  env: Readonly<Record<string, string | undefined>>,
): void {
  if (command !== 'call' && !isShell(command) && options.text)
    throw new UsageError(`${command} answers JSON; --text goes with call.`);
  if (command !== 'call' && options.exactTokens)
    throw new UsageError('--exact-tokens goes with call (the other commands always count exactly).');
  const idles = (command === 'mcp' && options.httpPort !== undefined) || command === 'daemon' || isShell(command);
  if (options.idleMinutes !== undefined && !idles)
    throw new UsageError(
      '--idle-minutes goes with mcp --http PORT, daemon and the shell commands (read, sym, refs, grep, ls).',
    );
  if (command !== 'mcp') {
    const given: [string, boolean][] = [
      ['--http', options.httpPort !== undefined],
      ['--host', options.httpHost !== undefined],
      ['--legacy-tools', options.legacyTools],
      ['--structured-content', options.structuredContent],
    ];
    const mcpOnly = given.find(([, on]) => on)?.[0];
    if (mcpOnly) throw new UsageError(`${mcpOnly} goes with mcp.`);
  } else if (
    options.httpPort === undefined &&
    (options.httpHost !== undefined || (options.token !== undefined && env.LECTERN_MCP_TOKEN !== options.token))
  ) {
    throw new UsageError(
      `${options.httpHost !== undefined ? '--host' : '--token'} goes with --http PORT (stdio needs neither).`,
    );
  }
}

/** The options of `command` with its arguments `rest`. */
function commandOptions(command: HelpTopic, rest: string[], options: CliOptions): CliOptions {
  if (isShell(command)) {
    const made = shellCall(command, rest);
    if (typeof made === 'string') throw new UsageError(made);
    return { ...options, command: 'shell', shell: { ...made, name: command } };
  }
  if (command === 'tools' || command === 'session' || command === 'mcp' || command === 'daemon') {
    if (rest.length > 0) throw new UsageError(`${command} takes no arguments (got ${rest.join(' ')}).`);
    return { ...options, command };
  }
  if (command === 'replay') {
    if (rest.length !== 1) throw new UsageError('replay needs one log file, e.g. lectern replay calls.jsonl.');
    if (options.log !== undefined) throw new UsageError('replay reads a log; --log goes with call, session and mcp.');
    if (options.roots.length > 0)
      throw new UsageError('replay runs each call in the folders the log recorded; it takes no --root.');
    return { ...options, command, replayLog: rest[0] };
  }
  const [tool, json, ...extra] = rest;
  if (!tool) throw new UsageError(`call needs a tool name, e.g. lectern call ${TOOL.read} '{"target":"README.md"}'.`);
  if (extra.length > 0)
    throw new UsageError(`Unexpected arguments: ${extra.join(' ')}. Quote the JSON input as one argument.`);
  return { ...options, command: 'call', tool, input: callInput(json) };
}

function callInput(json: string | undefined): unknown {
  if (json === undefined) return {};
  try {
    return JSON.parse(json);
  } catch (error) {
    throw new UsageError(
      `The input is not valid JSON (${(error as Error).message}). Quote it: '{"target":"README.md"}'.`,
    );
  }
}
