// Read-only virtual documents of one URI scheme (palette answers, session exports): the latest few
// texts are held; there is nothing to save, so closing one never asks.
import * as vscode from 'vscode';

export class ReadOnlyDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private serial = 0;

  constructor(
    private readonly scheme: string,
    /** Texts held; older tabs show `gone`. */
    private readonly max: number,
    private readonly gone: string,
  ) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? this.gone;
  }

  /** A new document holding `text`, named `name` (its ending picks the language); its uri. */
  add(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${name}`, query: String(++this.serial) });
    this.texts.set(uri.toString(), text);
    while (this.texts.size > this.max) this.texts.delete(this.texts.keys().next().value!);
    return uri;
  }

  dispose(): void {
    this.texts.clear();
  }
}
