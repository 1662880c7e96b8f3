// The `lectern:` scheme: read-only virtual documents holding palette reads' answers.
import * as vscode from 'vscode';

export const ANSWER_SCHEME = 'lectern';
/** Answers open in this language (package.json): plain text that wraps its long lines. */
export const ANSWER_LANGUAGE = 'lectern-answer';

/** A few dozen answers are plenty; older ones are forgotten (their tabs show them empty). */
const MAX_DOCUMENTS = 50;

export class AnswerDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private serial = 0;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? 'This Lectern answer is no longer held; run the command again.';
  }

  /** Opens a new virtual document; its title is the call in a few words. */
  async show(title: string, text: string): Promise<vscode.TextEditor> {
    const safe =
      title
        .replace(/[\\/:*?"<>|#%]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 80) || 'answer';
    const uri = vscode.Uri.from({ scheme: ANSWER_SCHEME, path: `/${safe}.txt`, query: String(++this.serial) });
    this.texts.set(uri.toString(), text);
    while (this.texts.size > MAX_DOCUMENTS) this.texts.delete(this.texts.keys().next().value!);
    const document = await vscode.languages.setTextDocumentLanguage(
      await vscode.workspace.openTextDocument(uri),
      ANSWER_LANGUAGE,
    );
    return vscode.window.showTextDocument(document, { preview: true });
  }

  dispose(): void {
    this.changed.dispose();
    this.texts.clear();
  }
}
