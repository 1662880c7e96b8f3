// A resident engine scans files whose bytes it keeps (learned clean, grams kept) on the host's
// regular-expression thread, a batch of them at a time (keptBatches.ts), while it scans others here;
// they are counted and ranked in walk order. Its answers equal an engine's without the thread,
// whatever the thread answers: what it found, a batch handed back, a failure, or (out of time) nothing.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { KeptScanRequest } from '../../../src/core/ground/workerMessages';
import type { RegexScanPort } from '../../../src/core/ground/ports';
import { findHits } from '../../../src/core/search/lineScan';
import { createTextSearcher } from '../../../src/core/search/matcher';
import { RegexCost, type RegexBudget } from '../../../src/core/search/regexCost';
import { KeptBatches } from '../../../src/core/search/keptBatches';
import { keptHits, keptSource, hitOffsets, scanKeptTexts } from '../../../src/core/search/threadScan';
import { HeldTexts } from '../../../src/node/heldTexts';
import { createRegexRunner } from '../../../src/node/regexRunner';
import { tempDir, write } from '../helpers';
import { engines, largeText, later, QUERIES, settled, SOURCE, spiedPort, type Answer } from './threadEngines';

const batchPort = (answer?: Answer<'scanKept'>) => {
  const { port, handed } = spiedPort('scanKept', answer);
  return { port, sent: handed };
};

/** Kept files (up to the 1 MB the engine keeps) adding up to more than a batch (2 MB), and small ones between them. */
function keptTree(root: string, files: { seed: number[]; crlf: boolean; bom: boolean; size: number }[]): void {
  files.forEach((f, i) => {
    settled(write(root, `k${i}.ts`, largeText(f.seed, f.crlf, f.bom, f.size)));
    settled(write(root, `k${i}-small.ts`, `const needle${i} = ${i};\n`));
  });
}

async function sameAnswers(root: string, port: RegexScanPort, inputs: readonly object[]): Promise<void> {
  const { threaded, plain } = engines(root, port);
  // The first search learns the files, the second keeps their grams and bytes: from the third on, they are batched.
  for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
  for (const input of inputs) {
    const [a, b] = [await threaded.invoke('lectern_search', input), await plain.invoke('lectern_search', input)];
    assert.equal(a.text, b.text, JSON.stringify(input));
  }
}

const FILE = fc.record({
  seed: fc.array(fc.nat(50), { minLength: 1, maxLength: 12 }),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  size: fc.integer({ min: 300_000, max: 950_000 }),
});

/**
 * A cost whose budget is the prediction alone, at `(.*a){40}`'s rate (~12 µs a character): the measured
 * budget also stops at 15 ms of elapsed time, which a busy machine can spend on a 50-character text.
 */
class PredictedCost extends RegexCost {
  override budget(ms: number): RegexBudget {
    let predicted = 0;
    return (chars) => (predicted += chars * 0.012) <= ms;
  }
}

describe('kept files scanned in batches on the host thread', () => {
  it('answer as an engine without the thread does', async function () {
    this.timeout(180_000);
    // Batches sent in all: the control that batching was exercised. No file is handed to the thread to
    // read (a file out would hold kept files here, and which files are out depends on the thread's speed),
    // and a search sends at most 2 batches (6 MB), fewer than may be out at once: every kept file the
    // walk reaches joins a batch, however fast the thread answers. The example below sends 2 per search.
    let sentInAll = 0;
    const full = { seed: [0, 1, 2, 3, 5, 6], crlf: false, bom: false, size: 900_000 };
    const example: [(typeof full)[], number[]] = [Array.from({ length: 6 }, () => full), [0, 1, 3]];
    await fc.assert(
      fc.asyncProperty(
        fc.array(FILE, { minLength: 3, maxLength: 6 }),
        fc.array(fc.nat(QUERIES.length - 1), { minLength: 1, maxLength: 4 }),
        async (files, queries) => {
          const root = tempDir('lectern-batch-');
          keptTree(root, files);
          const { port, sent } = batchPort();
          delete port.scanFile;
          try {
            await sameAnswers(
              root,
              port,
              queries.map((q) => QUERIES[q]!),
            );
            sentInAll += sent.length;
          } finally {
            port.dispose?.();
          }
        },
      ),
      { numRuns: 10, examples: [example] },
    );
    assert.ok(sentInAll >= 6, `${sentInAll} batches sent`);
  });

  it('are not sent while the thread has files to read: kept files are scanned here then', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-batches-');
    // Files over the 1 MB the engine keeps bytes of, first in the walk, then kept ones (6 MB in all).
    for (let i = 0; i < 2; i++) settled(write(root, `a-big${i}.ts`, largeText([i, 6], false, false)));
    keptTree(
      root,
      Array.from({ length: 8 }, (_, i) => ({ seed: [i, 1, 6], crlf: false, bom: false, size: 800_000 })),
    );
    const search = async (slowFiles: boolean) => {
      const { port, sent } = batchPort();
      // The thread answers the files late: they are still out while the walk passes the kept files.
      const scanFile = port.scanFile!;
      if (slowFiles) port.scanFile = (request, timeoutMs) => later(300, () => scanFile(request, timeoutMs));
      else delete port.scanFile;
      try {
        await sameAnswers(root, port, [{ query: 'needle' }]);
        return sent.length;
      } finally {
        port.dispose?.();
      }
    };
    assert.equal(await search(true), 0);
    // Without files to read, the thread gets batches.
    assert.ok((await search(false)) >= 2);
  });

  it('scans a batch here when the thread hands it back, fails, or answers late', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-batch-');
    keptTree(
      root,
      [0, 1, 2, 3].map((i) => ({ seed: [i, 1, 2, 5, 6], crlf: i === 1, bom: i === 2, size: 900_000 })),
    );
    const answers: Answer<'scanKept'>[] = [
      async () => ({ scanned: false }),
      () => Promise.reject(new Error('broke')),
      (request, timeoutMs, runner) => later(100, () => runner.scanKept!(request, timeoutMs)),
    ];
    for (const answer of answers) {
      const { port, sent } = batchPort(answer);
      try {
        await sameAnswers(root, port, QUERIES);
        assert.ok(sent.length >= QUERIES.length - 1, `${sent.length} batches sent`);
      } finally {
        port.dispose?.();
      }
    }
  });

  it('counts no file after a batch the thread ran out of time on', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-batch-');
    // Over the size whose bytes are kept: read here.
    settled(write(root, 'a.ts', largeText([0, 4], false, false)));
    for (const i of [1, 2, 3]) settled(write(root, `b${i}.ts`, largeText([0, 4], false, false, 900_000)));
    settled(write(root, 'c.ts', 'let needle = 1;\n'));
    // A password redacted: its bytes are not kept, it is read here, and holds no match.
    settled(write(root, 'd.ts', 'remote = https://al:hunter2x@h/x\n'));
    const { port, sent } = batchPort(() => later(200, () => undefined));
    // No file goes to the thread (while one is out, no batch would).
    delete port.scanFile;
    const { threaded, plain } = engines(root, port);
    try {
      for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
      const input = { query: 'needle\\s', is_regex: true };
      const r = await threaded.invoke('lectern_search', input);
      assert.ok(sent.length > 0);
      assert.match(r.text, /ran out of time in b1\.ts/);
      assert.match(r.text, /\(1 file searched\)/);
      assert.doesNotMatch(r.text, /c\.ts/);
      const inA = await plain.invoke('lectern_search', { ...input, include: 'a.ts' });
      assert.ok(Number(inA.meta.total_matches) > 0);
      assert.equal(r.meta.total_matches, inA.meta.total_matches);
    } finally {
      port.dispose?.();
    }
  });

  it('leaves to the search a text whose regular expression would pass the inline budget', () => {
    const searcher = createTextSearcher('(.*a){40}', true, true);
    const cost = new PredictedCost(searcher.line);
    const texts = ['a'.repeat(50) + '\nno\n', 'ab'.repeat(400_000) + '\n', 'x\n' + 'a'.repeat(45) + '\n'];
    const reply = scanKeptTexts(
      { texts, query: '(.*a){40}', isRegex: true, caseSensitive: true, keep: 5 },
      searcher,
      cost,
    );
    assert.deepEqual([...reply.counts], [1, -1, 1]);
    const from = hitOffsets(reply.located);
    for (const i of [0, 2]) {
      const expected = findHits(keptSource(texts[i]!, searcher)!, searcher, 5).hits;
      assert.deepEqual(
        keptHits(reply, from, i).map(({ start, stop, at, column }) => ({ start, stop, at, column })),
        expected.map(({ start, stop, at, column }) => ({ start, stop, at, column })),
      );
    }
  });

  it('at the end of the walk, are taken back newest first, until one the thread has started', () => {
    const asked: KeptScanRequest[][] = [];
    const sent: KeptScanRequest[] = [];
    // The thread has started the first two batches sent; the others wait.
    const port = {
      handBack: <R>(requests: readonly R[]) => (
        asked.push([...requests] as never),
        requests.filter((r) => sent.indexOf(r as never) >= 2)
      ),
    };
    const scan = (request: KeptScanRequest) => {
      sent.push(request);
      return new Promise<undefined>(() => undefined);
    };
    const query = { query: 'needle', isRegex: false, caseSensitive: true, keep: 3 };
    const batches = new KeptBatches(
      port,
      scan,
      query,
      (request) => scanKeptTexts(request, createTextSearcher('needle', false, true), undefined),
      () => 10_000,
    );
    // Each text fills a batch (2 MB), which is sent at once.
    for (let i = 0; i < 3; i++) batches.add('needle\n'.padEnd(2 << 20, 'x'));
    assert.equal(sent.length, 3);
    assert.equal(batches.takeBackNewest(), true);
    assert.equal(batches.takeBackNewest(), false);
    assert.deepEqual(asked, [[sent[2]], [sent[1]]]);
  });

  it('hands back only the batches the thread has not started', async function () {
    this.timeout(30_000);
    const runner = createRegexRunner(SOURCE);
    const batch = (query: string): KeptScanRequest => ({
      texts: ['a needle here\n', 'none\n', 'needle needle\nneedle\n'],
      query,
      isRegex: false,
      caseSensitive: true,
      keep: 3,
    });
    try {
      const mine = [0, 1, 2, 3].map(() => batch('needle'));
      const replies = mine.map((request) => runner.scanKept!(request, 30_000));
      const theirs = runner.scanKept!(batch('here'), 30_000);
      assert.deepEqual(runner.handBack!(mine), mine.slice(2));
      const answered = await Promise.all(replies);
      // The worker holds two at a time: those it answers; the others come back unscanned.
      assert.deepEqual(
        answered.map((reply) => reply?.scanned),
        [true, true, false, false],
      );
      const first = answered[0]!;
      assert.ok(first.scanned);
      assert.deepEqual([...first.counts], [1, 0, 2]);
      assert.deepEqual([...first.located], [1, 0, 2]);
      const other = await theirs;
      assert.ok(other?.scanned);
      assert.deepEqual([...other.counts], [1, 0, 0]);
    } finally {
      runner.dispose?.();
    }
  });
});

describe('kept texts the regex worker holds', () => {
  const request = (texts: string[]): KeptScanRequest => ({
    texts,
    query: 'needle',
    isRegex: false,
    caseSensitive: true,
    keep: 3,
  });

  it('are named by number once sent, until the worker is new', () => {
    const held = new HeldTexts();
    const [a, b] = ['a needle\n', 'b needle\n'];
    const first = held.message(request([a, b]));
    assert.deepEqual(first.texts, [a, b]);
    assert.deepEqual(first.holdAs, [0, 1]);
    assert.deepEqual(first.forget, []);
    // The same texts, as other strings of the same characters.
    const again = held.message(request([b, 'c\n', `${a}`.slice(0)]));
    assert.deepEqual(again.texts, [1, 'c\n', 0]);
    assert.deepEqual(again.holdAs, [-1, 2, -1]);
    held.reset();
    assert.deepEqual(held.message(request([a])).texts, [a]);
  });

  it('are sent whole past what the worker holds at most', () => {
    const held = new HeldTexts();
    const big = 'x'.repeat(30 * 1024 * 1024);
    const second = big.slice(1) + 'y';
    const first = held.message(request([big, second]));
    assert.deepEqual(first.holdAs, [0, -1]);
    assert.deepEqual(held.message(request([big, second])).texts, [0, second]);
  });

  it('give way, once the worker holds its most, to new ones when not named lately', () => {
    const held = new HeldTexts();
    const [big, other] = ['x'.repeat(30 * 1024 * 1024), 'y'.repeat(30 * 1024 * 1024)];
    assert.deepEqual(held.message(request([big, 'small\n'])).holdAs, [0, 1]);
    // Named in every message: it stays, and the other is sent whole.
    for (let i = 0; i < 80; i++) assert.deepEqual(held.message(request([big, other, 'small\n'])).texts, [0, other, 1]);
    // Not named for a few messages (a search or two that did not reach it): it stays.
    for (let i = 0; i < 10; i++) held.message(request(['small\n']));
    assert.deepEqual(held.message(request([other])).holdAs, [-1]);
    // Not named for a while (a file changed since): it is dropped, and the worker told so.
    for (let i = 0; i < 80; i++) held.message(request(['small\n']));
    const next = held.message(request([other]));
    assert.deepEqual(next.forget, [0]);
    assert.deepEqual(next.holdAs, [2]);
    assert.deepEqual(held.message(request([other, 'small\n'])).texts, [2, 1]);
    assert.deepEqual(held.message(request([big])).holdAs, [-1], 'the worker holds its most again');
  });

  it('answer the same through a worker that held them and through a new one', async function () {
    this.timeout(30_000);
    const runner = createRegexRunner(SOURCE);
    const texts = ['a needle here\n', 'none\n', 'needle needle\nneedle\n'];
    const counts = async () => {
      const reply = await runner.scanKept!(request(texts), 30_000);
      assert.ok(reply?.scanned);
      return [...reply.counts];
    };
    try {
      assert.deepEqual(await counts(), [1, 0, 2]);
      assert.deepEqual(await counts(), [1, 0, 2]);
      // A scan out of time ends the worker: the next one holds nothing.
      assert.equal(await runner.scan('(.*a){50}', true, 'abcdefghij'.repeat(80_000), 10, 300), undefined);
      assert.deepEqual(await counts(), [1, 0, 2]);
    } finally {
      runner.dispose?.();
    }
  });
});
