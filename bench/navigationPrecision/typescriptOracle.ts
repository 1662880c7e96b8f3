// The TypeScript oracle of bench:navigation --precision: the `typescript` package's own compiler over
// every .ts file of the repository (a package's self-imports, `zod/v4`, mapped to its source).
//   declarations: functions, classes, interfaces, type aliases, enums, namespaces, methods, properties
//     and module-level variables, each with the lines that use it by the checker's symbol of every
//     identifier (aliases followed): one pass, for the symbol pool and the map's ranking;
//   references: the LanguageService's findReferences at a declaration, the editor's Find All References.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { listFiles } from '../economy/corpus';
import type { Declaration, OracleReferences } from './oracle';

export interface TypeScriptProject {
  root: string;
  service: ts.LanguageService;
  program: ts.Program;
}

export function typescriptProject(root: string, selfName: string): TypeScriptProject {
  const files = listFiles(root, ['.ts']).map((file) => join(root, file));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    baseUrl: root,
    paths: { [selfName]: ['./index.ts'], [`${selfName}/*`]: ['./*/index.ts', './*'] },
  };
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => files,
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => {
      try {
        return ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8'));
      } catch {
        return undefined;
      }
    },
    getCurrentDirectory: () => root,
    getCompilationSettings: () => options,
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: ts.sys.fileExists,
    readFile: ts.sys.readFile,
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
  };
  const service = ts.createLanguageService(host, ts.createDocumentRegistry());
  return { root, service, program: service.getProgram()! };
}

const relative = (root: string, file: string) => file.slice(root.length + 1);
const lineOf = (file: ts.SourceFile, pos: number) => file.getLineAndCharacterOfPosition(pos).line + 1;

/** What a declaration node declares, and its kind; undefined for what the bench does not sample. */
function kindOf(node: ts.Node): Declaration['kind'] | undefined {
  if (ts.isFunctionDeclaration(node)) return 'function';
  if (ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return 'type';
  if (ts.isEnumDeclaration(node) || ts.isModuleDeclaration(node)) return 'type';
  if (ts.isMethodDeclaration(node) || ts.isMethodSignature(node)) return 'method';
  if (ts.isPropertyDeclaration(node) || ts.isPropertySignature(node) || ts.isGetAccessor(node)) return 'field';
  if (ts.isVariableDeclaration(node) && ts.isSourceFile(node.parent.parent.parent)) {
    const init = node.initializer;
    return init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? 'function' : 'variable';
  }
  return undefined;
}

/** The names of the classes, interfaces and namespaces around a node: `Outer.Inner`. */
function containers(node: ts.Node): string[] {
  const out: string[] = [];
  for (let at = node.parent; at && !ts.isSourceFile(at); at = at.parent) {
    if ((ts.isClassLike(at) || ts.isInterfaceDeclaration(at) || ts.isModuleDeclaration(at)) && at.name)
      out.unshift(at.name.getText());
    else if (ts.isTypeLiteralNode(at) || ts.isObjectLiteralExpression(at) || ts.isBlock(at)) return ['<local>'];
  }
  return out;
}

export function typescriptDeclarations(project: TypeScriptProject): Declaration[] {
  const { program, root } = project;
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((file) => file.fileName.startsWith(root + '/'));
  const bySymbol = new Map<ts.Symbol, Declaration>();
  const out: Declaration[] = [];
  for (const file of sources)
    file.forEachChild(function visit(node: ts.Node): void {
      const kind = kindOf(node);
      const name = (node as ts.NamedDeclaration).name;
      if (kind && name && ts.isIdentifier(name)) {
        const around = containers(node);
        const symbol = checker.getSymbolAtLocation(name);
        if (!around.includes('<local>') && symbol && !bySymbol.has(symbol)) {
          const declaration: Declaration = {
            name: name.text,
            path: [...around, name.text].join('.'),
            kind,
            file: relative(root, file.fileName),
            line: lineOf(file, name.getStart()),
            column: name.getStart() - file.getLineStarts()[lineOf(file, name.getStart()) - 1]!,
            uses: [],
            defs: [],
          };
          bySymbol.set(symbol, declaration);
          out.push(declaration);
        }
      }
      node.forEachChild(visit);
    });
  const uses = new Map<Declaration, Set<string>>();
  for (const file of sources)
    file.forEachChild(function visit(node: ts.Node): void {
      if (ts.isIdentifier(node)) {
        let symbol = checker.getSymbolAtLocation(node);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol && bySymbol.get(symbol);
        const declares = symbol?.declarations?.some((d) => (d as ts.NamedDeclaration).name === node);
        if (declaration && !declares) {
          const set = uses.get(declaration) ?? new Set<string>();
          uses.set(declaration, set.add(`${relative(root, file.fileName)}:${lineOf(file, node.getStart())}`));
        }
      }
      node.forEachChild(visit);
    });
  for (const [declaration, set] of uses) declaration.uses = [...set].sort();
  return out;
}

/** findReferences at the declaration: use lines, and the lines of its other declarations. */
export function typescriptReferences(project: TypeScriptProject, declaration: Declaration): OracleReferences {
  const { service, program, root } = project;
  const file = program.getSourceFile(join(root, declaration.file))!;
  const position = file.getPositionOfLineAndCharacter(declaration.line - 1, declaration.column ?? 0);
  const uses = new Set<string>();
  const defs = new Set<string>();
  for (const symbol of service.findReferences(file.fileName, position) ?? [])
    for (const reference of symbol.references) {
      if (!reference.fileName.startsWith(root + '/')) continue;
      const source = program.getSourceFile(reference.fileName)!;
      const at = `${relative(root, reference.fileName)}:${lineOf(source, reference.textSpan.start)}`;
      (reference.isDefinition ? defs : uses).add(at);
    }
  const own = `${declaration.file}:${declaration.line}`;
  uses.delete(own);
  defs.delete(own);
  for (const use of uses) defs.delete(use);
  return { uses: [...uses].sort(), defs: [...defs].sort() };
}
