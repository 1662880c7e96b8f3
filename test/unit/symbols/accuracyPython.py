"""Reference symbol spans for Python files, from the `ast` and `tokenize` modules (not tree-sitter).

Usage: python3 accuracyPython.py FILE...  -> JSON list of {path, symbols: [...]} on stdout.

Each symbol: name, qualified (enclosing classes/functions joined with '.'), kind (class, function,
method = a function directly in a class body, variable = a module-level assignment to a name,
field = a class-level assignment to a name), startLine (first decorator line, else the def/class
line), defLine (the def/class keyword), endLine, contextStartLine, decorated, hasDoc.

Spans follow the convention in accuracyReference.ts:
- end line: ast's end_lineno, extended over the comment-only lines that follow the last statement
  at the body's indentation or deeper (blank lines between allowed): those comments are inside the
  block. `ast` has no comments, so `tokenize` finds them.
- context start: the comment-only lines directly above the start line, no blank line between,
  minus those that trail the previous statement's block (indented at that block's level or deeper).
Works with Python 3.8+ (end_lineno).
"""
import ast
import io
import json
import sys
import tokenize


class Source:
    def __init__(self, text):
        # Not splitlines(): it also splits at form feeds, which Python (and tree-sitter) read as whitespace.
        self.lines = text.split("\n")
        # Lines holding only a comment, by their comment's column; lines starting a logical line, by column.
        self.comment_col = {}
        self.logical_col = {}
        at_line_start = True
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            kind = tok.type
            if kind == tokenize.COMMENT and self.lines[tok.start[0] - 1][: tok.start[1]].strip() == "":
                self.comment_col[tok.start[0]] = tok.start[1]
            if kind in (tokenize.NEWLINE, tokenize.NL):
                at_line_start = True
            elif kind in (tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT, tokenize.ENCODING):
                pass
            elif at_line_start:
                self.logical_col.setdefault(tok.start[0], tok.start[1])
                at_line_start = False

    def blank(self, line):
        return line <= len(self.lines) and not self.lines[line - 1].strip()

    def block_indent(self, node):
        """Indentation of the block(s) a compound statement opens on their own lines, else None."""
        cols = [
            col
            for line, col in self.logical_col.items()
            if node.lineno < line <= node.end_lineno and col > node.col_offset
        ]
        return min(cols) if cols else None

    def trailing_comments_end(self, node):
        """Last line of the comments after `node` that sit inside its block (or node.end_lineno)."""
        end = node.end_lineno
        indent = self.block_indent(node)
        if indent is None:
            return end
        line = end + 1
        while line <= len(self.lines):
            if self.blank(line):
                line += 1
                continue
            col = self.comment_col.get(line)
            if col is None or col < indent:
                break
            end = line
            line += 1
        return end

    def context_start(self, start, previous):
        top = start
        while top - 1 in self.comment_col:
            top -= 1
        if previous is not None:
            top = max(top, self.trailing_comments_end(previous) + 1)
        return top


def symbols_of(path):
    with tokenize.open(path) as handle:
        text = handle.read()
    tree = ast.parse(text, path)
    src = Source(text)
    out = []

    def add(node, name, kind, scope, previous, decorators=()):
        # Python 3.8+: a decorated def's lineno is its `def` line; a decorator expression starts on the
        # line of its `@`.
        start = min([d.lineno for d in decorators] + [node.lineno])
        end = src.trailing_comments_end(node) if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) else node.end_lineno
        context = src.context_start(start, previous)
        out.append(
            {
                "name": name,
                "qualified": ".".join(scope + [name]),
                "kind": kind,
                "startLine": start,
                "defLine": node.lineno,
                "endLine": end,
                "astEndLine": node.end_lineno,
                "contextStartLine": context,
                "decorated": len(decorators) > 0,
                "hasDoc": context < start,
            }
        )

    def visit_body(body, scope, owner, direct):
        previous = None
        for stmt in body:
            visit(stmt, scope, owner, direct, previous)
            previous = stmt

    def visit(node, scope, owner, direct, previous):
        """owner: the enclosing symbol's kind (module, class, function); direct: node is in its body itself."""
        if isinstance(node, ast.ClassDef):
            add(node, node.name, "class", scope, previous, node.decorator_list)
            visit_body(node.body, scope + [node.name], "class", True)
            return
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            add(node, node.name, "method" if owner == "class" else "function", scope, previous, node.decorator_list)
            visit_body(node.body, scope + [node.name], "function", True)
            return
        if direct and owner in ("module", "class") and isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    add(node, target.id, "variable" if owner == "module" else "field", scope, previous)
            return
        # Compound statements (if/try/with/for/while/match): their blocks stay in the same scope.
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            children = getattr(node, field, None)
            if not isinstance(children, list):
                continue
            stmts = [c for c in children if isinstance(c, ast.stmt)]
            if stmts:
                visit_body(stmts, scope, owner, False)
            for child in children:
                if not isinstance(child, ast.stmt) and isinstance(getattr(child, "body", None), list):
                    visit_body(child.body, scope, owner, False)

    visit_body(tree.body, [], "module", True)
    return out


def main(paths):
    json.dump([{"path": path, "symbols": symbols_of(path)} for path in paths], sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
