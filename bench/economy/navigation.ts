// Needs E and F (issue 22), on the same real code as the other needs:
//   E "who uses X, and from where?": mode references against bare `grep -rnw` (lists no callers) and
//     against `grep -rnw` + reading the enclosing function of each hit (the peers' way to learn the
//     caller). Complete means every use the language's parser sees: each identifier leaf of that
//     name in the tree-sitter tree of every source file (web-tree-sitter, the grammars' own), not in
//     a comment or string, except on the lines that declare the name (the independent span parser).
//   F "orient me in this repository": mode map at its default budget against a recursive listing plus
//     the first 40 lines of the 5 largest source files. Scored by recall@k of the most-used
//     declarations, ranked independently of the map: by how many other library source files (tests
//     left out, as the map puts them last) mention the name, leaving out common names (declared in more than 2 files, one lowercase word like `error`
//     or `values`, dunder names, `constructor`, `main`, `new`).
import type { TokenCounter } from '../../src/core/ground/tokens';
import languages from '../../src/core/ground/languages.json';
import { createLectern } from './lectern';
import { isLibraryFile, pick, rng, wordUses } from './needs';
import { claudeRead, grepList, type FileText } from './peers';
import type { Span } from './spans';

export interface NavigationRepo {
  name: string;
  root: string;
  language: string;
  files: Map<string, string[]>;
  spans: Span[];
}

export interface UsesResult {
  repo: string;
  name: string;
  truth: number;
  lecternTokens: number;
  lecternCalls: number;
  /** Share of the parser's uses (file:line) the references answers listed. */
  recall: number;
  grepTokens: number;
  grepReadTokens: number;
  grepReadCalls: number;
  /** The parser's uses no references answer listed (file:line). */
  missed: string[];
}

export interface OrientResult {
  repo: string;
  files: number;
  mapTokens: number;
  peerTokens: number;
  peerCalls: number;
  /** Recall@k of the most-used declarations, map and peer. */
  recall: Record<string, { map: number; peer: number }>;
}

const K = [5, 10, 20];
const COMMON = new Set(['constructor', 'main', 'new', 'init', 'default']);

type TreeParser = import('web-tree-sitter').Parser;
type TsNode = import('web-tree-sitter').Node;

async function parserFor(extension: string): Promise<TreeParser> {
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const grammar = languages.grammars.find((g) => extension.slice(1) in g.files)!;
  const parser = new Parser();
  parser.setLanguage(await Language.load(require.resolve(`${grammar.package}/${grammar.wasm}`)));
  return parser;
}

const NOT_CODE = /comment|string|char_literal|regex/;

/** The name its parent declares (a function's, a variable's): not a use. */
function declares(node: TsNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  return ['name', 'declarator'].some((field) => parent.childForFieldName(field)?.id === node.id);
}

/** file:line of every identifier leaf named `name` outside comments and strings. */
function parserUses(parser: TreeParser, repo: NavigationRepo, name: string): Set<string> {
  const out = new Set<string>();
  const declared = new Set(repo.spans.filter((s) => s.name === name).map((s) => `${s.file}:${s.start}`));
  for (const [file, lines] of repo.files) {
    const text = lines.join('\n');
    if (!new RegExp(`\\b${name}\\b`).test(text)) continue;
    const tree = parser.parse(text)!;
    const visit = (node: TsNode, inText: boolean) => {
      const textual = inText || NOT_CODE.test(node.type);
      if (node.childCount === 0 && /identifier$/.test(node.type) && node.text === name && !textual && !declares(node)) {
        const at = `${file}:${node.startPosition.row + 1}`;
        if (!declared.has(at)) out.add(at);
      }
      for (const child of node.namedChildren) if (child) visit(child, textual);
    };
    visit(tree.rootNode, false);
    tree.delete();
  }
  return out;
}

function fileText(repo: NavigationRepo, file: string): FileText {
  return { rel: file, lines: repo.files.get(file)!, language: repo.language };
}

/** The innermost span holding `line` (the function a hit sits in). */
function enclosingSpan(spans: Span[], file: string, line: number): Span | undefined {
  let best: Span | undefined;
  for (const s of spans)
    if (s.file === file && s.start <= line && line <= s.end && (!best || s.end - s.start < best.end - best.start))
      best = s;
  return best;
}

export async function runUses(
  repo: NavigationRepo,
  count: TokenCounter,
  n: number,
  seed: number,
): Promise<UsesResult[]> {
  const extension = [...repo.files.keys()][0]!.replace(/^.*(\.[a-z]+)$/, '$1');
  const parser = await parserFor(extension);
  // Functions and methods whose name is used 2–40 times beyond its declarations.
  const names = [
    ...new Set(repo.spans.filter((s) => s.name.length >= 5 && isLibraryFile(s.file)).map((s) => s.name)),
  ].sort();
  const candidates = names.filter((name) => {
    const declared = repo.spans.filter((s) => s.name === name).length;
    const uses = wordUses(repo.files, name).length - declared;
    return uses >= 2 && uses <= 40;
  });
  const engine = createLectern(repo.root);
  const out: UsesResult[] = [];
  for (const name of pick(rng(seed), candidates, n)) {
    const truth = parserUses(parser, repo, name);
    // Lectern: the references answer, and its pages.
    let input: Record<string, unknown> | null = { mode: 'references', target: name };
    let tokens = 0;
    let calls = 0;
    const listed = new Set<string>();
    while (input && calls < 20) {
      const response = await engine.invoke('lectern_read', input, { sessionId: `E:${repo.name}:${name}` });
      tokens += count(response.text);
      calls++;
      const uses = response.meta.references;
      if (Array.isArray(uses))
        for (const use of uses as { path: string; line: number }[]) listed.add(`${use.path}:${use.line}`);
      input = (response.meta.next as Record<string, unknown> | null) ?? null;
    }
    const hits = wordUses(repo.files, name).map((u) => ({ file: fileText(repo, u.file), line: u.line }));
    const grep = grepList(hits)[0]!.text;
    // The caller of each hit: its enclosing function read once (Claude Code Read at its lines).
    const bodies = new Map<string, Span>();
    for (const hit of hits) {
      const span = enclosingSpan(repo.spans, hit.file.rel, hit.line);
      if (span && !(span.name === name && span.start === hit.line)) bodies.set(`${span.file}:${span.start}`, span);
    }
    const reads = [...bodies.values()].map(
      (s) => claudeRead(fileText(repo, s.file), s.start, s.end - s.start + 1).text,
    );
    out.push({
      repo: repo.name,
      name,
      truth: truth.size,
      lecternTokens: tokens,
      lecternCalls: calls,
      recall: truth.size === 0 ? 1 : [...truth].filter((at) => listed.has(at)).length / truth.size,
      grepTokens: count(grep),
      grepReadTokens: count(grep) + reads.reduce((sum, text) => sum + count(text), 0),
      grepReadCalls: 1 + reads.length,
      missed: [...truth].filter((at) => !listed.has(at)),
    });
  }
  return out;
}

/** The repository's most-used declarations, most used first (ranked apart from the map). */
function mostUsed(repo: NavigationRepo): string[] {
  const declaredIn = new Map<string, Set<string>>();
  for (const s of repo.spans) declaredIn.set(s.name, (declaredIn.get(s.name) ?? new Set()).add(s.file));
  const scored: Array<{ name: string; files: number }> = [];
  for (const [name, files] of declaredIn) {
    if (name.length < 4 || files.size > 2 || COMMON.has(name) || /^__.*__$/.test(name) || /^[a-z]+$/.test(name))
      continue;
    const users = new Set(
      wordUses(repo.files, name)
        .map((u) => u.file)
        .filter(isLibraryFile),
    );
    for (const file of files) users.delete(file);
    if (users.size > 0) scored.push({ name, files: users.size });
  }
  return scored.sort((a, b) => b.files - a.files || a.name.localeCompare(b.name)).map((s) => s.name);
}

const says = (text: string, name: string) =>
  new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(text);

export async function runOrient(repo: NavigationRepo, count: TokenCounter): Promise<OrientResult> {
  const engine = createLectern(repo.root);
  // The symbol index built first (a CLI or MCP server finds it in its persistent cache): the map is whole.
  let map;
  do map = await engine.invoke('lectern_read', { mode: 'map' }, { sessionId: `F:${repo.name}` });
  while (/still being built/.test(map.text));
  const listing = [...repo.files.keys()].map((f) => `./${f}`).join('\n');
  const largest = [...repo.files.keys()]
    .filter(isLibraryFile)
    .sort((a, b) => repo.files.get(b)!.length - repo.files.get(a)!.length || a.localeCompare(b))
    .slice(0, 5);
  const heads = largest.map((f) => claudeRead(fileText(repo, f), 1, 40).text);
  const peer = [listing, ...heads].join('\n');
  const top = mostUsed(repo);
  const recall: OrientResult['recall'] = {};
  for (const k of K) {
    const wanted = top.slice(0, k);
    recall[`@${k}`] = {
      map: wanted.filter((name) => says(map.text, name)).length / Math.max(1, wanted.length),
      peer: wanted.filter((name) => says(peer, name)).length / Math.max(1, wanted.length),
    };
  }
  return {
    repo: repo.name,
    files: repo.files.size,
    mapTokens: count(map.text),
    peerTokens: count(listing) + heads.reduce((sum, text) => sum + count(text), 0),
    peerCalls: 1 + heads.length,
    recall,
  };
}

export interface NavigationResults {
  uses: UsesResult[];
  orient: OrientResult[];
}

export async function runNavigation(
  repos: readonly NavigationRepo[],
  count: TokenCounter,
  perRepo: number,
): Promise<NavigationResults> {
  const uses: UsesResult[] = [];
  const orient: OrientResult[] = [];
  let seed = 101;
  for (const repo of repos) {
    uses.push(...(await runUses(repo, count, perRepo, seed++)));
    orient.push(await runOrient(repo, count));
  }
  return { uses, orient };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? 0 : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function navigationTables({ uses, orient }: NavigationResults): string {
  const ratios = uses.map((u) => u.lecternTokens / u.grepTokens);
  const e = [
    "**E: who uses X, and from where?** (per name: tokens; recall against the parser's uses)",
    '',
    '| repository | name | parser uses | Lectern references | recall | `grep -rnw` | grep + enclosing functions (calls) | Lectern ÷ grep |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...uses.map(
      (u) =>
        `| ${u.repo} | \`${u.name}\` | ${u.truth} | ${fmt(u.lecternTokens)} (${u.lecternCalls}) | ${pct(u.recall)} | ${fmt(u.grepTokens)} | ${fmt(u.grepReadTokens)} (${u.grepReadCalls}) | ${(u.lecternTokens / u.grepTokens).toFixed(2)} |`,
    ),
    '',
    `median Lectern ÷ \`grep -rnw\` **${median(ratios).toFixed(2)}** (goal ≤ 1.3; ${ratios.filter((r) => r <= 1.3).length} of ${ratios.length} names within it); median Lectern ÷ grep + enclosing functions **${median(uses.map((u) => u.lecternTokens / u.grepReadTokens)).toFixed(2)}**; mean recall ${pct(uses.reduce((s, u) => s + u.recall, 0) / Math.max(1, uses.length))} (${uses.filter((u) => u.recall === 1).length} of ${uses.length} names complete)`,
  ];
  const ks = Object.keys(orient[0]?.recall ?? {});
  const f = [
    '**F: orient me in this repository** (map at its default budget vs a listing + the first 40 lines of the 5 largest files)',
    '',
    `| repository | files | map tokens | peer tokens (calls) | map ÷ peer | ${ks.map((k) => `recall${k} map / peer`).join(' | ')} |`,
    `|---|---:|---:|---:|---:|${ks.map(() => '---:').join('|')}|`,
    ...orient.map(
      (o) =>
        `| ${o.repo} | ${o.files} | ${fmt(o.mapTokens)} | ${fmt(o.peerTokens)} (${o.peerCalls}) | ${(o.mapTokens / o.peerTokens).toFixed(2)} | ${ks.map((k) => `${pct(o.recall[k]!.map)} / ${pct(o.recall[k]!.peer)}`).join(' | ')} |`,
    ),
    '',
    `mean ${ks.map((k) => `recall${k} map ${pct(orient.reduce((s, o) => s + o.recall[k]!.map, 0) / Math.max(1, orient.length))} / peer ${pct(orient.reduce((s, o) => s + o.recall[k]!.peer, 0) / Math.max(1, orient.length))}`).join(', ')}; median map ÷ peer tokens ${median(orient.map((o) => o.mapTokens / o.peerTokens)).toFixed(2)}`,
  ];
  return [...e, '', ...f].join('\n');
}
