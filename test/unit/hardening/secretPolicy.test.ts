// The secrets policy is one list: SECURITY.md's table and src/core/ground/secrets.ts must hold the
// same patterns, and every example a row gives must be judged as the row says.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULT_SECRET_EXEMPTIONS, DEFAULT_SECRET_PATTERNS, secretMatcher } from '../../../src/core/ground/secrets';

interface PolicyRow {
  pattern: string;
  judged: 'secret' | 'exempt';
  examples: string[];
}

/** The code spans of a table cell, as written (a trailing space in `.env ` is kept). */
const spans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

function policyTable(): PolicyRow[] {
  const doc = fs.readFileSync(path.join(__dirname, '../../../SECURITY.md'), 'utf8');
  const rows: PolicyRow[] = [];
  for (const line of doc.split('\n')) {
    const cells = line.trim().split('|').slice(1, -1);
    if (cells.length !== 3) continue;
    const judged = cells[1]!.trim();
    if (judged !== 'secret' && judged !== 'exempt') continue;
    const [pattern, ...rest] = spans(cells[0]!);
    assert.ok(pattern !== undefined && rest.length === 0, `one pattern per row: ${line}`);
    rows.push({ pattern, judged, examples: spans(cells[2]!) });
  }
  return rows;
}

describe('hardening: the secrets policy in SECURITY.md is the code', () => {
  const rows = policyTable();

  it('the table lists exactly the patterns and exemptions of secrets.ts', () => {
    assert.ok(rows.length > 40, `the table was found (${rows.length} rows)`);
    const secret = rows.filter((r) => r.judged === 'secret').map((r) => r.pattern);
    const exempt = rows.filter((r) => r.judged === 'exempt').map((r) => r.pattern);
    assert.deepEqual([...secret].sort(), [...DEFAULT_SECRET_PATTERNS].sort());
    assert.deepEqual([...exempt].sort(), [...DEFAULT_SECRET_EXEMPTIONS].sort());
  });

  it('every example is judged as its row says, with and without a folder in front', () => {
    const matches = secretMatcher([]);
    for (const row of rows) {
      assert.ok(row.examples.length > 0, `row ${row.pattern} gives an example`);
      for (const example of row.examples) {
        for (const p of [example, `/home/someone/project/${example}`]) {
          assert.equal(matches(p), row.judged === 'secret', `${JSON.stringify(p)} (${row.pattern}) is ${row.judged}`);
        }
      }
    }
  });
});
