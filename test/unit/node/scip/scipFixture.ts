// A small TypeScript project in a temp folder, indexed by the real scip-typescript (a devDependency):
// the cases tree-sitter alone gets wrong (a renamed import, object-literal keys typed by an interface).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decodeScip } from '../../../../src/node/scip/scipDecode';
import { DEFINITION_ROLE } from '../../../../src/node/scip/scipIndex';
import { tempDir, write } from '../../helpers';

const CONN = [
  'export interface Options {',
  '  port: number;',
  '  host: string;',
  '}',
  'export function createConnection(options: Options): string {',
  '  return `${options.host}:${options.port}`;',
  '}',
  '',
].join('\n');

export const USE = [
  "import { createConnection as createCommonConnection, type Options } from './conn';",
  '',
  "const defaults: Options = { port: 80, host: 'localhost' };",
  'export function open(): string {',
  '  return createCommonConnection({ port: 8080, host: defaults.host });',
  '}',
  '',
].join('\n');

const SCIP_TYPESCRIPT = path.join(
  path.dirname(require.resolve('@sourcegraph/scip-typescript/package.json')),
  'dist/src/main.js',
);

/** Runs scip-typescript in the folder (writes index.scip there). */
function indexWithScipTypescript(root: string): void {
  const run = spawnSync(process.execPath, [SCIP_TYPESCRIPT, 'index'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`scip-typescript failed: ${run.stderr}${run.stdout}`);
}

/** The fixture project, indexed. */
export function indexedProject(): string {
  const root = tempDir('lectern-scip-');
  write(root, 'tsconfig.json', '{ "compilerOptions": { "strict": true }, "include": ["src"] }\n');
  write(root, 'src/conn.ts', CONN);
  write(root, 'src/use.ts', USE);
  indexWithScipTypescript(root);
  return root;
}

/**
 * What the index says are the uses of the symbol declared at (relativePath, 0-based line, character):
 * "path:line" (1-based) of every occurrence that is not its definition, in order.
 */
export function indexedUses(root: string, relativePath: string, line: number, character: number): string[] {
  const index = decodeScip(readFileSync(path.join(root, 'index.scip')));
  const symbol = index.symbolAt(index.document(relativePath)!, line, character)!;
  return index
    .occurrencesOf(symbol)
    .filter((o) => (o.roles & DEFINITION_ROLE) === 0)
    .map((o) => `${o.document.relativePath}:${o.line + 1}:${o.character + 1}`);
}
