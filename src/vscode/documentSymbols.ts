// The editor's own symbol providers, for languages Lectern has no grammar for.
import * as vscode from 'vscode';
import type { OutlineSymbol, SymbolKind } from '../core/ground/symbolTypes';

function kindOf(kind: vscode.SymbolKind): SymbolKind {
  switch (kind) {
    case vscode.SymbolKind.Method:
    case vscode.SymbolKind.Constructor:
    case vscode.SymbolKind.Operator:
      return 'method';
    case vscode.SymbolKind.Function:
    case vscode.SymbolKind.Event:
      return 'function';
    case vscode.SymbolKind.Class:
    case vscode.SymbolKind.Object:
      return 'class';
    case vscode.SymbolKind.Struct:
      return 'struct';
    case vscode.SymbolKind.Interface:
      return 'interface';
    case vscode.SymbolKind.Enum:
      return 'enum';
    case vscode.SymbolKind.TypeParameter:
      return 'type';
    case vscode.SymbolKind.Module:
    case vscode.SymbolKind.Namespace:
    case vscode.SymbolKind.String: // markdown headings: sections
    case vscode.SymbolKind.Package:
    case vscode.SymbolKind.File:
      return 'module';
    case vscode.SymbolKind.Field:
    case vscode.SymbolKind.Property:
    case vscode.SymbolKind.EnumMember:
      return 'field';
    case vscode.SymbolKind.Constant:
      return 'constant';
    default:
      return 'variable';
  }
}

function convert(symbol: vscode.DocumentSymbol): OutlineSymbol {
  const startLine = symbol.range.start.line + 1;
  const end = symbol.range.end;
  return {
    // Markdown headings come as "## Title"; '#' would also read as a name-path separator.
    name: symbol.name.replace(/^#+\s*/, '') || symbol.name,
    kind: kindOf(symbol.kind),
    startLine,
    endLine: end.character === 0 && end.line > symbol.range.start.line ? end.line : end.line + 1,
    contextStartLine: startLine,
    signature: symbol.detail ? `${symbol.name} ${symbol.detail}` : symbol.name,
    bodyStartLine: null,
    children: symbol.children.map(convert),
  };
}

export async function documentSymbols(path: string): Promise<OutlineSymbol[] | undefined> {
  try {
    const result = await vscode.commands.executeCommand<
      (vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined
    >('vscode.executeDocumentSymbolProvider', vscode.Uri.file(path));
    if (!result || result.length === 0) return undefined;
    // The command answers objects that are both SymbolInformation and DocumentSymbol when the
    // provider gave a tree: test for children, not for the class.
    if (!Array.isArray((result[0] as vscode.DocumentSymbol).children)) {
      // Flat SymbolInformation: no nesting, but spans are still exact.
      return (result as vscode.SymbolInformation[]).map((info) =>
        convert(
          new vscode.DocumentSymbol(
            info.name,
            info.containerName ?? '',
            info.kind,
            info.location.range,
            info.location.range,
          ),
        ),
      );
    }
    return (result as vscode.DocumentSymbol[]).map(convert);
  } catch {
    return undefined;
  }
}
