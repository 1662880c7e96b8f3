// @lectern in the web worker extension host, with the scripted language model of the Node host's chat
// tests (its `browser` entry, moved into the worker beside Lectern): a read's citation and the
// active editor's file are the workspace's (vscode-remote: here), not file: URIs.
import * as assert from './check';
import * as vscode from 'vscode';
import type { StreamedResponse } from '../../src/vscode/chat/participant';
import type { ScriptedModelApi } from '../integration/scripted-model/extension';
import { lectern, workspaceFolder } from './webWorkspace';

async function scripted(): Promise<ScriptedModelApi> {
  const extension = vscode.extensions.getExtension<ScriptedModelApi>('lectern-test.lectern-scripted-model');
  assert.ok(extension, 'the scripted model extension is not loaded');
  return extension.isActive ? extension.exports : await extension.activate();
}

function lastResponse(): StreamedResponse {
  const api = lectern().exports as { chatResponses?: StreamedResponse[] } | undefined;
  const last = api?.chatResponses?.at(-1);
  assert.ok(last, '@lectern recorded no response');
  return last;
}

/** One request to @lectern through the chat view, as a user sends it. */
function ask(query: string): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.chat.open', {
    query: `@lectern ${query}`,
    modelSelector: { vendor: 'lectern-test', id: 'scripted' },
    blockOnResponse: true,
  });
}

const parts = (response: StreamedResponse, kind: StreamedResponse['parts'][number]['kind']) =>
  response.parts.filter((part) => part.kind === kind).map((part) => part.value);

describe('@lectern in the web worker extension host (scripted model)', () => {
  let model: ScriptedModelApi;
  const inventory = () => vscode.Uri.joinPath(workspaceFolder().uri, 'src', 'inventory.ts');

  before(async () => {
    model = await scripted();
  });

  beforeEach(async () => {
    model.reset();
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
  });

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it("cites the model's read as a file of the workspace", async () => {
    model.enqueue(
      {
        text: 'Reading it. ',
        toolCalls: [{ name: 'lectern_read', input: { target: 'src/inventory.ts', start_line: 17, end_line: 20 } }],
      },
      { text: 'Inventory.add refuses a duplicate SKU (src/inventory.ts:17-20).' },
    );
    await ask('what does Inventory.add refuse?');
    assert.equal(model.requests.length, 2);
    const response = lastResponse();
    // The recorder names a workspace file by its path, any other URI whole (file:///… for the old Uri.file).
    assert.deepEqual(parts(response, 'reference'), [`${inventory().path}:17-20`]);
  });

  it("outlines the active editor's file when /outline names none", async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(inventory()));
    await ask('/outline');
    const response = lastResponse();
    const text = parts(response, 'markdown').join('');
    assert.match(text, /Inventory/);
    assert.ok(!text.includes('Name a file'), text);
    assert.deepEqual(parts(response, 'reference'), [inventory().path]);
  });
});
