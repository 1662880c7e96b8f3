// Lectern in the web worker extension host (code-server's browser host, as vscode.dev runs it): the
// tools through vscode.lm.invokeTool as Copilot calls them, diff_preview without git, a palette read
// and the status bar. The first test fails when the extension silently ran in the Node host instead.
import * as assert from './check';
import * as vscode from 'vscode';
import type { SessionSnapshot } from '../../src/core/ground/stabilization';
import type { LecternTestApi } from '../../src/vscode/sessionUi';
import { call, lectern, workspaceFolder } from './webWorkspace';
import { eventually } from '../shared/eventually';
import { RACE_TS, RUNNERS_TS } from '../shared/runners';

function testApi(): LecternTestApi & { host?: string } {
  const api = lectern().exports as (LecternTestApi & { host?: string }) | undefined;
  assert.ok(api && typeof api.statusSnapshot === 'function', 'activate() returned no test API');
  return api;
}

const answered = (text: string) => assert.ok(!text.startsWith('Error '), text.slice(0, 400));

describe('Lectern in the web worker extension host', () => {
  it('runs in a web worker, not in the Node extension host', async () => {
    assert.equal(typeof process, 'undefined', 'a Node `process` is here: this is not the web worker host');
    assert.equal(typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope, 'function');
    await lectern().activate();
    assert.equal(testApi().host, 'web', 'the extension was activated from its `main` entry, not `browser`');
  });

  it('lists its tools for the model', () => {
    for (const name of ['lectern_read', 'lectern_search', 'lectern_stat'])
      assert.ok(
        vscode.lm.tools.some((tool) => tool.name === name),
        `${name} missing from vscode.lm.tools`,
      );
  });

  it('answers every read shape, a symbol, a snippet, an outline, a search and a stat through invokeTool', async () => {
    const symbol = await call('lectern_read', { mode: 'symbol', target: 'Inventory.add' });
    answered(symbol);
    assert.match(symbol, /duplicate SKU/);
    await vscode.commands.executeCommand('lectern.resetSession');
    const snippet = await call('lectern_read', {
      mode: 'snippet',
      target: 'src/inventory.ts',
      start_line: 17,
      expand: 'block',
    });
    answered(snippet);
    assert.match(snippet, /duplicate SKU/);
    // In a fresh session each: the session answers a read it already gave as "unchanged since" it.
    await vscode.commands.executeCommand('lectern.resetSession');
    const whole = await call('lectern_read', { target: 'src/inventory.ts' });
    answered(whole);
    assert.match(whole, /export class Inventory \{/);
    for (const shape of [
      { head: 5 },
      { tail: 4 },
      { start_line: 10, end_line: 14 },
      { offset: 2, limit: 3 },
      { start_byte: 0, max_bytes: 4096 },
      { outline: true },
    ]) {
      const text = await call('lectern_read', { target: 'src/inventory.ts', ...shape });
      answered(text);
    }
    const outline = await call('lectern_read', { target: 'go/ratelimit.go', outline: true });
    answered(outline);
    assert.match(outline, /Bucket/);
    const search = await call('lectern_search', { query: 'InventoryError' });
    answered(search);
    assert.match(search, /src\/inventory\.ts/);
    const regex = await call('lectern_search', { query: 'quantity\\s*<\\s*0', is_regex: true });
    answered(regex);
    assert.match(regex, /negative quantity|quantity < 0/);
    const stat = await call('lectern_stat', { target: 'py/report.py' });
    answered(stat);
    assert.match(stat, /python/);
  });

  it('answers diff_preview against an unsaved buffer, and says what is missing for HEAD and INDEX', async () => {
    const uri = vscode.Uri.joinPath(workspaceFolder().uri, 'src', 'format.ts');
    const document = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), '// an unsaved line in the browser\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    try {
      assert.ok(document.isDirty);
      const worktree = await call('lectern_read', {
        mode: 'diff_preview',
        target: 'src/format.ts',
        against: 'WORKTREE',
      });
      answered(worktree);
      assert.match(worktree, /\+\s*\/\/ an unsaved line in the browser/);
      for (const against of ['HEAD', 'INDEX']) {
        const text = await call('lectern_read', { mode: 'diff_preview', target: 'src/format.ts', against });
        assert.match(text, /^Error GIT_UNAVAILABLE: .*in the browser/, text);
        assert.match(text, /ask with "against": "WORKTREE" instead/);
      }
      const summary = await call('lectern_read', { mode: 'diff_preview' });
      assert.match(summary, /^Error GIT_UNAVAILABLE/, summary);
    } finally {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      assert.ok(!document.isDirty, 'the buffer was not reverted');
    }
  });

  it('reaches nothing outside the workspace through a symbolic link', async () => {
    const text = await call('lectern_read', { target: 'gen/outside-link.txt' });
    assert.match(text, /^Error NOT_FOUND: /);
    assert.ok(!text.includes('outside the workspace'), text);
    const search = await call('lectern_search', { query: 'outside the workspace' });
    assert.ok(!search.includes('outside-link'), search);
  });

  it('shows a palette read and counts it in the status bar', async () => {
    const before = testApi().statusSnapshot().rev;
    const uri = await vscode.commands.executeCommand<vscode.Uri>('lectern.outlineFile', { path: 'src/inventory.ts' });
    assert.ok(uri, 'the palette read opened no document');
    const text = (await vscode.workspace.openTextDocument(uri)).getText();
    assert.match(text, /Inventory/);
    const status = testApi().statusSnapshot();
    assert.ok(status.rev > before, 'the status bar did not change');
    assert.match(status.text, /1/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("opens a dashboard timeline row's file in the workspace's scheme, with its lines selected", async () => {
    answered(await call('lectern_read', { target: 'src/inventory.ts', start_line: 17, end_line: 20 }));
    const exported = (await vscode.commands.executeCommand('lectern.exportSessionMetrics')) as vscode.TextDocument;
    const snapshot = JSON.parse(exported.getText()) as SessionSnapshot;
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const entry = snapshot.timeline.find((e) => e.file === 'src/inventory.ts' && e.start_line === 17);
    assert.ok(entry, `no timeline entry for src/inventory.ts 17-20: ${JSON.stringify(snapshot.timeline)}`);
    // A click on the row: the webview posts {type: 'open', seq}.
    await testApi().fromDashboard({ type: 'open', seq: entry.seq });
    const expected = vscode.Uri.joinPath(workspaceFolder().uri, 'src', 'inventory.ts');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor, 'no editor was opened');
    assert.equal(editor.document.uri.toString(), expected.toString());
    assert.match(editor.document.getText(), /export class Inventory \{/);
    assert.equal(editor.selection.start.line, 16);
    assert.equal(editor.selection.end.line, 19);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("answers references from the language server, its places in the workspace's scheme", async () => {
    const folder = workspaceFolder().uri;
    const write = (name: string, text: string) =>
      vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'lsp', name), new TextEncoder().encode(text));
    await write('tsconfig.json', '{ "compilerOptions": { "strict": true }, "include": ["**/*.ts"] }\n');
    await write('runners.ts', RUNNERS_TS);
    await write('race.ts', RACE_TS);
    await serverReady(vscode.Uri.joinPath(folder, 'lsp', 'runners.ts'), 120_000);
    const text = await call('lectern_read', { mode: 'references', target: 'Sprinter.run' });
    const [header, ...lines] = text.split('\n');
    assert.match(header!, /^references Sprinter\.run · 2 uses in 1 file \(language server\)/, text);
    assert.deepEqual(lines.slice(0, 3), [
      'lsp/race.ts',
      '  4 · race · return a.run() + b.run();',
      '  8 · relay · return team.map((runner) => runner.run()).length;',
    ]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

/** Until the TypeScript server names race.ts from Sprinter.run's declaration (its project loaded), at most `ms`. */
async function serverReady(runners: vscode.Uri, ms: number): Promise<void> {
  await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(runners));
  await eventually(
    async () => {
      const found = await vscode.commands.executeCommand<vscode.Location[] | undefined>(
        'vscode.executeReferenceProvider',
        runners,
        new vscode.Position(1, 2),
      );
      return found?.some((location) => location.uri.path.endsWith('/race.ts'));
    },
    { timeoutMs: ms, intervalMs: 500, what: 'the TypeScript server to name race.ts' },
  );
}
