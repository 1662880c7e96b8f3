// The session's user interface in a real extension host: a scripted sequence of tool calls moves
// the status-bar item through ok / soft / hard, the dashboard webview renders every change and
// reports back what it rendered, rows open their file at the range, the commands reset and export,
// and the opt-in SQLite record gets rows. Takes test-results/dashboard.png through the harness.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { SessionSnapshot } from '../../src/core/ground/stabilization';
import type { LecternTestApi } from '../../src/vscode/sessionUi';
import type { RenderedMessage } from '../../src/vscode/dashboardProtocol';
import { eventually } from '../shared/eventually';
import { folder, resultText, screenshot, writeFile } from './helpers';

const SOFT_READS = 4;
const SOFT_LINES = 400;
const SETTINGS: Record<string, unknown> = {
  maxReadsPerSession: SOFT_READS,
  maxTotalReadLines: SOFT_LINES,
  hardLimitMultiplier: 2,
};

/** The runner's window (scripts/host/run-integration.mjs). */
const WINDOW = { width: 1400, height: 900 };

const lines = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i + 1)).join('\n') + '\n';

/** A plausible, valid TypeScript file of about 120 lines; createServer's doc comment is line 29. */
function serverSource(): string {
  const head = [
    '// The HTTP front of the sample app: routes and the server that dispatches to them.',
    '',
    'export interface Request {',
    '  url?: string;',
    '}',
    '',
    'export interface Response {',
    '  statusCode: number;',
    '  setHeader(name: string, value: string): void;',
    '  end(body: string): void;',
    '}',
    '',
    'type Handler = (req: Request, res: Response) => void;',
    'declare function createHttpServer(handler: Handler): { listen(port: number, host: string): void };',
    '',
    'const routes = new Map<string, Handler>();',
    '',
    'export function route(path: string, handler: Handler): void {',
    '  routes.set(path, handler);',
    '}',
    '',
    'function dispatch(req: Request, res: Response): void {',
    "  const handler = routes.get(req.url ?? '/');",
    '  if (handler) return handler(req, res);',
    '  res.statusCode = 404;',
    "  res.end('not found');",
    '}',
    '',
    '/** Starts the HTTP server on port (127.0.0.1 unless host is given). */',
    'export function createServer(port: number, host = "127.0.0.1") {',
    '  const server = createHttpServer(dispatch);',
    '  server.listen(port, host);',
    '  return server;',
    '}',
    '',
  ];
  const handlers = lines(
    21,
    (i) =>
      `route('/health/${i}', (_req, res) => {\n  res.setHeader('content-type', 'text/plain');\n  res.end('ok ${i}');\n});\n`,
  );
  return head.join('\n') + '\n' + handlers;
}

describe('session status bar and dashboard', function () {
  this.timeout(120_000);
  let api: LecternTestApi;
  let server: string;
  let report: string;
  let vendored: string;
  const modules: string[] = [];

  const config = () => vscode.workspace.getConfiguration('lectern');
  const call = async (tool: string, input: Record<string, unknown>) =>
    resultText(await vscode.lm.invokeTool(tool, { input, toolInvocationToken: undefined }));

  /** The status bar now, once the dashboard has rendered the same change. */
  async function shown() {
    const status = api.statusSnapshot();
    const rendered = await eventually(
      () => {
        const ack = api.dashboardRendered();
        return ack && ack.rev >= status.rev ? ack : undefined;
      },
      { timeoutMs: 15_000, what: `the dashboard to render change ${status.rev}` },
    );
    return { status, rendered };
  }

  before(async () => {
    const extension = vscode.extensions.getExtension<LecternTestApi>('lectern.lectern');
    assert.ok(extension, 'the extension is not installed in the host');
    api = await extension.activate();
    assert.ok(api && typeof api.statusSnapshot === 'function', 'activate() returned no test API (ExtensionMode.Test)');

    const alpha = folder('alpha');
    server = writeFile(path.join(alpha, 'src', 'server.ts'), serverSource());
    for (let i = 1; i <= 8; i++)
      modules.push(
        writeFile(
          path.join(alpha, 'src', `route${i}.ts`),
          lines(60, (n) => `export const route${i}_${n} = ${n};`),
        ),
      );
    report = writeFile(
      path.join(folder('beta'), 'lib', 'report.py'),
      lines(40, (n) => `def report_${n}():\n    return ${n}`),
    );
    vendored = writeFile(
      path.join(alpha, 'node_modules', 'left-pad', 'index.js'),
      lines(30, (n) => `module.exports.v${n} = ${n};`),
    );

    for (const [key, value] of Object.entries(SETTINGS))
      await config().update(key, value, vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand('lectern.resetSession');
    await vscode.commands.executeCommand('lectern.openDashboard');
  });

  after(async () => {
    for (const key of [...Object.keys(SETTINGS), 'recordMetricsSqlite'])
      await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace
      .getConfiguration('workbench')
      .update('colorTheme', undefined, vscode.ConfigurationTarget.Global);
    // The other test files start with a fresh session under the default budget.
    await vscode.commands.executeCommand('lectern.resetSession');
  });

  it('starts at ok with the lowered limits, in the status bar and the dashboard', async () => {
    const { status, rendered } = await shown();
    assert.equal(status.text, `$(book) Lectern 0/${SOFT_READS} reads · 0/${SOFT_LINES} lines`);
    assert.equal(status.background, undefined);
    assert.equal(status.command, 'lectern.openDashboard');
    assert.equal(rendered.budget_state, 'ok');
    assert.equal(rendered.reads_label, `0 / ${SOFT_READS}`);
    assert.equal(rendered.timeline_rows, 0);
  });

  it('moves through ok, soft and hard as the calls come in; every change reaches the dashboard', async () => {
    const states: string[] = [];
    const step = async (tool: string, input: Record<string, unknown>) => {
      const text = await call(tool, input);
      const { status, rendered } = await shown();
      const snapshot = JSON.parse(await exportText()) as SessionSnapshot;
      const m = snapshot.metrics;
      assert.equal(status.budget_state, snapshot.budget_state);
      assert.equal(
        status.text,
        `$(book) Lectern ${m.reads_count}/${SOFT_READS} reads · ${m.reads_lines_total.toLocaleString('en-US')}/${SOFT_LINES} lines`,
      );
      const background = {
        ok: undefined,
        soft: 'statusBarItem.warningBackground',
        hard: 'statusBarItem.errorBackground',
      }[snapshot.budget_state];
      assert.equal(status.background, background, `background at ${snapshot.budget_state}`);
      assert.equal(rendered.budget_state, snapshot.budget_state);
      assert.equal(rendered.session_id, snapshot.id);
      assert.equal(rendered.reads_label, `${m.reads_count.toLocaleString('en-US')} / ${SOFT_READS}`);
      assert.equal(rendered.timeline_rows, snapshot.timeline.length);
      assert.equal(rendered.warnings, snapshot.warnings.length);
      assert.deepEqual(rendered.clipped, [], `numbers cut at ${rendered.width} px`);
      if (states[states.length - 1] !== snapshot.budget_state) states.push(snapshot.budget_state);
      return { text, snapshot };
    };

    // A search sets the relevance baseline; reads of what it found, again (a pointer), of a file
    // it did not find (low relevance), of an excluded path, then more until the hard limit.
    await step('lectern_search', { query: 'createServer' });
    await step('lectern_read', { target: server, start_line: 29, end_line: 60 });
    await step('lectern_read', { target: server, start_line: 29, end_line: 34 });
    await step('lectern_read', { target: report });
    await step('lectern_read', { target: vendored });
    let last = await step('lectern_read', { target: modules[0]!, ephemeral: true });
    assert.deepEqual(states.slice(0, 2), ['ok', 'soft'], `states so far: ${states.join(' → ')}`);

    // The soft state with a varied timeline is the picture for the README.
    await openRowAndScreenshot(last.snapshot);

    for (const file of modules.slice(1)) {
      if (last.snapshot.budget_state === 'hard') break;
      last = await step('lectern_read', { target: file });
    }
    assert.deepEqual(states, ['ok', 'soft', 'hard'], `states: ${states.join(' → ')}`);
    // Past the hard limit a precise read is still answered whole.
    const precise = await call('lectern_read', { target: modules[7]!, start_line: 1, end_line: 5 });
    assert.doesNotMatch(precise, /BUDGET_EXCEEDED/);
    assert.match(precise, /lines 1-5 of/);
  });

  async function exportText(): Promise<string> {
    const document = (await vscode.commands.executeCommand('lectern.exportSessionMetrics')) as vscode.TextDocument;
    assert.equal(document.languageId, 'json');
    // Read-only: no unsaved editor that asks to be saved when it closes.
    assert.equal(document.isUntitled, false);
    assert.equal(document.uri.scheme, 'lectern-export');
    assert.equal(document.isDirty, false);
    const text = document.getText();
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    return text;
  }

  async function openRowAndScreenshot(snapshot: SessionSnapshot) {
    // A click on a timeline row: the webview posts {type: 'open', seq}; the extension opens the
    // file with the entry's lines selected.
    const entry = snapshot.timeline.find((e) => e.absolute === server && e.start_line === 29);
    assert.ok(
      entry,
      `no timeline entry for server.ts 29-60: ${JSON.stringify(snapshot.timeline.map((e) => [e.file, e.start_line]))}`,
    );
    await api.fromDashboard({ type: 'open', seq: entry.seq });
    const editor = await eventually(
      () => {
        const active = vscode.window.activeTextEditor;
        return active?.document.uri.fsPath === server ? active : undefined;
      },
      { timeoutMs: 15_000, what: 'the editor of the clicked row' },
    );
    assert.equal(editor.selection.start.line, 28);
    assert.equal(editor.selection.end.line, (entry.end_line ?? 29) - 1);
    assert.ok(api.dashboardRendered(), 'the dashboard went away');

    if (!process.env.LECTERN_TEST_RESULTS) return; // not under scripts/host/run-integration.mjs
    await vscode.workspace
      .getConfiguration('workbench')
      .update('colorTheme', 'Default Dark Modern', vscode.ConfigurationTarget.Global);
    await eventually(() => vscode.window.activeColorTheme.kind === vscode.ColorThemeKind.Dark, {
      what: 'the dark theme to apply',
    });
    await vscode.commands.executeCommand('workbench.action.closeAuxiliaryBar');
    await vscode.commands.executeCommand('lectern.openDashboard');
    await vscode.window.showTextDocument(editor.document, { selection: editor.selection });
    // A shorter editor, so the panel has room for the timeline.
    for (let i = 0; i < 2; i++)
      await vscode.commands.executeCommand('workbench.action.decreaseViewHeight').then(undefined, () => undefined);
    // The layout changed: the dashboard renders again (asked as a new view asks, and on each resize,
    // media/dashboard.js) until a report made since cuts no number.
    const laidOut = await renderedSince('a dashboard laid out anew that cuts no number', () => true);
    await screenshot('dashboard.png');
    assert.deepEqual(laidOut.clipped, []);
    assert.deepEqual(laidOut.overflowing, [], `boxes overflowing at ${laidOut.width} px`);

    await screenshotsAtWidths(laidOut);
  }

  /**
   * The dashboard at the full width of the window, at about 750 px (the bottom panel of the default
   * layout with Chat open beside it) and at 390 px (a phone-sized window): the side bar is closed and the
   * panel maximized, so the view spans the window less the activity bar; the runner resizes the page
   * until the view has the width asked. At each, a screenshot and no number cut, no box overflowing.
   */
  async function screenshotsAtWidths(laidOut: RenderedMessage) {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
    const full = await renderedSince('the dashboard across the window', (ack) => ack.width > laidOut.width);
    await screenshot('dashboard-full.png');
    assert.deepEqual(full.overflowing, [], `boxes overflowing at ${full.width} px`);
    // The view's width is the window's less what the workbench draws beside it.
    const beside = WINDOW.width - full.width;
    try {
      for (const width of [750, 390]) {
        console.log(`[lectern-viewport] ${width + beside}x${WINDOW.height}`);
        const ack = await renderedSince(`the dashboard ${width} px wide`, (seen) => Math.abs(seen.width - width) <= 2);
        await screenshot(`dashboard-${width}.png`);
        assert.deepEqual(ack.overflowing, [], `boxes overflowing at ${ack.width} px`);
      }
    } finally {
      console.log(`[lectern-viewport] ${WINDOW.width}x${WINDOW.height}`);
      await vscode.commands.executeCommand('workbench.action.toggleMaximizedPanel');
    }
  }

  /** The dashboard's first report, after this call, that `holds` and cuts no number; fails naming what it cut. */
  async function renderedSince(what: string, holds: (ack: RenderedMessage) => boolean): Promise<RenderedMessage> {
    const before = api.dashboardRendered();
    await api.fromDashboard({ type: 'ready' });
    return eventually(
      () => {
        const ack = api.dashboardRendered();
        return ack && ack !== before && holds(ack) && ack.clipped.length === 0 ? ack : undefined;
      },
      {
        timeoutMs: 15_000,
        what,
        seen: () => {
          const ack = api.dashboardRendered();
          return `${ack?.width} px, cut ${JSON.stringify(ack?.clipped)}, overflowing ${JSON.stringify(ack?.overflowing)}`;
        },
      },
    );
  }

  it('resets the session from the command: ok, nothing read, an empty timeline', async () => {
    await vscode.commands.executeCommand('lectern.resetSession');
    const { status, rendered } = await shown();
    assert.equal(status.budget_state, 'ok');
    assert.equal(status.text, `$(book) Lectern 0/${SOFT_READS} reads · 0/${SOFT_LINES} lines`);
    assert.equal(rendered.timeline_rows, 0);
    assert.equal(rendered.reads_label, `0 / ${SOFT_READS}`);
    const snapshot = JSON.parse(await exportText()) as SessionSnapshot;
    assert.equal(snapshot.metrics.reads_count, 0);
    assert.deepEqual(snapshot.timeline, []);
  });

  it('records changes in the SQLite table session_metrics once lectern.recordMetricsSqlite is on', async () => {
    const { file, flush } = api.metricsDatabase();
    fs.rmSync(file, { force: true });
    await call('lectern_read', { target: modules[1]!, start_line: 1, end_line: 10 });
    await flush();
    assert.equal(fs.existsSync(file), false, 'recorded while the setting was off');

    await config().update('recordMetricsSqlite', true, vscode.ConfigurationTarget.Workspace);
    await call('lectern_read', { target: modules[2]!, start_line: 1, end_line: 10 });
    await call('lectern_read', { target: modules[3]!, start_line: 1, end_line: 20 });
    await api.metricsDatabase().flush();
    assert.ok(fs.existsSync(file), `no database at ${file}`);

    const { default: initSqlJs } = await import('sql.js');
    const extensionPath = vscode.extensions.getExtension('lectern.lectern')!.extensionPath;
    const SQL = await initSqlJs({ locateFile: (name: string) => path.join(extensionPath, 'dist', name) });
    const db = new SQL.Database(fs.readFileSync(file));
    try {
      const [result] = db.exec(
        'SELECT reads_count, reads_lines_total, budget_state, last_file FROM session_metrics ORDER BY id',
      );
      assert.ok(result, 'session_metrics is empty');
      assert.deepEqual(
        result.values.map((row) => [row[0], row[1], row[2]]),
        [
          [2, 20, 'ok'],
          [3, 40, 'ok'],
        ],
      );
      assert.match(String(result.values[1]![3]), /route4\.ts$/);
    } finally {
      db.close();
    }
    await config().update('recordMetricsSqlite', undefined, vscode.ConfigurationTarget.Workspace);
  });
});
