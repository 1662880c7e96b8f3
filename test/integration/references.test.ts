// Mode "references" in the real host: VS Code's built-in TypeScript server answers through
// vscode.executeReferenceProvider (exact where tree-sitter can only mark receivers uncertain), and
// where no server exists for the language (Python here: code-server ships its grammar only),
// tree-sitter answers. Both say which answered.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { folder, resultText, writeFile } from './helpers';
import { eventually } from '../shared/eventually';
import { RACE_TS, RUNNERS_TS } from '../shared/runners';

async function call(input: object): Promise<string> {
  return resultText(await vscode.lm.invokeTool('lectern_read', { input, toolInvocationToken: undefined }));
}

const TALLY_PY = `class Tally:
    def add(self, n):
        return n


def count(rows):
    t = Tally()
    for r in rows:
        t.add(r)
    return t
`;

/** Until the TypeScript server names race.ts from Sprinter.run's declaration (its project loaded), at most `ms`. */
async function serverReady(runners: string, ms: number): Promise<void> {
  await vscode.workspace.openTextDocument(runners);
  await eventually(
    async () => {
      const found = await vscode.commands.executeCommand<vscode.Location[] | undefined>(
        'vscode.executeReferenceProvider',
        vscode.Uri.file(runners),
        new vscode.Position(1, 2),
      );
      return found?.some((location) => location.uri.fsPath.endsWith('race.ts'));
    },
    { timeoutMs: ms, intervalMs: 500, what: 'the TypeScript server to name race.ts' },
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The same call, alternately with lectern.languageServerReferences on and off, `rounds` times each:
 * which answered each call, the first line of each answer, and the median time of each source.
 */
async function alternate(target: string, rounds: number) {
  const config = vscode.workspace.getConfiguration('lectern');
  const times: Record<'server' | 'treeSitter', number[]> = { server: [], treeSitter: [] };
  const headers: Record<'server' | 'treeSitter', Set<string>> = { server: new Set(), treeSitter: new Set() };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const server of [true, false]) {
        await config.update('languageServerReferences', server, vscode.ConfigurationTarget.Global);
        const started = performance.now();
        // Every other round scoped to alpha: a call repeated word for word may be answered from the session.
        const text = await call({ mode: 'references', target, ...(round % 2 ? {} : { path: 'alpha' }) });
        const elapsed = performance.now() - started;
        assert.match(text, server ? /\(language server\)/ : /\(tree-sitter\)/, text.slice(0, 400));
        times[server ? 'server' : 'treeSitter'].push(elapsed);
        // What the header counts, from its first " · " on: the same whether scoped to alpha or not.
        headers[server ? 'server' : 'treeSitter'].add(text.split('\n')[0]!.replace(/^.*? · /, ''));
      }
    }
  } finally {
    await config.update('languageServerReferences', undefined, vscode.ConfigurationTarget.Global);
  }
  const [server, treeSitter] = [median(times.server), median(times.treeSitter)];
  console.log(
    `[lectern-timing] references ${target}, median of ${rounds}: language server ${server.toFixed(1)} ms, tree-sitter ${treeSitter.toFixed(1)} ms, ratio ${(server / treeSitter).toFixed(2)}\n${[...headers.server, ...headers.treeSitter].join('\n')}`,
  );
  return { server: [...headers.server], treeSitter: [...headers.treeSitter] };
}

describe('references: the language server where one answers, tree-sitter elsewhere', () => {
  let runners: string;

  before(async function () {
    this.timeout(150_000);
    const dir = path.join(folder('alpha'), 'lsp');
    writeFile(path.join(dir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true }, "include": ["**/*.ts"] }\n');
    runners = writeFile(path.join(dir, 'runners.ts'), RUNNERS_TS);
    writeFile(path.join(dir, 'race.ts'), RACE_TS);
    writeFile(
      path.join(dir, 'more.ts'),
      "import { Walker } from './runners';\n\nexport const walked = new Walker().run();\n",
    );
    // In the server's project, but vendored: the tree-sitter scan skips vendor/, so the answer must too.
    writeFile(
      path.join(dir, 'vendor', 'lib.ts'),
      "import { Sprinter } from '../runners';\n\nexport const vendored = new Sprinter().run();\n",
    );
    writeFile(path.join(folder('beta'), 'lsp', 'tally.py'), TALLY_PY);
    await serverReady(runners, 120_000);
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('lectern')
      .update('languageServerReferences', undefined, vscode.ConfigurationTarget.Global);
  });

  it("TypeScript: the server lists exactly Sprinter's uses, and says it answered", async () => {
    const text = await call({ mode: 'references', target: 'Sprinter.run' });
    const [header, ...lines] = text.split('\n');
    assert.match(header!, /^references Sprinter\.run · 2 uses in 1 file \(language server\)/, text);
    assert.deepEqual(lines.slice(0, 3), [
      'alpha/lsp/race.ts',
      '  4 · race · return a.run() + b.run();',
      '  8 · relay · return team.map((runner) => runner.run()).length;',
    ]);
    assert.doesNotMatch(text, /more\.ts|vendor|~/, "Walker's use, the vendored file and uncertain marks stay out");
  });

  it('the same call answered by tree-sitter (setting off) marks what it cannot tie to Sprinter', async () => {
    const config = vscode.workspace.getConfiguration('lectern');
    await config.update('languageServerReferences', false, vscode.ConfigurationTarget.Global);
    try {
      const text = await call({ mode: 'references', target: 'Sprinter.run' });
      assert.match(text, /^references Sprinter\.run · .*\(tree-sitter\)/, text);
      assert.match(text, /alpha\/lsp\/more\.ts/, "tree-sitter cannot tell Walker's receiver from Sprinter's");
    } finally {
      await config.update('languageServerReferences', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Python (no language server in this host): tree-sitter answers and says so', async () => {
    const text = await call({ mode: 'references', target: 'Tally' });
    assert.match(text, /^references Tally · 1 use in 1 file \(tree-sitter\)/, text);
    assert.match(text, /\n {2}7 · count · t = Tally\(\)/);
    assert.doesNotMatch(text, /language server/);
  });

  it('the setting switches the source on every call, each source answering alike each time (LECTERN_TIMING=1: more rounds, timed)', async function () {
    this.timeout(120_000);
    const answered = await alternate('Sprinter.run', process.env.LECTERN_TIMING === '1' ? 5 : 2);
    // Scoped to alpha or not, each source gives one answer: the server 2 certain uses, tree-sitter more.
    assert.equal(answered.server.length, 1, answered.server.join('\n'));
    assert.equal(answered.treeSitter.length, 1, answered.treeSitter.join('\n'));
    assert.match(answered.server[0]!, /^2 uses in 1 file \(language server\)/);
    assert.doesNotMatch(answered.treeSitter[0]!, /^2 uses in 1 file/);
  });

  it('timing on real code (LECTERN_TIMING_SOURCE: a TypeScript folder, LECTERN_TIMING_TARGET: a symbol in it)', async function () {
    const source = process.env.LECTERN_TIMING_SOURCE;
    const target = process.env.LECTERN_TIMING_TARGET;
    if (!source || !target) this.skip();
    this.timeout(600_000);
    const dir = path.join(folder('alpha'), 'timing');
    fs.cpSync(source, path.join(dir, 'src'), { recursive: true });
    writeFile(
      path.join(dir, 'tsconfig.json'),
      '{ "compilerOptions": { "strict": true }, "include": ["src/**/*.ts"] }\n',
    );
    try {
      // Until the server has loaded the project: its first answers may come after the 5 s tree-sitter waits.
      await eventually(async () => /\(language server\)/.test(await call({ mode: 'references', target })), {
        timeoutMs: 300_000,
        what: 'the TypeScript server to answer',
      });
      await alternate(target, 3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
