// @lectern in the real extension host, talking to a scripted language model registered through
// registerLanguageModelChatProvider (test/integration/scripted-model): real requests through the
// chat view (workbench.action.chat.open), the model's tool calls answered by Lectern, and what the
// model receives asserted — tool loop, references, history rebuilt through retention, /changes,
// cancellation, budget exhaustion.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { StreamedResponse } from '../../src/vscode/chat/participant';
import type { LecternChatMetadata } from '../../src/vscode/chat/metadata';
import type { LecternTestApi } from '../../src/vscode/sessionUi';
import type { RecordedRequest, ScriptedModelApi } from './scripted-model/extension';
import { eventually } from '../shared/eventually';
import { folder, screenshot, writeFile } from './helpers';

const LEDGER = [
  '// Money in and out, for the chat tests.',
  'export interface Entry {',
  '  label: string;',
  '  cents: number;',
  '}',
  '',
  'export class Ledger {',
  '  private readonly entries: Entry[] = [];',
  '',
  '  add(label: string, cents: number): void {',
  '    this.entries.push({ label, cents });',
  '  }',
  '',
  '  sum(): number {',
  '    return this.entries.reduce((sum, e) => sum + e.cents, 0);',
  '  }',
  '}',
  ...Array.from({ length: 30 }, (_, i) => `// filler ${i + 1}`),
  '',
].join('\n');
const LEDGER_PATH = 'alpha/src/chat/ledger.ts';

async function scripted(): Promise<ScriptedModelApi> {
  const ext = vscode.extensions.getExtension<ScriptedModelApi>('lectern-test.lectern-scripted-model');
  assert.ok(ext, 'the scripted model extension is loaded');
  return ext.isActive ? ext.exports : await ext.activate();
}

function responses(): StreamedResponse[] {
  const api = vscode.extensions.getExtension<{ chatResponses: StreamedResponse[] }>('lectern.lectern')!.exports;
  return api.chatResponses;
}

interface Answer {
  metadata?: LecternChatMetadata;
}

/** One request to @lectern through the chat view, as a user sends it; resolves with its ChatResult. */
function ask(query: string, modelId = 'scripted'): Thenable<Answer> {
  return vscode.commands.executeCommand<Answer>('workbench.action.chat.open', {
    query: `@lectern ${query}`,
    modelSelector: { vendor: 'lectern-test', id: modelId },
    blockOnResponse: true,
  });
}

const toolResults = (request: RecordedRequest) =>
  request.messages.flatMap((m) => m.parts.flatMap((p) => ('toolResult' in p ? [p.toolResult] : [])));
const toolCalls = (request: RecordedRequest) =>
  request.messages.flatMap((m) => m.parts.flatMap((p) => ('toolCall' in p ? [p.toolCall] : [])));
const texts = (request: RecordedRequest) =>
  request.messages.flatMap((m) => m.parts.flatMap((p) => ('text' in p ? [p.text] : [])));

describe('@lectern chat participant (scripted model through the chat view)', function () {
  let model: ScriptedModelApi;
  let ledgerFile: string;

  before(async () => {
    model = await scripted();
    ledgerFile = writeFile(path.join(folder('alpha'), 'src', 'chat', 'ledger.ts'), LEDGER);
  });

  after(() => fs.rmSync(path.dirname(ledgerFile), { recursive: true, force: true }));

  beforeEach(async () => {
    model.reset();
    await vscode.commands.executeCommand('workbench.action.chat.newChat');
  });

  it("runs its tool loop: the model gets Lectern's tools, the read's answer, and the read shows as a reference", async () => {
    model.enqueue(
      { text: 'Reading it. ', toolCalls: [{ name: 'lectern_read', input: { mode: 'symbol', target: 'Ledger.sum' } }] },
      { text: `Ledger.sum sums the cents of every entry (${LEDGER_PATH}:14-16).` },
    );
    const result = await ask('what does Ledger.sum do?');
    assert.equal(model.requests.length, 2);
    const [first, second] = model.requests as [RecordedRequest, RecordedRequest];
    assert.deepEqual([...first.tools].sort(), ['lectern_read', 'lectern_search', 'lectern_stat']);
    assert.equal(texts(first).at(-1), 'what does Ledger.sum do?');
    assert.deepEqual(
      toolCalls(second).map((c) => [c.name, c.input]),
      [['lectern_read', { mode: 'symbol', target: 'Ledger.sum' }]],
    );
    const [read] = toolResults(second);
    assert.match(read!.text, /^alpha\/src\/chat\/ledger\.ts:14-16 method Ledger\.sum\n/);
    assert.match(read!.text, /return this\.entries\.reduce/);

    const meta = result.metadata!.lectern;
    assert.equal(meta.turn.answer, `Ledger.sum sums the cents of every entry (${LEDGER_PATH}:14-16).`);
    assert.deepEqual(meta.turn.citations, [{ path: LEDGER_PATH, range: { start: 14, end: 16 } }]);
    const call = meta.turn.rounds[0]!.calls[0]!;
    assert.deepEqual([call.kind, call.path, call.range], ['read', LEDGER_PATH, { start: 14, end: 16 }]);
    assert.equal(call.text, read!.text, 'history keeps what the model saw');

    const streamed = responses().at(-1)!;
    assert.ok(
      streamed.parts.some((p) => p.kind === 'reference' && p.value === `${ledgerFile}:14-16`),
      JSON.stringify(streamed.parts),
    );
    assert.ok(streamed.parts.some((p) => p.kind === 'progress' && p.value.startsWith('lectern_read')));

    // The conversation has its own Lectern session, which the dashboard shows (it changed last).
    const exported = await vscode.commands.executeCommand<vscode.TextDocument>('lectern.exportSessionMetrics');
    const session = JSON.parse(exported.getText()) as { id: string; timeline: { file: string }[] };
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.equal(session.id, meta.sessionId);
    assert.deepEqual(
      session.timeline.map((e) => e.file),
      [LEDGER_PATH],
    );
  });

  it('rebuilds history through retention on the next turn: repeated reads become pointers, edits stay with intents; /changes lists them', async () => {
    const lines = { target: LEDGER_PATH, start_line: 1, end_line: 20 };
    model.enqueue(
      { toolCalls: [{ name: 'lectern_read', input: lines, id: 'r1' }] },
      { toolCalls: [{ name: 'lectern_read', input: { ...lines, start_line: 5, force: true }, id: 'r2' }] },
      { toolCalls: [{ name: 'lectern_read', input: { ...lines, force: true }, id: 'r3' }] },
      // Unchanged since r3: Lectern answers with a de-duplication pointer, which holds no lines.
      { toolCalls: [{ name: 'lectern_read', input: lines, id: 'r4' }] },
      {
        toolCalls: [
          {
            name: 'test_replace_in_file',
            input: { filePath: LEDGER_PATH, explanation: 'Round the total to whole cents', startLine: 15, endLine: 15 },
            id: 'e1',
          },
        ],
      },
      { text: 'Done: the total is rounded now.' },
    );
    const first = await ask('#testEdit round the ledger total');
    assert.equal(model.requests.length, 6, 'five tool rounds, then the answer');
    assert.ok(
      model.requests[0]!.tools.includes('test_replace_in_file'),
      `the tool the user attached is offered: ${model.requests[0]!.tools.join(', ')}`,
    );
    const rounds = first.metadata!.lectern.turn.rounds;
    assert.deepEqual(
      rounds.map((r) => r.calls.map((c) => c.kind)),
      [['read'], ['read'], ['read'], ['read'], ['edit']],
    );
    assert.deepEqual(
      rounds.map((r) => r.calls[0]!.stub ?? false),
      [false, false, false, true, false],
    );
    assert.equal(rounds[4]!.calls[0]!.intent, 'Round the total to whole cents');
    // Within turn 1 the model got every answer as served.
    const inTurn = toolResults(model.requests[5]!);
    assert.equal(inTurn.length, 5);
    assert.match(inTurn[3]!.text, /unchanged since call #\d+/);

    model.enqueue({ text: 'It adds cents.' });
    await ask('and what does add do?');
    assert.equal(model.requests.length, 7);
    const rebuilt = model.requests[6]!;
    const results = toolResults(rebuilt);
    assert.deepEqual(
      toolCalls(rebuilt).map((c) => c.id),
      ['r1', 'r2', 'r3', 'r4', 'e1'],
      'every call is still paired with its result',
    );
    assert.equal(results[0]!.text, inTurn[0]!.text, 'the first read is kept');
    assert.equal(
      results[1]!.text,
      `[${LEDGER_PATH} L5-20 read again; see turn 1, L1-20]`,
      'the middle read is a pointer',
    );
    assert.equal(results[2]!.text, inTurn[2]!.text, 'the last read is kept');
    assert.equal(results[3]!.text, inTurn[3]!.text, 'the de-duplication pointer stays as it was');
    assert.equal(results[4]!.text, `Edited ${LEDGER_PATH}: Round the total to whole cents`, 'the edit is kept');
    assert.ok(texts(rebuilt).includes('Done: the total is rounded now.'), 'the earlier answer is in history');
    assert.equal(texts(rebuilt).at(-1), 'and what does add do?');

    const changes = await ask('/changes');
    assert.equal(model.requests.length, 7, '/changes needs no model');
    assert.equal(
      changes.metadata!.lectern.turn.answer,
      `### ${LEDGER_PATH}\n- turn 1, L15-15 (test_replace_in_file): Round the total to whole cents`,
    );
  });

  it('/symbol reads without the model and keeps the read for later turns', async () => {
    const result = await ask('/symbol Ledger.add');
    assert.equal(model.requests.length, 0);
    const streamed = responses().at(-1)!;
    const markdown = streamed.parts
      .filter((p) => p.kind === 'markdown')
      .map((p) => p.value)
      .join('');
    assert.match(markdown, /^```text\nalpha\/src\/chat\/ledger\.ts:10-12 method Ledger\.add\n/);
    assert.ok(streamed.parts.some((p) => p.kind === 'reference' && p.value === `${ledgerFile}:10-12`));
    assert.equal(result.metadata!.lectern.turn.rounds[0]!.calls[0]!.path, LEDGER_PATH);
    model.enqueue({ text: 'It pushes an entry.' });
    await ask('explain it');
    assert.match(toolResults(model.requests[0]!)[0]!.text, /^alpha\/src\/chat\/ledger\.ts:10-12 method Ledger\.add/);

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.window.showTextDocument(vscode.Uri.file(ledgerFile), {
      selection: new vscode.Range(9, 0, 12, 0),
      preview: true,
    });
    await screenshot('chat.png');
  });

  it('/references and /map answer without the model, as the model would get them', async () => {
    const before = model.requests.length;
    await ask('/references Ledger.add');
    await ask('/map alpha/src/chat');
    assert.equal(model.requests.length, before, 'no request reached the model');
    const [references, map] = responses()
      .slice(-2)
      .map((streamed) =>
        streamed.parts
          .filter((p) => p.kind === 'markdown')
          .map((p) => p.value)
          .join(''),
      );
    assert.match(references!, /^```text\n/);
    assert.match(references!, /Ledger\.add|ledger\.ts/);
    assert.match(map!, /^```text\n/);
    assert.match(map!, /ledger\.ts/);
  });

  it('/outline reads the active file without the model; /explain with no words explains the selection', async () => {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(ledgerFile));
    const outline = await ask('/outline');
    assert.equal(model.requests.length, 0);
    const call = outline.metadata!.lectern.turn.rounds[0]!.calls[0]!;
    assert.deepEqual([call.input, call.outline], [{ mode: 'file', target: LEDGER_PATH, outline: true }, true]);
    assert.match(call.text, /class Ledger/);
    editor.selection = new vscode.Selection(9, 0, 11, 3);
    model.enqueue({ text: 'It records an entry.' });
    await vscode.window.showTextDocument(editor.document, { selection: editor.selection });
    await ask('/explain');
    assert.equal(model.requests.length, 1);
    assert.equal(texts(model.requests[0]!).at(-1), `Explain ${LEDGER_PATH}:10-12.`);
    assert.match(texts(model.requests[0]!)[0]!, /The user wants an explanation/);
  });

  it('fits the prompt to a small model: prompt-tsx prunes the oldest turn whole, never this turn', async () => {
    const big = writeFile(
      path.join(path.dirname(ledgerFile), 'big.ts'),
      Array.from({ length: 300 }, (_, i) => `export const value${i + 1} = ${i + 1}; // a line of filler text`).join(
        '\n',
      ) + '\n',
    );
    const read = (start: number, id: string) => ({
      toolCalls: [
        {
          name: 'lectern_read',
          input: { target: 'alpha/src/chat/big.ts', start_line: start, end_line: start + 109 },
          id,
        },
      ],
    });
    model.enqueue(read(1, 'b1'), { text: 'first answer' });
    await ask('first question', 'scripted-small');
    model.enqueue(read(111, 'b2'), { text: 'second answer' });
    await ask('second question', 'scripted-small');
    model.enqueue({ text: 'third answer' });
    await ask('third question', 'scripted-small');
    assert.equal(model.requests.length, 5);
    const last = model.requests[4]!;
    assert.equal(texts(last).at(-1), 'third question', 'this turn is whole');
    assert.ok(
      !texts(last).includes('first question') && !toolCalls(last).some((c) => c.id === 'b1'),
      'the oldest turn is pruned',
    );
    assert.ok(texts(last).includes('second question'), 'the newer turn stays');
    assert.deepEqual(
      toolCalls(last).map((c) => c.id),
      ['b2'],
    );
    assert.deepEqual(
      toolResults(last).map((r) => r.id),
      ['b2'],
      'its call keeps its result',
    );
    fs.rmSync(big);
  });

  it("honours cancellation: the model's request is cancelled and the loop stops", async () => {
    model.enqueue({ toolCalls: [{ name: 'lectern_read', input: { target: LEDGER_PATH, head: 5 } }] }, 'hang', {
      text: 'never sent',
    });
    const pending = ask('read the ledger slowly');
    await model.waitForRequests(2);
    await vscode.commands.executeCommand('workbench.action.chat.cancel');
    await pending;
    assert.equal(model.cancellations(), 1);
    // The handler has returned (the chat view's promise may resolve at the cancellation, before it): a
    // request after the cancellation would have been made by then.
    const streamed = responses().at(-1)!;
    await eventually(() => streamed.done, { what: '@lectern to return from the cancelled request' });
    assert.equal(model.requests.length, 2, 'no request after the cancellation');
  });

  it("stops with a clear message when the conversation's read budget is spent", async () => {
    const config = vscode.workspace.getConfiguration('lectern');
    await config.update('maxReadsPerSession', 2, vscode.ConfigurationTarget.Global);
    await config.update('hardLimitMultiplier', 1, vscode.ConfigurationTarget.Global);
    try {
      model.enqueue(
        { toolCalls: [{ name: 'lectern_read', input: { target: LEDGER_PATH, head: 5 } }] },
        { toolCalls: [{ name: 'lectern_read', input: { target: LEDGER_PATH, tail: 5 } }] },
        { text: 'should not be asked' },
      );
      const result = await ask('read both ends of the ledger');
      assert.equal(model.requests.length, 2, 'the loop stops before asking the model again');
      assert.equal(result.metadata!.lectern.stopped, 'budget');
      const markdown = responses()
        .at(-1)!
        .parts.filter((p) => p.kind === 'markdown')
        .map((p) => p.value)
        .join('');
      assert.match(markdown, /Stopped: this conversation's read budget is spent\*\* \(2 reads, 10 lines read\)\./);
      assert.match(markdown, /Lectern: Reset Session/);
    } finally {
      await config.update('maxReadsPerSession', undefined, vscode.ConfigurationTarget.Global);
      await config.update('hardLimitMultiplier', undefined, vscode.ConfigurationTarget.Global);
      // The status bar re-reads its session on a settings change: the next test starts once it has.
      const api = vscode.extensions.getExtension<LecternTestApi>('lectern.lectern')!.exports;
      await eventually(() => api.statusSnapshot().budget_state === 'ok', {
        what: 'the status bar to show the default limits again',
      });
    }
  });
});
