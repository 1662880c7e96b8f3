// What `lectern --help` and `lectern COMMAND --help` print: each command's synopsis, its options and
// examples that run as written (a test parses every example line).
import { SETTING_FLAGS, type SettingFlag } from '../node/settingFlags';
import { SHELL_COMMANDS, SHELL_COMMAND_NAMES, type ShellCommandName } from './shellCommands';

export type HelpTopic = 'call' | 'session' | 'mcp' | 'replay' | 'tools' | 'daemon' | ShellCommandName;

/** Each option's help, by flag: the general usage lists them all, a command's usage its own. */
const OPTIONS: Record<string, string> = {
  '--root DIR': `workspace folder (repeat for multi-root; default: the current directory;
an MCP client's roots replace them)`,
  '--text': 'print the model-facing text instead of the JSON response',
  '--exact-tokens': `call: count with the o200k tokenizer from the start (default there: UTF-8
bytes, an upper bound, where they decide alike, which spares loading it)`,
  '--allow-outside': 'allow reading paths outside the roots',
  '--log FILE': 'append each call to a replay log (JSONL: input, file versions, answer hash)',
  '--http PORT': 'mcp: serve Streamable HTTP at http://127.0.0.1:PORT/mcp instead of stdio',
  '--host ADDR': 'mcp --http: the address to bind (default 127.0.0.1)',
  '--legacy-tools': 'mcp: also offer the single-purpose compatibility tools',
  '--structured-content': `mcp: answers also carry the response object as structuredContent (for
programs; agents that show it to the model in place of the text would
read the file twice), and tools declare its output schema`,
  '--token T': 'mcp --http: require "Authorization: Bearer T" (also LECTERN_MCP_TOKEN)',
  '--idle-minutes N': `mcp --http: a session without a request for N minutes expires (default 30;
at most 100 sessions are kept, the longest idle making room); read, sym, refs, grep,
ls: the daemon they start ends after N idle minutes (default 10)`,
};

function optionLines(flags: readonly string[]): string {
  return flags
    .map((flag) => {
      const [first, ...rest] = OPTIONS[flag]!.split('\n');
      return [`  ${flag.padEnd(22)}${first}`, ...rest.map((line) => ' '.repeat(24) + line)].join('\n');
    })
    .join('\n');
}

/** What each kind of setting flag takes, as the usage names it. */
const VALUE_NAMES: Record<SettingFlag['kind'], string> = {
  integer: 'N',
  number: 'N',
  share: 'N',
  boolean: 'on|off',
  policy: 'warn|block',
  numbering: 'sparse|every',
  auto: 'auto|off',
  glob: 'GLOB',
};

const valueName = (setting: SettingFlag): string => VALUE_NAMES[setting.kind];

const SETTINGS = `Settings (as in VS Code's lectern.*):
${SETTING_FLAGS.map((s) => `  ${(s.flag + ' ' + valueName(s)).padEnd(30)}${s.help}`).join('\n')}`;

const SETTINGS_POINTER = 'Settings: every lectern.* setting of VS Code is a flag (lectern --help lists them).';

interface CommandHelp {
  synopsis: string;
  about: string;
  options: readonly string[];
  examples: readonly string[];
}

/** The shell commands' help, from their declarations (shellCommands.ts). */
function shellHelp(name: ShellCommandName): CommandHelp {
  const command = SHELL_COMMANDS[name];
  const flags = Object.entries(command.flags).map(([flag, means]) => `${flag}: ${means}`);
  return {
    synopsis: `${command.synopsis} [--root DIR]... [--idle-minutes N] [settings]`,
    about: [
      command.about,
      ...(flags.length > 0 ? [flags.join('; ')] : []),
      "prints the tool's answer; one session per workspace and $LECTERN_SESSION, kept by a daemon (docs/cli.md)",
    ].join('\n'),
    options: ['--root DIR', '--idle-minutes N'],
    examples: command.examples,
  };
}

const COMMANDS: Record<HelpTopic, CommandHelp> = {
  ...(Object.fromEntries(SHELL_COMMAND_NAMES.map((name) => [name, shellHelp(name)])) as Record<
    ShellCommandName,
    CommandHelp
  >),
  daemon: {
    synopsis: 'lectern daemon [--root DIR]... [--idle-minutes N] [--allow-outside] [settings]',
    about: `what read, sym, refs, grep and ls start when none runs for their workspace: answers them over a
Unix socket in the user cache folder, one session per $LECTERN_SESSION, until idle (default 10 min)`,
    options: ['--root DIR', '--idle-minutes N', '--allow-outside'],
    examples: ['lectern daemon --root . --idle-minutes 10'],
  },
  call: {
    synopsis: `lectern call <tool> '<json input>' [--root DIR]... [--text] [--exact-tokens] [--allow-outside]
                    [--log FILE] [settings]`,
    about: 'runs one call of a tool (lectern tools lists them) and prints its response as one JSON line',
    options: ['--root DIR', '--text', '--exact-tokens', '--allow-outside', '--log FILE'],
    examples: [
      `lectern call lectern_read '{"mode":"symbol","target":"Store.get"}' --root . --text`,
      `lectern call lectern_search '{"query":"TODO","target":"src"}' --root .`,
      `lectern call lectern_read '{"target":"README.md","start_line":1,"end_line":40}' --max-read-tokens 2000`,
    ],
  },
  session: {
    synopsis: 'lectern session [--root DIR]... [--allow-outside] [--log FILE] [settings]',
    about:
      'reads one {"tool": "...", "input": {...}} per line on stdin and answers one JSON line each, all in one session',
    options: ['--root DIR', '--allow-outside', '--log FILE'],
    examples: [
      `echo '{"tool":"lectern_stat","input":{"target":"README.md"}}' | lectern session --root .`,
      'lectern session --root . --session-guard off < calls.jsonl',
    ],
  },
  mcp: {
    synopsis: `lectern mcp [--root DIR]... [--http PORT [--host ADDR] [--token T] [--idle-minutes N]]
              [--legacy-tools] [--structured-content] [--allow-outside] [--log FILE] [settings]`,
    about: 'an MCP server: stdio by default; --http serves Streamable HTTP at http://127.0.0.1:PORT/mcp',
    options: [
      '--root DIR',
      '--http PORT',
      '--host ADDR',
      '--token T',
      '--idle-minutes N',
      '--legacy-tools',
      '--structured-content',
      '--allow-outside',
      '--log FILE',
    ],
    examples: [
      'lectern mcp --root /path/to/project',
      'claude mcp add lectern -- lectern mcp --root /path/to/project',
      'lectern mcp --http 8931 --token "$LECTERN_MCP_TOKEN" --root /path/to/project',
    ],
  },
  replay: {
    synopsis: 'lectern replay LOG',
    about: `re-runs the calls of a replay log (--log) and reports, per call, same / drifted / file changed
since; exit 1 unless every call answered the same`,
    options: [],
    examples: [
      `lectern call lectern_read '{"target":"README.md","head":5}' --log calls.jsonl`,
      'lectern replay calls.jsonl',
    ],
  },
  tools: {
    synopsis: 'lectern tools',
    about: 'lists the tools and their input schemas (JSON)',
    options: [],
    examples: ['lectern tools'],
  },
};

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
}

/** `lectern COMMAND --help`: the command's synopsis, what it does, its options and examples. */
export function commandUsage(topic: HelpTopic): string {
  const help = COMMANDS[topic];
  return [
    `Usage: ${help.synopsis}`,
    indent(help.about, '  '),
    ...(help.options.length > 0 ? ['Options:', optionLines(help.options)] : []),
    ...(topic === 'tools' || topic === 'replay' ? [] : [SETTINGS_POINTER]),
    'Examples:',
    indent(help.examples.join('\n'), '  '),
  ].join('\n');
}

export const USAGE = `Usage:
  lectern call <tool> '<json input>' [--root DIR]... [--text] [--exact-tokens] [--allow-outside]
               [settings]
  lectern session [--root DIR]... [--allow-outside] [settings]
      reads one {"tool": "...", "input": {...}} per line on stdin, answers one JSON line each
  lectern mcp [--root DIR]... [--http PORT [--host ADDR] [--token T] [--idle-minutes N]]
              [--legacy-tools] [--structured-content] [settings]
      ${COMMANDS.mcp.about}
  lectern replay LOG
${indent(COMMANDS.replay.about, '      ')}
  lectern tools                      ${COMMANDS.tools.about}
  lectern read|sym|refs|grep|ls ...  shell commands: the tool's answer as text, one session per
                                     workspace and $LECTERN_SESSION (lectern read --help)
  lectern COMMAND --help             a command's options and examples
  lectern --version                  the version
Options:
${optionLines(Object.keys(OPTIONS))}
${SETTINGS}
Examples:
  ${COMMANDS.call.examples[0]}
  ${COMMANDS.mcp.examples[0]}
  ${COMMANDS.session.examples[0]}
Exit status: 0 when the calls ran (even if an answer has ok: false), 2 on a usage error
(replay: 1 when a call drifted or a file changed; shell commands: 1 when the answer has ok: false).`;
