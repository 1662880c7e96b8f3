// Activation loads nothing that waits for first use (issue 20): the parser runtime (dist/treeSitter.js,
// so no grammar either), the tokenizer's table (dist/tokenizer.js), SQLite (dist/sqljs.js) and the chat
// participant (dist/chat.js) are required by the first call that needs them. This file's name sorts
// first, so it runs before any test has made a call in this window.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';

describe('activation', () => {
  it('loads only dist/extension.js: the parser, the tokenizer, SQLite and the chat participant wait for first use', async () => {
    const ext = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
    assert.ok(ext, 'Lectern is not installed in this window');
    await ext.activate();
    const dist = path.join(ext.extensionPath, 'dist') + path.sep;
    const loaded = Object.keys(require.cache)
      .filter((file) => file.startsWith(dist))
      .map((file) => path.relative(dist, file))
      .sort();
    assert.deepEqual(loaded, ['extension.js']);
  });
});
