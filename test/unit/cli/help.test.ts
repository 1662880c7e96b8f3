// `lectern --version`, `lectern COMMAND --help` and the examples the usage shows: a newcomer's first
// commands answer what they ask, and every example runs as written (it parses without a usage error).
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, UsageError } from '../../../src/cli/args';
import { commandUsage, USAGE, type HelpTopic } from '../../../src/cli/usage';
import { lecternCommand, repoRoot } from '../mcp/helpers';

const TOPICS: readonly HelpTopic[] = ['call', 'session', 'mcp', 'replay', 'tools'];

function lectern(...args: string[]) {
  const { command, args: full } = lecternCommand(...args);
  return spawnSync(command, full, { encoding: 'utf8' });
}

/** The words a POSIX shell makes of an example line: quotes joined, `< FILE` dropped, the command after a pipe or `--`. */
function words(line: string): string[] {
  const out: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) out.push(match[1] ?? match[2] ?? match[3]!);
  const redirect = out.indexOf('<');
  if (redirect >= 0) out.splice(redirect, 2);
  return out.slice(out.lastIndexOf('lectern') + 1);
}

/** The example lines of a usage text (those under "Examples:"). */
function examples(usage: string): string[] {
  const after = usage.split('\nExamples:\n')[1];
  assert.ok(after, `no Examples section in:\n${usage}`);
  return after
    .split('\n')
    .filter((line) => line.startsWith('  '))
    .map((line) => line.trim());
}

describe('cli: --version and per-command --help', function () {
  this.timeout(60_000);

  it('--version and -V print the version of package.json alone, exit 0', () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) {
      const run = lectern(flag);
      assert.equal(run.status, 0, run.stderr);
      assert.equal(run.stdout, `${version}\n`);
      assert.equal(run.stderr, '');
    }
    assert.equal(parseArgs(['mcp', '--version']).command, 'version');
  });

  it('`lectern mcp --help` prints the usage of mcp, not the general one, exit 0', () => {
    const run = lectern('mcp', '--help');
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout, commandUsage('mcp') + '\n');
    assert.match(run.stdout, /^Usage: lectern mcp /);
    assert.doesNotMatch(run.stdout, /lectern call/);
  });

  it('every command has its usage by `CMD --help`, `-h`, `--help CMD` and `help CMD`', () => {
    for (const topic of TOPICS) {
      for (const argv of [
        [topic, '--help'],
        [topic, '-h'],
        ['--help', topic],
        ['help', topic],
        [topic, 'x', '-h'],
      ]) {
        const options = parseArgs(argv);
        assert.equal(options.command, 'help', argv.join(' '));
        assert.equal(options.helpTopic, topic, argv.join(' '));
      }
      assert.match(commandUsage(topic), new RegExp(`^Usage: lectern ${topic}\\b`));
    }
    assert.equal(parseArgs(['--help']).helpTopic, undefined);
    assert.equal(parseArgs(['help']).helpTopic, undefined);
    assert.throws(() => parseArgs(['help', 'sesion']), /Unknown command "sesion"\. Did you mean "session"\?/);
  });

  it('the general usage and each command usage show examples that run as written', () => {
    const general = examples(USAGE);
    assert.ok(general.length >= 2, 'the general usage shows examples');
    for (const topic of TOPICS) {
      const lines = examples(commandUsage(topic));
      assert.ok(lines.length >= 1, `${topic} has an example`);
      assert.ok(
        lines.some((line) => words(line)[0] === topic),
        `${topic}'s examples run ${topic}`,
      );
    }
    for (const line of [...general, ...TOPICS.flatMap((topic) => examples(commandUsage(topic)))]) {
      const argv = words(line);
      let options;
      try {
        options = parseArgs(argv);
      } catch (error) {
        assert.fail(`${line}: ${error instanceof UsageError ? error.message : error}`);
      }
      assert.equal(options.command, argv[0], line);
    }
  });

  it('a usage error of a command is followed by that command’s usage', () => {
    const run = lectern('call');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /^lectern: call needs a tool name/);
    assert.ok(run.stderr.endsWith('\n\n' + commandUsage('call') + '\n'), run.stderr);
    const unknown = lectern('cal');
    assert.ok(unknown.stderr.endsWith('\n\n' + USAGE + '\n'), 'no command known: the general usage');
  });
});
