// References of a name path declared in more than one file (issue 38: `V4UUID._randomHex` in a
// client and a server): the answer names each declaring file with the call that narrows to it,
// ties each file's uses to the declaration it declares or imports, and marks the rest `~`.
import { strict as assert } from 'node:assert';
import { importedModules, narrowingPath, tiedDeclaration } from '../../../src/core/navigate/declaredTwice';
import { ok } from '../helpers';
import { navWorkspace, refsOf } from './navHelpers';

const uuid = (side: string) => `export class V4UUID {
  static _randomHex(n: number): string {
    return '${side}'.repeat(n);
  }

  make(): string {
    return V4UUID._randomHex(8);
  }
}
`;

const app = `import { V4UUID } from './uuid';

export function id(): string {
  return V4UUID._randomHex(4);
}
`;

const files = {
  'client/uuid.ts': uuid('c'),
  'client/app.ts': app,
  'server/uuid.ts': uuid('s'),
  'server/app.ts': app,
  // Imports a V4UUID from neither file: which declaration it uses is not known.
  'tools/loose.ts': `import { V4UUID } from 'some-uuid';\n\nexport const hex = V4UUID._randomHex(2);\n`,
};

describe('references of a name path declared in more than one file', () => {
  it('names each declaring file with its narrowing call, ties uses by file or import, marks the rest ~', async () => {
    const { lectern } = navWorkspace(files);
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'V4UUID._randomHex' });
    const lines = refsOf(r.meta).map((u) => `${u.path}:${u.line}${u.certain === false ? '~' : ''}`);
    // Nothing hidden: every use is listed; only the untied one is uncertain.
    assert.deepEqual(lines.sort(), [
      'client/app.ts:4',
      'client/uuid.ts:7',
      'server/app.ts:4',
      'server/uuid.ts:7',
      'tools/loose.ts:3~',
    ]);
    assert.deepEqual(r.meta.declared_in, ['client/uuid.ts', 'server/uuid.ts']);
    assert.ok(
      r.text.includes(
        '\nV4UUID._randomHex is declared in 2 files: client/uuid.ts (path "client"), server/uuid.ts (path "server"). ' +
          "A file's uses are tied (→) to the one it imports; ~ marks a use tied to none.\n",
      ),
      r.text,
    );
    assert.match(r.text, /\nclient\/app\.ts → client\/uuid\.ts\n/);
    assert.match(r.text, /\nserver\/app\.ts → server\/uuid\.ts\n/);
    assert.match(r.text, /\n {2}~3 · hex · /);
  });

  it('the narrowing call answers for one declaration, without the header', async () => {
    const { lectern } = navWorkspace(files);
    const r = await ok(lectern, 'lectern_read', { mode: 'references', target: 'V4UUID._randomHex', path: 'client' });
    const lines = refsOf(r.meta).map((u) => `${u.path}:${u.line}${u.certain === false ? '~' : ''}`);
    assert.deepEqual(lines, ['client/app.ts:4', 'client/uuid.ts:7']);
    assert.equal(r.meta.declared_in, undefined);
    assert.doesNotMatch(r.text, /declared in/);
  });

  it('reads the modules a file imports, and ties a file to the one declaration they name', () => {
    assert.deepEqual(
      importedModules(
        `import { A } from './a';\nconst b = require("../b");\nfrom .pkg.mod import C\nimport os, app.util\n`,
      ),
      ['./a', '../b', '.pkg.mod', 'os', 'app.util'],
    );
    const declaring = ['src/client/uuid.ts', 'src/server/uuid/index.ts', 'py/app/util.py'];
    assert.equal(tiedDeclaration('src/client/x.ts', ['./uuid'], declaring), 'src/client/uuid.ts');
    assert.equal(tiedDeclaration('src/client/x.ts', ['../server/uuid'], declaring), 'src/server/uuid/index.ts');
    assert.equal(tiedDeclaration('src/other.ts', ['@/client/uuid'], declaring), 'src/client/uuid.ts');
    assert.equal(tiedDeclaration('py/app/main.py', ['.util'], declaring), 'py/app/util.py');
    assert.equal(tiedDeclaration('py/main.py', ['app.util'], declaring), 'py/app/util.py');
    const goDeclaring = ['client/limit.go', 'server/limit.go'];
    const goImports = importedModules(`package app\n\nimport (\n\t"fmt"\n\tsrv "example.com/app/server"\n)\n`);
    assert.deepEqual(goImports, ['fmt', 'example.com/app/server']);
    assert.equal(tiedDeclaration('cmd/main.go', goImports, goDeclaring), 'server/limit.go');
    assert.equal(tiedDeclaration('client/handler.go', [], goDeclaring), 'client/limit.go');
    // Both named, or neither: not tied.
    assert.equal(tiedDeclaration('src/x.ts', ['./client/uuid', './server/uuid'], declaring), undefined);
    assert.equal(tiedDeclaration('src/x.ts', ['lodash'], declaring), undefined);
    assert.equal(
      tiedDeclaration('src/server/uuid/index.ts', ['../../client/uuid'], declaring),
      'src/server/uuid/index.ts',
    );
  });

  it('narrows to the deepest folder holding one declaration, or to the file when they share a folder', () => {
    assert.equal(narrowingPath('src/client/uuid.ts', ['src/client/uuid.ts', 'src/server/uuid.ts']), 'src/client');
    assert.equal(narrowingPath('a/x.ts', ['a/x.ts', 'a/y.ts']), 'a/x.ts');
    assert.equal(narrowingPath('a/x.ts', ['a/x.ts', 'a/sub/y.ts']), 'a/x.ts');
  });
});
