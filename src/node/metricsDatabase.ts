// Opt-in record of session metrics in a SQLite file (table `session_metrics`) through sql.js, a
// WASM build of SQLite: nothing native ships. sql.js loads on the first write only.
//
// sql.js keeps a database in memory, so every write reads the file, appends the rows waiting since
// the last write and writes it back (temp file + rename): several windows can share one file, and
// a crash loses at most the rows of the last second.
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SqlJsStatic } from 'sql.js';
import type { SessionSnapshot } from '../core/ground/stabilization';
import { writePrivateFileSync } from './cacheFolder';

export const METRICS_TABLE = 'session_metrics';
/** Older rows beyond this many are dropped on write. */
const MAX_ROWS = 100_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS ${METRICS_TABLE} (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recorded_at_unix_ms INTEGER NOT NULL,
  workspace TEXT,
  session_id TEXT NOT NULL,
  session_started_at_unix_ms INTEGER NOT NULL,
  budget_state TEXT NOT NULL,
  reads_count INTEGER NOT NULL,
  reads_lines_total INTEGER NOT NULL,
  reads_chars_total INTEGER NOT NULL,
  search_count INTEGER NOT NULL,
  read_after_search_ratio REAL NOT NULL,
  avg_read_span REAL NOT NULL,
  max_read_span INTEGER NOT NULL,
  preview_degraded_count INTEGER NOT NULL,
  deduplicated_reads INTEGER NOT NULL,
  tokens_served INTEGER NOT NULL,
  tokens_saved INTEGER NOT NULL,
  warnings_count INTEGER NOT NULL,
  last_tool TEXT,
  last_file TEXT,
  last_warning_code TEXT,
  limits_json TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ${METRICS_TABLE}_session ON ${METRICS_TABLE} (session_id, recorded_at_unix_ms);
`;

const COLUMNS = [
  'recorded_at_unix_ms',
  'workspace',
  'session_id',
  'session_started_at_unix_ms',
  'budget_state',
  'reads_count',
  'reads_lines_total',
  'reads_chars_total',
  'search_count',
  'read_after_search_ratio',
  'avg_read_span',
  'max_read_span',
  'preview_degraded_count',
  'deduplicated_reads',
  'tokens_served',
  'tokens_saved',
  'warnings_count',
  'last_tool',
  'last_file',
  'last_warning_code',
  'limits_json',
] as const;

type Row = (string | number | null)[];

function metricsRow(snapshot: SessionSnapshot, workspace: string | null, now: number): Row {
  const m = snapshot.metrics;
  const last = snapshot.timeline[snapshot.timeline.length - 1];
  const warning = snapshot.warnings[snapshot.warnings.length - 1];
  return [
    now,
    workspace,
    snapshot.id,
    snapshot.started_at_unix_ms,
    snapshot.budget_state,
    m.reads_count,
    m.reads_lines_total,
    m.reads_chars_total,
    m.search_count,
    m.read_after_search_ratio,
    m.avg_read_span,
    m.max_read_span,
    m.preview_degraded_count,
    m.deduplicated_reads,
    m.tokens_served,
    m.tokens_saved,
    snapshot.warnings.length,
    last?.tool ?? null,
    last?.file ?? null,
    warning?.code ?? null,
    JSON.stringify(snapshot.limits),
  ];
}

export interface MetricsDatabaseOptions {
  /** The SQLite file. */
  file: string;
  /** The folder holding sql-wasm.wasm. */
  wasmDir: string;
  /** Names the workspace in each row. */
  workspace?: string | null;
  /** Rows are written this long after the first change (ms). */
  delayMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}

let sqlJs: Promise<SqlJsStatic> | undefined;

function loadSqlJs(wasmDir: string): Promise<SqlJsStatic> {
  // A CommonJS module: its module.exports is the default export.
  sqlJs ??= import('sql.js').then(({ default: init }) => init({ locateFile: (name: string) => join(wasmDir, name) }));
  sqlJs.catch(() => (sqlJs = undefined));
  return sqlJs;
}

export class MetricsDatabase {
  private readonly pending: Row[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: MetricsDatabaseOptions) {}

  get file(): string {
    return this.options.file;
  }

  /** Queues one row for the snapshot; written within `delayMs`. */
  record(snapshot: SessionSnapshot): void {
    this.pending.push(metricsRow(snapshot, this.options.workspace ?? null, (this.options.now ?? Date.now)()));
    if (this.timer === undefined) this.timer = setTimeout(() => void this.flush(), this.options.delayMs ?? 1000);
  }

  /** Writes the queued rows now; resolves when they are on disk. */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    const rows = this.pending.splice(0);
    if (rows.length === 0) return this.writing;
    this.writing = this.writing
      .then(() => this.write(rows))
      .catch((error) => (this.options.onError ?? ((e) => console.error('[lectern] metrics database:', e)))(error));
    return this.writing;
  }

  private async write(rows: Row[]): Promise<void> {
    const SQL = await loadSqlJs(this.options.wasmDir);
    const { file } = this.options;
    let db = new SQL.Database(existsSync(file) ? readFileSync(file) : undefined);
    try {
      db.exec(SCHEMA);
    } catch (error) {
      // Not a database (or a damaged one): keep it aside and start a new file.
      db.close();
      if (!existsSync(file)) throw error;
      renameSync(file, `${file}.damaged-${Date.now()}`);
      db = new SQL.Database();
      db.exec(SCHEMA);
    }
    try {
      db.exec('BEGIN');
      const insert = db.prepare(
        `INSERT INTO ${METRICS_TABLE} (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
      );
      try {
        for (const row of rows) insert.run(row);
      } finally {
        insert.free();
      }
      db.exec(`DELETE FROM ${METRICS_TABLE} WHERE id <= (SELECT MAX(id) - ${MAX_ROWS} FROM ${METRICS_TABLE})`);
      db.exec('COMMIT');
      const bytes = db.export();
      // The user's own (it names the files read): a folder of 0700, a file of 0600 renamed over the old one.
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      writePrivateFileSync(file, bytes);
    } finally {
      db.close();
    }
  }

  /** Writes what is queued and stops. */
  dispose(): Promise<void> {
    return this.flush();
  }
}
