// What @lectern does with a request (bundled apart as dist/chat.js, loaded on the first request):
// its Lectern session is the conversation's, its tool loop runs on the user's chosen model, and
// each turn's tool rounds are kept in ChatResult.metadata so later turns rebuild them through the
// retention module.
import * as vscode from 'vscode';
import type { Lectern } from '../../core/engine';
import { projectHistory, renderChangelog, type HistoryRound, type HistoryTurn } from '../../core/history';
import { citationsIn } from './citations';
import { instructions } from './instructions';
import { PARTICIPANT_ID, readMetadata, storedTurn, type LecternChatMetadata } from './metadata';
import { isLecternTool, referenceOf } from './toolCalls';
import { runToolLoop } from './toolLoop';
import type { WorkspaceUris } from '../uris/workspaceUris';
import { TOOL } from '../../core/ground/tools';

/** Share of the model's input the rebuilt history may use (the rest: instructions, this turn). */
export const HISTORY_SHARE = 0.5;

/** The earlier @lectern turns of this conversation, and its session. */
export function previousTurns(context: vscode.ChatContext): { sessionId: string | undefined; turns: HistoryTurn[] } {
  let sessionId: string | undefined;
  const turns: HistoryTurn[] = [];
  for (const turn of context.history) {
    if (!(turn instanceof vscode.ChatResponseTurn) || turn.participant !== PARTICIPANT_ID) continue;
    const kept = readMetadata(turn.result.metadata);
    if (!kept) continue;
    sessionId = kept.sessionId;
    turns.push(kept.turn);
  }
  return { sessionId, turns };
}

function newSessionId(): string {
  return `chat-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

function relative(uri: vscode.Uri): string {
  return vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
}

function chatTools(engine: Lectern, request: vscode.ChatRequest): vscode.LanguageModelChatTool[] {
  // Lectern's tools, and the ones the user attached to this request (#tool). The stable API does
  // not tell a participant which tools the user enabled in the tools picker.
  const referenced = new Set(request.toolReferences.map((r) => r.name));
  return vscode.lm.tools
    .filter((t) => isLecternTool(engine, t.name) || referenced.has(t.name))
    .map((t) => ({ name: t.name, description: t.description, inputSchema: t.inputSchema }));
}

function result(
  sessionId: string,
  turn: HistoryTurn,
  stopped?: LecternChatMetadata['lectern']['stopped'],
): vscode.ChatResult {
  const metadata: LecternChatMetadata = {
    lectern: { version: 1, sessionId, turn: storedTurn(turn), ...(stopped ? { stopped } : {}) },
  };
  return { metadata };
}

export async function handleChatRequest(
  engine: Lectern,
  uris: WorkspaceUris,
  request: vscode.ChatRequest,
  context: vscode.ChatContext,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<vscode.ChatResult> {
  const earlier = previousTurns(context);
  const sessionId = earlier.sessionId ?? newSessionId();
  const prompt = request.prompt.trim();
  const turn: HistoryTurn = {
    prompt: request.command ? `/${request.command} ${prompt}` : prompt,
    rounds: [],
    answer: '',
  };
  try {
    switch (request.command) {
      case 'changes': {
        const text = renderChangelog(earlier.turns);
        stream.markdown(text);
        return result(sessionId, { ...turn, answer: text });
      }
      default: {
        const direct = request.command ? directCommand(request.command) : undefined;
        if (direct) {
          const input = direct.input(prompt, () => activeFile(uris));
          if (!input) {
            stream.markdown(direct.usage);
            return result(sessionId, { ...turn, answer: direct.usage });
          }
          const round = await directRead(engine, uris, input, sessionId, stream, token);
          return result(sessionId, { ...turn, rounds: [round] });
        }
        const countTokens = await engine.tokenCounter();
        const projection = projectHistory(earlier.turns, {
          countTokens,
          budget: Math.floor(request.model.maxInputTokens * HISTORY_SHARE),
        });
        const question = request.command === 'explain' && !prompt ? explainTarget(uris) : prompt;
        const roots = (vscode.workspace.workspaceFolders ?? []).map((f) => f.name);
        const loop = await runToolLoop({
          engine,
          uris,
          request,
          stream,
          token,
          sessionId,
          instructions: instructions(request.command, roots),
          history: projection.turns,
          prompt: question,
          tools: chatTools(engine, request),
        });
        return result(
          sessionId,
          { ...turn, rounds: loop.rounds, answer: loop.answer, citations: citationsIn(loop.answer) },
          loop.stopped,
        );
      }
    }
  } catch (error) {
    stream.markdown(`\n\n**Lectern could not finish this answer:** ${(error as Error)?.message ?? String(error)}`);
    return {
      ...result(sessionId, turn, 'error'),
      errorDetails: { message: (error as Error)?.message ?? String(error) },
    };
  }
}

/** A command answered by one lectern_read, without a model: the input it builds from the prompt, and its usage. */
interface DirectCommand {
  /** The lectern_read input; undefined when the prompt (or the editor's file, `activeFile`) names nothing to read. */
  input(prompt: string, activeFile: () => string | undefined): Record<string, unknown> | undefined;
  usage: string;
}

const DIRECT_COMMANDS: Readonly<Record<string, DirectCommand>> = {
  symbol: {
    input: (prompt) => (prompt ? { mode: 'symbol', target: prompt } : undefined),
    usage: 'Name a symbol: `/symbol Store.get`.',
  },
  outline: {
    input: (prompt, activeFile) => {
      const target = prompt || activeFile();
      return target ? { mode: 'file', target, outline: true } : undefined;
    },
    usage: 'Name a file, or open one: `/outline src/app.ts`.',
  },
  references: {
    input: (prompt) => (prompt ? { mode: 'references', target: prompt } : undefined),
    usage: 'Name a symbol: `/references Store.get`.',
  },
  map: {
    input: (prompt) => ({ mode: 'map', ...(prompt ? { target: prompt } : {}) }),
    usage: 'Map the workspace, or a folder: `/map src/`.',
  },
};

function directCommand(command: string): DirectCommand | undefined {
  return Object.hasOwn(DIRECT_COMMANDS, command) ? DIRECT_COMMANDS[command] : undefined;
}

/** The active editor's file, relative to the workspace, when it is a file of the workspace's kind. */
function activeFile(uris: WorkspaceUris): string | undefined {
  const editor = vscode.window.activeTextEditor;
  return editor && uris.pathOf(editor.document.uri) !== null ? relative(editor.document.uri) : undefined;
}

function explainTarget(uris: WorkspaceUris): string {
  const editor = vscode.window.activeTextEditor;
  if (!editor || uris.pathOf(editor.document.uri) === null) return 'Explain the code I am looking at.';
  const file = relative(editor.document.uri);
  const { start, end } = editor.selection;
  return editor.selection.isEmpty ? `Explain ${file}.` : `Explain ${file}:${start.line + 1}-${end.line + 1}.`;
}

/** /symbol, /outline, /references and /map: one read, no model; shown as the model would get it, kept in history. */
async function directRead(
  engine: Lectern,
  uris: WorkspaceUris,
  input: Record<string, unknown>,
  sessionId: string,
  stream: vscode.ChatResponseStream,
  token: vscode.CancellationToken,
): Promise<HistoryRound> {
  stream.progress(`${TOOL.read} ${JSON.stringify(input)}`);
  const response = await engine.invoke(TOOL.read, input, { signal: token, sessionId });
  const reference = referenceOf(response, uris);
  if (reference) stream.reference(reference);
  const fence = '`'.repeat(Math.max(3, ...[...response.text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  stream.markdown(`${fence}text\n${response.text}\n${fence}`);
  const facts = engine.catalog.retained(TOOL.read, input, response);
  return {
    response: '',
    calls: [
      {
        id: `lectern-${sessionId}-${Date.now().toString(36)}`,
        tool: TOOL.read,
        input,
        ...facts,
        text: response.text,
      },
    ],
  };
}
