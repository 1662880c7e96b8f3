// The tools through vscode.lm.invokeTool, exactly as a chat agent calls them, in a real extension
// host on a multi-root workspace (folders `alpha` and `beta`).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { allTools, primaryTools } from '../../src/core/tools/definitions';
import { inputSchema } from '../../src/core/tools/jsonSchema';
import { folder, resultText, writeFile } from './helpers';

async function call(tool: string, input: unknown): Promise<string> {
  const result = await vscode.lm.invokeTool(tool, { input: input as object, toolInvocationToken: undefined });
  assert.ok(result instanceof vscode.LanguageModelToolResult);
  return resultText(result);
}

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('lectern tools in the extension host', () => {
  let alpha: string;
  let beta: string;

  before(() => {
    alpha = folder('alpha');
    beta = folder('beta');
    writeFile(path.join(alpha, 'src', 'numbers.txt'), numbered(500));
    writeFile(path.join(beta, 'src', 'only-beta.ts'), 'export const where = "beta";\n');
    writeFile(path.join(alpha, 'src', 'shared.ts'), 'export const where = "alpha";\n');
    writeFile(path.join(beta, 'src', 'shared.ts'), 'export const where = "beta";\n');
  });

  it('lists every primary tool with the schema defined in code', () => {
    for (const definition of primaryTools) {
      const tool = vscode.lm.tools.find((t) => t.name === definition.name);
      assert.ok(tool, `${definition.name} missing from vscode.lm.tools`);
      assert.deepEqual(tool.inputSchema, inputSchema(definition));
      assert.equal(tool.description, definition.modelDescription);
    }
  });

  it('contributes the legacy tools behind lectern.legacyTools and answers them in the legacy shape', async () => {
    // vscode.lm.tools lists disabled tools too; the `when` clause is what keeps them out of chat.
    const extension = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
    assert.ok(extension, 'the Lectern extension is loaded');
    const contributed = extension.packageJSON.contributes.languageModelTools as { name: string; when?: string }[];
    for (const definition of allTools) {
      const entry = contributed.find((e) => e.name === definition.name);
      assert.ok(entry, definition.name);
      assert.equal(entry.when, definition.legacy ? 'config.lectern.legacyTools' : undefined, definition.name);
    }
    const config = vscode.workspace.getConfiguration('lectern');
    await config.update('legacyTools', true, vscode.ConfigurationTarget.Global);
    try {
      const text = await call('read_file_range', { path: 'alpha/src/numbers.txt', start_line: 3, end_line: 4 });
      const answer = JSON.parse(text);
      assert.equal(answer.success, true);
      assert.equal(answer.operation, 'read_file_range');
      assert.equal(answer.content, 'line 3\nline 4\n');
      assert.equal(answer.line_count, 500);
    } finally {
      await config.update('legacyTools', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('reads a line range with the total; a page names the exact next call', async () => {
    const text = await call('lectern_read', { target: 'alpha/src/numbers.txt', start_line: 10, end_line: 20 });
    assert.match(text, /^alpha\/src\/numbers\.txt · lines 10-20 of 500/);
    assert.match(text, /^10\tline 10$/m);
    assert.match(text, /^20\tline 20$/m);
    assert.doesNotMatch(text, /line 21/);
    // A short range the agent bounded itself: the next call is in meta only; a longer page names it, in
    // start_line/end_line whichever words the page was asked in.
    assert.doesNotMatch(text, /\[Next/);
    const page = await call('lectern_read', { target: 'alpha/src/numbers.txt', offset: 100, limit: 100 });
    assert.match(page, /^alpha\/src\/numbers\.txt · lines 100-199 of 500/);
    assert.match(
      page,
      /\[Next: lectern_read \{"mode":"file","target":"alpha\/src\/numbers\.txt","start_line":200,"end_line":299\}\]/,
    );
  });

  it('answers a range past the end with the line count and calls that work', async () => {
    const text = await call('lectern_read', { target: 'alpha/src/numbers.txt', offset: 900, limit: 50 });
    assert.match(text, /^Error OUT_OF_RANGE: Line 900 is past the end: alpha\/src\/numbers\.txt has 500 lines\./);
    const lastPage = /the last page: lectern_read (\{.*"start_line":451,"end_line":500\})/.exec(text);
    assert.ok(lastPage, text);
    assert.match(await call('lectern_read', JSON.parse(lastPage[1]!)), /lines 451-500 of 500/);
  });

  it('reads byte windows snapped to whole lines, head and tail', async () => {
    const window = await call('lectern_read', { target: 'alpha/src/numbers.txt', start_byte: 100, max_bytes: 40 });
    assert.match(window, /bytes 95-135 of 4,392 · lines 14-18 of 500/);
    assert.match(window, /start_byte 100 was inside a line/);
    const head = await call('lectern_read', { target: 'alpha/src/numbers.txt', head: 3 });
    // Sparse line numbers: the block's first and last lines carry theirs, the line between is counted.
    assert.match(head, /first 3 lines of 500\n1\tline 1\nline 2\n3\tline 3\n/);
    await vscode.workspace
      .getConfiguration('lectern')
      .update('lineNumbers', 'every', vscode.ConfigurationTarget.Global);
    try {
      const every = await call('lectern_read', { target: 'alpha/src/numbers.txt', head: 3 });
      assert.match(every, /first 3 lines of 500\n1\tline 1\n2\tline 2\n3\tline 3\n/);
    } finally {
      await vscode.workspace
        .getConfiguration('lectern')
        .update('lineNumbers', undefined, vscode.ConfigurationTarget.Global);
    }
    const tail = await call('lectern_read', { target: 'alpha/src/numbers.txt', tail: 2 });
    assert.match(tail, /last 2 lines \(499-500 of 500\)\n499\tline 499\n500\tline 500$/);
  });

  it('resolves multi-root paths by folder name and reports ambiguity', async () => {
    const onlyBeta = await call('lectern_read', { target: 'src/only-beta.ts' });
    assert.match(onlyBeta, /^beta\/src\/only-beta\.ts · whole file/);
    const ambiguous = await call('lectern_read', { target: 'src/shared.ts' });
    assert.match(ambiguous, /^Error AMBIGUOUS_PATH/);
    assert.match(ambiguous, /"alpha\/src\/shared\.ts" or "beta\/src\/shared\.ts"/);
    const chosen = await call('lectern_read', { target: 'beta/src/shared.ts' });
    assert.match(chosen, /where = "beta"/);
  });

  it('reads an unsaved editor buffer instead of the file on disk', async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const file = writeFile(path.join(alpha, 'src', 'dirty.ts'), 'export const saved = 1;\n');
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), '// unsaved line\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(document.isDirty);
    try {
      const text = await call('lectern_read', { target: 'alpha/src/dirty.ts' });
      assert.match(text, /unsaved editor buffer/);
      assert.match(text, /^1\t\/\/ unsaved line$/m);
      assert.match(text, /^2\texport const saved = 1;$/m);
      const stat = await call('lectern_stat', { target: 'alpha/src/dirty.ts' });
      assert.match(stat, /2 lines/);
      assert.match(stat, /unsaved changes/);
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    const after = await call('lectern_read', { target: 'alpha/src/dirty.ts' });
    assert.doesNotMatch(after, /unsaved/);
  });

  it('refuses files outside the workspace, also through a symlink, without approval', async () => {
    const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-outside-'));
    const secret = writeFile(path.join(outsideDir, 'secret.txt'), 'do not read\n');
    const absolute = await call('lectern_read', { target: secret });
    assert.match(absolute, /^Error OUTSIDE_WORKSPACE/);
    assert.doesNotMatch(absolute, /do not read/);
    const link = path.join(alpha, 'link-to-outside.txt');
    fs.rmSync(link, { force: true });
    fs.symlinkSync(secret, link);
    const viaLink = await call('lectern_read', { target: 'alpha/link-to-outside.txt' });
    assert.match(viaLink, /^Error OUTSIDE_WORKSPACE/);
  });

  it('answers invalid input with a structured error, never a throw', async () => {
    const wrongType = await call('lectern_read', { target: 'alpha/src/numbers.txt', start_line: '10' });
    assert.match(wrongType, /^Error INVALID_ARGS: start_line must be a whole number >= 1, got the string "10"\./);
    assert.match(wrongType, /Example: \{"target":"alpha\/src\/numbers\.txt","start_line":10\}/);
    const unknown = await call('lectern_read', { target: 'alpha/src/numbers.txt', startLine: 3 });
    assert.match(unknown, /Did you mean "start_line"\?/);
    const reversed = await call('lectern_read', { target: 'alpha/src/numbers.txt', start_line: 30, end_line: 10 });
    assert.match(reversed, /start_line \(30\) is after end_line \(10\)/);
    const negative = await call('lectern_read', { target: 'alpha/src/numbers.txt', start_byte: -5 });
    assert.match(negative, /start_byte must be >= 0, got -5/);
    const missing = await call('lectern_read', {});
    assert.match(missing, /Missing required parameter "target"/);
    const badRegex = await call('lectern_search', {
      target: 'alpha/src/numbers.txt',
      query: '(unclosed',
      is_regex: true,
    });
    assert.match(badRegex, /^Error INVALID_REGEX/);
  });

  it('searches a file and stats paths', async () => {
    const found = await call('lectern_search', {
      target: 'alpha/src/numbers.txt',
      query: 'line 49\\d',
      is_regex: true,
      max_matches: 3,
    });
    assert.match(found, /^showing 3 of 10 matches\n490\tline 490\n/);
    const stat = await call('lectern_stat', { target: 'alpha/src/numbers.txt' });
    assert.match(stat, /file · .* · 500 lines · plaintext/);
    const missing = await call('lectern_stat', { target: 'alpha/nope.txt' });
    assert.match(missing, /does not exist \(exists: false\)/);
  });
});
