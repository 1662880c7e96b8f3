// The web bundle's check (scripts/check-web-bundle.mjs, run by every build): a Node module among its
// inputs or loaded at run time, or a production bundle over its size budget, is a finding.
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import {
  inputFindings,
  sizeFindings,
  textFindings,
  WEB_BUNDLE_BUDGET_KIB,
} from '../../../scripts/check-web-bundle.mjs';

describe('the web bundle check', () => {
  it('finds Node modules and Node-only folders of src/ among the inputs', () => {
    assert.deepEqual(
      inputFindings(['src/core/engine.ts', 'node:fs', 'src/node/gitCli.ts', 'node_modules/diff/libesm/index.js', 'fs']),
      [
        'a Node module is bundled: node:fs',
        'a Node module is bundled: src/node/gitCli.ts',
        'a Node module is bundled: fs',
      ],
    );
  });

  it('finds modules loaded at run time but vscode, and skips comment lines', () => {
    const text = [
      'var vscode = require("vscode");',
      'const fs = require("fs");',
      '  const p = await import("node:path");',
      " * @param {import('./index.js').RE2JS} pattern",
      'var x = require("./tokenizer.js");',
    ].join('\n');
    assert.deepEqual(textFindings(text), [
      'a Node builtin is loaded at run time: fs',
      'a Node builtin is loaded at run time: node:path',
      'a module is loaded at run time: ./tokenizer.js',
    ]);
  });

  it('holds the production bundle to its size budget', () => {
    assert.deepEqual(sizeFindings(WEB_BUNDLE_BUDGET_KIB * 1024), []);
    assert.equal(sizeFindings(WEB_BUNDLE_BUDGET_KIB * 1024 + 1024).length, 1);
  });

  it('finds nothing in the built web bundle', function () {
    if (!existsSync('dist/web/extension.js')) this.skip();
    assert.deepEqual(textFindings(readFileSync('dist/web/extension.js', 'utf8')), []);
  });
});
