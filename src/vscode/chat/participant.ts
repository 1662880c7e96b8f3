// Registers the chat participant @lectern (package.json chatParticipants; available when a folder
// or workspace is open). Its handler loads on the first request (dist/chat.js).
import * as vscode from 'vscode';
import type { Lectern } from '../../core/engine';
import { PARTICIPANT_ID } from './metadata';

type Handler = typeof import('./handler');

/** What a response streamed, as tests see it (extension test mode only). */
export interface StreamedResponse {
  prompt: string;
  command: string | undefined;
  parts: { kind: 'markdown' | 'progress' | 'reference'; value: string }[];
}

export function registerChatParticipant(
  engine: Lectern,
  extensionUri: vscode.Uri,
  recordInto?: StreamedResponse[],
): vscode.Disposable[] {
  if (typeof vscode.chat?.createChatParticipant !== 'function') return [];
  let handler: Handler | undefined;
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, async (request, context, stream, token) => {
    // A plain require: the extension host resolves `vscode` for CommonJS modules it loads.
    handler ??= require('./handler') as Handler;
    return handler.handleChatRequest(
      engine,
      request,
      context,
      recordInto ? recorded(stream, request, recordInto) : stream,
      token,
    );
  });
  participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
  return [participant];
}

function describeReference(value: vscode.Uri | vscode.Location | unknown): string {
  if (value instanceof vscode.Location)
    return `${value.uri.fsPath}:${value.range.start.line + 1}-${value.range.end.line + 1}`;
  if (value instanceof vscode.Uri) return value.fsPath;
  return String(value);
}

function recorded(
  stream: vscode.ChatResponseStream,
  request: vscode.ChatRequest,
  into: StreamedResponse[],
): vscode.ChatResponseStream {
  const response: StreamedResponse = { prompt: request.prompt, command: request.command, parts: [] };
  into.push(response);
  // The stream is frozen: record through a new object that forwards every member.
  const wrapper: Record<string | symbol, unknown> = {};
  for (const key of Object.keys(stream) as (keyof vscode.ChatResponseStream)[]) {
    const value = stream[key];
    wrapper[key] = typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(stream) : value;
  }
  for (const kind of ['markdown', 'progress', 'reference'] as const) {
    const original = (stream[kind] as (...a: unknown[]) => unknown).bind(stream);
    wrapper[kind] = (...args: unknown[]) => {
      const first = args[0];
      response.parts.push({
        kind,
        value:
          kind === 'reference'
            ? describeReference(first)
            : typeof first === 'string'
              ? first
              : (first as vscode.MarkdownString).value,
      });
      original(...args);
      return wrapper;
    };
  }
  return wrapper as unknown as vscode.ChatResponseStream;
}
