// Activation loads only dist/extension.js, the forwarders VS Code calls (issue 20): the engine
// (dist/engine.js) loads on the first call that needs it or shortly after activation, and neither
// loads what waits for first use: the parser runtime (dist/treeSitter.js, so no grammar either), the
// tokenizer's table (dist/tokenizer.js), SQLite (dist/sqljs.js) and the chat participant
// (dist/chat.js). This file's name sorts first, so it runs before any test has made a call in this
// window (the hook that resets the session before each test starts the engine).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

interface ActivationApi {
  loadedAtActivation: string[];
}

describe('activation', () => {
  it('loads only dist/extension.js; the engine (dist/engine.js) waits for first use', async () => {
    const ext = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
    assert.ok(ext, 'Lectern is not installed in this window');
    const api = (ext.isActive ? ext.exports : await ext.activate()) as ActivationApi | undefined;
    assert.deepEqual(api?.loadedAtActivation, ['extension.js']);
  });

  it('starting the engine loads dist/engine.js, and still not the parser, the tokenizer, SQLite or the chat participant', async () => {
    const ext = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
    assert.ok(ext);
    await vscode.commands.executeCommand('lectern.resetSession'); // a forwarded command: starts the engine
    const dist = path.join(ext.extensionPath, 'dist') + path.sep;
    const loaded = Object.keys(require.cache)
      .filter((file) => file.startsWith(dist))
      .map((file) => path.relative(dist, file))
      .sort();
    assert.deepEqual(loaded, ['engine.js', 'extension.js']);
  });
});
