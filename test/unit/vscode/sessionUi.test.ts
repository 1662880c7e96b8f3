// The session UI's pure parts: which session is shown, the status-bar text and colours, the
// dashboard's message checks and CSP, workspace-state persistence, the SQLite record.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SessionSnapshot } from '../../../src/core/ground/stabilization';
import { MetricsDatabase, METRICS_TABLE } from '../../../src/node/metricsDatabase';
import { CurrentSession } from '../../../src/vscode/currentSession';
import { dashboardHtml } from '../../../src/vscode/dashboardHtml';
import { parseFromWebview } from '../../../src/vscode/dashboardProtocol';
import {
  restoreSession,
  SESSION_STATE_KEY,
  SessionPersistence,
  type StateStore,
} from '../../../src/vscode/sessionPersistence';
import { escapeMarkdown, statusView } from '../../../src/vscode/statusModel';
import { eventually } from '../../shared/eventually';
import { tempDir } from '../helpers';
import { emptySnapshot, FakeSession } from './fakeSession';

const SQL_WASM_DIR = path.dirname(require.resolve('sql.js'));

class MemoryStore implements StateStore {
  readonly values = new Map<string, unknown>();
  writes = 0;
  private wrote: () => void = () => undefined;
  /** Resolves at the next write. */
  readonly written = (): Promise<void> => new Promise((resolve) => (this.wrote = resolve));
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  update(key: string, value: unknown): Promise<void> {
    this.writes++;
    this.values.set(key, structuredClone(value));
    this.wrote();
    return Promise.resolve();
  }
}

describe('session UI: the shown session', () => {
  it('follows every change with a growing revision, and shows the session that changed last', () => {
    const fake = new FakeSession();
    const current = new CurrentSession(fake);
    const seen: [string, number][] = [];
    current.onDidChange((s, rev) => seen.push([s.id, rev]));
    fake.read('a.ts', 1, 10);
    fake.sessions.set('chat-2', emptySnapshot('chat-2'));
    fake.read('b.ts', 1, 5, {}, 'chat-2');
    assert.deepEqual(seen, [
      ['default', 1],
      ['chat-2', 2],
    ]);
    assert.equal(current.snapshot.id, 'chat-2');
    assert.equal(current.rev, 2);
    current.reset();
    assert.equal(fake.snapshot('chat-2').metrics.reads_count, 0);
    assert.equal(fake.snapshot('default').metrics.reads_count, 1, 'reset touches only the shown session');
    assert.equal(current.snapshot.timeline.length, 0);
    assert.equal(JSON.parse(current.exportJson()).id, 'chat-2');
  });

  it('keeps notifying the others when one listener throws; stops after dispose', () => {
    const fake = new FakeSession();
    const current = new CurrentSession(fake);
    let calls = 0;
    const error = console.error;
    console.error = () => {};
    try {
      current.onDidChange(() => {
        throw new Error('boom');
      });
      current.onDidChange(() => calls++);
      fake.read('a.ts', 1, 1);
    } finally {
      console.error = error;
    }
    assert.equal(calls, 1);
    current.dispose();
    fake.read('a.ts', 1, 1);
    assert.equal(calls, 1);
  });
});

describe('session UI: status bar', () => {
  it('shows reads and lines against the budget, coloured at soft and hard', () => {
    const fake = new FakeSession({ maxReadsPerSession: 2, maxTotalReadLines: 2500 });
    let s = fake.read('a.ts', 1, 840);
    let view = statusView(s);
    assert.equal(view.text, '$(book) Lectern 1/2 reads · 840/2,500 lines');
    assert.equal(view.background, undefined);
    s = fake.read('b.ts', 1, 1);
    view = statusView(s);
    assert.equal(s.budget_state, 'soft');
    assert.equal(view.background, 'statusBarItem.warningBackground');
    assert.match(view.tooltip, /soft limit reached/);
    fake.read('c.ts', 1, 1);
    s = fake.read('d.ts', 1, 1);
    view = statusView(s);
    assert.equal(s.budget_state, 'hard');
    assert.equal(view.background, 'statusBarItem.errorBackground');
    assert.match(view.tooltip, /\| reads \| 4 \| 2 \| 4 \|/);
    assert.match(view.tooltip, /\| lines read \| 843 \| 2,500 \| 5,000 \|/);
    assert.match(view.tooltip, /Click to open the dashboard/);
    assert.match(view.accessibility, /4 of 2 reads/);
  });

  it('quotes the latest warning without letting it format the tooltip', () => {
    const fake = new FakeSession();
    const view = statusView(fake.read('x_[y](z).ts', 1, 3, { low_relevance: true }));
    assert.match(view.tooltip, /Latest warning: `LOW_RELEVANCE` x\\_\\\[y\\\]\\\(z\\\)\\\.ts/);
    assert.equal(escapeMarkdown('a\n  b <img>'), 'a b \\<img\\>');
  });
});

describe('session UI: dashboard messages and HTML', () => {
  it('accepts the protocol and nothing else', () => {
    assert.deepEqual(parseFromWebview({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseFromWebview({ type: 'open', seq: 3, extra: 'dropped' }), { type: 'open', seq: 3 });
    assert.equal(parseFromWebview({ type: 'open', seq: '3' }), undefined);
    assert.equal(parseFromWebview({ type: 'open', path: '/etc/passwd' }), undefined);
    assert.equal(parseFromWebview({ type: 'run', command: 'x' }), undefined);
    assert.equal(parseFromWebview(null), undefined);
    assert.equal(parseFromWebview('ready'), undefined);
    const rendered = {
      type: 'rendered',
      rev: 2,
      session_id: 's',
      budget_state: 'soft',
      reads_label: '3 / 2',
      lines_label: '9 / 10',
      timeline_rows: 3,
      warnings: 1,
      clipped: ['12,249'],
      overflowing: ['td.file 120>80: alpha/src/server.ts'],
      width: 300,
    };
    assert.deepEqual(parseFromWebview(rendered), rendered);
    assert.equal(parseFromWebview({ ...rendered, budget_state: 'meh' }), undefined);
    assert.equal(parseFromWebview({ ...rendered, clipped: [3] }), undefined);
    assert.equal(parseFromWebview({ ...rendered, overflowing: undefined }), undefined);
    assert.equal(parseFromWebview({ ...rendered, width: '300px' }), undefined);
  });

  it('has a strict CSP: nothing by default, the script by nonce, styles from the extension only', () => {
    const html = dashboardHtml(
      {
        cspSource: 'https://ext.example',
        script: 'https://ext.example/media/dashboard.js',
        style: 'https://ext.example/media/dashboard.css',
      },
      'N0nce',
    );
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    assert.equal(csp, "default-src 'none'; style-src https://ext.example; script-src 'nonce-N0nce'");
    assert.match(html, /<script nonce="N0nce" src="https:\/\/ext\.example\/media\/dashboard\.js"><\/script>/);
    assert.doesNotMatch(html, /style=|<style|onclick|javascript:/i);
    assert.equal((html.match(/<script/g) ?? []).length, 1);
    const other = dashboardHtml({ cspSource: 'x', script: 'y', style: 'z' });
    assert.notEqual(/nonce-([^']+)/.exec(other)?.[1], 'N0nce');
  });
});

describe('session UI: persistence in the workspace state', () => {
  it('saves the shown session shortly after changes (one write for a burst) and restores it', async () => {
    const store = new MemoryStore();
    const fake = new FakeSession();
    const current = new CurrentSession(fake);
    const persistence = new SessionPersistence(store, current, 20);
    fake.read('a.ts', 1, 10);
    fake.read('b.ts', 5, 10);
    fake.read('c.ts', 1, 10);
    assert.equal(store.writes, 0);
    await eventually(store.written(), { what: 'the debounced write of the burst' });
    // Disposing writes whatever is still pending: nothing, when the burst was written once.
    await persistence.dispose();
    assert.equal(store.writes, 1);
    const saved = store.get<{ snapshot: SessionSnapshot }>(SESSION_STATE_KEY)!;
    assert.equal(saved.snapshot.metrics.reads_count, 3);

    // A new window: a fresh session layer, the saved state brought back.
    const next = new FakeSession();
    const shown = new CurrentSession(next);
    assert.equal(restoreSession(store, shown), true);
    assert.equal(next.restored.length, 1);
    assert.equal(shown.snapshot.metrics.reads_count, 3);
    assert.deepEqual(
      shown.snapshot.timeline.map((e) => e.file),
      ['a.ts', 'b.ts', 'c.ts'],
    );
  });

  it('writes what is pending on dispose, and ignores saved state it does not understand', async () => {
    const store = new MemoryStore();
    const fake = new FakeSession();
    const persistence = new SessionPersistence(store, new CurrentSession(fake), 10_000);
    fake.read('a.ts', 1, 10);
    await persistence.dispose();
    assert.equal(store.writes, 1);
    for (const bad of [undefined, { format: 99, snapshot: emptySnapshot() }, { format: 1, snapshot: { id: 3 } }]) {
      const s = new MemoryStore();
      s.values.set(SESSION_STATE_KEY, bad);
      const next = new FakeSession();
      assert.equal(restoreSession(s, new CurrentSession(next)), false);
      assert.equal(next.restored.length, 0);
    }
  });
});

describe('session UI: SQLite record (sql.js)', () => {
  async function rows(file: string): Promise<Record<string, unknown>[]> {
    const { default: init } = await import('sql.js');
    const SQL = await init({ locateFile: (name: string) => path.join(SQL_WASM_DIR, name) });
    const db = new SQL.Database(fs.readFileSync(file));
    try {
      const [result] = db.exec(`SELECT * FROM ${METRICS_TABLE} ORDER BY id`);
      if (!result) return [];
      return result.values.map((v) => Object.fromEntries(result.columns.map((c, i) => [c, v[i]])));
    } finally {
      db.close();
    }
  }

  it('records each change as a row of session_metrics, across writers sharing the file', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'storage', 'session-metrics.sqlite');
    const fake = new FakeSession({ maxReadsPerSession: 2 });
    const a = new MetricsDatabase({ file, wasmDir: SQL_WASM_DIR, workspace: '/ws', delayMs: 5, now: () => 42 });
    const b = new MetricsDatabase({ file, wasmDir: SQL_WASM_DIR, workspace: '/other', delayMs: 5 });
    fake.onDidChange((s) => a.record(s));
    fake.read('a.ts', 1, 10);
    fake.read('b.ts', 1, 20, { low_relevance: true });
    await a.flush();
    b.record(emptySnapshot('chat-9'));
    await b.flush();
    fake.read('c.ts', 1, 30);
    await a.dispose();
    const all = await rows(file);
    assert.deepEqual(
      all.map((r) => [r.session_id, r.workspace, r.reads_count, r.reads_lines_total, r.budget_state, r.last_file]),
      [
        ['default', '/ws', 1, 10, 'ok', 'a.ts'],
        ['default', '/ws', 2, 30, 'soft', 'b.ts'],
        ['chat-9', '/other', 0, 0, 'ok', null],
        ['default', '/ws', 3, 60, 'soft', 'c.ts'],
      ],
    );
    assert.equal(all[1]!.last_warning_code, 'LOW_RELEVANCE');
    assert.equal(all[0]!.recorded_at_unix_ms, 42);
    assert.equal(JSON.parse(String(all[0]!.limits_json)).maxReadsPerSession, 2);
    // It names the files read: the user's alone, written as a whole (no temporary file left).
    if (process.platform !== 'win32') assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['session-metrics.sqlite']);
  });

  it('keeps a damaged file aside and starts a new one', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'session-metrics.sqlite');
    fs.writeFileSync(file, 'not a database, not at all; '.repeat(200));
    const db = new MetricsDatabase({ file, wasmDir: SQL_WASM_DIR, delayMs: 5 });
    db.record(emptySnapshot());
    await db.flush();
    assert.equal((await rows(file)).length, 1);
    assert.equal(fs.readdirSync(dir).filter((f) => f.includes('.damaged-')).length, 1);
  });
});
