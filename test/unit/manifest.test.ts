// package.json's languageModelTools must be exactly what the code defines (npm run manifest).
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allTools, lecternRead } from '../../src/core/tools/definitions';
import { inputSchema, manifestEntry } from '../../src/core/tools/jsonSchema';

const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8'));

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

  it('offers only working modes and rejects unknown fields in the schema', () => {
    const schema = inputSchema(lecternRead) as {
      properties: Record<string, { enum?: string[] }>;
      additionalProperties: boolean;
    };
    assert.deepEqual(schema.properties.mode!.enum, ['file', 'symbol', 'snippet', 'diff_preview', 'references', 'map']);
    assert.equal(schema.additionalProperties, false);
  });

  it("leaves target out of the schema's required list: diff_preview and map can do without it (validation requires it for the other modes)", () => {
    const schema = inputSchema(lecternRead) as { required: string[] };
    assert.deepEqual(schema.required, []);
    assert.deepEqual(lecternRead.required, ['target']);
    assert.deepEqual(lecternRead.modeOptional, { diff_preview: ['target'], map: ['target'] });
  });
});
