// Fuzz per tool over arbitrary JSON (fast-check): the engine never throws, every failure carries a
// documented code, every answer stays bounded in size, and no answer ever holds the content of a
// file outside the workspace or of a secret-looking file, whatever the target spells.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { ToolResponse } from '../../../src/core/ground/contract';
import { Lectern } from '../../../src/core/engine';
import type { Host } from '../../../src/core/ground/ports';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { tempDir, write } from '../helpers';

const root = path.join(__dirname, '../../..');
/** The error codes the contract declares, each of which the tool reference documents. */
const CODES = [
  ...fs.readFileSync(path.join(root, 'src/core/ground/contract.ts'), 'utf8').matchAll(/^\s*\| '([A-Z_]+)'/gm),
].map((m) => m[1]!);
const DOCS = fs.readFileSync(path.join(root, 'docs/tools.md'), 'utf8');

const OUTSIDE = 'OUTSIDE-MARKER-91c2';
const SECRET = 'SECRET-MARKER-44ad';
/** An answer is at most this large, whatever the input (the token cap plus its JSON and results). */
const MAX_ANSWER_CHARS = 400_000;

function fixture(): Lectern {
  const base = tempDir('lectern-fuzz-');
  write(base, 'outside.txt', `${OUTSIDE}\n`);
  const ws = path.join(base, 'ws');
  write(ws, 'a.txt', 'alpha\nbeta\n');
  write(ws, 'src/b.ts', 'export function b() { return 1; }\n');
  write(ws, '.env', `TOKEN=${SECRET}\n`);
  write(ws, 'keys/id_rsa', `${SECRET}\n`);
  fs.symlinkSync(base, path.join(ws, 'up'));
  fs.symlinkSync(path.join(base, 'outside.txt'), path.join(ws, 'link.txt'));
  const host: Host = { fs: nodeFileSystem, roots: () => [{ name: 'ws', path: ws }] };
  return new Lectern(host, () => ({ sessionGuard: false }));
}

const targets = fc.oneof(
  fc.constantFrom(
    'a.txt',
    'src/b.ts',
    '.env',
    'keys/id_rsa',
    'keys',
    'link.txt',
    'up/outside.txt',
    'up/**',
    '../outside.txt',
    '../*.txt',
    '../**/*',
    '**/*',
    '*',
    'up',
    '.',
    '/',
    'a.txt\u0000',
    '~/.ssh/id_rsa',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
);

const inputs = {
  lectern_read: fc.record(
    {
      target: fc.oneof(targets, fc.array(targets, { maxLength: 8 })),
      mode: fc.constantFrom('file', 'symbol', 'snippet', 'diff_preview', 'nope'),
      name: fc.string({ maxLength: 20 }),
      start_line: fc.integer({ min: -2, max: 1_000 }),
      end_line: fc.integer({ min: -2, max: 1_000 }),
      start_byte: fc.integer({ min: -1, max: 10_000 }),
      max_bytes: fc.integer({ min: -1, max: 1_000_000 }),
      tail: fc.integer({ min: -1, max: 100 }),
      outline: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  lectern_search: fc.record(
    {
      query: fc.oneof(
        fc.constantFrom('MARKER', 'alpha', '(.*a){5}', '[', '^$', ''),
        fc.string({ maxLength: 30 }),
        fc.string({ minLength: 5_000, maxLength: 40_000 }),
      ),
      target: targets,
      is_regex: fc.boolean(),
      case_sensitive: fc.boolean(),
      include: fc.oneof(fc.constantFrom('**/*', 'up/**', '../**', '.env', '*.txt'), fc.string({ maxLength: 20 })),
      max_results: fc.integer({ min: -1, max: 1_000 }),
      before: fc.integer({ min: -1, max: 50 }),
    },
    { requiredKeys: [] },
  ),
  lectern_stat: fc.record({ target: targets }, { requiredKeys: [] }),
};

function check(tool: string, input: unknown, r: ToolResponse): void {
  const shown = () => `${tool} ${JSON.stringify(input).slice(0, 200)}`;
  const json = JSON.stringify(r);
  assert.ok(json.length <= MAX_ANSWER_CHARS, `${shown()}: an answer of ${json.length} chars`);
  assert.ok(!json.includes(OUTSIDE), `${shown()}: outside content in ${r.text.slice(0, 300)}`);
  assert.ok(!json.includes(SECRET), `${shown()}: secret content in ${r.text.slice(0, 300)}`);
  for (const failure of [r, ...(r.results ?? [])].filter((x) => !x.ok && x.error)) {
    assert.ok(CODES.includes(failure.error!.code), `${shown()}: undeclared code ${failure.error!.code}`);
    assert.notEqual(failure.error!.code, 'INTERNAL', `${shown()}: ${failure.text.slice(0, 300)}`);
  }
}

describe('hardening: fuzz per tool over arbitrary JSON', function () {
  this.timeout(300_000);
  let lectern: Lectern;
  before(() => {
    lectern = fixture();
  });

  it('every declared error code is documented in docs/tools.md', () => {
    assert.ok(CODES.length >= 20, CODES.join(' '));
    for (const code of CODES) assert.match(DOCS, new RegExp(`\`${code}\``), `${code} is not documented`);
  });

  for (const [tool, arbitrary] of Object.entries(inputs)) {
    it(`${tool}: never throws, documented codes only, bounded answers, nothing outside or secret`, async () => {
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => check(tool, input, await lectern.invoke(tool, input))),
        { numRuns: 150 },
      );
    });
  }

  it('any JSON value for any tool', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(inputs)),
        fc.json({ maxDepth: 3 }).map((j) => JSON.parse(j) as unknown),
        async (tool, input) => {
          check(tool, input, await lectern.invoke(tool, input));
        },
      ),
      { numRuns: 200 },
    );
  });
});
