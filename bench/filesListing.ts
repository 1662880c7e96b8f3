// What listing and finding files costs a model: o200k tokens of `ls -R`, `find . -name`, `tree`
// (its default output, made here: the machine may have no tree) against lectern_read mode "files"
// for the same need, on the economy corpus's cached repositories (bench/economy/corpus.ts; run
// `npm run bench:economy` once to fetch them) and this repository. Ratios: Lectern / shell.
//   npx tsx bench/filesListing.ts
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { createLectern } from './economy/lectern';
import { REPOS, ensureSource } from './economy/corpus';

/** `tree`'s default output (names sorted, ├── / └── / │, the closing count), without hidden entries. */
function treeOutput(root: string): string {
  const lines = ['.'];
  let dirs = 0;
  let files = 0;
  const walk = (dir: string, prefix: string) => {
    const entries = readdirSync(dir, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name));
    entries.forEach((entry, i) => {
      const last = i === entries.length - 1;
      lines.push(`${prefix}${last ? '└── ' : '├── '}${entry.name}`);
      if (entry.isDirectory()) {
        dirs++;
        walk(join(dir, entry.name), prefix + (last ? '    ' : '│   '));
      } else files++;
    });
  };
  walk(root, '');
  return `${lines.join('\n')}\n\n${dirs} directories, ${files} files\n`;
}

const sh = (root: string, command: string, args: string[]) =>
  execFileSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });

/** A name part that names a few files of the repository: the stem of its most common file name word. */
function namePart(root: string): string {
  const names = sh(root, 'find', ['.', '-type', 'f', '-not', '-path', '*/.git/*']).split('\n');
  const counts = new Map<string, number>();
  for (const path of names) {
    const stem = path
      .slice(path.lastIndexOf('/') + 1)
      .split('.')[0]!
      .toLowerCase();
    if (stem.length >= 4) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  return [...counts].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? 'util';
}

async function measure(name: string, root: string): Promise<void> {
  const lectern = createLectern(root, { sessionGuard: false });
  const lecternTokens = async (input: Record<string, unknown>) =>
    countTokens((await lectern.invoke('lectern_read', { mode: 'files', ...input })).text);
  const lsR = countTokens(sh(root, 'ls', ['-R']));
  const tree = countTokens(treeOutput(root));
  const listing = await lecternTokens({});
  const part = namePart(root);
  const find = countTokens(sh(root, 'find', ['.', '-iname', `*${part}*`]));
  const found = await lecternTokens({ target: part });
  const ratio = (a: number, b: number) => `×${(a / b).toFixed(2)}`;
  console.log(
    `| ${name} | ${lsR} | ${tree} | ${listing} | ${ratio(listing, lsR)} | ${ratio(listing, tree)} | \`${part}\` | ${find} | ${found} | ${ratio(found, find)} |`,
  );
}

async function main(): Promise<void> {
  console.log(
    '| repository | ls -R | tree | files (tree) | vs ls -R | vs tree | name part | find -iname | files (name) | vs find |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const repo of REPOS) {
    let root: string;
    try {
      root = ensureSource(repo.name, repo.source, repo.sub);
    } catch {
      continue; // not cached and not fetchable here
    }
    if (existsSync(root)) await measure(repo.name, root);
  }
  await measure('lectern (this repository, src/)', join(process.cwd(), 'src'));
}

void main();
