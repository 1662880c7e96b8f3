// Entry of the integration tests in the web worker extension host (`extensionTestsPath`; bundled for
// the browser by scripts/host/build-web-tests.mjs around mocha's browser build). The worker has no
// file system to find test files in and no Node `require`: the tests are bundled in, loaded after
// mocha.setup() so that their describe() calls register. The bundle's footer exports run().
import 'mocha/mocha.js';
import * as vscode from 'vscode';

async function run(): Promise<void> {
  mocha.setup({ ui: 'bdd', timeout: 120_000 });
  mocha.reporter(Mocha.reporters.Spec);
  // Every test starts in a fresh session, as in the Node host's tests (test/integration/index.ts).
  mocha.rootHooks({
    async beforeEach() {
      const extension = vscode.extensions.all.find((e) => e.packageJSON?.name === 'lectern');
      if (extension && !extension.isActive) await extension.activate();
      await vscode.commands.executeCommand('lectern.resetSession');
    },
  });
  // The timing first: a fresh engine in this bundle has loaded no grammar and no tokenizer yet.
  await import('./timing.test');
  // Then the comparison, before any test leaves an unsaved buffer or a read in a session.
  await import('./sameAnswers.test');
  await import('./webHost.test');
  await import('./chat.test');
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} web integration test(s) failed.`);
}

(globalThis as { lecternWebTests?: () => Promise<void> }).lecternWebTests = run;
