// package.json's languageModelTools and docs/tools.md's table of modes must be exactly what the code
// defines (npm run manifest).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTools, lecternRead } from '../../../src/core/tools/definitions';
import { inputSchema, manifestEntry } from '../../../src/core/tools/jsonSchema';
import { validateInput } from '../../../src/core/tools/validate';
import { READ_MODES, REGISTRY } from '../../../src/core/modes/index';
import { withModesTable, withToolsTable } from '../../../scripts/modesDoc';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8'));

describe('package.json languageModelTools', () => {
  it('matches the tool definitions in code, entry by entry', () => {
    const contributed = pkg.contributes.languageModelTools as Record<string, unknown>[];
    assert.deepEqual(
      contributed.map((entry) => entry.name),
      allTools.map((tool) => tool.name),
      'tool list differs: run `npm run manifest`',
    );
    for (const tool of allTools) {
      const entry = contributed.find((e) => e.name === tool.name);
      assert.deepEqual(
        entry,
        manifestEntry(tool),
        `${tool.name} differs from its definition: run \`npm run manifest\``,
      );
    }
  });

  it('hides the legacy tools behind lectern.legacyTools, and only them', () => {
    for (const entry of pkg.contributes.languageModelTools as Record<string, unknown>[]) {
      const legacy = allTools.find((tool) => tool.name === entry.name)!.legacy === true;
      assert.equal(entry.when, legacy ? 'config.lectern.legacyTools' : undefined, String(entry.name));
    }
    assert.equal(pkg.contributes.configuration.properties['lectern.legacyTools'].default, false);
  });

  it("offers the registry's modes, each with a run; unknown fields are validation's to answer, not the schema's", () => {
    const schema = inputSchema(lecternRead) as {
      properties: Record<string, { enum?: string[] }>;
      additionalProperties?: boolean;
    };
    assert.deepEqual(
      schema.properties.mode!.enum,
      READ_MODES.map((mode) => mode.name),
    );
    for (const mode of READ_MODES) assert.equal(typeof mode.run, 'function', mode.name);
    // A client that checks the schema would refuse `offset` and answer a typo without the field meant.
    assert.equal(schema.additionalProperties, undefined);
    const unlisted = Object.keys(lecternRead.fields).filter((name) => lecternRead.fields[name]!.unlisted);
    assert.deepEqual(unlisted, ['offset', 'limit']);
    for (const name of unlisted) assert.equal(schema.properties[name], undefined, name);
    assert.deepEqual(validateInput(lecternRead, { target: 'a.ts', offset: 3, limit: 2 }).input, {
      target: 'a.ts',
      offset: 3,
      limit: 2,
    });
    assert.throws(
      () => validateInput(lecternRead, { target: 'a.ts', ofset: 3 }),
      (error: Error) => /^Unknown parameter "ofset"/.test(error.message) && !/\boffset\b/.test(error.message),
    );
  });

  it('says what false does for each boolean that defaults to true (the schema leaves boolean defaults out)', () => {
    let booleans = 0;
    for (const tool of allTools) {
      const properties = inputSchema(tool).properties as Record<string, Record<string, unknown>>;
      for (const [name, field] of Object.entries(tool.fields)) {
        if (field.type !== 'boolean' || field.unlisted) continue;
        booleans += 1;
        if (field.default === true) assert.match(field.description ?? '', /^false: /, `${tool.name}.${name}`);
        assert.equal(Object.hasOwn(properties[name]!, 'default'), false, `${tool.name}.${name}`);
      }
    }
    assert.ok(booleans > 0);
  });

  it("leaves target out of the schema's required list when a mode can do without it (validation requires it for the others)", () => {
    const schema = inputSchema(lecternRead) as { required?: string[] };
    const optional = READ_MODES.filter((mode) => mode.targetOptional).map((mode) => mode.name);
    assert.ok(optional.length > 0, 'diff_preview can do without a target');
    // No list at all: an empty one says the same in more tokens.
    assert.equal(schema.required, undefined);
    assert.deepEqual(lecternRead.required, ['target']);
    assert.deepEqual(lecternRead.modeOptional, Object.fromEntries(optional.map((name) => [name, ['target']])));
  });
});

describe("docs/extension/README.md's table of tools", () => {
  it("is the registry's: every mode's guide and every other tool (npm run manifest writes it)", () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'extension', 'README.md'), 'utf8');
    assert.equal(withToolsTable(doc, REGISTRY), doc, 'docs/extension/README.md differs: run `npm run manifest`');
    for (const mode of READ_MODES) assert.ok(doc.includes(`\`mode: "${mode.name}"\` — ${mode.guide}`), mode.name);
    for (const tool of REGISTRY.tools) assert.ok(doc.includes(`| \`${tool.definition.name}\` |`), tool.definition.name);
  });
});

describe("docs/tools.md's table of modes", () => {
  it("is the registry's (npm run manifest writes it)", () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'tools.md'), 'utf8');
    assert.equal(withModesTable(doc, REGISTRY), doc, 'docs/tools.md differs from the registry: run `npm run manifest`');
    for (const mode of READ_MODES) assert.ok(doc.includes(`| \`${mode.name}\``), mode.name);
  });

  it('shows examples that pass validation, each in its own mode', () => {
    for (const mode of READ_MODES) {
      assert.ok(mode.examples.length > 0, `${mode.name} has no example`);
      for (const example of mode.examples) {
        const input = mode === READ_MODES[0] ? example : { mode: mode.name, ...example };
        assert.doesNotThrow(() => validateInput(lecternRead, input), `${mode.name} ${JSON.stringify(example)}`);
      }
    }
  });
});
