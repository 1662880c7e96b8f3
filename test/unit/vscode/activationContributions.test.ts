// Activation registers a forwarder for each tool, command and webview view package.json contributes
// (src/vscode/activation/contributions.ts): the engine's registrations must all find one, or they
// would go to VS Code only once the engine starts, after a call that named them was refused.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { contributionsOf } from '../../../src/vscode/activation/contributions';
import { once } from '../../../src/vscode/activation/once';
import { allTools } from '../../../src/core/tools/definitions';
import { activationBundleFindings } from '../../../scripts/check-activation-bundle.mjs';

const manifest: unknown = JSON.parse(readFileSync('package.json', 'utf8'));

describe('activation: what package.json contributes', () => {
  it('lists every tool the engine registers, the commands and the dashboard view', () => {
    const contributions = contributionsOf(manifest);
    assert.deepEqual([...contributions.tools].sort(), allTools.map((tool) => tool.name).sort());
    for (const id of ['lectern.openDashboard', 'lectern.resetSession', 'lectern.readSymbol', 'lectern.mapWorkspace'])
      assert.ok(contributions.commands.includes(id), id);
    assert.deepEqual(contributions.webviewViews, ['lectern.dashboard']);
  });

  it('reads any manifest without throwing, keeping only named entries', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const contributions = contributionsOf({
          contributes: { commands: value, languageModelTools: value, views: value },
        });
        for (const list of [contributions.tools, contributions.commands, contributions.webviewViews])
          assert.ok(list.every((entry) => typeof entry === 'string'));
      }),
    );
    assert.deepEqual(contributionsOf(null), { tools: [], commands: [], webviewViews: [] });
    assert.deepEqual(
      contributionsOf({ contributes: { views: { a: [{ id: 'tree' }, { id: 'web', type: 'webview' }] } } }).webviewViews,
      ['web'],
    );
  });
});

describe('activation: once', () => {
  it('makes its value once', () => {
    let made = 0;
    const value = once(() => ++made);
    assert.equal(value(), 1);
    assert.equal(value(), 1);
    assert.equal(made, 1);
  });

  it('keeps a failure: a start that threw is not run again', () => {
    let tries = 0;
    const value = once((): number => {
      tries++;
      throw new Error('no engine');
    });
    assert.throws(value, /no engine/);
    assert.throws(value, /no engine/);
    assert.equal(tries, 1);
  });
});

describe('activation: the bundle check', () => {
  it('finds the engine (src/core) and packages among the activation bundle inputs, not the forwarders', () => {
    assert.deepEqual(
      activationBundleFindings([
        'src/vscode/extension.ts',
        'src/vscode/activation/deferred.ts',
        'src/node/settingFlags.ts',
        'src/core/engine.ts',
        'node_modules/diff/libesm/index.js',
      ]),
      [
        "the engine's code is bundled into activation: src/core/engine.ts (load it from src/vscode/engineStart.ts)",
        "the engine's code is bundled into activation: node_modules/diff/libesm/index.js (load it from src/vscode/engineStart.ts)",
      ],
    );
  });
});
