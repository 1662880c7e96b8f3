// The benchmark report's pure parts: the results file (merge, parse, portable paths), the summary
// rendered from it, and the chart. No benchmark runs here.
import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { readsChartSvg, readRatios } from '../../../bench/chart';
import {
  mergeResults,
  parseResults,
  portablePaths,
  serializeResults,
  type BenchResults,
  type FilesData,
  type PartRecord,
  type Parts,
  type RunInfo,
  type SearchData,
} from '../../../bench/results';
import { renderSummary } from '../../../bench/summary';
import type { SearchQueryResult } from '../../../bench/search';
import type { CaseResult, Mem, SizeResult, Stats } from '../../../bench/types';

const ROOT = join(__dirname, '..', '..', '..');
const sax = createRequire(__filename)('sax') as {
  parser(strict: boolean): {
    onerror: (e: Error) => void;
    onopentag: (t: { name: string }) => void;
    write(s: string): { close(): void };
  };
};

const stats = (median: number): Stats => ({ median, p95: median * 1.5, min: median / 2, max: median * 2, n: 20 });
const mem: Mem = { rss: 0, heap: 1024, external: 0 };
const run = (date: string, code = 'commit abc1234'): RunInfo => ({
  date,
  code,
  machine: { cpu: 'Test CPU', cores: 2, memoryBytes: 8 * 1024 ** 3, os: 'Linux 6.1 (x64)', node: 'v20.0.0' },
  loadStart: 0.2,
  loadEnd: 0.3,
  wallMs: 12_000,
});

function readCase(id: string, engine: number, floor: number): CaseResult {
  return {
    id,
    label: id,
    engineKind: 'shared',
    engine: stats(engine),
    engineCpu: stats(engine),
    floor: stats(floor),
    floorKind: id.startsWith('stat') ? 'fs.stat' : 'fs.read',
    bytesReturned: 4096,
    startByte: 0,
    endByte: 4096,
    startLine: 1,
    endLine: 50,
    totalLines: 1000,
    tokens: 900,
    degraded: false,
    engineReads: { reads: 2, bytes: 8192 },
    memEngine: mem,
    memFloor: mem,
  };
}

function size(label: string, bytes: number, cases: CaseResult[]): SizeResult {
  return {
    kind: 'size',
    label,
    size: bytes,
    lines: 1000,
    importMs: 150,
    cold: { ms: 240, mem, warmMedian: 1.5 },
    cases,
  };
}

function filesData(): FilesData {
  return {
    tokenizer: {
      kind: 'tokenizer',
      loadMs: 250,
      mem,
      bytes: 65536,
      tokens: 15000,
      lines: 978,
      whole: stats(4),
      perLine: stats(5),
      decodeSplit: stats(0.2),
    },
    sizes: [
      size('100 KB', 100 * 1024, [readCase('head', 2, 0.5), readCase('stat', 0.3, 0.03)]),
      size('1 GB', 1024 ** 3, [
        readCase('head', 3, 0.5),
        readCase('stat', 0.6, 0.06),
        readCase('lines-deep-scan', 1500, 0.75),
      ]),
    ],
    generateMs: { '100 KB': 5, '1 GB': 3000 },
    skipped: [],
  };
}

function query(label: string, engine: number, grep: number, same?: number): SearchQueryResult {
  return {
    id: label,
    label,
    input: { query: 'x' },
    grep: 'grep -rn x',
    ok: true,
    engine: stats(engine),
    engineCpu: stats(engine),
    grepRn: stats(grep),
    ...(same === undefined ? {} : { grepSame: stats(same), grepSameLines: 7 }),
    matches: 7,
    files: 3,
    searched: 100,
    shown: 7,
    complete: true,
    tokens: 400,
    grepRnLines: 7,
    mem,
    head: 'Search for "x"',
  };
}

function searchData(): SearchData {
  return {
    generateMs: 900,
    trees: [
      {
        id: 'generated',
        label: 'Generated tree',
        root: 'generated',
        files: 100,
        bytes: 1024 * 1024,
        listed: 100,
        searchable: 100,
        listedBytes: 1024 * 1024,
        queries: [query('rare literal', 90, 60, 45)],
      },
    ],
    skipped: [],
  };
}

const results = (parts: Parts): BenchResults => mergeResults(null, parts);

describe('bench results file', () => {
  it('a partial run replaces only its parts and keeps the others as they were', () => {
    const previous = results({
      files: { run: run('2026-01-01T00:00:00.000Z'), data: filesData() },
      search: { run: run('2026-01-02T00:00:00.000Z'), data: searchData() },
    });
    const freshFiles: PartRecord<'files'> = {
      run: run('2026-02-01T00:00:00.000Z', 'commit def5678'),
      data: { ...filesData(), skipped: ['1 GB: no room'] },
    };
    const merged = mergeResults(previous, { files: freshFiles });
    assert.deepEqual(merged.parts.files, freshFiles);
    assert.deepEqual(merged.parts.search, previous.parts.search);
    assert.equal(merged.parts.reads, undefined);
    assert.deepEqual(Object.keys(merged.parts), ['files', 'search']);
  });

  it('a failed part replaces its previous data with the error; a first run starts from nothing', () => {
    const previous = results({ search: { run: run('2026-01-02T00:00:00.000Z'), data: searchData() } });
    const merged = mergeResults(previous, {
      search: { run: run('2026-03-01T00:00:00.000Z'), error: 'grep: not found' },
    });
    assert.deepEqual(merged.parts.search, { run: run('2026-03-01T00:00:00.000Z'), error: 'grep: not found' });
    assert.deepEqual(mergeResults(null, {}).parts, {});
  });

  it('round-trips through its text, and refuses a file of another format or with unknown parts', () => {
    const doc = results({ search: { run: run('2026-01-02T00:00:00.000Z'), data: searchData() } });
    assert.deepEqual(parseResults(serializeResults(doc)), doc);
    assert.throws(() => parseResults('{"format":2,"parts":{}}'), /format 1/);
    assert.throws(() => parseResults('{"format":1,"parts":{"speed":{}}}'), /unknown benchmark parts: speed/);
    assert.throws(() => parseResults('[]'), /format 1/);
  });

  it('writes no machine-specific paths: the repository becomes relative, the home folder ~', () => {
    const value = {
      path: '/home/u/repo/node_modules/a.js',
      roots: [{ path: '/home/u/repo' }],
      where: '/home/u/.pyenv/lib (modules)',
      n: 3,
      text: 'Roots: `/home/u/repo/node_modules`',
    };
    assert.deepEqual(portablePaths(value, { root: '/home/u/repo/', home: '/home/u' }), {
      path: 'node_modules/a.js',
      roots: [{ path: '.' }],
      where: '~/.pyenv/lib (modules)',
      n: 3,
      text: 'Roots: `node_modules`',
    });
  });
});

describe('bench summary', () => {
  const doc = results({
    files: { run: run('2026-02-01T10:20:30.000Z'), data: filesData() },
    search: { run: { ...run('2026-02-02T08:00:00.000Z'), loadStart: 1.9 }, data: searchData() },
    tokens: { run: run('2026-02-03T00:00:00.000Z'), error: 'child exited with code 1' },
  });
  const md = renderSummary(doc, { json: 'benchmarks.json', chart: 'benchmarks-reads.svg' });
  const lines = md.split('\n');

  it('says where and when each part ran, and which failed', () => {
    assert.ok(md.includes('Machine: Test CPU, 2 cores, 8.00 GiB of memory; Linux 6.1 (x64); Node v20.0.0.'));
    assert.ok(
      lines.includes(
        '| files | file reads, 100 KB, 1 GB | 2026-02-01 10:20 UTC | commit abc1234 | 0.20 → 0.30 | 12 s |',
      ),
    );
    assert.ok(
      lines.includes(
        '| search | workspace search against grep | 2026-02-02 08:00 UTC | commit abc1234 | 1.90 → 0.30 (busy) | 12 s |',
      ),
    );
    assert.ok(
      lines.some((l) => l.startsWith('| tokens | tokens per language — **failed**: child exited with code 1 |')),
    );
  });

  it('renders the file reads as ratios against the floor, per size, with the chart', () => {
    assert.ok(lines.includes('| read | 100 KB | 1 GB |'));
    assert.ok(lines.includes('| head 50 lines | ×4.00 (2.00 ms) | ×6.00 (3.00 ms) |'));
    assert.ok(lines.includes('| stat | ×10.0 (0.300 ms) | ×10.0 (0.600 ms) |'));
    assert.ok(lines.includes('| 200 lines at 90%, first (scans) | — | ×2000 (1500 ms) |'));
    assert.ok(md.includes('](benchmarks-reads.svg)'));
    assert.ok(lines.includes('| first call of a process (`head: 50`) | 240 ms | 240 ms |'));
  });

  it('gives the verdicts it can judge, and search against grep under the anchor the docs link', () => {
    assert.ok(md.includes('- "windows and tails of a 1 GB file take milliseconds with flat memory": holds.'));
    assert.ok(!md.includes('warm symbol reads in a 1 MB file'), 'no reads part: no symbol verdict');
    assert.ok(lines.includes('## Workspace search against grep -rn'));
    assert.ok(lines.includes('| rare literal | 7 | 90.0 ms | 60.0 ms | ×1.50 | 45.0 ms | ×2.00 |'));
    assert.ok(md.includes('**×1.50** the time of grep -rn, **×2.00** the time of grep over the same files'));
    assert.ok(!md.includes('## Tokens'), 'a failed part has no table');
    assert.ok(md.includes('[benchmarks.json](benchmarks.json)'));
  });

  it('the committed page is what the generator renders from the committed JSON, and stays short', () => {
    const committed = parseResults(readFileSync(join(ROOT, 'docs', 'benchmarks.json'), 'utf8'));
    const page = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
    assert.equal(
      page,
      renderSummary(committed, { json: 'benchmarks.json', chart: 'benchmarks-reads.svg' }),
      'docs/benchmarks.md is stale: run `npm run bench -- --render-only`',
    );
    // 150 lines until the warm MCP comparison and the ripgrep rows joined the page, 170 until its token table.
    assert.ok(page.split('\n').length <= 185, `docs/benchmarks.md has ${page.split('\n').length} lines`);
  });

  it('every benchmarks.md#anchor the other docs link is a heading of the page', () => {
    const slug = (heading: string) =>
      heading
        .trim()
        .toLowerCase()
        .replace(/[^\w\- ]/g, '')
        .replace(/ /g, '-');
    const page = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
    const anchors = new Set([...page.matchAll(/^#+ (.+)$/gm)].map((m) => slug(m[1]!)));
    assert.ok(anchors.has('workspace-search-against-grep--rn'));
    const docs = [
      'README.md',
      'CONTRIBUTING.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ].filter((f) => existsSync(join(ROOT, f)));
    const links = docs.flatMap((doc) =>
      [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/benchmarks\.md#([\w-]+)/g)].map((m) => ({
        doc,
        anchor: m[1]!,
      })),
    );
    assert.ok(links.length > 0, 'no doc links into benchmarks.md: this check checks nothing');
    for (const { doc, anchor } of links)
      assert.ok(anchors.has(anchor), `${doc} links benchmarks.md#${anchor}, which is not a heading there`);
  });
});

describe('bench chart', () => {
  const data = filesData();
  data.sizes[0]!.label = 'small & <odd>';
  const svg = readsChartSvg(data);

  function parse(text: string): string[] {
    const tags: string[] = [];
    const parser = sax.parser(true);
    parser.onerror = (e) => {
      throw e;
    };
    parser.onopentag = (t) => tags.push(t.name);
    parser.write(text).close();
    return tags;
  }

  it('is well-formed XML with one bar per measured read and size', () => {
    const tags = parse(svg);
    assert.equal(tags[0], 'svg');
    const measured = readRatios(data)
      .rows.flatMap((r) => r.values)
      .filter((v) => v !== null).length;
    assert.equal(measured, 5);
    assert.equal((svg.match(/<rect [^>]*><title>/g) ?? []).length, measured);
    assert.ok(svg.includes('small &amp; &lt;odd&gt;'));
  });

  it('draws a log scale: a 10× larger ratio is one decade further right', () => {
    const x = (label: string) =>
      Number(
        new RegExp(`<rect x="([\\d.]+)" y="\\d+" width="([\\d.]+)"[^>]*><title>${label}`)
          .exec(svg)
          ?.slice(1, 3)
          .reduce((a, b) => String(Number(a) + Number(b))),
      );
    const head = x('head 50 lines, 1 GB: ×6.00');
    const stat = x('stat, 1 GB: ×10.0');
    const scan = x('200 lines at 90%, first \\(scans\\), 1 GB: ×2000');
    assert.ok(head < stat && stat < scan);
    const decade = (scan - stat) / Math.log10(2000 / 10);
    assert.ok(Math.abs(stat - head - decade * Math.log10(10 / 6)) < 0.5);
  });

  it('a malformed document is caught by the parser this test relies on', () => {
    assert.throws(() => parse('<svg><rect></svg>'));
  });
});
