// The `lectern:` scheme: read-only virtual documents holding palette reads' answers.
import * as vscode from 'vscode';
import { ReadOnlyDocuments } from './readOnlyDocuments';

export const ANSWER_SCHEME = 'lectern';
/** Answers open in this language (package.json): plain text that wraps its long lines. */
const ANSWER_LANGUAGE = 'lectern-answer';

/** A few dozen answers are plenty; older ones are forgotten (their tabs show them empty). */
const MAX_DOCUMENTS = 50;

export class AnswerDocuments extends ReadOnlyDocuments {
  constructor() {
    super(ANSWER_SCHEME, MAX_DOCUMENTS, 'This Lectern answer is no longer held; run the command again.');
  }

  /** Opens a new virtual document; its title is the call in a few words. */
  async show(title: string, text: string): Promise<vscode.TextEditor> {
    const safe =
      title
        .replace(/[\\/:*?"<>|#%]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 80) || 'answer';
    const document = await vscode.languages.setTextDocumentLanguage(
      await vscode.workspace.openTextDocument(this.add(`${safe}.txt`, text)),
      ANSWER_LANGUAGE,
    );
    return vscode.window.showTextDocument(document, { preview: true });
  }
}
