// `references` from real language servers outside VS Code: the MCP server (the official SDK client)
// over TypeScript through typescript-language-server, and `lectern session` over Python through
// pyright, in cases tree-sitter alone gets wrong (a renamed import's uses; a method called on a
// subclass's instance, and a same-named method of another class). A server starts on the first
// call and answers a later one: each test asks again, as the first answer's note says, until the
// server answers (cold starts take seconds, more on a loaded machine).
import { strict as assert } from 'node:assert';
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { tempDir, write } from '../helpers';
import { lecternCommand, stdio } from '../mcp/helpers';
import { eventually } from '../../shared/eventually';

const LIB_TS = 'export function greet(name: string): string {\n  return `hi ${name}`;\n}\n';
const MAIN_TS =
  "import { greet as hello } from './lib';\n\nexport function run(): string {\n  return hello('a') + hello('b');\n}\n";

const BASE_PY =
  'class Base:\n    def run(self):\n        return 1\n\n\nclass Child(Base):\n    pass\n\n\nclass Other:\n    def run(self):\n        return 2\n';
const USE_PY =
  'from base import Child, Other\n\n\ndef go():\n    c = Child()\n    o = Other()\n    return c.run() + o.run()\n';

const COLD_START_MS = 90_000;

/** A first answer is the server's, or tree-sitter's saying the server is late and naming the call to make again. */
function firstAnswerIsHonest(text: string, engine: string, call: string): void {
  if (text.includes(`(${engine})`)) return;
  assert.match(text, /\(tree-sitter\)/);
  assert.match(text, /A server still (starting|analysing the workspace) answers a later call/);
  assert.ok(text.includes(`answers a later call: ${call}`), text);
}

describe('references from real language servers (MCP, CLI session)', function () {
  this.timeout(COLD_START_MS + 30_000);

  it('MCP: typescript-language-server lists the uses through a renamed import', async () => {
    const root = tempDir('lectern-lsp-ts-');
    write(root, 'tsconfig.json', '{ "compilerOptions": { "strict": true } }\n');
    write(root, 'src/lib.ts', LIB_TS);
    write(root, 'src/main.ts', MAIN_TS);
    // Guard off: asking again while the server starts repeats the same call (the session would call it a loop).
    const server = await stdio(['--root', root, '--session-guard', 'off']);
    try {
      const ask = async () => {
        const result = await server.client.callTool({
          name: 'lectern_read',
          arguments: { mode: 'references', target: 'greet' },
        });
        return (result.content as { type: string; text: string }[])[0]!.text;
      };
      const first = await ask();
      firstAnswerIsHonest(first, 'typescript-language-server', 'lectern_read {"mode":"references","target":"greet"}');
      // Tree-sitter alone sees the import line only: the calls of `hello` are greet's too.
      let answer = first;
      await eventually(async () => (answer = await ask()).includes('(typescript-language-server)'), {
        what: 'typescript-language-server to answer',
        timeoutMs: COLD_START_MS,
        intervalMs: 0,
        seen: () => answer,
      });
      assert.match(answer, /^references greet · 4 uses on 2 lines in 1 file \(typescript-language-server\)/);
      assert.match(answer, /\n {2}1 · \(module\) · import \{ greet as hello \} from '\.\/lib';/);
      assert.match(answer, /\n {2}4 · run · return hello\('a'\) \+ hello\('b'\);/);
    } finally {
      await server.close();
    }
  });

  it("CLI session: pyright lists the call on a subclass instance, and not another class's same-named method", async () => {
    const root = tempDir('lectern-lsp-py-');
    write(root, 'base.py', BASE_PY);
    write(root, 'use.py', USE_PY);
    const { command, args } = lecternCommand('session', '--root', root, '--session-guard', 'off');
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const answers = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const ask = async () => {
      child.stdin.write(
        JSON.stringify({ tool: 'lectern_read', input: { mode: 'references', target: 'Base.run' } }) + '\n',
      );
      const line = await answers.next();
      return (JSON.parse(line.value as string) as { text: string }).text;
    };
    try {
      const first = await ask();
      firstAnswerIsHonest(first, 'pyright', 'lectern_read {"mode":"references","target":"Base.run"}');
      let answer = first;
      await eventually(async () => (answer = await ask()).includes('(pyright)'), {
        what: 'pyright to answer',
        timeoutMs: COLD_START_MS,
        intervalMs: 0,
        seen: () => answer,
      });
      // Tree-sitter marks c.run() uncertain (~) and cannot tell o.run() from it; pyright knows c is a Child.
      assert.match(answer, /^references Base\.run · 1 use in 1 file \(pyright\)/);
      assert.match(answer, /\nuse\.py\n {2}7 · go · return c\.run\(\) \+ o\.run\(\)$/);
      assert.doesNotMatch(answer, /~/);
      // Off: tree-sitter's answer counts o.run() too, and is unsure of the line (it cannot tell c's type).
      const off = spawnSync(command, [...lecternCommand('session', '--root', root, '--language-servers', 'off').args], {
        input: JSON.stringify({ tool: 'lectern_read', input: { mode: 'references', target: 'Base.run' } }) + '\n',
        encoding: 'utf8',
      });
      assert.match(
        JSON.parse(off.stdout).text,
        /^references Base\.run · 2 uses on 1 line in 1 file \(tree-sitter\)[^]*\n {2}~7 · go · return c\.run\(\) \+ o\.run\(\) \(×2\)$/,
      );
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once('close', resolve));
    }
  });
});
