// @lectern's own tool loop with the user's chosen model: send the prompt (history rebuilt through
// the retention module), stream the text, run the tool calls it asks for, repeat until it answers.
// Stops clearly on cancellation, when the conversation's read budget is used up (the session's hard
// limit: Lectern would still page on, but a chat turn should answer with what it has), when this
// turn alone would overflow the model's input, and after MAX_ROUNDS.
import * as vscode from 'vscode';
import type { ToolResponse } from '../../core/ground/contract';
import { plural } from '../../core/ground/format';
import type { Lectern } from '../../core/engine';
import type { HistoryRound, ProjectedTurn } from '../../core/history';
import type { LecternChatMetadata } from './metadata';
import { buildMessages, type LivePromptRound } from './prompt';
import type { WorkspaceUris } from '../uris/workspaceUris';
import { referenceOf, runToolCall } from './toolCalls';

const MAX_ROUNDS = 12;

export interface LoopInput {
  engine: Lectern;
  uris: WorkspaceUris;
  request: vscode.ChatRequest;
  stream: vscode.ChatResponseStream;
  token: vscode.CancellationToken;
  sessionId: string;
  instructions: string;
  history: ProjectedTurn[];
  prompt: string;
  tools: vscode.LanguageModelChatTool[];
}

export interface LoopResult {
  rounds: HistoryRound[];
  answer: string;
  stopped?: LecternChatMetadata['lectern']['stopped'];
}

export async function runToolLoop(input: LoopInput): Promise<LoopResult> {
  const { request, stream, token } = input;
  const model = request.model;
  const rounds: HistoryRound[] = [];
  // This turn's rounds as the model saw them (ephemeral reads with their text, for this turn only).
  const live: LivePromptRound[] = [];
  let answer = '';
  for (let round = 0; ; round++) {
    if (token.isCancellationRequested) return { rounds, answer, stopped: 'cancelled' };
    if (round === MAX_ROUNDS) {
      stream.markdown(
        `\n\n**Stopped after ${MAX_ROUNDS} tool rounds.** Ask a narrower question, or continue in a new message.`,
      );
      return { rounds, answer, stopped: 'rounds' };
    }
    let messages: vscode.LanguageModelChatMessage[];
    try {
      ({ messages } = await buildMessages(model, {
        instructions: input.instructions,
        history: input.history,
        prompt: input.prompt,
        rounds: live,
      }));
    } catch (error) {
      // prompt-tsx prunes history first; this turn alone does not fit the model's input.
      stream.markdown(
        `\n\n**Stopped: this turn's tool results no longer fit ${model.name}'s input (${model.maxInputTokens.toLocaleString('en-US')} tokens).** Ask about a smaller part of the code, or start a new conversation. (${(error as Error)?.message ?? error})`,
      );
      return { rounds, answer, stopped: 'context' };
    }
    let text = '';
    const calls: vscode.LanguageModelToolCallPart[] = [];
    try {
      const response = await model.sendRequest(
        messages,
        { tools: input.tools, justification: 'Lectern answers questions about this workspace with bounded reads.' },
        token,
      );
      for await (const part of response.stream) {
        if (part instanceof vscode.LanguageModelTextPart) {
          text += part.value;
          stream.markdown(part.value);
        } else if (part instanceof vscode.LanguageModelToolCallPart) calls.push(part);
      }
    } catch (error) {
      if (token.isCancellationRequested) return { rounds, answer: answer + text, stopped: 'cancelled' };
      throw error;
    }
    if (calls.length === 0) return { rounds, answer: text };
    answer = '';
    const done: HistoryRound = { response: text, calls: [] };
    const shown: LivePromptRound = { response: text, calls: [] };
    let budgetSpent: string | undefined;
    for (const part of calls) {
      if (token.isCancellationRequested) break;
      stream.progress(`${part.name} ${JSON.stringify(part.input)}`);
      const outcome = await runToolCall(input.engine, part, input.sessionId, request, token);
      done.calls.push(outcome.call);
      shown.calls.push({ id: part.callId, tool: part.name, input: part.input, text: outcome.call.text });
      const reference = referenceOf(outcome.response, input.uris);
      if (reference) stream.reference(reference);
      budgetSpent ??= spentBudget(outcome.response);
    }
    rounds.push(done);
    live.push(shown);
    if (token.isCancellationRequested) return { rounds, answer, stopped: 'cancelled' };
    if (budgetSpent) {
      stream.markdown(
        `\n\n**Stopped: this conversation's read budget is spent** (${budgetSpent}). Reset it with "Lectern: Reset Session" (or raise \`lectern.maxReadsPerSession\` / \`lectern.maxTotalReadLines\`), then ask again.`,
      );
      return { rounds, answer, stopped: 'budget' };
    }
  }
}

/** The read budget's state after a Lectern call, when it is used up: its reads and lines. */
function spentBudget(response: ToolResponse | undefined): string | undefined {
  const stab = response?.meta.stabilization;
  if (stab?.budget_state !== 'hard') return undefined;
  const m = stab.metrics_snapshot;
  return `${plural(m.reads_count, 'read')}, ${plural(m.reads_lines_total, 'line')} read`;
}
