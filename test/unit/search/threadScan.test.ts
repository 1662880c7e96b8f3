// A resident engine hands large files it has learned (clean, grams kept, bytes not kept) to the host's
// regular-expression thread, which reads and scans them while the walk goes on; they are counted and
// ranked in walk order. Its answers equal an engine's without the thread, whatever the thread answers:
// what it found, that it could not read the expected version, that it broke, or (out of time) nothing.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { FileScanRequest } from '../../../src/core/ground/workerMessages';
import type { RegexScanPort } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createRegexRunner } from '../../../src/node/regexRunner';
import { tempDir, write } from '../helpers';
import { engines, largeText, later, QUERIES, settled, SOURCE, spiedPort, type Answer } from './threadEngines';

const threadPort = (answer?: Answer<'scanFile'>) => spiedPort('scanFile', answer);

describe('files handed to the host thread', () => {
  it('answer as an engine without the thread does', async function () {
    this.timeout(120_000);
    let handedInAll = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            seed: fc.array(fc.nat(50), { minLength: 1, maxLength: 12 }),
            crlf: fc.boolean(),
            bom: fc.boolean(),
          }),
          { minLength: 1, maxLength: 3 },
        ),
        fc.array(fc.nat(QUERIES.length - 1), { minLength: 1, maxLength: 4 }),
        async (files, queries) => {
          const root = tempDir('lectern-thread-');
          settled(write(root, 'small.ts', 'const needle = 0;\n'));
          for (const [i, f] of files.entries()) settled(write(root, `big${i}.ts`, largeText(f.seed, f.crlf, f.bom)));
          const { port, handed } = threadPort();
          const { threaded, plain } = engines(root, port);
          try {
            // The first search learns the files, the second their grams: from the third on, they are handed over.
            for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
            for (const q of queries) {
              const input = QUERIES[q]!;
              const [a, b] = [
                await threaded.invoke('lectern_search', input),
                await plain.invoke('lectern_search', input),
              ];
              assert.equal(a.text, b.text, JSON.stringify(input));
            }
            handedInAll += handed.length;
          } finally {
            port.dispose?.();
          }
        },
      ),
      { numRuns: 12 },
    );
    // Files whose grams rule the query out are not read at all: most runs still hand some over.
    assert.ok(handedInAll > 12, `${handedInAll} files handed over`);
  });

  it('reads a file here when the thread cannot read it as expected or breaks', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-thread-');
    for (let i = 0; i < 3; i++) settled(write(root, `big${i}.ts`, largeText([i, 1, 2, 3, 5, 6], i === 1, false)));
    for (const answer of [async () => ({ read: false }) as const, () => Promise.reject(new Error('broke'))]) {
      const { port, handed } = threadPort(answer);
      const { threaded, plain } = engines(root, port);
      try {
        for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
        for (const input of QUERIES) {
          const [a, b] = [await threaded.invoke('lectern_search', input), await plain.invoke('lectern_search', input)];
          assert.equal(a.text, b.text, JSON.stringify(input));
        }
        // Every query but the absent text (the files' grams rule it out) hands over each file.
        assert.equal(handed.length, 3 * (QUERIES.length - 1));
      } finally {
        port.dispose?.();
      }
    }
  });

  it('shows the files read here while an earlier one was on the thread as read', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-thread-');
    settled(write(root, 'a.ts', largeText([0, 4], false, false)));
    // Read after it, into the buffer each read reuses (a password redacted: their bytes are not kept),
    // their lines beyond ASCII are shown from their own bytes.
    for (let i = 0; i < 6; i++)
      settled(write(root, `b${i}.ts`, `${'x'.repeat(i * 7)} größe ${i} needle ü\nremote = https://al:hunter2x@h/x\n`));
    const { port, handed } = threadPort((request, timeoutMs, runner) =>
      later(150, () => runner.scanFile!(request, timeoutMs)),
    );
    const { threaded, plain } = engines(root, port);
    try {
      for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
      for (const input of [
        { query: 'needle' },
        { query: 'größe \\d', is_regex: true, before: 1 },
        // The thread's file shows one match and the context up to the next (line 3), not beyond.
        { query: 'needle', max_results: 1, after: 2 },
      ]) {
        const [a, b] = [await threaded.invoke('lectern_search', input), await plain.invoke('lectern_search', input)];
        assert.equal(a.text, b.text);
        assert.match(a.text, input.max_results ? /^1:.*\n2-\tno match/m : /größe 5 needle ü/);
      }
      assert.equal(handed.length, 3);
    } finally {
      port.dispose?.();
    }
  });

  it('counts no file after one the thread ran out of time on', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-thread-');
    settled(write(root, 'a.ts', 'const needle = 0;\n'));
    settled(write(root, 'b.ts', largeText([0, 4], false, false)));
    for (const name of ['c.ts', 'd.ts', 'e.ts']) settled(write(root, name, 'let needle = 1;\n'));
    // The thread answers late: the files after it have been read meanwhile.
    const { port } = threadPort(() => later(200, () => undefined));
    const { threaded } = engines(root, port);
    try {
      for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
      const r = await threaded.invoke('lectern_search', { query: 'needle\\s', is_regex: true });
      assert.match(r.text, /ran out of time in b\.ts/);
      assert.match(r.text, /a\.ts/);
      assert.doesNotMatch(r.text, /[cde]\.ts/);
      assert.equal(r.meta.total_matches, 1);
    } finally {
      port.dispose?.();
    }
  });

  it('hands back the files the thread has not started', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-thread-');
    const files = [0, 1, 2, 3, 4].map((i) => write(root, `big${i}.ts`, largeText([i, 6], false, false)));
    const runner = createRegexRunner(SOURCE);
    const request = (file: string, query: string): FileScanRequest => ({
      path: file,
      maxBytes: 4 << 20,
      expected: nodeFileSystem.statSync!(file)!,
      query,
      isRegex: false,
      caseSensitive: true,
      keep: 3,
      before: 0,
      after: 0,
    });
    try {
      const requests = files.map((file) => request(file, 'needle'));
      const replies = requests.map((r) => runner.scanFile!(r, 30_000));
      // Another search's file waits too: it is not taken back.
      const theirs = runner.scanFile!(request(files[0]!, 'NEEDLE'), 30_000);
      assert.deepEqual(runner.handBack!(requests), requests.slice(2));
      const answered = await Promise.all(replies);
      // The worker holds two files at a time: those it answers; the others come back unread.
      assert.deepEqual(
        answered.map((reply) => reply?.read),
        [true, true, false, false, false],
      );
      const first = answered[0]!;
      assert.ok(first.read && 'count' in first && first.count > 0 && first.texts.length === 3, JSON.stringify(first));
      const other = await theirs;
      assert.ok(other?.read && 'count' in other && other.count > 0, JSON.stringify(other));
    } finally {
      runner.dispose?.();
    }
  });

  it('at the end of the walk, takes back the newest files the thread has not started, one at a time', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-thread-');
    for (let i = 0; i < 7; i++) settled(write(root, `big${i}.ts`, largeText([i, 6], false, false)));
    const { port, handed } = threadPort();
    const takenBack: FileScanRequest[][] = [];
    const runner = port.handBack!.bind(port);
    port.handBack = (requests) => {
      takenBack.push([...requests] as FileScanRequest[]);
      return runner(requests);
    };
    const { threaded, plain } = engines(root, port);
    try {
      for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
      handed.length = 0;
      // The thread is busy for a second or more with another text (RE2 is linear, but slow on this
      // pattern over 200,000 characters holding it in part): when the walk ends, the files handed to it
      // are still out.
      const busy = port.scan('(.*a){50}', true, 'xa'.repeat(100_000), 1, 30_000);
      const [a, b] = [
        await threaded.invoke('lectern_search', { query: 'needle' }),
        await plain.invoke('lectern_search', { query: 'needle' }),
      ];
      await busy;
      assert.equal(a.text, b.text);
      assert.ok(handed.length >= 4, `${handed.length} files handed`);
      // Each call names one file, the newest still out; the last one asked for had been started.
      assert.ok(takenBack.length >= 2, `${takenBack.length} calls`);
      assert.ok(
        takenBack.every((requests) => requests.length === 1),
        JSON.stringify(takenBack.map((r) => r.length)),
      );
      const order = takenBack.map(([request]) => handed.indexOf(request!));
      assert.deepEqual(
        order,
        [...order].sort((x, y) => y - x),
        `taken back newest first: ${order.join(', ')}`,
      );
      assert.equal(order[0], handed.length - 1);
      // The thread's two (one it scans, the next) are not taken back; all the others are.
      assert.equal(order.length, handed.length - 1);
    } finally {
      port.dispose?.();
    }
  });

  it("keeps other requests going when one runs out of time (another search's file, another text)", async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-thread-');
    const file = write(root, 'big.ts', largeText([0, 4], false, false));
    const runner = createRegexRunner(SOURCE);
    try {
      const slow = runner.scan('(.*a){50}', true, 'abcdefghij'.repeat(80_000), 10, 300);
      const expected = nodeFileSystem.statSync!(file)!;
      const base = { path: file, maxBytes: 4 << 20, expected, query: 'needle', isRegex: false, caseSensitive: true };
      const other = runner.scanFile!({ ...base, keep: 3, before: 0, after: 0 }, 30_000);
      const text = runner.scan('needle\\s', true, 'a needle here\n', 10, 30_000);
      assert.equal(await slow, undefined);
      const found = await other;
      assert.ok(found?.read && 'count' in found && found.count > 0, JSON.stringify(found));
      assert.equal((await text)?.count, 1);
    } finally {
      runner.dispose?.();
    }
  });

  it('counts no file after one read here whose regular expression ran out of time', async function () {
    this.timeout(60_000);
    const root = tempDir('lectern-thread-');
    settled(write(root, 'a.ts', largeText([0, 4, 6], false, false)));
    for (const name of ['b.ts', 'c.ts']) settled(write(root, name, 'eeeeeeeeeeeeee needle\n'));
    // The thread hands the file back (late: the others are read meanwhile); its scan here is too slow for the time left.
    const port: RegexScanPort = {
      scan: async () => undefined,
      scanFile: () => later(200, () => ({ read: false }) as const),
    };
    const { threaded } = engines(root, port);
    for (let i = 0; i < 2; i++) await threaded.invoke('lectern_search', { query: `warm${i}` });
    const r = await threaded.invoke('lectern_search', { query: '(.*e){12}', is_regex: true });
    assert.match(r.text, /ran out of time in a\.ts/);
    assert.doesNotMatch(r.text, /[bc]\.ts/);
    assert.equal(r.meta.total_matches, 0);
  });
});
