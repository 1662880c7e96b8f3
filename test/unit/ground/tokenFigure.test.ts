// One token figure per answer: meta.token_estimate is within 25% of the exact o200k count of the
// answer's text for answers of every mode on real files (cut anywhere), and the palette header, the
// dashboard's timeline, the session metrics, `lectern call` and the MCP server show that same figure.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerOnce } from '../../../src/cli/oneShotTokens';
import { Lectern } from '../../../src/core/engine';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { formatCount } from '../../../src/core/ground/format';
import { loadTokenCounter, type TokenCounter } from '../../../src/core/ground/tokens';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { answerDocument } from '../../../src/vscode/palette/answerDocument';
import { tempDir, write } from '../helpers';
import { stdio } from '../mcp/helpers';

/** Real files none of the tests wrote: code, prose, JSON of installed packages. */
const REAL = [
  'picomatch/lib/parse.js',
  'mocha/lib/runner.js',
  'tree-sitter-python/grammar.js',
  'typescript/lib/lib.es5.d.ts',
  'fast-check/README.md',
  'esbuild/package.json',
];
const modules = path.resolve(__dirname, '../../../node_modules');

/** A git repository holding the real files (at most 3,000 lines each), one of them changed since its commit. */
function realWorkspace(): { root: string; files: string[] } {
  const root = tempDir('lectern-figure-');
  const files = REAL.filter((f) => fs.existsSync(path.join(modules, f))).map((f) => {
    const name = f.replaceAll('/', '_');
    write(root, name, fs.readFileSync(path.join(modules, f), 'utf8').split('\n').slice(0, 3000).join('\n'));
    return name;
  });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, stdio: 'pipe' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'real files');
  const changed = path.join(root, files[0]!);
  fs.writeFileSync(changed, fs.readFileSync(changed, 'utf8').replace(/function/g, 'async function'));
  return { root, files };
}

/** A word of the file at a place `where` (0-1) in it: what a model might search for or ask about. */
function wordAt(text: string, where: number): string {
  const words = text.match(/[A-Za-z_]\w{3,}/g) ?? ['function'];
  return words[Math.floor(where * (words.length - 1))]!;
}

/** A call of any mode on file `file` of `text`, from a few random numbers. */
function callOf(kind: number, file: string, text: string, a: number, b: number): [string, Record<string, unknown>] {
  const lines = text.split('\n').length;
  const line = 1 + Math.floor(a * lines);
  const word = wordAt(text, a);
  const calls: [string, Record<string, unknown>][] = [
    ['lectern_read', { target: file }],
    ['lectern_read', { target: file, start_line: line, end_line: line + Math.floor(b * 400) }],
    ['lectern_read', { target: file, head: 1 + Math.floor(b * 300) }],
    ['lectern_read', { target: file, tail: 1 + Math.floor(b * 300) }],
    ['lectern_read', { target: file, start_byte: Math.floor(a * text.length), max_bytes: 64 + Math.floor(b * 20_000) }],
    ['lectern_read', { target: file, outline: true }],
    ['lectern_read', { mode: 'symbol', target: word, path: file }],
    ['lectern_read', { mode: 'snippet', target: file, start_line: line, expand: b < 0.5 ? 'block' : 'none' }],
    ['lectern_read', { mode: 'diff_preview', target: b < 0.5 ? file : '.' }],
    ['lectern_read', { mode: 'references', target: word }],
    ['lectern_read', { mode: 'map', target: '.' }],
    ['lectern_read', { target: [file, 'nope.ts'], head: 20 }],
    ['lectern_search', { query: word, ...(b < 0.5 ? { target: file } : {}) }],
    ['lectern_stat', { target: file }],
    ['lectern_read', { target: file, start_line: lines + 10 }],
  ];
  return calls[kind % calls.length]!;
}

function isToolResponse(value: unknown): value is ToolResponse {
  return typeof value === 'object' && value !== null && 'text' in value && 'meta' in value;
}

/** The answer and the answers of a list read: each reports a figure for its own text. */
const answers = (response: ToolResponse): ToolResponse[] => [response, ...(response.results ?? [])];

describe('token figures', function () {
  this.timeout(300_000);
  let exact: TokenCounter;
  let ws: { root: string; files: string[] };
  before(async () => {
    exact = await loadTokenCounter();
    ws = realWorkspace();
  });

  it('are within 25% of the exact o200k count of the text, for answers of every mode on real files', async () => {
    const texts = ws.files.map((f) => fs.readFileSync(path.join(ws.root, f), 'utf8'));
    // One session for all the calls, as a model's: footers, pointers and budget states come in too.
    const lectern = new Lectern(
      createNodeHost(() => rootsOf([ws.root])),
      () => ({}),
    );
    const kinds = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.nat(ws.files.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (kind, which, a, b) => {
          const [tool, input] = callOf(kind, ws.files[which]!, texts[which]!, a, b);
          kinds.add(kind % 15);
          const response = await lectern.invoke(tool, input);
          for (const answer of answers(response)) {
            const truth = exact(answer.text);
            const figure = answer.meta.token_estimate;
            assert.ok(
              Math.abs(figure / truth - 1) <= 0.25,
              `${tool} ${JSON.stringify(input)}: figure ${figure}, exact ${truth} (${(figure / truth).toFixed(2)})`,
            );
          }
        },
      ),
      { numRuns: 250 },
    );
    assert.ok(kinds.size >= 14, `only ${kinds.size} kinds of call were tried`);
  });

  it('are the same on the palette header, the dashboard, the session metrics, lectern call and MCP for one call', async () => {
    const calls: [string, Record<string, unknown>][] = [
      ['lectern_read', { target: ws.files[1], start_line: 40, end_line: 90 }],
      ['lectern_read', { target: ws.files[3], outline: true }],
      ['lectern_search', { query: 'runner' }],
      ['lectern_read', { mode: 'symbol', target: 'parse', path: ws.files[0] }],
      ['lectern_stat', { target: ws.files[2] }],
      ['lectern_read', { target: ws.files[2], start_line: 99_999 }],
    ];
    const mcp = await stdio(['--structured-content', '--root', ws.root]);
    try {
      for (const [tool, input] of calls) {
        // VS Code: one engine, the command palette's call (origin user) in a new session.
        const vscode = new Lectern(
          createNodeHost(() => rootsOf([ws.root])),
          () => ({}),
        );
        const response = await vscode.invoke(tool, input, { origin: 'user' });
        const figure = response.meta.token_estimate;
        const what = `${tool} ${JSON.stringify(input)}`;
        assert.ok(figure > 0, what);
        const header = answerDocument(tool, input, response).split('\n')[1]!;
        assert.ok(header.startsWith(`tokens: ${formatCount(figure)} (o200k)`), `${what}: palette header ${header}`);
        const snapshot = vscode.session.snapshot();
        assert.equal(snapshot.timeline.at(-1)!.tokens, figure, `${what}: dashboard timeline`);
        assert.equal(snapshot.metrics.tokens_served, figure, `${what}: session metrics`);
        assert.equal(response.meta.stabilization?.metrics_snapshot.tokens_served, figure, `${what}: metrics in meta`);
        // `lectern call`: a one-shot engine counting bytes where that decides alike.
        const cli = await answerOnce(
          { tool, input, allowOutside: false, settings: {}, exact: false },
          (counter) =>
            new Lectern(
              createNodeHost(() => rootsOf([ws.root]), counter ? { tokenCounter: counter } : {}),
              () => ({}),
            ),
        );
        assert.equal(cli.meta.token_estimate, figure, `${what}: lectern call`);
        assert.equal(cli.meta.stabilization?.metrics_snapshot.tokens_served, figure, `${what}: lectern call's metrics`);
        // MCP: the server's own session, a new one per call would be the same here (no footers yet).
        const result = (await mcp.client.callTool({ name: tool, arguments: input })) as CallToolResult;
        const structured = result.structuredContent;
        assert.ok(isToolResponse(structured), `${what}: MCP structuredContent`);
        assert.equal(structured.text, response.text, `${what}: MCP text`);
        assert.equal(structured.meta.token_estimate, figure, `${what}: MCP`);
      }
    } finally {
      await mcp.close();
    }
  });
});
