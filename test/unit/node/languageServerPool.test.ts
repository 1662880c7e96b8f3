// The Node host's language servers when they misbehave or are not wanted: a server that never
// answers leaves the call to tree-sitter within the bound, saying so and naming the call that asks
// again, and is killed when the host ends; `off` never starts a process; a program inside the
// workspace is never started.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import { REFERENCE_LIMITS } from '../../../src/core/navigate/referenceScan';
import { createNodeHost, rootsOf } from '../../../src/node/nodeHost';
import { ownFile, onPath, safePath, type ServerSpec } from '../../../src/node/languageServers/serverSpecs';
import { ok, tempDir, write } from '../helpers';
import { eventually } from '../../shared/eventually';

const LIB_TS = 'export function greet(): string {\n  return "hi";\n}\n';
const MAIN_TS = "import { greet } from './lib';\nexport const a = greet();\n";

/** A "server" that writes its process id to `pidFile`, reads its input and never answers (a hung one). */
function silentServer(launched: number[], pidFile: string): ServerSpec {
  const script = "require('fs').writeFileSync(process.argv[1], String(process.pid)); process.stdin.resume();";
  return {
    engine: 'silent-server',
    languageIds: { '.ts': 'typescript' },
    launch: () => {
      launched.push(Date.now());
      return { command: process.execPath, args: ['-e', script, pidFile] };
    },
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('language servers in the Node host: hung, off, never from the workspace', function () {
  this.timeout(30_000);

  it('a server that never answers: tree-sitter answers within the bound, says so and names the call again; dispose kills it', async () => {
    const root = tempDir('lectern-lsp-hung-');
    write(root, 'lib.ts', LIB_TS);
    write(root, 'main.ts', MAIN_TS);
    const launched: number[] = [];
    const pidFile = path.join(tempDir('lectern-lsp-pid-'), 'pid');
    let mode: 'auto' | 'off' = 'off';
    const host = createNodeHost(() => rootsOf([root]), {
      languageServers: () => mode,
      serverSpecs: [silentServer(launched, pidFile)],
    });
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    const saved = REFERENCE_LIMITS.languageServerMs;
    REFERENCE_LIMITS.languageServerMs = 500;
    try {
      // Warm (grammars loaded, the index built), so the time below is the wait for the server.
      const warm = await ok(lectern, 'lectern_read', { mode: 'references', target: 'greet' });
      mode = 'auto';
      const started = Date.now();
      const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'greet' });
      const took = Date.now() - started;
      assert.equal(r.meta.answered_by, 'tree-sitter');
      assert.match(r.text, /main\.ts\n {2}1 · \(module\) · import \{ greet \} from '\.\/lib';/);
      assert.match(
        r.text,
        /The language server did not answer within 0\.5 s: tree-sitter answered\. A server still starting answers a later call: lectern_read \{"mode":"references","target":"greet"\}/,
      );
      assert.ok(took < 3_000, `answered in ${took} ms`);
      assert.equal(r.text.split('\n[')[0], warm.text, 'the answer is the one without a server');
      const again = await ok(lectern, 'lectern_read', { mode: 'references', target: 'greet' });
      assert.equal(again.meta.answered_by, 'tree-sitter');
      assert.equal(launched.length, 1, 'the server still starting is not started twice');
      const pid = await eventually(() => fs.existsSync(pidFile) && Number(fs.readFileSync(pidFile, 'utf8')), {
        what: 'the silent server to start',
      });
      assert.ok(alive(pid));
      await host.dispose();
      await eventually(() => !alive(pid), { what: `the silent server (pid ${pid}) to be killed by dispose` });
    } finally {
      REFERENCE_LIMITS.languageServerMs = saved;
      await lectern.dispose();
      await host.dispose();
    }
  });

  it('off never starts a process; auto starts one', async () => {
    const root = tempDir('lectern-lsp-off-');
    write(root, 'lib.ts', LIB_TS);
    write(root, 'main.ts', MAIN_TS);
    let mode: 'auto' | 'off' = 'off';
    const launched: number[] = [];
    const host = createNodeHost(() => rootsOf([root]), {
      languageServers: () => mode,
      serverSpecs: [silentServer(launched, path.join(tempDir('lectern-lsp-pid-'), 'pid'))],
    });
    const lectern = new Lectern(host, () => ({ sessionGuard: false }));
    const saved = REFERENCE_LIMITS.languageServerMs;
    REFERENCE_LIMITS.languageServerMs = 200;
    try {
      const off = await ok(lectern, 'lectern_read', { mode: 'references', target: 'greet' });
      assert.equal(off.meta.answered_by, 'tree-sitter');
      assert.doesNotMatch(off.text, /language server/, 'no server was asked, so none was late');
      assert.equal(launched.length, 0);
      mode = 'auto';
      await ok(lectern, 'lectern_read', { mode: 'references', target: 'greet' });
      assert.equal(launched.length, 1);
    } finally {
      REFERENCE_LIMITS.languageServerMs = saved;
      await lectern.dispose();
      await host.dispose();
    }
  });

  it('a program or a TypeScript inside the workspace is never started, one outside it is', () => {
    const root = tempDir('lectern-lsp-own-');
    const program = write(root, 'bin/typescript-language-server', '#!/bin/sh\n');
    fs.chmodSync(program, 0o755);
    const elsewhere = tempDir('lectern-lsp-path-');
    const outside = write(elsewhere, 'typescript-language-server', '#!/bin/sh\n');
    fs.chmodSync(outside, 0o755);
    write(root, 'node_modules/typescript/lib/tsserver.js', '');
    write(root, 'node_modules/typescript/package.json', '{"name":"typescript"}');
    const inWorkspace = { ownDirs: [root], forbidden: [root] };
    const PATH = [path.join(root, 'bin'), 'bin', '.', elsewhere].join(path.delimiter);
    assert.equal(
      onPath(
        { ...inWorkspace, pathVariable: [path.join(root, 'bin'), 'bin', '.'].join(path.delimiter) },
        'typescript-language-server',
      ),
      undefined,
    );
    assert.equal(onPath({ ...inWorkspace, pathVariable: PATH }, 'typescript-language-server'), outside);
    assert.equal(ownFile({ ...inWorkspace, pathVariable: '' }, 'typescript/lib/tsserver.js'), undefined);
    assert.equal(
      safePath({ ...inWorkspace, pathVariable: PATH }),
      elsewhere,
      "what servers run finds the user's programs only",
    );
    // Lectern's own TypeScript (this repository's) is found from its own folder.
    const own = ownFile({ ownDirs: [__dirname], forbidden: [root], pathVariable: '' }, 'typescript/lib/tsserver.js');
    assert.ok(own && !own.startsWith(root));
  });
});
