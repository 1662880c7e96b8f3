// lectern_read is assembled from its modes (src/core/modes): the schema's fields, their `modes`
// marks, the mode enum and the per-mode required/optional fields all come from the mode table.
import { strict as assert } from 'node:assert';
import { READ_MODES, READ_MODE_NAMES } from '../../src/core/modes/index';
import { lecternRead } from '../../src/core/tools/definitions';

describe('lectern_read from its mode table', () => {
  const modes = Object.values(READ_MODES);

  it('lists the modes of the table, in its order, as the mode enum', () => {
    assert.deepEqual(
      lecternRead.fields.mode!.enum,
      modes.map((m) => m.name),
    );
    assert.deepEqual(
      READ_MODE_NAMES,
      modes.map((m) => m.name),
    );
  });

  it('marks each field with exactly the modes that declare it', () => {
    for (const [name, field] of Object.entries(lecternRead.fields)) {
      const declaring = modes.filter((m) => Object.hasOwn(m.fields, name)).map((m) => m.name);
      if (['mode', 'target', 'force', 'ephemeral'].includes(name)) assert.equal(field.modes, undefined, name);
      else assert.deepEqual(field.modes, declaring, name);
    }
  });

  it('takes the required and target-optional fields of each mode from the mode', () => {
    assert.deepEqual(
      lecternRead.modeRequired,
      Object.fromEntries(modes.filter((m) => m.required?.length).map((m) => [m.name, m.required])),
    );
    assert.deepEqual(
      Object.keys(lecternRead.modeOptional ?? {}),
      modes.filter((m) => m.targetOptional).map((m) => m.name),
    );
  });
});
