// A workspace of TypeScript files whose every version is known, for the answer integrity property: each
// version has its own tag (`g0007`) on every line and in every name it declares, so a line or a name of
// any version but the current one is told by its tag. Files are rewritten at the same size with their
// modification time put back, re-encoded (UTF-8 ↔ UTF-16LE of the same byte length), renamed and
// replaced; engines come and go over one persistent symbol cache (a new process is a new engine).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { ToolResponse } from '../../../src/core/ground/contract';
import type { Host } from '../../../src/core/ground/ports';
import type { StatInfo } from '../../../src/core/read/statInfo';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createSymbolCache } from '../../../src/node/symbolCacheStore';
import { createWasmLoader } from '../../../src/node/wasmFiles';

/** Every write puts this modification time back (whole seconds: utimes sets it exactly). */
export const MTIME_S = 1_700_000_000;

export type Shape = 'fn' | 'class' | 'both';
export type Encoding = 'utf-8' | 'utf-16le';

export interface Version {
  tag: string;
  shape: Shape;
  encoding: Encoding;
  lines: string[];
}

let tags = 0;
const nextTag = () => `g${String(++tags).padStart(4, '0')}`;
const TAG = /g\d{4}/g;

/** The declarations of a version: a function, a class with a method that calls the function, or both, and a use. */
function body(tag: string, shape: Shape): string[] {
  const fn = [`export function fn_${tag}(): number { return 1; } // ${tag}`];
  const cls = [
    `export class Cls_${tag} { // ${tag}`,
    `  m_${tag}(): number { return ${shape === 'both' ? `fn_${tag}()` : '2'}; } // ${tag}`,
    `} // ${tag}`,
  ];
  const use = [`export const use_${tag} = ${shape === 'class' ? `new Cls_${tag}()` : `fn_${tag}()`}; // ${tag}`];
  return [`// ${tag} head`, ...(shape === 'fn' ? fn : shape === 'class' ? cls : [...fn, ...cls]), ...use];
}

/** Lines of exactly `chars` characters in all (newlines included), `padLines` of them where they fit. */
function pad(tag: string, chars: number, padLines: number): string[] {
  const least = `// ${tag}`.length + 1;
  const count = Math.max(1, Math.min(padLines, Math.floor(chars / least)));
  const out: string[] = [];
  let left = chars;
  for (let i = 0; i < count; i++) {
    const width = i === count - 1 ? left : Math.floor(chars / count);
    out.push(`// ${tag}${'x'.repeat(width - least)}`);
    left -= width;
  }
  return out;
}

/** A new version of `bytes` bytes on disk in `encoding` (UTF-16LE with its byte-order mark). */
export function makeVersion(shape: Shape, encoding: Encoding, bytes: number, padLines: number): Version {
  const tag = nextTag();
  const chars = encoding === 'utf-8' ? bytes : (bytes - 2) / 2;
  const head = body(tag, shape);
  const used = head.reduce((n, line) => n + line.length + 1, 0);
  assert.ok(Number.isInteger(chars) && chars - used >= 16, `no room for ${shape} in ${bytes} bytes`);
  return { tag, shape, encoding, lines: [...head, ...pad(tag, chars - used, padLines)] };
}

function bytesOf(version: Version): Buffer {
  const text = version.lines.join('\n') + '\n';
  return version.encoding === 'utf-8'
    ? Buffer.from(text, 'utf8')
    : Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
}

/** The names a version declares, as a symbol read names them. */
function namesOf(version: Version): string[] {
  const { tag, shape } = version;
  const fn = [`fn_${tag}`];
  const cls = [`Cls_${tag}`, `Cls_${tag}.m_${tag}`];
  return [...(shape === 'fn' ? fn : shape === 'class' ? cls : [...fn, ...cls]), `use_${tag}`];
}

export class World {
  readonly root: string;
  readonly cacheDir: string;
  /** Path (relative, forward slashes) → its version now. */
  readonly files = new Map<string, Version>();
  lectern: Lectern;
  private renames = 0;

  constructor(root: string, cacheDir: string) {
    this.root = root;
    this.cacheDir = cacheDir;
    this.lectern = this.engine();
  }

  /** An engine as a new process builds it: the real parser, the persistent symbol cache under `cacheDir`. */
  private engine(): Lectern {
    const roots = () => [{ name: 'ws', path: this.root }];
    const host: Host = {
      fs: nodeFileSystem,
      roots,
      loadWasm: createWasmLoader(),
      symbolCache: createSymbolCache(this.cacheDir, roots),
    };
    return new Lectern(host, () => ({ sessionGuard: false }));
  }

  /** Writes `version` at `name`, its modification time put back to MTIME_S. */
  write(name: string, version: Version): void {
    const file = path.join(this.root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytesOf(version));
    fs.utimesSync(file, MTIME_S, MTIME_S);
    this.files.set(name, version);
  }

  /** Rewrites `name` in place at its size now (another tag, maybe another shape, encoding or line count). */
  rewriteSameSize(name: string, shape: Shape, encoding: Encoding, padLines: number): void {
    const size = fs.statSync(path.join(this.root, name)).size;
    // A UTF-16 file holds an even number of bytes: an odd size stays UTF-8.
    const fits = encoding === 'utf-16le' && size % 2 === 1 ? 'utf-8' : encoding;
    const before = fs.statSync(path.join(this.root, name));
    this.write(name, makeVersion(shape, fits, size, padLines));
    const after = fs.statSync(path.join(this.root, name));
    assert.deepEqual([after.size, after.mtimeMs, after.ino], [before.size, before.mtimeMs, before.ino]);
  }

  /** Renames `from` to a new name, or over `onto` (which is replaced: another inode at its path). */
  rename(from: string, onto?: string): void {
    const to = onto ?? `src/renamed${++this.renames}.ts`;
    fs.renameSync(path.join(this.root, from), path.join(this.root, to));
    fs.utimesSync(path.join(this.root, to), MTIME_S, MTIME_S);
    this.files.set(to, this.files.get(from)!);
    this.files.delete(from);
  }

  /** A new process: this engine writes its cache and ends; a new one starts over the same cache folder. */
  async restart(): Promise<void> {
    await this.lectern.dispose();
    this.lectern = this.engine();
  }

  private tagsNow(name?: string): Set<string> {
    const versions = name === undefined ? [...this.files.values()] : [this.files.get(name)!];
    return new Set(versions.map((v) => v.tag));
  }

  private linesNow(): Set<string> {
    return new Set([...this.files.values()].flatMap((v) => v.lines));
  }

  /** No tag of another version anywhere in the answer: `name`'s for an answer about one file, else any file's now. */
  private noOtherTag(answer: ToolResponse, what: string, name?: string): void {
    const now = this.tagsNow(name);
    for (const tag of `${answer.text}\n${answer.content}`.match(TAG) ?? [])
      assert.ok(now.has(tag), `${what} shows ${tag}, a version not in ${name ?? 'any file'} now:\n${answer.text}`);
  }

  private async ask(tool: string, input: Record<string, unknown>): Promise<ToolResponse> {
    return this.lectern.invoke(tool, input);
  }

  private okAnswer(answer: ToolResponse, what: string): void {
    assert.ok(answer.ok, `${what} failed: ${answer.text}`);
  }

  /** A whole read, a range, an outline and a stat of `name`: exactly what it holds now. */
  async readFile(name: string, start: number, count: number): Promise<void> {
    const version = this.files.get(name)!;
    const whole = await this.ask('lectern_read', { target: name });
    this.okAnswer(whole, `read ${name}`);
    assert.equal(whole.content, version.lines.join('\n') + '\n', `read ${name}: not the file now`);
    const first = Math.min(start, version.lines.length);
    const last = Math.min(first + count - 1, version.lines.length);
    const range = await this.ask('lectern_read', { target: name, start_line: first, end_line: last });
    this.okAnswer(range, `lines ${first}-${last} of ${name}`);
    assert.equal(range.content, version.lines.slice(first - 1, last).join('\n') + '\n', `lines of ${name}`);
    assert.equal(range.meta.total_lines, version.lines.length, `lines ${first}-${last} of ${name}: total`);
  }

  async outline(name: string): Promise<void> {
    const version = this.files.get(name)!;
    const answer = await this.ask('lectern_read', { target: name, outline: true });
    this.okAnswer(answer, `outline of ${name}`);
    this.noOtherTag(answer, `outline of ${name}`, name);
    for (const declared of namesOf(version).map((n) => n.split('.').pop()!))
      assert.ok(answer.text.includes(declared), `outline of ${name} lacks ${declared}:\n${answer.text}`);
  }

  async stat(name: string): Promise<void> {
    const version = this.files.get(name)!;
    const answer = await this.ask('lectern_stat', { target: name });
    this.okAnswer(answer, `stat of ${name}`);
    const stat = answer.meta.stat as StatInfo;
    assert.deepEqual([stat.total_lines, stat.encoding], [version.lines.length, version.encoding], `stat of ${name}`);
  }

  /** Each name the file declares now, read in it and across the workspace: the lines of the file now. */
  async symbols(name: string, inFile: boolean): Promise<void> {
    const version = this.files.get(name)!;
    const lines = new Set(version.lines);
    for (const symbol of namesOf(version)) {
      const answer = await this.ask('lectern_read', {
        mode: 'symbol',
        target: symbol,
        ...(inFile ? { path: name } : {}),
      });
      const what = `symbol ${symbol}${inFile ? ` in ${name}` : ''}`;
      this.okAnswer(answer, what);
      this.noOtherTag(answer, what, name);
      for (const line of answer.content.split('\n').filter(Boolean))
        assert.ok(lines.has(line), `${what} shows a line not in ${name} now: ${line}`);
      const last = symbol.split('.').pop()!;
      assert.ok(answer.content.includes(last), `${what} does not show its declaration:\n${answer.text}`);
    }
  }

  async snippet(name: string, line: number): Promise<void> {
    const version = this.files.get(name)!;
    const at = Math.min(line, version.lines.length);
    const answer = await this.ask('lectern_read', { mode: 'snippet', target: name, start_line: at, end_line: at });
    this.okAnswer(answer, `snippet of ${name}`);
    const lines = new Set(version.lines);
    for (const shown of answer.content.split('\n').filter(Boolean))
      assert.ok(lines.has(shown), `snippet of ${name} shows a line not in it now: ${shown}`);
    assert.ok(answer.content.includes(version.lines[at - 1]!), `snippet of ${name} lacks line ${at}`);
  }

  /** The uses of the function or method the file declares now: found, and no other version's. */
  async references(name: string): Promise<void> {
    const version = this.files.get(name)!;
    const target = version.shape === 'class' ? `Cls_${version.tag}` : `fn_${version.tag}`;
    const answer = await this.ask('lectern_read', { mode: 'references', target });
    // The references scan reads UTF-8 text only: a UTF-16 file's uses are not found (a limit, not a stale answer).
    if (version.encoding === 'utf-8') this.okAnswer(answer, `references of ${target}`);
    this.noOtherTag(answer, `references of ${target}`);
  }

  async map(): Promise<void> {
    const answer = await this.ask('lectern_read', { mode: 'map' });
    this.okAnswer(answer, 'map');
    this.noOtherTag(answer, 'map');
  }

  /** A workspace search: every line it shows is that line of that file now, and every file now matches. */
  async search(): Promise<void> {
    const answer = await this.ask('lectern_search', { query: 'head' });
    this.okAnswer(answer, 'search');
    for (const row of answer.content.split('\n').filter(Boolean)) {
      const [, file, line, text] = /^(.*?):(\d+):(.*)$/.exec(row) ?? [];
      const version = this.files.get(file ?? '');
      assert.ok(version, `search shows a file not there now: ${row}`);
      assert.equal(text, version.lines[Number(line) - 1], `search shows a line not in ${file} now`);
    }
    this.noOtherTag(answer, 'search');
    assert.equal(answer.meta.files && (answer.meta.files as string[]).length, this.files.size, answer.text);
  }

  /** Stale tags, tags now, for a failure's message. */
  describe(): string {
    return [...this.files].map(([name, v]) => `${name}: ${v.tag} ${v.shape} ${v.encoding}`).join(', ');
  }
}
