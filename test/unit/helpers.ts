// Shared helpers for the core unit tests: real files in temp dirs, the node fs port, and an
// independent model of a file's lines and bytes to check answers against.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ToolResponse } from '../../src/core/ground/contract';
import { Lectern } from '../../src/core/engine';
import type { DocumentsPort, Host, WorkspaceRoot } from '../../src/core/ground/ports';
import type { Settings } from '../../src/core/ground/settings';
import { nodeFileSystem } from '../../src/node/nodeFileSystem';

const made: string[] = [];

/** A fresh temp dir, removed after the run. */
export function tempDir(prefix = 'lectern-unit-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

after(function () {
  // Hundreds of folders, many of them git repositories: 24 s for 462 under a load average of 17.
  this.timeout(180_000);
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

export function write(dir: string, name: string, data: string | Uint8Array): string {
  const file = path.join(dir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, data);
  return file;
}

export interface Workspace {
  root: string;
  host: Host;
  lectern: Lectern;
  write(name: string, data: string | Uint8Array): string;
}

export function workspace(
  options: { settings?: Partial<Settings>; documents?: DocumentsPort; roots?: WorkspaceRoot[] } = {},
): Workspace {
  const root = tempDir();
  const roots = options.roots ?? [{ name: path.basename(root), path: root }];
  const host: Host = { fs: nodeFileSystem, roots: () => roots, documents: options.documents };
  // These tests are about reads, not sessions: the session guard (budgets, de-duplication, loop
  // detection) is off unless a test turns it on (test/unit/session does).
  const settings: Partial<Settings> = { sessionGuard: false, ...(options.settings ?? {}) };
  return { root, host, lectern: new Lectern(host, () => settings), write: (name, data) => write(root, name, data) };
}

/** Calls a tool and checks the answer has the contract's shape. */
export async function call(lectern: Lectern, tool: string, input: unknown): Promise<ToolResponse> {
  const response = await lectern.invoke(tool, input);
  assert.equal(typeof response.ok, 'boolean');
  assert.equal(typeof response.text, 'string');
  assert.equal(typeof response.content, 'string');
  assert.ok(response.meta && typeof response.meta === 'object');
  return response;
}

export async function ok(lectern: Lectern, tool: string, input: unknown): Promise<ToolResponse> {
  const response = await call(lectern, tool, input);
  assert.ok(response.ok, `expected ok, got: ${response.text}`);
  return response;
}

export async function fails(lectern: Lectern, tool: string, input: unknown, code: string): Promise<ToolResponse> {
  const response = await call(lectern, tool, input);
  assert.equal(response.ok, false, `expected ${code}, got ok: ${response.text.slice(0, 400)}`);
  assert.equal(response.error?.code, code, `expected ${code}, got: ${response.text}`);
  return response;
}

export const count = (n: number) => n.toLocaleString('en-US');

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes strictly: throws on a split or invalid character. */
export function utf8(bytes: Uint8Array): string {
  return strictUtf8.decode(bytes);
}

/** An independent model of a UTF-8 file: its BOM, line starts and line ends. */
export class FileModel {
  readonly base: number;
  readonly size: number;
  /** Byte offset where each line starts (index 0 = line 1). */
  readonly starts: number[] = [];
  /** Byte offset just after each line (after its LF, or the end of the file). */
  readonly ends: number[] = [];

  constructor(readonly bytes: Uint8Array) {
    this.base = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    this.size = bytes.length;
    let at = this.base;
    while (at < this.size) {
      this.starts.push(at);
      const nl = bytes.indexOf(10, at);
      at = nl === -1 ? this.size : nl + 1;
      this.ends.push(at);
    }
  }

  get totalLines(): number {
    return this.starts.length;
  }

  /** 1-based line holding `byte`. */
  lineOf(byte: number): number {
    let n = 1;
    for (let i = this.base; i < byte; i++) if (this.bytes[i] === 10) n++;
    return n;
  }

  isLineStart(byte: number): boolean {
    return this.starts.includes(byte);
  }

  isLineEnd(byte: number): boolean {
    return byte === this.size || this.ends.includes(byte);
  }

  isCharBoundary(byte: number): boolean {
    return byte >= this.size || (this.bytes[byte]! & 0xc0) !== 0x80;
  }

  text(from: number, to: number): string {
    return utf8(this.bytes.subarray(from, to));
  }

  /** Text of lines [first, last] (1-based, inclusive), terminators included. */
  lines(first: number, last: number): string {
    if (last < first) return '';
    return this.text(this.starts[first - 1]!, this.ends[last - 1]!);
  }
}
