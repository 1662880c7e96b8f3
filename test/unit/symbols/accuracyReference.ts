// Independent references for the accuracy tests: symbol spans from the TypeScript compiler API
// (.ts/.d.ts/.js) and from Python's `ast` module (.py, via accuracyPython.py), and the comparison
// of those spans with Lectern's outline, line for line.
//
// Span convention (both references and Lectern agree on it):
// - start line: the declaration's first token, with its wrappers: `export`, `export default`,
//   `declare`, other modifiers and decorators (what the TypeScript compiler's node.getStart()
//   returns; for Python, the first decorator line, else the `def`/`class` line). Leading trivia
//   (comments, JSDoc) is not part of it.
// - end line: the declaration's last token (TypeScript node.end; Python end_lineno, plus the comment
//   lines that follow the last statement at the body's indentation or deeper, which sit inside the
//   block: `ast` drops comments, so the reference reads them with `tokenize`).
// - context start line: the first of the comment lines directly above the start (each comment
//   ending on the line right above the next one, no blank line between), not counting a comment
//   that trails code on its own line (TypeScript: ts.getLeadingCommentRanges, which excludes those;
//   the compiler's JSDoc attachment is checked to be covered too) nor, in Python, the comments that
//   sit inside the previous statement's block (`tokenize`'s comment-only lines).
// Symbols (qualified by the enclosing symbols' names):
// - TypeScript/JavaScript: named functions (overload signatures and the implementation as one, from
//   the first signature: Lectern reads them together), classes, interfaces, type aliases,
//   enums, namespaces/modules (`namespace A.B` is one, "A.B"; `global { }` has no name: transparent),
//   methods, constructors and accessors (classes and object literals), method signatures, properties
//   (classes, interfaces, type literals) as fields. A `const`/`let`/`var` statement (the whole
//   statement, each declarator with an identifier name) at module level (file, namespace, `declare
//   module`/`global` body) is a variable; one whose initializer is an arrow function or function
//   expression is a function, wherever it is.
// - Python: classes, functions (methods when in a class body, also under if/try there), module-level
//   assignments to names as variables and class-level ones as fields (every target of `a = b = 1`).
import { execFileSync } from 'node:child_process';
import * as nodePath from 'node:path';
import ts from 'typescript';
import type { OutlineSymbol, SymbolKind } from '../../../src/core/ground/symbolTypes';

export interface RefSymbol {
  name: string;
  /** Enclosing symbols' names and the name, joined with '.'. */
  qualified: string;
  kind: SymbolKind;
  startLine: number;
  endLine: number;
  contextStartLine: number;
  /** Comments directly above it are its context (JSDoc, `//` lines, Python `#` lines). */
  hasDoc?: boolean;
  /** TypeScript: first line of the JSDoc the compiler attaches to it (ts.getJSDocCommentsAndTags), when adjacent. */
  docStartLine?: number;
  /** Python: it has decorators (its start line is the first decorator's). */
  decorated?: boolean;
  /** Python: ast's end_lineno (endLine adds the comment lines indented inside the body after it). */
  astEndLine?: number;
}

// ---------------------------------------------------------------- TypeScript compiler API

function memberName(name: ts.PropertyName | ts.BindingName | ts.ModuleName, sf: ts.SourceFile): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name))
    return name.text;
  if (ts.isComputedPropertyName(name)) return name.getText(sf);
  return undefined; // binding patterns: no single name
}

function isFunctionValue(node: ts.Expression | undefined): boolean {
  return node !== undefined && (ts.isArrowFunction(node) || ts.isFunctionExpression(node));
}

/** Walks a source file with the TypeScript compiler and lists the declarations Lectern supports. */
export function typescriptReference(fileName: string, text: string): RefSymbol[] {
  const scriptKind = /\.[cm]?jsx?$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind);
  const line = (pos: number) => sf.getLineAndCharacterOfPosition(pos).line + 1;
  const out: RefSymbol[] = [];
  /** Function and method declarations without a body: overload signatures. */
  const signatures = new Set<RefSymbol>();

  const contextStart = (node: ts.Node, startLine: number): { contextStartLine: number; hasDoc: boolean } => {
    const comments = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
    let top = startLine;
    let hasDoc = false;
    for (let i = comments.length - 1; i >= 0; i--) {
      const c = comments[i]!;
      if (line(c.end) < top - 1) break; // a blank line (or code) between: not this symbol's context
      top = line(c.pos);
      hasDoc = true;
    }
    return { contextStartLine: top, hasDoc };
  };

  /** The compiler's own JSDoc attachment, as a cross-check of the comment walk above. */
  const jsDocStart = (node: ts.Node, startLine: number): number | undefined => {
    const docs = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
    const last = docs[docs.length - 1];
    return last && line(last.end) >= startLine - 1 ? line(last.pos) : undefined;
  };

  const add = (node: ts.Node, name: string, kind: SymbolKind, scope: string[]): string[] => {
    const startLine = line(node.getStart(sf));
    const symbol: RefSymbol = {
      name,
      qualified: [...scope, name].join('.'),
      kind,
      startLine,
      endLine: line(node.end),
      ...contextStart(node, startLine),
      docStartLine: jsDocStart(node, startLine),
    };
    out.push(symbol);
    const bodiless =
      ts.isFunctionDeclaration(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isConstructorDeclaration(node)
        ? !('body' in node && node.body)
        : false;
    if (bodiless) signatures.add(symbol);
    return [...scope, name];
  };

  const visit = (node: ts.Node, scope: string[]): void => {
    let inner = scope;
    if (ts.isFunctionDeclaration(node) && node.name) inner = add(node, node.name.text, 'function', scope);
    else if (ts.isClassDeclaration(node) && node.name) inner = add(node, node.name.text, 'class', scope);
    else if (ts.isInterfaceDeclaration(node)) inner = add(node, node.name.text, 'interface', scope);
    else if (ts.isTypeAliasDeclaration(node)) inner = add(node, node.name.text, 'type', scope);
    else if (ts.isEnumDeclaration(node)) inner = add(node, node.name.text, 'enum', scope);
    else if (ts.isModuleDeclaration(node)) {
      if (node.flags & ts.NodeFlags.GlobalAugmentation) {
        // `declare global { … }` (or `global { … }` in a `declare module`) has no name of its own:
        // its members are top-level symbols, or the enclosing module's.
      } else {
        // `namespace A.B.C {}` is one declaration to a reader (and to tree-sitter): name it "A.B.C".
        const names = [memberName(node.name, sf)!];
        let body = node.body;
        while (body && ts.isModuleDeclaration(body)) {
          names.push(memberName(body.name, sf)!);
          body = body.body;
        }
        inner = add(node, names.join('.'), 'module', scope);
        if (body) ts.forEachChild(body, (child) => visit(child, inner));
        return;
      }
    } else if (
      ts.isMethodDeclaration(node) ||
      ts.isMethodSignature(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const name = memberName(node.name, sf);
      if (name !== undefined) inner = add(node, name, 'method', scope);
    } else if (ts.isConstructorDeclaration(node)) {
      inner = add(node, 'constructor', 'method', scope);
    } else if (ts.isPropertyDeclaration(node) || ts.isPropertySignature(node)) {
      const name = memberName(node.name, sf);
      if (name !== undefined) inner = add(node, name, 'field', scope);
    } else if (ts.isVariableStatement(node)) {
      const moduleLevel = ts.isSourceFile(node.parent) || ts.isModuleBlock(node.parent);
      for (const declaration of node.declarationList.declarations) {
        if (!ts.isIdentifier(declaration.name)) continue; // destructuring: no single name
        const functionValued = isFunctionValue(declaration.initializer);
        if (!functionValued && !moduleLevel) continue;
        const declared = add(node, declaration.name.text, functionValued ? 'function' : 'variable', scope);
        // What the initializer declares nests under this declarator.
        if (declaration.initializer) visit(declaration.initializer, declared);
        if (declaration.type) visit(declaration.type, declared);
      }
      return;
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(sf, []);
  return mergeOverloads(out, signatures);
}

/**
 * Overloads read as one symbol (Lectern's convention): a signature without a body directly before a
 * declaration of the same name and kind (the next signature or the implementation) starts its span.
 */
function mergeOverloads(symbols: RefSymbol[], signatures: ReadonlySet<RefSymbol>): RefSymbol[] {
  const merged: RefSymbol[] = [];
  // The previous sibling of `symbol` in `merged`: the last entry that is not a member of one of the same name.
  const previousOf = (symbol: RefSymbol): number => {
    let i = merged.length - 1;
    while (i >= 0 && merged[i]!.qualified.startsWith(`${symbol.qualified}.`)) i--;
    return i;
  };
  for (const symbol of symbols) {
    for (
      let at = previousOf(symbol), previous = merged[at];
      previous && signatures.has(previous) && previous.qualified === symbol.qualified && previous.kind === symbol.kind;
      at = previousOf(symbol), previous = merged[at]
    ) {
      merged.splice(at, 1);
      symbol.startLine = previous.startLine;
      symbol.contextStartLine = previous.contextStartLine;
      symbol.hasDoc = previous.hasDoc;
      symbol.docStartLine = previous.docStartLine;
    }
    merged.push(symbol);
  }
  return merged;
}

// ---------------------------------------------------------------- Python ast

const PYTHON_SCRIPT = nodePath.join(__dirname, 'accuracyPython.py');

export interface PythonFileReference {
  path: string;
  symbols: RefSymbol[];
}

/** Runs accuracyPython.py once over all files (one python3 process). */
export function pythonReference(paths: readonly string[]): PythonFileReference[] {
  const json = execFileSync('python3', [PYTHON_SCRIPT, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(json) as PythonFileReference[];
}

/** Where the Python standard library lives on this machine (the files the test reads). */
export function pythonStdlib(): string {
  return execFileSync('python3', ['-c', 'import json, os; print(os.path.dirname(os.path.dirname(json.__file__)))'], {
    encoding: 'utf8',
  }).trim();
}

// ---------------------------------------------------------------- comparison

interface LecternSymbol extends Omit<OutlineSymbol, 'children'> {
  qualified: string;
}

function flattenOutline(symbols: readonly OutlineSymbol[], scope: string[] = []): LecternSymbol[] {
  return symbols.flatMap(({ children, ...symbol }) => [
    { ...symbol, qualified: [...scope, symbol.name].join('.') },
    ...flattenOutline(children, [...scope, symbol.name]),
  ]);
}

/** Kinds that name the same declaration: a variable holding a function is a function; a function in a class, a method. */
function kindsCompatible(reference: SymbolKind, lectern: SymbolKind): boolean {
  if (reference === lectern) return true;
  const pair = new Set([reference, lectern]);
  return (pair.has('variable') && pair.has('function')) || (pair.has('function') && pair.has('method'));
}

export interface Difference {
  file: string;
  reference: RefSymbol;
  lectern?: LecternSymbol;
  what: 'missing' | 'kind' | 'start' | 'end' | 'context' | 'doc';
}

export interface Comparison {
  /** Symbols the reference reports. */
  reference: number;
  /** Of those, found by Lectern (same qualified name, compatible kind). */
  matched: number;
  /** Matched with the identical kind. */
  sameKind: number;
  /** Matched with identical start and end lines. */
  sameSpan: number;
  /** Matched with the identical context start line. */
  sameContext: number;
  withDoc: number;
  /** Of the matched, those with a JSDoc the compiler attaches, and those whose context covers it. */
  withJsDoc: number;
  jsDocCovered: number;
  decorated: number;
  /** Lectern symbols no reference symbol matched. */
  extra: number;
  extras: string[];
  differences: Difference[];
}

export function emptyComparison(): Comparison {
  return {
    reference: 0,
    matched: 0,
    sameKind: 0,
    sameSpan: 0,
    sameContext: 0,
    withDoc: 0,
    withJsDoc: 0,
    jsDocCovered: 0,
    decorated: 0,
    extra: 0,
    extras: [],
    differences: [],
  };
}

/**
 * Matches reference symbols with Lectern's by qualified name and compatible kind; among several
 * (overloads, redeclarations) the one with the same start line, else the nearest unused one in order.
 */
export function compare(
  file: string,
  reference: readonly RefSymbol[],
  outline: readonly OutlineSymbol[],
  into: Comparison,
): Comparison {
  const lectern = flattenOutline(outline);
  const differ = (difference: Difference) => into.differences.push(difference);
  const used = new Set<LecternSymbol>();
  const byName = new Map<string, LecternSymbol[]>();
  for (const symbol of lectern) {
    const list = byName.get(symbol.qualified) ?? [];
    list.push(symbol);
    byName.set(symbol.qualified, list);
  }
  for (const ref of reference) {
    into.reference++;
    if (ref.hasDoc) into.withDoc++;
    if (ref.decorated) into.decorated++;
    const candidates = (byName.get(ref.qualified) ?? []).filter(
      (s) => !used.has(s) && kindsCompatible(ref.kind, s.kind),
    );
    const found =
      candidates.find((s) => s.startLine === ref.startLine) ??
      candidates.sort((a, b) => Math.abs(a.startLine - ref.startLine) - Math.abs(b.startLine - ref.startLine))[0];
    if (!found) {
      differ({ file, reference: ref, what: 'missing' });
      continue;
    }
    used.add(found);
    into.matched++;
    if (found.kind === ref.kind) into.sameKind++;
    else differ({ file, reference: ref, lectern: found, what: 'kind' });
    if (found.startLine !== ref.startLine) differ({ file, reference: ref, lectern: found, what: 'start' });
    else if (found.endLine !== ref.endLine) differ({ file, reference: ref, lectern: found, what: 'end' });
    else into.sameSpan++;
    if (found.contextStartLine === ref.contextStartLine) into.sameContext++;
    else differ({ file, reference: ref, lectern: found, what: 'context' });
    if (ref.docStartLine !== undefined) {
      into.withJsDoc++;
      if (found.contextStartLine <= ref.docStartLine) into.jsDocCovered++;
      else differ({ file, reference: ref, lectern: found, what: 'doc' });
    }
  }
  for (const symbol of lectern) {
    if (used.has(symbol)) continue;
    into.extra++;
    into.extras.push(
      `${file}: Lectern ${symbol.kind} ${symbol.qualified} [${symbol.startLine}-${symbol.endLine}], reference nothing`,
    );
  }
  return into;
}

export function explain(difference: Difference): string {
  const { file, reference: r, lectern: l, what } = difference;
  const doc = r.docStartLine !== undefined ? ` JSDoc from ${r.docStartLine}` : '';
  const ref = `${r.kind} ${r.qualified} [${r.startLine}-${r.endLine}] ctx ${r.contextStartLine}${doc}`;
  const got = l ? `${l.kind} ${l.qualified} [${l.startLine}-${l.endLine}] ctx ${l.contextStartLine}` : 'nothing';
  return `${file}: ${what}: reference ${ref}, Lectern ${got}`;
}
