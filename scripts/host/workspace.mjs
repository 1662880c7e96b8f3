// The multi-root workspace the integration tests run in (used by run-integration.mjs and
// test/integration/runDesktop.mjs). Tests read its description from the JSON file named by
// process.env.LECTERN_TEST_WORKSPACE (see test/integration/helpers.ts).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Creates <root>/workspace/{alpha,beta} with a few files, <root>/workspace/lectern-test.code-workspace,
 * and <root>/lectern-test-workspace.json describing them. Returns the description plus `infoFile`.
 */
export function createTestWorkspace(root) {
  const ws = path.join(root, 'workspace');
  const alpha = path.join(ws, 'alpha');
  const beta = path.join(ws, 'beta');
  const files = {
    'alpha/src/greeter.ts': 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
    'alpha/README.md': '# alpha\n\nFirst folder of the Lectern integration-test workspace.\n',
    'beta/lib/util.py': 'def add(a: int, b: int) -> int:\n    return a + b\n',
    'beta/README.md': '# beta\n\nSecond folder of the Lectern integration-test workspace.\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(ws, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const workspaceFile = path.join(ws, 'lectern-test.code-workspace');
  writeFileSync(
    workspaceFile,
    JSON.stringify({ folders: [{ path: 'alpha' }, { path: 'beta' }], settings: {} }, null, 2) + '\n',
  );
  const info = { root: ws, workspaceFile, folders: { alpha, beta } };
  // Outside the workspace folders so it shows up in no listing or search.
  const infoFile = path.join(root, 'lectern-test-workspace.json');
  writeFileSync(infoFile, JSON.stringify(info, null, 2) + '\n');
  return { ...info, infoFile };
}
