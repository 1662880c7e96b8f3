// Command-palette reads in the real extension host: each command driven through executeCommand
// with its arguments (what a picker would supply), its `lectern:` document checked against what a
// model gets for the same call, and the read counted in the window's session.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { modelText } from '../../src/vscode/palette/answerDocument';
import { eventually } from '../shared/eventually';
import { folder, resultText, screenshot, writeFile } from './helpers';

const STORE = [
  '// A tiny key-value store for the palette tests.',
  'export class Store {',
  '  private readonly data = new Map<string, string>();',
  '',
  '  /** The value of a key, or undefined. */',
  '  get(key: string): string | undefined {',
  '    return this.data.get(key);',
  '  }',
  '',
  '  set(key: string, value: string): void {',
  '    this.data.set(key, value);',
  '  }',
  '}',
  '',
  'export function paletteHelper(n: number): number {',
  '  return n * 2;',
  '}',
  '',
].join('\n');

async function run(command: string, args?: unknown): Promise<{ uri: vscode.Uri; text: string }> {
  const uri = await vscode.commands.executeCommand<vscode.Uri>(command, args);
  assert.ok(uri instanceof vscode.Uri, `${command} returned ${String(uri)}`);
  assert.equal(uri.scheme, 'lectern');
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString(), 'the answer is shown');
  // Answers wrap their long lines (the lectern-answer language's default in package.json).
  assert.equal(document.languageId, 'lectern-answer');
  assert.equal(vscode.workspace.getConfiguration('editor', document).get('wordWrap'), 'on');
  return { uri, text: document.getText() };
}

/** What a model gets for the same call, in a fresh session (no de-duplication against the palette read). */
async function modelAnswer(tool: string, input: object): Promise<string> {
  await vscode.commands.executeCommand('lectern.resetSession');
  return resultText(await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }));
}

interface Entry {
  tool: string;
  mode: string;
  file: string | null;
  tokens: number;
  flags: { user?: boolean };
}

async function sessionTimeline(): Promise<Entry[]> {
  const document = await vscode.commands.executeCommand<vscode.TextDocument>('lectern.exportSessionMetrics');
  const timeline = (JSON.parse(document.getText()) as { timeline: Entry[] }).timeline;
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  return timeline;
}

describe('command-palette reads (lectern: documents)', () => {
  let storeFile: string;

  before(() => {
    storeFile = writeFile(path.join(folder('alpha'), 'src', 'palette', 'store.ts'), STORE);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(path.dirname(storeFile), { recursive: true, force: true });
    fs.rmSync(path.join(folder('beta'), 'palette-repo'), { recursive: true, force: true });
  });

  it('Read Symbol: the exact model answer under a header with tokens, truncation and next page; counted in the session', async () => {
    const { text } = await run('lectern.readSymbol', { name: 'Store.get' });
    const lines = text.split('\n');
    assert.equal(lines[0], 'Lectern · lectern_read {"mode":"symbol","target":"Store.get"}');
    assert.match(lines[1]!, /^tokens: \d+ \(o200k\) · lines 5-8 of 17$/);
    const tokens = Number(/tokens: (\d+)/.exec(lines[1]!)![1]);
    const exact = countTokens(modelText(text));
    assert.ok(Math.abs(tokens / exact - 1) <= 0.25, `${tokens} tokens shown, ${exact} exact: within 25%`);
    assert.equal(lines[2], 'next page: none');
    assert.match(lines[3]!, /^session: 1 read, 0 searches, budget ok$/);
    assert.match(modelText(text), /get\(key: string\): string \| undefined \{/);
    const timeline = await sessionTimeline();
    assert.deepEqual(
      timeline.map((e) => [e.tool, e.mode, e.file, e.flags.user]),
      [['lectern_read', 'symbol', 'alpha/src/palette/store.ts', true]],
      "counted, and marked as the user's",
    );
    assert.equal(timeline[0]!.tokens, tokens, 'the dashboard shows the figure the header shows');
    assert.equal(modelText(text), await modelAnswer('lectern_read', { mode: 'symbol', target: 'Store.get' }));
  });

  it("Outline Current File: the active editor's outline, from the editor context too (a Uri)", async () => {
    await vscode.window.showTextDocument(vscode.Uri.file(storeFile));
    const { text } = await run('lectern.outlineFile');
    assert.match(
      text,
      /^Lectern · lectern_read \{"mode":"file","target":"alpha\/src\/palette\/store\.ts","outline":true\}\n/,
    );
    assert.match(modelText(text), /class Store/);
    assert.match(modelText(text), /paletteHelper/);
    const fromMenu = await run('lectern.outlineFile', vscode.Uri.file(storeFile));
    assert.equal(fromMenu.text.split('\n')[0], text.split('\n')[0], 'the same call');
  });

  it('Read Lines: the editor selection, or explicit lines; the next page in the header when more remains', async () => {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(storeFile));
    editor.selection = new vscode.Selection(14, 0, 16, 1);
    const selected = await run('lectern.readLines');
    assert.match(
      selected.text,
      /^Lectern · lectern_read \{"mode":"file","target":"alpha\/src\/palette\/store\.ts","start_line":15,"end_line":17\}\n/,
    );
    assert.equal(
      modelText(selected.text),
      await modelAnswer('lectern_read', {
        mode: 'file',
        target: 'alpha/src/palette/store.ts',
        start_line: 15,
        end_line: 17,
      }),
    );
    const given = await run('lectern.readLines', { path: 'alpha/src/palette/store.ts', start: 1, end: 4 });
    assert.match(given.text.split('\n')[1]!, /^tokens: \d+ \(o200k\) · lines 1-4 of 17$/);
    assert.equal(
      given.text.split('\n')[2],
      'next page: lectern_read {"mode":"file","target":"alpha/src/palette/store.ts","start_line":5,"end_line":8}',
    );
  });

  it('Search in Workspace: the model-facing search answer', async () => {
    const { text } = await run('lectern.searchWorkspace', { query: 'paletteHelper' });
    assert.match(text, /^Lectern · lectern_search \{"query":"paletteHelper"\}\n/);
    assert.match(modelText(text), /alpha\/src\/palette\/store\.ts/);
    assert.equal(modelText(text), await modelAnswer('lectern_search', { query: 'paletteHelper' }));
  });

  it('Find References and Map of Workspace: the model-facing navigation answers', async () => {
    writeFile(
      path.join(path.dirname(storeFile), 'use.ts'),
      "import { paletteHelper } from './store';\n\nexport function twice(n: number): number {\n  return paletteHelper(paletteHelper(n));\n}\n",
    );
    const refs = await run('lectern.findReferences', { name: 'paletteHelper' });
    assert.match(refs.text, /^Lectern · lectern_read \{"mode":"references","target":"paletteHelper"\}\n/);
    assert.match(modelText(refs.text), /use\.ts/);
    assert.match(modelText(refs.text), /twice/, 'each use names the function it sits in');
    assert.equal(
      modelText(refs.text),
      await modelAnswer('lectern_read', { mode: 'references', target: 'paletteHelper' }),
    );
    const map = await run('lectern.mapWorkspace', { target: 'alpha/src/palette' });
    assert.match(map.text, /^Lectern · lectern_read \{"mode":"map","target":"alpha\/src\/palette"\}\n/);
    assert.match(modelText(map.text), /store\.ts/);
    assert.match(modelText(map.text), /Store/);
  });

  it('Preview Changes: against HEAD and the unsaved buffer', async () => {
    const repo = path.join(folder('beta'), 'palette-repo');
    fs.rmSync(repo, { recursive: true, force: true });
    writeFile(path.join(repo, 'calc.py'), 'def double(n):\n    return n * 2\n');
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: repo, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
    git('init', '-q', '-b', 'main');
    git(
      '-c',
      'user.name=T',
      '-c',
      'user.email=t@lectern.invalid',
      '-c',
      'commit.gpgsign=false',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'empty',
    );
    git('add', '-A');
    git(
      '-c',
      'user.name=T',
      '-c',
      'user.email=t@lectern.invalid',
      '-c',
      'commit.gpgsign=false',
      'commit',
      '-q',
      '-m',
      'initial',
    );
    writeFile(path.join(repo, 'calc.py'), 'def double(n):\n    """Twice n."""\n    return n * 2\n');
    const head = await run('lectern.previewChanges', { path: 'beta/palette-repo/calc.py', against: 'HEAD' });
    assert.match(
      head.text,
      /^Lectern · lectern_read \{"mode":"diff_preview","target":"beta\/palette-repo\/calc\.py"\}\n/,
    );
    assert.match(
      modelText(head.text),
      /^beta\/palette-repo\/calc\.py · modified \(unstaged\) · against HEAD · \+1 -0 · 1 hunk$/m,
    );
    assert.match(modelText(head.text), /^\+ {4}"""Twice n\."""$/m);

    const document = await vscode.workspace.openTextDocument(path.join(repo, 'calc.py'));
    await vscode.window.showTextDocument(document);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(3, 0), '\ndef half(n):\n    return n / 2\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    try {
      const unsaved = await run('lectern.previewChanges', { path: 'beta/palette-repo/calc.py', against: 'worktree' });
      assert.match(
        modelText(unsaved.text),
        /^beta\/palette-repo\/calc\.py · unsaved changes · against the file on disk · \+3 -0 · 1 hunk$/m,
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert', document.uri);
    }
  });

  it('screenshot: a palette read is the one editor in view, its header and the whole symbol on screen', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const { uri, text } = await run('lectern.readSymbol', { name: 'Store.get' });
    const editor = vscode.window.activeTextEditor!;
    assert.deepEqual(
      vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()),
      [uri.toString()],
    );
    const lines = text.split('\n');
    assert.ok(
      lines.some((line) => /get\(key: string\): string \| undefined \{/.test(line)),
      text,
    );
    // The method's closing brace: the line after its body.
    const last = lines.findIndex((line) => /return this\.data\.get\(key\);/.test(line)) + 1;
    assert.ok(last > 0, text);
    // The picture shows what it is for: the header (line 1) through the symbol's last line, unscrolled.
    await eventually(() => editor.visibleRanges.some((range) => range.start.line === 0 && range.end.line >= last), {
      what: `the answer's lines 1-${last + 1} in view`,
      seen: () => JSON.stringify(editor.visibleRanges),
    });
    await screenshot('palette-read.png');
  });
});
