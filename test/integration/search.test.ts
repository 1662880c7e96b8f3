// Workspace search through vscode.lm.invokeTool in a real extension host: the editor's
// files.exclude (a folder setting of `alpha`) and search.exclude (a workspace setting) are
// respected, .gitignore too, paths carry the folder name, and a folder named as target is searched
// even when a setting excludes it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { folder, resultText, writeFile } from './helpers';

async function call(input: unknown): Promise<string> {
  return resultText(
    await vscode.lm.invokeTool('lectern_search', { input: input as object, toolInvocationToken: undefined }),
  );
}

/** The file headers of a workspace search answer (the line after the header or a blank line, less its counts), in rank order. */
const filesIn = (text: string) =>
  text
    .split('\n')
    .filter((line, i, lines) => i > 0 && (i === 1 || lines[i - 1] === '') && line !== '' && !line.startsWith('['))
    .map((line) => line.replace(/ · (?:showing \d+ of )?\d+ match(?:es)?$/, ''));

const TOKEN = 'lecternWorkspaceSearchToken';

describe('workspace search in the extension host', () => {
  let alpha: string;
  let beta: string;

  before(async () => {
    alpha = folder('alpha');
    beta = folder('beta');
    writeFile(path.join(alpha, 'wsearch', 'kept.ts'), `export const a = '${TOKEN}';\nexport const b = '${TOKEN}';\n`);
    writeFile(path.join(alpha, 'wsearch', 'hidden-by-files', 'h.ts'), `// ${TOKEN}\n`);
    writeFile(path.join(alpha, 'wsearch', 'snap.generated.txt'), `${TOKEN}\n`);
    writeFile(path.join(alpha, 'wsearch', 'ignored', 'i.ts'), `${TOKEN}\n`);
    writeFile(path.join(alpha, 'wsearch', '.gitignore'), 'ignored/\n');
    writeFile(path.join(beta, 'wsearch', 'hidden-by-files', 'h2.ts'), `${TOKEN}\n`); // files.exclude is alpha's only
    writeFile(path.join(beta, 'wsearch', 'b.snap.generated.txt'), `${TOKEN}\n`);
    writeFile(path.join(beta, 'wsearch', 'other.ts'), `${TOKEN}\n`);
  });

  after(async () => {
    const alphaFolder = vscode.workspace.workspaceFolders!.find((f) => f.name === 'alpha')!;
    await vscode.workspace
      .getConfiguration('files', alphaFolder.uri)
      .update('exclude', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    await vscode.workspace
      .getConfiguration('search')
      .update('exclude', undefined, vscode.ConfigurationTarget.Workspace);
    fs.rmSync(path.join(alpha, 'wsearch'), { recursive: true, force: true });
    fs.rmSync(path.join(beta, 'wsearch'), { recursive: true, force: true });
  });

  it('without the settings, every file outside .gitignore is found, with folder-prefixed paths and line numbers', async () => {
    const text = await call({ query: TOKEN, include: '**/wsearch/**' });
    // Code before prose (the .txt files); then most matching lines first; ties in walk order: folder by
    // folder, shallower first, then by name.
    assert.deepEqual(filesIn(text), [
      'alpha/wsearch/kept.ts',
      'alpha/wsearch/hidden-by-files/h.ts',
      'beta/wsearch/other.ts',
      'beta/wsearch/hidden-by-files/h2.ts',
      'alpha/wsearch/snap.generated.txt',
      'beta/wsearch/b.snap.generated.txt',
    ]);
    assert.match(
      text,
      /^alpha\/wsearch\/kept\.ts\n1\texport const a = 'lecternWorkspaceSearchToken';\n2\texport const b/m,
    );
    assert.doesNotMatch(text, /ignored\/i\.ts ·/);
    // What was not searched is named when nothing matched (with matches it is in meta only).
    const inAlpha = await call({ target: 'alpha/wsearch', query: 'lecternNoSuchToken' });
    assert.match(inAlpha, /\[Folders not searched: alpha\/wsearch\/ignored \(\.gitignore\)\. /);
  });

  it('respects files.exclude (a folder setting) and search.exclude (a workspace setting)', async () => {
    const alphaFolder = vscode.workspace.workspaceFolders!.find((f) => f.name === 'alpha')!;
    await vscode.workspace
      .getConfiguration('files', alphaFolder.uri)
      .update('exclude', { '**/hidden-by-files': true }, vscode.ConfigurationTarget.WorkspaceFolder);
    await vscode.workspace
      .getConfiguration('search')
      .update('exclude', { '**/*.generated.txt': true }, vscode.ConfigurationTarget.Workspace);
    const text = await call({ query: TOKEN, include: '**/wsearch/**' });
    assert.deepEqual(filesIn(text), [
      'alpha/wsearch/kept.ts',
      'beta/wsearch/other.ts',
      'beta/wsearch/hidden-by-files/h2.ts',
    ]);
    const inAlpha = await call({ target: 'alpha/wsearch', query: 'lecternNoSuchToken' });
    assert.match(
      inAlpha,
      /\[Folders not searched: alpha\/wsearch\/hidden-by-files \(exclude setting\); alpha\/wsearch\/ignored \(\.gitignore\)\. /,
    );
    assert.match(text, /^Search in the workspace \(include "\*\*\/wsearch\/\*\*"\) · 4 matches in 3 files/);

    // Named as the target, an excluded folder is searched.
    const named = await call({ target: 'alpha/wsearch/hidden-by-files', query: TOKEN });
    assert.deepEqual(filesIn(named), ['alpha/wsearch/hidden-by-files/h.ts']);

    // A false entry in search.exclude re-includes a files.exclude glob, as in VS Code's search.
    await vscode.workspace
      .getConfiguration('search')
      .update(
        'exclude',
        { '**/*.generated.txt': true, '**/hidden-by-files': false },
        vscode.ConfigurationTarget.Workspace,
      );
    const reincluded = await call({ query: TOKEN, include: '**/wsearch/**' });
    assert.ok(filesIn(reincluded).includes('alpha/wsearch/hidden-by-files/h.ts'), reincluded);
  });

  it('a folder target and a file target', async () => {
    const inBeta = await call({ target: 'beta/wsearch', query: TOKEN, max_results: 1 });
    assert.match(
      inBeta,
      /^Search in beta\/wsearch\/ · \d matches in \d files \(\d files searched\) · showing 1 match in 1 file/,
    );
    const file = await call({ target: 'alpha/wsearch/kept.ts', query: TOKEN });
    assert.match(file, /^2 matches\n1\texport const a/);
  });
});
