// The part of sql.js (a WASM build of SQLite) that metricsDatabase.ts uses. Declared here rather
// than through @types/sql.js, whose global Emscripten types clash with web-tree-sitter's.
declare module 'sql.js' {
  type SqlValue = number | string | Uint8Array | null;

  interface Statement {
    run(params?: SqlValue[]): void;
    free(): boolean;
  }

  interface QueryExecResult {
    columns: string[];
    values: SqlValue[][];
  }

  interface Database {
    exec(sql: string, params?: SqlValue[]): QueryExecResult[];
    prepare(sql: string): Statement;
    export(): Uint8Array;
    close(): void;
  }

  export interface SqlJsStatic {
    Database: new (data?: ArrayLike<number> | Buffer | null) => Database;
  }

  export interface SqlJsConfig {
    locateFile?: (file: string, prefix: string) => string;
  }

  function initSqlJs(config?: SqlJsConfig): Promise<SqlJsStatic>;
  export default initSqlJs;
}
