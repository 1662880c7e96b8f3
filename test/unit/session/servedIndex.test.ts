// The session's index of answers served: which answers it still holds (to point to) after any
// sequence of answers and new file versions, against a plain model of its rules: a file's answers
// of another version are dropped, and only the latest 400 are kept.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { ServedIndex, type Served } from '../../../src/core/session/servedIndex';

const KEPT = 400;

/** The rules as one pass over every record, as the index first kept them. */
class Model {
  records: Served[] = [];
  add(record: Served): void {
    this.forgetOtherVersions(record.file, record.version);
    this.records.push(record);
    if (this.records.length > KEPT) this.records.splice(0, this.records.length - KEPT);
  }
  forgetOtherVersions(file: string, version: string): void {
    this.records = this.records.filter((r) => r.file !== file || r.version === version);
  }
}

type Op = { add: boolean; file: number; version: number };

describe('session: the index of answers served', () => {
  it('holds the answers the model holds, after any answers and new versions', () => {
    const op = fc.record({ add: fc.constantFrom(true, true, true, false), file: fc.nat(7), version: fc.nat(2) });
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 700, size: 'max' }), (ops: Op[]) => {
        const index = new ServedIndex();
        const model = new Model();
        const added: Served[] = [];
        ops.forEach((o, seq) => {
          const file = `/ws/f${o.file}.ts`;
          const version = `v${o.version}`;
          if (o.add) {
            const record: Served = { seq, file, version, range: null, textHash: seq, tokensPerByte: 0.3 };
            added.push(record);
            index.add(record);
            model.add(record);
          } else {
            index.forgetOtherVersions(file, version);
            model.forgetOtherVersions(file, version);
          }
        });
        const held = new Set(model.records);
        for (const r of added)
          assert.equal(index.findText(r.file, r.version, r.textHash!) === r, held.has(r), `seq ${r.seq}`);
      }),
      { numRuns: 60 },
    );
  });
});
