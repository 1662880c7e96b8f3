"""The Python oracle of bench:navigation --precision: jedi (Python's static analysis library).

  python3 jedi_oracle.py declarations ROOT   every class, function, method and class or module
      variable declared in ROOT, with the lines that use it: each name in ROOT followed with goto to
      where it is declared (one pass; the map's ranking and the symbol pool come from it).
  python3 jedi_oracle.py references ROOT < [[file, line, column], ...]   for each declaration,
      jedi's get_references (the whole project searched): use lines, and other declaring lines.
Prints JSON. Files and lines are relative to ROOT, lines 1-based.
"""
import json
import os
import sys

import jedi


def files_under(root):
    for folder, dirs, names in os.walk(root):
        dirs.sort()
        for name in sorted(names):
            if name.endswith('.py'):
                yield os.path.join(folder, name)


def inside(root, path):
    return path is not None and os.path.abspath(str(path)).startswith(root + os.sep)


def rel(root, path):
    return os.path.relpath(str(path), root).replace(os.sep, '/')


def is_import(name):
    """A name an import statement binds: jedi calls it a definition (of the imported thing's type)."""
    tree_name = getattr(name._name, 'tree_name', None)
    definition = tree_name.get_definition(import_name_always=True) if tree_name is not None else None
    return definition is not None and definition.type in ('import_from', 'import_name')


def kind_and_path(name):
    parent = name.parent()
    scope = parent.type if parent is not None else 'module'
    if name.type == 'class':
        kind = 'type'
    elif name.type == 'function':
        kind = 'method' if scope == 'class' else 'function' if scope == 'module' else None
    elif name.type == 'statement':
        kind = 'field' if scope == 'class' else 'variable' if scope == 'module' else None
    else:
        kind = None
    path = f'{parent.name}.{name.name}' if scope == 'class' else name.name
    return kind, path


def declarations(root, project):
    decls = {}
    uses = {}
    for path in files_under(root):
        script = jedi.Script(path=path, project=project)
        for name in script.get_names(all_scopes=True, definitions=True, references=True):
            if is_import(name):
                continue
            if name.is_definition():
                kind, name_path = kind_and_path(name)
                key = (rel(root, path), name.line, name.column)
                if kind and key not in decls:
                    decls[key] = {'name': name.name, 'path': name_path, 'kind': kind, 'file': key[0],
                                  'line': name.line, 'column': name.column, 'uses': [], 'defs': []}
                continue
            try:
                targets = script.goto(name.line, name.column, follow_imports=True)
            except Exception:  # jedi's own failures: the name counts as unresolved
                continue
            for target in targets:
                if inside(root, target.module_path) and target.line is not None:
                    key = (rel(root, target.module_path), target.line, target.column)
                    uses.setdefault(key, set()).add(f'{rel(root, path)}:{name.line}')
    out = []
    for key, decl in decls.items():
        decl['uses'] = sorted(uses.get(key, ()))
        out.append(decl)
    out.sort(key=lambda d: (d['file'], d['line'], d['column']))
    return out


def references(root, project, places):
    out = []
    for file, line, column in places:
        script = jedi.Script(path=os.path.join(root, file), project=project)
        found_uses, found_defs = set(), set()
        for ref in script.get_references(line, column, include_builtins=False):
            if not inside(root, ref.module_path) or ref.line is None:
                continue
            at = f'{rel(root, ref.module_path)}:{ref.line}'
            # An import binds it (a use, as TypeScript counts one); an assignment to an attribute elsewhere (self.x = …) writes it: a use, as TypeScript and Go count it.
            if ref.is_definition() and ref.type != 'statement' and not is_import(ref):
                found_defs.add(at)
            else:
                found_uses.add(at)
        own = f'{file}:{line}'
        found_uses.discard(own)
        found_defs.discard(own)
        out.append({'uses': sorted(found_uses), 'defs': sorted(found_defs - found_uses)})
    return out


def main():
    command, root = sys.argv[1], os.path.abspath(sys.argv[2])
    # The project is the folder above the package, so `import flask` inside flask resolves to it.
    project = jedi.Project(path=os.path.dirname(root), added_sys_path=[os.path.dirname(root)])
    if command == 'declarations':
        json.dump(declarations(root, project), sys.stdout)
    else:
        json.dump(references(root, project, json.load(sys.stdin)), sys.stdout)


if __name__ == '__main__':
    main()
