// The `lectern` command line as a newcomer meets it: usage and exit codes, a missing --root, the
// likely meant tool or option, a reader that stops early, and every extension setting as a flag.
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, SETTING_FLAGS, UsageError } from '../../../src/cli/args';
import { normalizeSettings } from '../../../src/core/ground/settings';
import { tempDir, write } from '../helpers';
import { lecternCommand, repoRoot } from '../mcp/helpers';

function lectern(args: string[], input?: string) {
  const { command, args: full } = lecternCommand(...args);
  return spawnSync(command, full, { input, encoding: 'utf8' });
}

describe('cli: usage and exit codes', function () {
  this.timeout(60_000);

  it('no arguments: the usage on stdout, exit 0', () => {
    const run = lectern([]);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^Usage:\n  lectern call <tool>/);
    assert.equal(run.stderr, '');
  });

  it('usage errors exit 2 with the reason and the usage on stderr', () => {
    for (const [args, reason] of [
      [['cal', 'lectern_stat'], /Unknown command "cal"\. Did you mean "call"\?/],
      [['call', 'lectern_stat', '{"target":'], /not valid JSON/],
      [
        ['call', 'lectern_stat', '{}', '--contxt-tokens', '5'],
        /Unknown option --contxt-tokens\. Did you mean --context-tokens\?/,
      ],
      [['call', 'lectern_stat', '{}', '--session-guard', 'maybe'], /--session-guard needs on or off/],
      [['session', '--http', '3000'], /--http goes with mcp/],
    ] as [string[], RegExp][]) {
      const run = lectern(args);
      assert.equal(run.status, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, reason);
      assert.match(run.stderr, /\n\nUsage:[ \n]/);
      assert.equal(run.stdout, '');
    }
  });

  it('--root naming a folder that is not there is a usage error, not NOT_FOUND answers', () => {
    const root = tempDir('lectern-cli-');
    const file = write(root, 'a.txt', 'a\n');
    const missing = lectern(['call', 'lectern_stat', '{"target":"a.txt"}', '--root', join(root, 'nope')]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /--root .*nope: no such folder\./);
    const notFolder = lectern(['call', 'lectern_stat', '{"target":"a.txt"}', '--root', file]);
    assert.equal(notFolder.status, 2);
    assert.match(notFolder.stderr, /not a folder/);
    const ok = lectern(['call', 'lectern_stat', '{"target":"a.txt"}', '--root', root]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(JSON.parse(ok.stdout).meta.stat.exists, true);
  });

  it('an unknown tool is answered (exit 0) with the likely meant tool, by the engine', () => {
    const run = lectern(['call', 'lectern_raed', '{"target":"README.md"}', '--root', repoRoot]);
    assert.equal(run.status, 0, run.stderr);
    const response = JSON.parse(run.stdout);
    assert.equal(response.error.code, 'INVALID_ARGS');
    assert.equal(response.error.message, 'Unknown tool "lectern_raed". Did you mean "lectern_read"?');
    assert.equal(response.error.hint, 'Tools: lectern_read, lectern_search, lectern_stat.');
    const far = JSON.parse(lectern(['call', 'fetch_url', '{}', '--root', repoRoot]).stdout);
    assert.equal(far.error.message, 'Unknown tool "fetch_url".');
  });

  it('a reader that stops early (| head) ends the output quietly, no EPIPE crash', async () => {
    const { command, args } = lecternCommand('session', '--root', repoRoot);
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Many answers; the reader takes the first bytes and closes the pipe.
    child.stdin.end(
      Array.from({ length: 300 }, () =>
        JSON.stringify({ tool: 'lectern_read', input: { target: 'README.md', head: 200, force: true } }),
      ).join('\n') + '\n',
    );
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    assert.equal(code, 0, stderr);
    assert.doesNotMatch(stderr, /EPIPE|Error/);
  });
});

describe('cli: settings as flags', () => {
  it('every lectern.* setting of the extension has a flag (but the VS Code-only ones)', () => {
    const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
    const settings = Object.keys(manifest.contributes.configuration.properties).map((key) =>
      key.replace(/^lectern\./, ''),
    );
    // legacyTools is `lectern mcp --legacy-tools`; the SQLite record and the MCP provider are the editor's.
    const editorOnly = new Set(['legacyTools', 'recordMetricsSqlite', 'mcpServer', 'languageServerReferences']);
    const flagged = new Set<string>(SETTING_FLAGS.map((s) => s.key));
    for (const setting of settings)
      if (!editorOnly.has(setting)) assert.ok(flagged.has(setting), `no flag for lectern.${setting}`);
    assert.equal(parseArgs(['mcp', '--legacy-tools']).legacyTools, true);
    assert.equal(parseArgs(['mcp']).structuredContent, false);
    assert.equal(parseArgs(['mcp', '--structured-content']).structuredContent, true);
    assert.throws(() => parseArgs(['session', '--structured-content']), /--structured-content goes with mcp/);
  });

  it('parses each flag into the setting the core reads', () => {
    const options = parseArgs([
      'call',
      'lectern_stat',
      '{}',
      '--session-guard',
      'off',
      '--max-reads-per-session',
      '7',
      '--max-total-read-lines',
      '900',
      '--max-single-read-lines',
      '120',
      '--hard-limit-multiplier',
      '1.5',
      '--relevance',
      'block',
      '--exclusions',
      'block',
      '--exclude',
      '**/gen/**',
      '--exclude',
      'fixtures',
      '--ephemeral-share',
      '0.5',
      '--idle-reset-minutes',
      '5',
      '--context-tokens',
      '64000',
      '--max-read-share',
      '0.1',
      '--max-read-tokens',
      '2000',
      '--max-preview-chars',
      '3000',
      '--line-numbers',
      'every',
      '--language-servers',
      'off',
    ]);
    const settings = normalizeSettings(options.settings);
    assert.deepEqual(
      { ...settings },
      {
        contextTokens: 64000,
        maxReadShare: 0.1,
        maxReadTokens: 2000,
        maxPreviewChars: 3000,
        maxReadsPerSession: 7,
        maxTotalReadLines: 900,
        maxSingleReadLines: 120,
        hardLimitMultiplier: 1.5,
        relevance: 'block',
        exclusions: 'block',
        excludeGlobs: ['**/gen/**', 'fixtures'],
        ephemeralShare: 0.5,
        idleResetMinutes: 5,
        sessionGuard: false,
        lineNumbers: 'every',
        languageServers: 'off',
        allowSecrets: false,
        secretPatterns: [],
      },
    );
    assert.throws(() => parseArgs(['call', 'x', '{}', '--relevance', 'strict']), UsageError);
    assert.throws(() => parseArgs(['session', '--language-servers', 'on']), /--language-servers needs auto or off/);
    assert.throws(() => parseArgs(['call', 'x', '{}', '--max-read-share', '2']), UsageError);
  });

  it('--session-guard off: a script reads as much as it asks, no budgets', () => {
    const root = tempDir('lectern-cli-guard-');
    write(root, 'big.txt', Array.from({ length: 2000 }, (_, i) => `line ${i + 1}`).join('\n') + '\n');
    const request =
      JSON.stringify({ tool: 'lectern_read', input: { target: 'big.txt', start_line: 1, end_line: 1000 } }) + '\n';
    const guarded = lectern(['session', '--root', root], request);
    const open = lectern(['session', '--root', root, '--session-guard', 'off'], request);
    assert.equal(JSON.parse(guarded.stdout).meta.end_line, 300, 'guarded: shortened to the single-read limit');
    assert.equal(JSON.parse(open.stdout).meta.end_line, 1000);
  });

  it('the token comes from --token or LECTERN_MCP_TOKEN, and only with --http', () => {
    assert.equal(parseArgs(['mcp', '--http', '0', '--token', 't']).token, 't');
    assert.equal(parseArgs(['mcp', '--http', '0'], { LECTERN_MCP_TOKEN: 'e' }).token, 'e');
    assert.equal(parseArgs(['mcp'], { LECTERN_MCP_TOKEN: 'e' }).token, 'e');
    assert.throws(() => parseArgs(['mcp', '--token', 't']), /--token goes with --http/);
  });
});

describe('cli: the editor settings as flags (VS Code → lectern mcp)', () => {
  it('settingsToFlags and parseArgs round-trip every setting', async () => {
    const { settingsToFlags } = await import('../../../src/node/settingFlags');
    const settings = normalizeSettings({
      sessionGuard: false,
      relevance: 'block',
      excludeGlobs: ['**/gen/**', 'out'],
      maxReadShare: 0.3,
      idleResetMinutes: 2.5,
      lineNumbers: 'every',
    });
    const parsed = parseArgs(['mcp', ...settingsToFlags(settings)]);
    assert.deepEqual(normalizeSettings(parsed.settings), settings);
  });
});
