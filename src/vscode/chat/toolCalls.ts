// Runs one tool call of @lectern's loop. Lectern's own tools go straight to the engine in the
// conversation's session (so its budget, de-duplication and dashboard are the conversation's);
// any other tool goes through vscode.lm.invokeTool with the request's invocation token.
import * as vscode from 'vscode';
import type { ToolResponse } from '../../core/ground/contract';
import type { Lectern } from '../../core/engine';
import { classifyCall, type HistoryCall } from '../../core/history';
import type { WorkspaceUris } from '../uris/workspaceUris';

export interface CallOutcome {
  /** The call as history keeps it (text as the model saw it). */
  call: HistoryCall;
  /** Lectern's answer, for references and budget checks. */
  response?: ToolResponse;
}

/** One of the primary tools of the engine's catalog (its registry's), which the engine answers itself. */
export function isLecternTool(engine: Pick<Lectern, 'catalog'>, name: string): boolean {
  return engine.catalog.primaryTools.some((tool) => tool.name === name);
}

function textOf(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

export async function runToolCall(
  engine: Lectern,
  part: vscode.LanguageModelToolCallPart,
  sessionId: string,
  request: vscode.ChatRequest,
  token: vscode.CancellationToken,
): Promise<CallOutcome> {
  if (isLecternTool(engine, part.name)) {
    const response = await engine.invoke(part.name, part.input, { signal: token, sessionId });
    return {
      call: {
        id: part.callId,
        tool: part.name,
        input: part.input,
        ...engine.catalog.retained(part.name, part.input, response),
        text: response.text,
      },
      response,
    };
  }
  let text: string;
  try {
    text = textOf(
      await vscode.lm.invokeTool(
        part.name,
        { input: part.input, toolInvocationToken: request.toolInvocationToken },
        token,
      ),
    );
  } catch (error) {
    text = `Error: the tool ${part.name} failed: ${(error as Error)?.message ?? String(error)}`;
  }
  return {
    call: { id: part.callId, tool: part.name, input: part.input, ...classifyCall(part.name, part.input), text },
  };
}

/** Where a Lectern read came from, as a clickable location (its URI through the host's `uris`). */
export function referenceOf(
  response: ToolResponse | undefined,
  uris: WorkspaceUris,
): vscode.Location | vscode.Uri | undefined {
  const absolute = response?.meta.absolute_path;
  if (!response?.ok || typeof absolute !== 'string') return undefined;
  const uri = uris.uriOf(absolute);
  const { start_line: start, end_line: end } = response.meta;
  if (start === null || end === null) return uri;
  return new vscode.Location(uri, new vscode.Range(start - 1, 0, end - 1, Number.MAX_SAFE_INTEGER));
}
