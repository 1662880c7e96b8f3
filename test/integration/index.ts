// Entry point that the extension host loads as `extensionTestsPath` (bundled to
// out/test/integration/index.js by scripts/host/build-tests.mjs). Runs every compiled *.test.js
// next to it with mocha; the returned promise rejects when a test fails.
//
// Env read here (reaches the extension host when set on the code-server / VS Code process):
//   LECTERN_TEST_GREP   only run tests whose full title matches this regular expression
import * as fs from 'node:fs';
import * as path from 'node:path';

export async function run(): Promise<void> {
  const { default: Mocha } = await import('mocha');
  // Every test starts a fresh Lectern session: one test's reads must not be de-duplicated or
  // budgeted against another's (the guard stays on, as users have it).
  const vscode = await import('vscode');
  const rootHooks = {
    async beforeEach() {
      const ext = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
      if (ext && !ext.isActive) await ext.activate();
      await vscode.commands.executeCommand('lectern.resetSession');
    },
  };
  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec', rootHooks });
  const grep = process.env.LECTERN_TEST_GREP;
  if (grep) mocha.grep(new RegExp(grep));

  const files = fs
    .readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  if (files.length === 0) throw new Error(`no *.test.js files in ${__dirname}`);
  for (const f of files) mocha.addFile(path.join(__dirname, f));
  await mocha.loadFilesAsync();

  await new Promise<void>((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed.`));
        else resolve();
      });
    } catch (err) {
      reject(err);
    }
  });
}
