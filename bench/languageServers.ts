// What a language server costs behind mode "references" outside VS Code (docs/tools.md): the time to
// its first answer from a cold start, a warm answer, and the server's memory (RSS of its processes),
// each against tree-sitter's answer in the same run. A copy of Lectern's own src/ (TypeScript) and a
// generated Python package in temp folders.
//
//   npx tsx bench/languageServers.ts
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Lectern } from '../src/core/engine';
import { createNodeHost, rootsOf } from '../src/node/nodeHost';

const repo = path.join(__dirname, '..');

function typescriptTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-lsp-bench-ts-'));
  fs.cpSync(path.join(repo, 'src'), path.join(root, 'src'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'tsconfig.json'),
    '{ "compilerOptions": { "strict": true, "skipLibCheck": true } }\n',
  );
  return root;
}

function pythonTree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-lsp-bench-py-'));
  fs.writeFileSync(path.join(root, 'base.py'), 'class Base:\n    def run(self):\n        return 1\n');
  for (let i = 0; i < 200; i++)
    fs.writeFileSync(
      path.join(root, `m${i}.py`),
      `from base import Base\n\n\nclass C${i}(Base):\n    pass\n\n\ndef f${i}():\n    return C${i}().run()\n`,
    );
  return root;
}

/** RSS in bytes of `pid` and every process below it. */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  let total = 0;
  const visit = (p: number) => {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'));
      total += rss ? Number(rss[1]) * 1024 : 0;
    } catch {
      // gone
    }
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return total;
}

async function measure(label: string, root: string, target: string): Promise<void> {
  const input = { mode: 'references', target };
  const plainHost = createNodeHost(() => rootsOf([root]), {
    languageServers: () => 'off',
    bundleDir: path.join(repo, 'src', 'node'),
  });
  const plain = new Lectern(plainHost, () => ({ sessionGuard: false }));
  await plain.invoke('lectern_read', input);
  let t = performance.now();
  const syntax = await plain.invoke('lectern_read', input);
  const syntaxMs = performance.now() - t;
  await plain.dispose();
  await plainHost.dispose();

  const host = createNodeHost(() => rootsOf([root]), {
    languageServers: () => 'auto',
    bundleDir: path.join(repo, 'src', 'node'),
  });
  const lectern = new Lectern(host, () => ({ sessionGuard: false }));
  t = performance.now();
  let calls = 0;
  let answer = '';
  while (calls < 30) {
    calls++;
    answer = (await lectern.invoke('lectern_read', input)).text;
    if (!answer.includes('(tree-sitter)')) break;
  }
  const coldMs = performance.now() - t;
  t = performance.now();
  await lectern.invoke('lectern_read', input);
  const warmMs = performance.now() - t;
  const pids = await host.languageServerPids();
  const rss = pids.reduce((sum, pid) => sum + treeRss(pid), 0);
  const lecternRss = process.memoryUsage().rss;
  console.log(
    `${label} ${target}: tree-sitter ${syntaxMs.toFixed(0)} ms (${syntax.text.split('\n')[0]}); ` +
      `server first answer ${(coldMs / 1000).toFixed(1)} s after ${calls} calls (${(coldMs / syntaxMs).toFixed(0)}x), ` +
      `warm ${warmMs.toFixed(0)} ms (${(warmMs / syntaxMs).toFixed(2)}x); server RSS ${(rss / 2 ** 20).toFixed(0)} MiB ` +
      `(${(rss / lecternRss).toFixed(2)}x this process's ${(lecternRss / 2 ** 20).toFixed(0)} MiB) — ${answer.split('\n')[0]}`,
  );
  await lectern.dispose();
  await host.dispose();
  fs.rmSync(root, { recursive: true, force: true });
}

async function main(): Promise<void> {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  await measure('TypeScript (Lectern src/)', typescriptTree(), 'openText');
  await measure('Python (200 modules)', pythonTree(), 'Base.run');
}

void main();
