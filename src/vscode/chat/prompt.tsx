// The prompt of one @lectern request, composed with @vscode/prompt-tsx within the model's input
// budget: the instructions and this turn (its question and tool rounds) first; the rebuilt history
// (already projected by the retention module) fills what is left, older turns pruned first, and a
// tool call is never kept without its result (KeepWith).
import {
  AssistantMessage,
  BasePromptElementProps,
  PromptElement,
  renderPrompt,
  ToolMessage,
  useKeepWith,
  UserMessage,
  type ToolCall,
} from '@vscode/prompt-tsx';
import type * as vscode from 'vscode';
import type { ProjectedRound, ProjectedTurn } from '../../core/history';

export interface LivePromptRound {
  response: string;
  calls: { id: string; tool: string; input: unknown; text: string }[];
}

interface PromptProps extends BasePromptElementProps {
  instructions: string;
  history: ProjectedTurn[];
  prompt: string;
  rounds: LivePromptRound[];
}

/** Priorities: higher survives longer. History turn i (oldest 0) of n gets HISTORY_BASE + i. */
const INSTRUCTIONS = 1_000_000;
const CURRENT = 900_000;
const HISTORY_BASE = 1_000;

function Rounds(props: { rounds: (LivePromptRound | ProjectedRound)[]; priority: number }) {
  return props.rounds.flatMap((round) => {
    const KeepWith = useKeepWith();
    const toolCalls: ToolCall[] = round.calls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.tool, arguments: JSON.stringify(c.input ?? {}) },
      keepWith: KeepWith,
    }));
    return [
      <AssistantMessage priority={props.priority} toolCalls={toolCalls}>
        {round.response}
      </AssistantMessage>,
      ...round.calls.map((c) => (
        <KeepWith priority={props.priority}>
          <ToolMessage toolCallId={c.id} priority={props.priority}>
            {c.text}
          </ToolMessage>
        </KeepWith>
      )),
    ];
  });
}

class LecternPrompt extends PromptElement<PromptProps> {
  render() {
    const { history, rounds } = this.props;
    return (
      <>
        <UserMessage priority={INSTRUCTIONS}>{this.props.instructions}</UserMessage>
        {history.flatMap((turn, i) => [
          <UserMessage priority={HISTORY_BASE + i}>{turn.prompt}</UserMessage>,
          ...Rounds({ rounds: turn.rounds, priority: HISTORY_BASE + i }),
          ...(turn.answer ? [<AssistantMessage priority={HISTORY_BASE + i}>{turn.answer}</AssistantMessage>] : []),
        ])}
        <UserMessage priority={CURRENT}>{this.props.prompt}</UserMessage>
        {Rounds({ rounds, priority: CURRENT })}
      </>
    );
  }
}

export async function buildMessages(
  model: vscode.LanguageModelChat,
  props: Omit<PromptProps, keyof BasePromptElementProps>,
): Promise<{ messages: vscode.LanguageModelChatMessage[]; tokens: number }> {
  const { messages, tokenCount } = await renderPrompt(
    LecternPrompt,
    props,
    { modelMaxPromptTokens: model.maxInputTokens },
    model,
  );
  return { messages, tokens: tokenCount };
}
