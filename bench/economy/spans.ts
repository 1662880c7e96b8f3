// Function and method spans of real code, from each language's own parser where one is at hand:
// TypeScript's compiler API (JS/TS), Python's ast, Go's go/parser; Universal Ctags for C and Rust
// (an independent parser, not Lectern's engine) for C; for Rust (no parser of its own at hand offline,
// and ctags gives no end lines) tree-sitter-rust through web-tree-sitter, the grammar Lectern uses too. Lines are 1-based and inclusive; a span
// starts at the declaration (not its doc comment) and ends at its last line.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import type { Language } from './corpus';

export interface Span {
  file: string;
  name: string;
  start: number;
  end: number;
  parser: string;
}

const PYTHON = `
import ast, json, sys
root = sys.argv[1]
out = []
for rel in sys.argv[2:]:
    try:
        tree = ast.parse(open(root + '/' + rel, encoding='utf-8').read())
    except Exception:
        continue
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            start = min([node.lineno] + [d.lineno for d in node.decorator_list])
            out.append({'file': rel, 'name': node.name, 'start': start, 'end': node.end_lineno})
print(json.dumps(out))
`;

const GO = `package main
import ("encoding/json"; "go/ast"; "go/parser"; "go/token"; "os")
type span struct { File string \`json:"file"\`; Name string \`json:"name"\`; Start int \`json:"start"\`; End int \`json:"end"\` }
func main() {
  root := os.Args[1]; out := []span{}
  for _, rel := range os.Args[2:] {
    fset := token.NewFileSet()
    f, err := parser.ParseFile(fset, root+"/"+rel, nil, 0)
    if err != nil { continue }
    for _, d := range f.Decls {
      if fn, ok := d.(*ast.FuncDecl); ok {
        out = append(out, span{rel, fn.Name.Name, fset.Position(fn.Pos()).Line, fset.Position(fn.End()).Line})
      }
    }
  }
  json.NewEncoder(os.Stdout).Encode(out)
}
`;

function typescriptSpans(root: string, files: string[]): Span[] {
  const out: Span[] = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS,
    );
    const visit = (node: ts.Node) => {
      if (
        (ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) &&
        node.name &&
        ts.isIdentifier(node.name) &&
        node.body
      ) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
        out.push({ file, name: node.name.text, start, end, parser: 'typescript compiler API' });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

export async function rustSpans(root: string, files: string[]): Promise<Span[]> {
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(require.resolve('tree-sitter-rust/tree-sitter-rust.wasm')));
  const out: Span[] = [];
  for (const file of files) {
    const tree = parser.parse(readFileSync(join(root, file), 'utf8'))!;
    const visit = (node: import('web-tree-sitter').Node) => {
      if (node.type === 'function_item') {
        const name = node.childForFieldName('name');
        if (name && node.childForFieldName('body'))
          out.push({
            file,
            name: name.text,
            start: node.startPosition.row + 1,
            end: node.endPosition.row + 1,
            parser: 'tree-sitter-rust',
          });
      }
      for (const child of node.namedChildren) if (child) visit(child);
    };
    visit(tree.rootNode);
    tree.delete();
  }
  parser.delete();
  return out;
}

function ctagsSpans(root: string, files: string[], language: 'C'): Span[] {
  const kinds = ['--kinds-C=f'];
  const text = execFileSync(
    'ctags',
    ['--output-format=json', '--fields=+ne', `--language-force=${language}`, ...kinds, '-f', '-', ...files],
    { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 },
  );
  const out: Span[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    const tag = JSON.parse(line) as { _type: string; name: string; path: string; line?: number; end?: number };
    if (tag._type === 'tag' && tag.line && tag.end && tag.end >= tag.line)
      out.push({ file: tag.path, name: tag.name, start: tag.line, end: tag.end, parser: 'universal-ctags' });
  }
  return out;
}

export async function spansOf(language: Language, root: string, files: string[]): Promise<Span[]> {
  if (files.length === 0) return [];
  switch (language) {
    case 'javascript':
    case 'typescript':
      return typescriptSpans(root, files);
    case 'python': {
      const text = execFileSync('python3', ['-c', PYTHON, root, ...files], { encoding: 'utf8', maxBuffer: 256 << 20 });
      return (JSON.parse(text) as Omit<Span, 'parser'>[]).map((s) => ({ ...s, parser: 'python ast' }));
    }
    case 'go': {
      const dir = mkdtempSync(join(os.tmpdir(), 'economy-go-'));
      try {
        writeFileSync(join(dir, 'spans.go'), GO);
        const text = execFileSync('go', ['run', join(dir, 'spans.go'), root, ...files], {
          encoding: 'utf8',
          maxBuffer: 256 << 20,
          env: { ...process.env, GO111MODULE: 'off' },
        });
        return (JSON.parse(text) as Omit<Span, 'parser'>[]).map((s) => ({ ...s, parser: 'go/parser' }));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    case 'rust':
      return rustSpans(root, files);
    case 'c':
      return ctagsSpans(root, files, 'C');
  }
}
