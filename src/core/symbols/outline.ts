// Builds a file's symbol tree from a language's outline query: spans widened to their wrappers
// (export, decorators), context (doc comments, attributes) found above them, nesting by containment.
import type { Node, Query, QueryMatch, Tree } from 'web-tree-sitter';
import { SYMBOL_KINDS, type LanguageSpec, type OutlineSymbol, type SymbolKind } from '../ground/symbolTypes';

const SIGNATURE_CHARS = 240;

function lastLine(node: Node): number {
  const end = node.endPosition;
  // A node ending at column 0 ends on the previous line (its newline).
  return end.column === 0 && end.row > node.startPosition.row ? end.row : end.row + 1;
}

/** The outermost wrapper (export_statement, decorated_definition, …) directly around `node`. */
function widen(node: Node, spec: LanguageSpec): Node {
  let span = node;
  while (span.parent && spec.wrappers.includes(span.parent.type)) span = span.parent;
  return span;
}

/**
 * Decorators right above a class member are its siblings in the JavaScript/TypeScript grammars
 * (a class's own are its children): they start its span all the same, as Python's do.
 */
function firstDecorator(span: Node): Node {
  let first = span;
  while (first.previousNamedSibling?.type === 'decorator') first = first.previousNamedSibling;
  return first;
}

/** A comment on the line where the code before it ends (`x = 1; // note`, `class A { // note`) describes that code. */
function trailsCode(node: Node, spec: LanguageSpec): boolean {
  let at: Node | null = node;
  while (at && !at.previousSibling) at = at.parent;
  const before = at?.previousSibling;
  return !!before && !spec.preamble.includes(before.type) && before.endPosition.row === node.startPosition.row;
}

/**
 * The named node right before `node`: its previous sibling, or, for the first node of a block that
 * starts with it (a Python block begins at its first statement), the node before that block (the
 * comment between `class A:` and the block's first method).
 */
function previousNamed(node: Node): Node | null {
  let at = node;
  while (!at.previousNamedSibling && at.parent && at.parent.startIndex === at.startIndex) at = at.parent;
  return at.previousNamedSibling;
}

/** First line of the comments/decorators/attributes directly above `span` (no blank line between). */
function contextStart(span: Node, spec: LanguageSpec): number {
  let top = span.startPosition.row;
  let sibling = previousNamed(span);
  while (sibling && spec.preamble.includes(sibling.type) && lastLine(sibling) >= top && !trailsCode(sibling, spec)) {
    // lastLine is 1-based: the sibling ends on the line right above `top` (0-based) or on it.
    top = sibling.startPosition.row;
    sibling = previousNamed(sibling);
  }
  return top + 1;
}

/**
 * A copy that does not share memory with the parsed source: V8 keeps a whole file's text alive for
 * as long as any slice of it lives, and the symbol index keeps names of thousands of files.
 */
function detach(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

function signatureOf(
  node: Node,
  spec: LanguageSpec,
  text: string,
): { signature: string; bodyStartLine: number | null } {
  let body: Node | null = null;
  for (const field of spec.bodyFields) {
    body = node.childForFieldName(field);
    if (body) break;
  }
  const from = node.startIndex;
  let to = body ? body.startIndex : node.endIndex;
  // A comment between the head and the body (`class << self # builds…`) is not signature.
  for (let i = 1; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && child.type.includes('comment') && child.startIndex < to) {
      to = child.startIndex;
      break;
    }
  }
  let head = text.slice(from, to);
  if (!body) {
    // Without a body: the first line, reaching past lines that hold only annotations (`@Inject`).
    const lines = head.split('\n');
    let last = 0;
    while (last < lines.length - 1 && /^\s*(@[\w.]+(\(.*\))?|#\[.*\]|\[.*\])\s*$/.test(lines[last]!)) last++;
    head = lines.slice(0, last + 1).join(' ');
  }
  head = head
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[{:=\s]+$/, '');
  if (head.length > SIGNATURE_CHARS) head = head.slice(0, SIGNATURE_CHARS) + '…';
  return { signature: detach(head), bodyStartLine: body ? body.startPosition.row + 1 : null };
}

interface Found {
  symbol: OutlineSymbol;
  startIndex: number;
  endIndex: number;
  /** The type a member belongs to when declared outside it (Go receivers, C++ `Tpl<T>::f`). */
  scope?: string;
}

/**
 * Thrown when the time of an outline (or a block's search) is up: a deeply nested tree makes each
 * step up to a parent cost its depth, so a walk of an 80 KB file could take minutes.
 */
export class OutlineOutOfTime extends Error {
  constructor() {
    super('the outline ran out of time');
  }
}

/** Symbols nested deeper than this are not listed (every consumer of an outline walks it recursively). */
export const MAX_NESTING = 64;

/**
 * `cut` counts the symbols left out for nesting deeper than MAX_NESTING. `maxStartDepth` keeps the
 * query from starting matches deeper than that many levels below the root (the root's children are
 * at depth 1), so it visits only the top of a very large tree. `from`: the node whose subtree is
 * outlined (the depth counts from it). `outOfTime`, asked during the query and at every match,
 * stops the walk with OutlineOutOfTime.
 */
export function extractOutline(
  tree: Tree,
  query: Query,
  spec: LanguageSpec,
  text: string,
  stats: { cut: number } = { cut: 0 },
  maxStartDepth?: number,
  from: Node = tree.rootNode,
  outOfTime?: () => boolean,
): OutlineSymbol[] {
  const matches = query.matches(from, {
    ...(maxStartDepth === undefined ? {} : { maxStartDepth }),
    ...(outOfTime ? { progressCallback: () => outOfTime() } : {}),
  });
  if (outOfTime?.()) throw new OutlineOutOfTime(); // the query may have stopped early
  const byKey = candidates(matches);
  markSurelyCut([...byKey.values()]);
  const found: Found[] = [];
  for (const candidate of byKey.values()) {
    if (outOfTime?.()) throw new OutlineOutOfTime();
    found.push(candidate.surelyCut ? placeholder(candidate) : describe(candidate, spec, text));
  }
  for (const f of found) {
    // Declared outside its type (Go receiver, C++ `Tpl<T>::f`): a method of that type, listed where it is written.
    if (f.scope && f.symbol.kind === 'function' && spec.methodParents?.length) f.symbol.kind = 'method';
  }
  return nest(found, spec, stats);
}

/** A symbol the query matched, before it is described. */
interface Candidate {
  node: Node;
  name: Node;
  kind: SymbolKind;
  pattern: number;
  scope?: string;
  /** Nested so deep among the other candidates that it is cut (see markSurelyCut). */
  surelyCut?: boolean;
}

/** The symbols of the query's matches, one per (node, name): the earliest pattern in the query wins. */
function candidates(matches: readonly QueryMatch[]): Map<string, Candidate> {
  const byKey = new Map<string, Candidate>();
  for (const match of matches) {
    const definition = match.captures.find((c) => c.name.startsWith('symbol.'));
    const name = match.captures.find((c) => c.name === 'name');
    const scope = match.captures.find((c) => c.name === 'scope')?.node.text;
    if (!definition || !name) continue;
    const kind = definition.name.slice('symbol.'.length) as SymbolKind;
    if (!SYMBOL_KINDS.includes(kind)) continue;
    const node = definition.node;
    const key = `${node.startIndex}:${node.endIndex}:${name.node.text}`;
    const earlier = byKey.get(key);
    if (earlier && earlier.pattern <= match.patternIndex) continue;
    byKey.set(key, { node, name: name.node, kind, pattern: match.patternIndex, ...(scope ? { scope } : {}) });
  }
  return byKey;
}

/**
 * Candidates this many levels inside others are cut by nest() whatever their wrappers and decorators
 * (which widen a span only within its parent's), with room to spare.
 */
const SURELY_CUT_DEPTH = MAX_NESTING + 8;

/**
 * Marks the candidates nested SURELY_CUT_DEPTH deep or more, by their nodes' spans. Describing a
 * symbol steps to parents and siblings, and each step costs the node's depth in the tree: described
 * all, 3,000 nested Ruby modules took 17 s, 8,000 minutes; marked, they are counted, not described.
 */
function markSurelyCut(list: Candidate[]): void {
  const order = [...list].sort((a, b) => a.node.startIndex - b.node.startIndex || b.node.endIndex - a.node.endIndex);
  const stack: Candidate[] = [];
  for (const candidate of order) {
    const { startIndex, endIndex } = candidate.node;
    while (stack.length > 0 && stack[stack.length - 1]!.node.endIndex <= startIndex) stack.pop();
    if (stack.length >= SURELY_CUT_DEPTH) candidate.surelyCut = true;
    const top = stack[stack.length - 1]?.node;
    if (top?.startIndex !== startIndex || top.endIndex !== endIndex) stack.push(candidate);
  }
}

/** A cut symbol: only its span counts (nest() counts it and what it holds as cut). */
function placeholder({ node, kind }: Candidate): Found {
  const symbol = { name: '', kind, startLine: 0, endLine: 0, contextStartLine: 0, signature: '', children: [] };
  return { symbol: { ...symbol, bodyStartLine: null }, startIndex: node.startIndex, endIndex: node.endIndex };
}

/** A symbol with its span (widened to wrappers and decorators), context, signature and docstring. */
function describe({ node, name, kind, scope }: Candidate, spec: LanguageSpec, text: string): Found {
  let span = widen(node, spec);
  const first = firstDecorator(span);
  const openEnd =
    spec.openScopes?.includes(node.type) && !node.childForFieldName('body') ? openScopeEnd(node) : undefined;
  if (openEnd) span = openEnd;
  const { signature, bodyStartLine } = signatureOf(node, spec, text);
  const declaration =
    bodyStartLine === null && (kind === 'function' || kind === 'method') && !!spec.declarations?.includes(node.type);
  const docEndLine = docstringEnd(node, spec);
  return {
    symbol: {
      // Quotes of string names; the colon of Ruby symbols (`attr_reader :amount`).
      name: detach(
        (spec.nameOf ? spec.nameOf(name.text) : name.text).replace(/^['"`]|['"`]$/g, '').replace(/^:(?=\w)/, ''),
      ),
      kind,
      startLine: first.startPosition.row + 1,
      endLine: lastLine(span),
      contextStartLine: contextStart(first, spec),
      signature,
      bodyStartLine,
      children: [],
      ...(scope ? { scope: detach(scope) } : {}),
      ...(declaration ? { declaration } : {}),
      ...(docEndLine ? { docEndLine } : {}),
    },
    startIndex: first.startIndex,
    endIndex: span.endIndex,
    ...(scope ? { scope } : {}),
  };
}

/** Last line of a docstring that opens the body (a string expression as its first statement), if any. */
function docstringEnd(node: Node, spec: LanguageSpec): number | undefined {
  let body: Node | null = null;
  for (const field of spec.bodyFields) {
    body = node.childForFieldName(field);
    if (body) break;
  }
  const first = body?.firstNamedChild;
  if (
    !first ||
    first.type !== 'expression_statement' ||
    first.namedChildCount !== 1 ||
    first.firstNamedChild?.type !== 'string'
  )
    return undefined;
  return lastLine(first);
}

/** The last sibling an open scope covers: before the next declaration of its kind, or the last. */
function openScopeEnd(node: Node): Node | undefined {
  let last: Node | undefined;
  for (let next = node.nextSibling; next && next.type !== node.type; next = next.nextSibling) last = next;
  return last;
}

function nest(found: Found[], spec: LanguageSpec, stats: { cut: number }): OutlineSymbol[] {
  found.sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  const roots: OutlineSymbol[] = [];
  const stack: Found[] = [];
  for (const item of found) {
    while (stack.length > 0 && stack[stack.length - 1]!.endIndex <= item.startIndex) stack.pop();
    const top = stack[stack.length - 1];
    // Declarations sharing one span (`a = b = 1`, `const a = 1, b = 2`) are siblings under the same parent.
    const sameSpan = top !== undefined && top.startIndex === item.startIndex && top.endIndex === item.endIndex;
    const parent = sameSpan ? stack[stack.length - 2] : top;
    const inParent = parent !== undefined && item.endIndex <= parent.endIndex;
    if (inParent && item.symbol.kind === 'function' && spec.methodParents?.includes(parent.symbol.kind))
      item.symbol.kind = 'method';
    const siblings = inParent ? parent.symbol.children : roots;
    if (stack.length >= MAX_NESTING && inParent) {
      stats.cut++;
      if (!sameSpan) stack.push(item); // still the parent of what it holds, which is cut too
      continue;
    }
    if (spec.mergeOverloads) mergeOverload(siblings, item.symbol);
    siblings.push(item.symbol);
    if (!sameSpan) stack.push(item);
  }
  return roots;
}

/**
 * Overload signatures right before a declaration of the same name (`f(a: string): void;
 * f(a: number): void; f(a: any) {…}`) are one symbol with it: its span starts at the first signature.
 */
function mergeOverload(siblings: OutlineSymbol[], symbol: OutlineSymbol): void {
  for (
    let previous = siblings[siblings.length - 1];
    previous?.declaration && previous.name === symbol.name && previous.kind === symbol.kind;
    previous = siblings[siblings.length - 1]
  ) {
    symbol.startLine = previous.startLine;
    symbol.contextStartLine = previous.contextStartLine;
    symbol.children = [...previous.children, ...symbol.children];
    siblings.pop();
  }
}
