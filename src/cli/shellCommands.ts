// The shell commands (`lectern read src/app.py:120-180`, `lectern sym Flask.route`, `lectern refs
// url_for`, `lectern grep 'pattern' src/`, `lectern ls src/`): each one's declaration, its help and the
// tool call it makes. Their answers are the tool's text, exactly; a per-workspace daemon keeps one
// session across invocations (daemon.ts, daemonClient.ts).
import { TOOL, type ToolName } from '../core/ground/tools';

export type ShellCommandName = 'read' | 'sym' | 'refs' | 'grep' | 'ls';

export interface ShellCall {
  tool: ToolName;
  input: Record<string, unknown>;
}

export interface ShellCommand {
  synopsis: string;
  about: string;
  /** Its short flags and what each means. */
  flags: Readonly<Record<string, string>>;
  examples: readonly string[];
  /** The call for these arguments (flags included, in any order); a message when they do not fit. */
  call(args: readonly string[], flags: ReadonlySet<string>): ShellCall | string;
}

/** `path:120-180`, `path:120` (one line), or a path (its start, as the read answers it). */
function readCall(args: readonly string[]): ShellCall | string {
  if (args.length !== 1) return 'read needs one path, e.g. lectern read src/app.py:120-180.';
  const range = /^(.+):(\d+)(?:-(\d+))?$/.exec(args[0]!);
  if (!range) return { tool: TOOL.read, input: { target: args[0] } };
  const start = Number(range[2]);
  const end = range[3] !== undefined ? Number(range[3]) : start;
  return { tool: TOOL.read, input: { target: range[1], start_line: start, end_line: end } };
}

/** A command that takes one name: `command` is its own name, for the message when it gets another count. */
const oneName =
  (command: string, mode: string, example: string) =>
  (args: readonly string[]): ShellCall | string =>
    args.length === 1
      ? { tool: TOOL.read, input: { mode, target: args[0] } }
      : `${command} needs one name, e.g. ${example}.`;

export const SHELL_COMMANDS: Readonly<Record<ShellCommandName, ShellCommand>> = {
  read: {
    synopsis: 'lectern read <path>[:<start>[-<end>]]',
    about: "a file's lines (all of them within the budget, or the range), as lectern_read answers them",
    flags: {},
    examples: ['lectern read src/app.py:120-180', 'lectern read README.md'],
    call: readCall,
  },
  sym: {
    synopsis: 'lectern sym <Name | Class.member>',
    about: 'a function, method or class by name, with its doc comment',
    flags: {},
    examples: ['lectern sym Flask.route'],
    call: oneName('sym', 'symbol', 'lectern sym Flask.route'),
  },
  refs: {
    synopsis: 'lectern refs <name>',
    about: 'every use of a symbol, with the function it sits in',
    flags: {},
    examples: ['lectern refs url_for'],
    call: oneName('refs', 'references', 'lectern refs url_for'),
  },
  grep: {
    synopsis: "lectern grep [-i] [-F] '<pattern>' [<file | folder | glob>]",
    about: 'lines matching an RE2 regular expression (case-sensitive, as grep), best files first',
    flags: { '-i': 'ignore case', '-F': 'the pattern is plain text, not a regular expression' },
    examples: ["lectern grep 'def url_for' src/", "lectern grep -iF 'todo('"],
    call: (args, flags) => {
      if (args.length < 1 || args.length > 2)
        return "grep needs a pattern and at most one place, e.g. lectern grep 'def url_for' src/.";
      const input: Record<string, unknown> = {
        query: args[0],
        is_regex: !flags.has('-F'),
        case_sensitive: !flags.has('-i'),
      };
      if (args[1] !== undefined) input.target = args[1];
      return { tool: TOOL.search, input };
    },
  },
  ls: {
    synopsis: 'lectern ls [-R] [<folder | glob | name part>]',
    about:
      "a folder's entries (default: the workspace; with -R as a tree), a glob's matches, or the files whose path holds a name part",
    flags: { '-R': 'open subfolders too, as far as the budget allows' },
    examples: ['lectern ls src/', 'lectern ls -R src/', "lectern ls 'tests/**/*.py'", 'lectern ls router'],
    call: (args, flags) =>
      args.length > 1
        ? 'ls takes at most one folder, glob or name part (quote a glob).'
        : {
            tool: TOOL.read,
            input: {
              mode: 'files',
              ...(args[0] !== undefined ? { target: args[0] } : {}),
              // As ls: one level unless -R.
              ...(flags.has('-R') ? {} : { depth: 1 }),
            },
          },
  },
};

export const SHELL_COMMAND_NAMES = Object.keys(SHELL_COMMANDS) as ShellCommandName[];

/** The call a shell command's arguments make: its short flags taken out of them first. */
export function shellCall(name: ShellCommandName, args: readonly string[]): ShellCall | string {
  const command = SHELL_COMMANDS[name];
  const flags = new Set<string>();
  const rest: string[] = [];
  for (const arg of args) {
    if (/^-[A-Za-z]+$/.test(arg)) {
      for (const letter of arg.slice(1)) {
        const flag = `-${letter}`;
        if (!(flag in command.flags))
          return `${name} has no option ${flag}${Object.keys(command.flags).length > 0 ? ` (it takes ${Object.keys(command.flags).join(', ')})` : ''}.`;
        flags.add(flag);
      }
    } else rest.push(arg);
  }
  return command.call(rest, flags);
}
