// Builds a file's symbol tree from a language's outline query: spans widened to their wrappers
// (export, decorators), context (doc comments, attributes) found above them, nesting by containment.
import type { Node, Query, Tree } from 'web-tree-sitter';
import { SYMBOL_KINDS, type LanguageSpec, type OutlineSymbol, type SymbolKind } from './types';

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

/** A comment on the line where the code before it ends (`x = 1; // note`, `class A { // note`) describes that code. */
function trailsCode(node: Node, spec: LanguageSpec): boolean {
  let at: Node | null = node;
  while (at && !at.previousSibling) at = at.parent;
  const before = at?.previousSibling;
  return !!before && !spec.preamble.includes(before.type) && before.endPosition.row === node.startPosition.row;
}

/** First line of the comments/decorators/attributes directly above `span` (no blank line between). */
function contextStart(span: Node, spec: LanguageSpec): number {
  let top = span.startPosition.row;
  let sibling = span.previousNamedSibling;
  while (sibling && spec.preamble.includes(sibling.type) && lastLine(sibling) >= top && !trailsCode(sibling, spec)) {
    // lastLine is 1-based: the sibling ends on the line right above `top` (0-based) or on it.
    top = sibling.startPosition.row;
    sibling = sibling.previousNamedSibling;
  }
  return top + 1;
}

function signatureOf(node: Node, spec: LanguageSpec, text: string): { signature: string; bodyStartLine: number | null } {
  let body: Node | null = null;
  for (const field of spec.bodyFields) {
    body = node.childForFieldName(field);
    if (body) break;
  }
  const from = node.startIndex;
  const to = body ? body.startIndex : node.endIndex;
  let head = text.slice(from, to);
  if (!body) head = head.split('\n')[0]!;
  head = head.replace(/\s+/g, ' ').trim().replace(/[{:=\s]+$/, '');
  if (head.length > SIGNATURE_CHARS) head = head.slice(0, SIGNATURE_CHARS) + '…';
  return { signature: head, bodyStartLine: body ? body.startPosition.row + 1 : null };
}

interface Found {
  symbol: OutlineSymbol;
  startIndex: number;
  endIndex: number;
}

export function extractOutline(tree: Tree, query: Query, spec: LanguageSpec, text: string): OutlineSymbol[] {
  // One symbol per (node, name): the earliest pattern in the query wins.
  const byKey = new Map<string, Found & { pattern: number }>();
  for (const match of query.matches(tree.rootNode)) {
    const definition = match.captures.find((c) => c.name.startsWith('symbol.'));
    const name = match.captures.find((c) => c.name === 'name');
    if (!definition || !name) continue;
    const kind = definition.name.slice('symbol.'.length) as SymbolKind;
    if (!SYMBOL_KINDS.includes(kind)) continue;
    const node = definition.node;
    const key = `${node.startIndex}:${node.endIndex}:${name.node.text}`;
    const earlier = byKey.get(key);
    if (earlier && earlier.pattern <= match.patternIndex) continue;
    const span = widen(node, spec);
    const { signature, bodyStartLine } = signatureOf(node, spec, text);
    byKey.set(key, {
      pattern: match.patternIndex,
      symbol: {
        name: name.node.text.replace(/^['"`]|['"`]$/g, ''),
        kind,
        startLine: span.startPosition.row + 1,
        endLine: lastLine(span),
        contextStartLine: contextStart(span, spec),
        signature,
        bodyStartLine,
        children: [],
      },
      startIndex: span.startIndex,
      endIndex: span.endIndex,
    });
  }
  return nest([...byKey.values()], spec);
}

function nest(found: Found[], spec: LanguageSpec): OutlineSymbol[] {
  found.sort((a, b) => a.startIndex - b.startIndex || b.endIndex - a.endIndex);
  const roots: OutlineSymbol[] = [];
  const stack: Found[] = [];
  for (const item of found) {
    while (stack.length > 0 && stack[stack.length - 1]!.endIndex <= item.startIndex) stack.pop();
    const parent = stack[stack.length - 1];
    const sameSpan = parent !== undefined && parent.startIndex === item.startIndex && parent.endIndex === item.endIndex;
    if (parent && item.endIndex <= parent.endIndex && !sameSpan) {
      if (item.symbol.kind === 'function' && spec.methodParents?.includes(parent.symbol.kind)) item.symbol.kind = 'method';
      parent.symbol.children.push(item.symbol);
    } else {
      roots.push(item.symbol);
    }
    if (!sameSpan) stack.push(item);
  }
  return roots;
}
