// The contract on real source files of other projects, in several languages: paging by lines and by
// byte windows covers each file exactly once, content is the file's own bytes, line numbers agree,
// and the CLI answers the same as the engine.
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';

const repo = resolve(__dirname, '..', '..', '..');

function pythonStdlib(): string | undefined {
  try {
    return dirname(execFileSync('python3', ['-c', 'import json; print(json.__file__)'], { encoding: 'utf8' }).trim());
  } catch {
    return undefined;
  }
}

/** A few real files per language from what a machine with this project installed has. */
function realFiles(): string[] {
  const picks: string[] = [];
  const pick = (dir: string | undefined, ext: string, count: number, minSize = 2_000) => {
    if (!dir || !existsSync(dir)) return;
    const found: string[] = [];
    const walk = (d: string, depth: number) => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        if (found.length >= count) return;
        const p = join(d, entry.name);
        if (entry.isDirectory() && depth < 4) walk(p, depth + 1);
        else if (entry.isFile() && p.endsWith(ext) && statSync(p).size >= minSize) found.push(p);
      }
    };
    walk(dir, 0);
    picks.push(...found);
  };
  pick(join(repo, 'node_modules/@types/node'), '.d.ts', 3, 20_000);
  pick(join(repo, 'node_modules/mocha/lib'), '.js', 3);
  pick(join(repo, 'node_modules/glob/dist/commonjs'), '.min.js', 1); // minified: long lines
  pick(join(repo, 'node_modules/fast-check'), '.md', 2);
  pick(join(repo, 'node_modules/re2js/build'), '.cjs', 1, 100_000);
  pick(pythonStdlib(), '.py', 3);
  pick('/usr/include', '.h', 3);
  return picks;
}

const files = realFiles();
const roots = [...new Set(files.map((f) => f.split('/').slice(0, 2).join('/') || '/'))];

function engine(): Lectern {
  return new Lectern({ fs: nodeFileSystem, roots: () => [{ name: 'root', path: '/' }] }, () => ({
    contextTokens: 1_000_000,
    maxReadShare: 1,
    sessionGuard: false,
  }));
}

function expectedLines(bytes: Buffer): string[] {
  const text = bytes.toString('utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

describe('real source files of other projects', function () {
  this.timeout(120_000);

  it('finds files in at least four languages', () => {
    const languages = new Set(files.map((f) => (f.endsWith('.d.ts') ? '.d.ts' : extname(f))));
    assert.ok(languages.size >= 4, `languages found: ${[...languages].join(', ')} (roots ${roots.join(', ')})`);
  });

  for (const file of files) {
    const name = relative(repo, file).startsWith('..') ? file : relative(repo, file);
    it(`pages through ${name} by byte windows and by lines, covering it exactly once`, async () => {
      const lectern = engine();
      const bytes = readFileSync(file);
      const lines = expectedLines(bytes);
      // Byte windows, following meta.next from 0.
      let input: Record<string, unknown> | null = { mode: 'file', target: file, start_byte: 0, max_bytes: 8_192 };
      let covered = 0;
      let calls = 0;
      while (input) {
        const r: ToolResponse = await lectern.invoke('lectern_read', input);
        assert.ok(r.ok, r.text);
        assert.equal(r.meta.start_byte, covered, 'windows are contiguous');
        assert.equal(r.content, bytes.subarray(r.meta.start_byte!, r.meta.end_byte!).toString('utf8'));
        if (r.meta.start_line !== null) {
          const before = bytes.subarray(0, r.meta.start_byte!).toString('utf8').split('\n').length;
          assert.equal(r.meta.start_line, before, 'start_line agrees with the bytes before the window');
        }
        covered = r.meta.end_byte!;
        input = r.meta.next;
        assert.ok(++calls < 10_000, 'paging terminates');
      }
      assert.equal(covered, bytes.length);
      // Lines, following meta.next from offset 1.
      input = { mode: 'file', target: file, offset: 1, limit: 150 };
      let line = 1;
      while (input) {
        const r: ToolResponse = await lectern.invoke('lectern_read', input);
        assert.ok(r.ok, r.text);
        assert.equal(r.meta.start_line, line);
        assert.equal(r.meta.total_lines, lines.length);
        const shown = lines.slice(r.meta.start_line! - 1, r.meta.end_line!);
        if (!r.meta.notes?.some((n) => n.includes('longer than'))) {
          assert.equal(r.content.replace(/\n$/, ''), shown.join('\n'));
        }
        line = r.meta.end_line! + 1;
        input = r.meta.next;
        if (input && 'start_byte' in input) break; // an over-long single line continues by bytes
      }
      if (line <= lines.length)
        assert.ok(input && 'start_byte' in input, `line paging stopped at ${line} of ${lines.length}`);
      // The tail is the file's last lines.
      const tail = await lectern.invoke('lectern_read', { target: file, tail: 5 });
      assert.equal(tail.meta.end_line, lines.length);
      assert.equal(tail.content.replace(/\n$/, ''), lines.slice(-5).join('\n'));
    });
  }

  it('the CLI session answers like the engine on the same files', async function () {
    const cli = join(repo, 'src/cli/main.ts');
    const requests = files.slice(0, 6).flatMap((file) => [
      { tool: 'lectern_stat', input: { target: file } },
      { tool: 'lectern_read', input: { target: file, start_line: 5, end_line: 25 } },
      { tool: 'lectern_search', input: { target: file, query: 'return', max_matches: 3 } },
    ]);
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'session', '--root', '/'], {
      input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n',
      encoding: 'utf8',
      cwd: repo,
    });
    assert.equal(run.status, 0, run.stderr);
    const answers = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ToolResponse);
    assert.equal(answers.length, requests.length);
    const lectern = engine();
    for (let i = 0; i < requests.length; i++) {
      const direct = await lectern.invoke(requests[i]!.tool, requests[i]!.input);
      assert.equal(answers[i]!.ok, direct.ok, answers[i]!.text);
      assert.equal(answers[i]!.content, direct.content);
      assert.deepEqual(answers[i]!.meta.start_line, direct.meta.start_line);
    }
  });
});
