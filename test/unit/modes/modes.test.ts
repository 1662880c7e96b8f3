// lectern_read as a caller meets it: what each mode of the registry declares (its name, fields,
// required fields, whether it needs a target) is what a call to it may and must carry. Every mode
// answers its own examples, called by name; a mode the registry lacks is refused with the list of
// those it has; a field given to a mode that does not declare it is refused, naming the modes that
// take it; a mode's required field is asked for; a target is needed unless the mode says otherwise.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { FieldSpec } from '../../../src/core/ground/schema';
import { READ_MODES, READ_MODE_NAMES } from '../../../src/core/modes/index';
import { createGitCli } from '../../../src/node/gitCli';
import { nodeFileSystem } from '../../../src/node/nodeFileSystem';
import { createWasmLoader } from '../../../src/node/wasmFiles';
import { tempDir } from '../helpers';

const FIRST = READ_MODES[0]!.name;

/** sample-workspace (where the examples read), committed to git (diff_preview compares with HEAD). */
function sampleWorkspace(): string {
  const root = join(tempDir('lectern-modes-'), 'ws');
  cpSync(join(__dirname, '..', '..', '..', 'sample-workspace'), root, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'sample');
  return root;
}

/** A value of the field's type that validation accepts as such. */
function valueOf(field: FieldSpec): unknown {
  if (field.enum) return field.enum[0];
  if (field.type === 'integer') return field.minimum ?? 1;
  if (field.type === 'boolean') return true;
  return 'x';
}

describe('lectern_read: each mode takes what it declares', () => {
  const root = sampleWorkspace();
  const host = {
    fs: nodeFileSystem,
    roots: () => [{ name: 'ws', path: root }],
    loadWasm: createWasmLoader(),
    git: createGitCli(),
  };
  const lectern = new Lectern(host, () => ({ sessionGuard: false }));
  const read = (input: Record<string, unknown>) => lectern.invoke('lectern_read', input);

  it('every mode answers its own examples, called by its name', async () => {
    for (const mode of READ_MODES) {
      assert.ok(mode.examples.length > 0, `${mode.name} has no example`);
      for (const example of mode.examples) {
        const input = mode.name === FIRST ? example : { mode: mode.name, ...example };
        const answer = await read(input);
        assert.equal(answer.ok, true, `${JSON.stringify(input)}: ${answer.text}`);
      }
    }
  });

  it('a mode the registry lacks is refused, naming every mode it has', async () => {
    const answer = await read({ mode: 'no_such_mode', target: 'src/format.ts' });
    assert.equal(answer.error?.code, 'INVALID_ARGS');
    for (const name of READ_MODE_NAMES) assert.match(answer.text, new RegExp(`\\b${name}\\b`), name);
  });

  it('a field is refused with a mode that does not declare it, naming the modes that do', async () => {
    const declaring = new Map<string, { spec: FieldSpec; modes: string[] }>();
    for (const mode of READ_MODES)
      for (const [name, spec] of Object.entries(mode.fields as Record<string, FieldSpec>)) {
        const entry = declaring.get(name) ?? { spec, modes: [] };
        entry.modes.push(mode.name);
        declaring.set(name, entry);
      }
    let checked = 0;
    for (const [name, { spec, modes }] of declaring) {
      const other = READ_MODES.find((m) => !modes.includes(m.name) && !m.targetOptional && !m.required?.length);
      if (!other) continue;
      const answer = await read({ mode: other.name, target: 'src/format.ts', [name]: valueOf(spec) });
      assert.equal(answer.error?.code, 'INVALID_ARGS', `${name} with mode ${other.name}: ${answer.text}`);
      assert.match(
        answer.text,
        new RegExp(`${name} is only valid for ${modes.map((m) => `mode='${m}'`).join(' or ')}`),
      );
      checked++;
    }
    assert.ok(checked >= 5, `${checked} fields checked`);
  });

  it('a mode asks for its required fields, and for a target unless it declares it can do without', async () => {
    for (const mode of READ_MODES) {
      for (const name of mode.required ?? []) {
        const answer = await read({ mode: mode.name, target: 'src/format.ts' });
        assert.equal(answer.error?.code, 'INVALID_ARGS', `${mode.name} without ${name}: ${answer.text}`);
        assert.match(answer.text, new RegExp(`\\b${name}\\b`));
      }
      const untargeted = await read({
        mode: mode.name,
        ...Object.fromEntries((mode.required ?? []).map((n) => [n, 1])),
      });
      if (mode.targetOptional) assert.equal(untargeted.ok, true, `${mode.name} without a target: ${untargeted.text}`);
      else {
        assert.equal(untargeted.error?.code, 'INVALID_ARGS', `${mode.name} without a target: ${untargeted.text}`);
        assert.match(untargeted.text, /\btarget\b/);
      }
    }
  });
});
