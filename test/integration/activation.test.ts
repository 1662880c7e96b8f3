// Activation loads only dist/extension.js, the forwarders VS Code calls (issue 20): the engine
// (dist/engine.js) loads on the first call that needs it or shortly after activation, and neither
// loads what waits for first use: the parser runtime (dist/treeSitter.js, so no grammar either), the
// tokenizer's table (dist/tokenizer.js, which the engine loads on a thread of its own, never here), SQLite
// (dist/sqljs.js) and the chat participant (dist/chat.js). This file's name sorts first, so it runs before any test has made a call in this
// window (the hook that resets the session before each test starts the engine), and so before any
// language server has answered Lectern: the first references call is tested here too.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { folder, resultText, writeFile } from './helpers';

async function call(input: object): Promise<string> {
  return resultText(await vscode.lm.invokeTool('lectern_read', { input, toolInvocationToken: undefined }));
}

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

  it("an answer counted exactly loads the tokenizer's table on its own thread, never on the extension host's", async () => {
    const ext = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
    assert.ok(ext);
    const file = path.join(folder('alpha'), 'counted-exactly.txt');
    // 2,000 lines of 200 characters: the 300 lines a read may show are over the token cap in bytes, so counted.
    writeFile(file, `const value = compute(alpha, beta); // ${'x'.repeat(160)}\n`.repeat(2000));
    try {
      const text = await call({ target: 'alpha/counted-exactly.txt', start_line: 1, end_line: 2000 });
      assert.match(text, /counted-exactly\.txt · lines 1-\d[\d,]* of 2,000/);
      const dist = path.join(ext.extensionPath, 'dist') + path.sep;
      assert.ok(!(path.join(dist, 'tokenizer.js') in require.cache), 'dist/tokenizer.js was loaded on the host');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

/** A project big enough that a TypeScript server started cold takes a while to load it: `files` files of 60 functions. */
function bigProject(dir: string, files: number): void {
  writeFile(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true }, "include": ["**/*.ts"] }\n');
  writeFile(path.join(dir, 'coach.ts'), 'export class Coach {\n  drill(): number {\n    return 1;\n  }\n}\n');
  for (let i = 0; i < files; i++) {
    const body = Array.from(
      { length: 60 },
      (_, k) => `export function f${i}_${k}(x: number): number {\n  return x * ${k} + ${i};\n}\n`,
    );
    // Every tenth file calls Coach.drill; every file has a `drill` of its own that is not Coach's.
    const calls =
      i % 10 === 0 ? `import { Coach } from './coach';\nexport const trained${i} = new Coach().drill();\n` : '';
    writeFile(
      path.join(dir, `m${i}.ts`),
      `${calls}export const own${i} = { drill: () => ${i} };\nown${i}.drill();\n${body.join('')}`,
    );
  }
}

describe('the first references call of the window, while the language server starts', () => {
  it('is the one the later calls give: Lectern waits for a TypeScript server restarted cold', async function () {
    this.timeout(180_000);
    const dir = path.join(folder('alpha'), 'cold');
    bigProject(dir, 150);
    try {
      await vscode.workspace.openTextDocument(path.join(dir, 'coach.ts'));
      // Cold: the server starts again and loads every project from the start.
      await vscode.commands.executeCommand('typescript.restartTsServer');
      const started = performance.now();
      const first = await call({ mode: 'references', target: 'Coach.drill' });
      const firstMs = performance.now() - started;
      const later = await call({ mode: 'references', target: 'Coach.drill', path: 'alpha' });
      console.log(
        `[lectern-timing] first references after a server restart: ${firstMs.toFixed(0)} ms; ${first.split('\n')[0]}`,
      );
      const notes = first.split('\n').filter((line) => line.startsWith('['));
      assert.match(
        first,
        /^references Coach\.drill · 15 uses in 15 files \(language server\)/,
        [first.slice(0, 300), ...notes].join('\n'),
      );
      // From the header's first " · " on, and every line after it: the same whichever call it was.
      const said = (text: string) => [text.split('\n')[0]!.replace(/^.*? · /, ''), ...text.split('\n').slice(1)];
      assert.deepEqual(said(first), said(later), 'the first answer is the later one');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
