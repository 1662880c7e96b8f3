// Registers the chat participant @lectern (package.json chatParticipants; available when a folder
// or workspace is open). Its handler loads on the first request (dist/chat.js), and so does the
// engine where activation defers it (`engine` is called then).
import * as vscode from 'vscode';
import type { Lectern } from '../../core/engine';
import type { WorkspaceUris } from '../uris/workspaceUris';
import { PARTICIPANT_ID } from './metadata';

type Handler = typeof import('./handler');

/** What a response streamed, as tests see it (extension test mode only). */
export interface StreamedResponse {
  prompt: string;
  command: string | undefined;
  parts: { kind: 'markdown' | 'progress' | 'reference'; value: string }[];
  /** Set once the handler has returned: tests wait for it rather than for a time. */
  done: boolean;
}

export function registerChatParticipant(
  engine: () => Lectern,
  extensionUri: vscode.Uri,
  uris: WorkspaceUris,
  recordInto?: StreamedResponse[],
): vscode.Disposable[] {
  if (typeof vscode.chat?.createChatParticipant !== 'function') return [];
  let handler: Handler | undefined;
  const participant = vscode.chat.createChatParticipant(PARTICIPANT_ID, async (request, context, stream, token) => {
    // A plain require: the extension host resolves `vscode` for CommonJS modules it loads.
    handler ??= require('./handler') as Handler;
    const recording = recordInto && recorded(stream, request, recordInto, uris);
    try {
      return await handler.handleChatRequest(engine(), uris, request, context, recording?.stream ?? stream, token);
    } finally {
      if (recording) recording.response.done = true;
    }
  });
  participant.iconPath = vscode.Uri.joinPath(extensionUri, 'media', 'icon.png');
  return [participant];
}

/** A reference as tests compare it: the engine's path of a workspace file, else the whole URI. */
function describeReference(value: vscode.Uri | vscode.Location | unknown, uris: WorkspaceUris): string {
  const pathOf = (uri: vscode.Uri) => uris.pathOf(uri) ?? uri.toString();
  if (value instanceof vscode.Location)
    return `${pathOf(value.uri)}:${value.range.start.line + 1}-${value.range.end.line + 1}`;
  if (value instanceof vscode.Uri) return pathOf(value);
  return String(value);
}

function recorded(
  stream: vscode.ChatResponseStream,
  request: vscode.ChatRequest,
  into: StreamedResponse[],
  uris: WorkspaceUris,
): { stream: vscode.ChatResponseStream; response: StreamedResponse } {
  const response: StreamedResponse = { prompt: request.prompt, command: request.command, parts: [], done: false };
  into.push(response);
  const record = (kind: StreamedResponse['parts'][number]['kind'], value: string) =>
    response.parts.push({ kind, value });
  // The stream is frozen: record through a new object that forwards every member of the API (a
  // member the API gains is a type error here until it is forwarded).
  const forwarding: vscode.ChatResponseStream = {
    markdown: (value) => {
      record('markdown', typeof value === 'string' ? value : value.value);
      stream.markdown(value);
    },
    progress: (value) => {
      record('progress', value);
      stream.progress(value);
    },
    reference: (value, iconPath) => {
      record('reference', describeReference(value, uris));
      stream.reference(value, iconPath);
    },
    anchor: (value, title) => stream.anchor(value, title),
    button: (command) => stream.button(command),
    filetree: (value, baseUri) => stream.filetree(value, baseUri),
    push: (part) => stream.push(part),
  };
  return { stream: forwarding, response };
}
