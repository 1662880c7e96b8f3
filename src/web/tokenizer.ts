// The o200k table in the web worker: its `require` serves only `vscode`, so the shipped
// dist/web/tokenizer.js (CommonJS, no Node modules) is read with workspace.fs and evaluated as
// VS Code's worker evaluates an extension's own module. It loads on the first token count.
import * as vscode from 'vscode';
import type { Tokenizer } from '../core/ground/tokens';

function isTokenizer(value: unknown): value is Tokenizer {
  return (
    typeof value === 'object' && value !== null && 'countTokens' in value && typeof value.countTokens === 'function'
  );
}

export function tokenizerFromExtension(extensionUri: vscode.Uri): () => Promise<Tokenizer> {
  return async () => {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'web', 'tokenizer.js'));
    const module: { exports: unknown } = { exports: {} };
    // Our own shipped file, evaluated as the worker evaluates an extension module.
    new Function('module', 'exports', new TextDecoder().decode(bytes))(module, module.exports);
    if (!isTokenizer(module.exports)) throw new Error('dist/web/tokenizer.js exports no countTokens');
    return module.exports;
  };
}
