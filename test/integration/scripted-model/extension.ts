// A scripted language model for the integration tests, registered through VS Code's own
// registerLanguageModelChatProvider (vendor "lectern-test"). Tests queue its answers (text and
// tool calls, or a function of what it received) and read back every request it got.
import * as vscode from 'vscode';

type RecordedPart =
  | { text: string }
  | { toolCall: { id: string; name: string; input: unknown } }
  | { toolResult: { id: string; text: string } };

export interface RecordedRequest {
  model: string;
  messages: { role: 'user' | 'assistant' | 'system'; parts: RecordedPart[] }[];
  tools: string[];
}

interface StepAnswer {
  text?: string;
  toolCalls?: { name: string; input: unknown; id?: string }[];
}

/** An answer, a function of the request, or 'hang': wait until the request is cancelled. */
type Step = StepAnswer | ((request: RecordedRequest) => StepAnswer) | 'hang';

export interface ScriptedModelApi {
  enqueue(...steps: Step[]): void;
  readonly requests: RecordedRequest[];
  /** How many 'hang' steps ended by cancellation. */
  cancellations(): number;
  /** Resolves when the model has received `count` requests in all. */
  waitForRequests(count: number): Promise<void>;
  reset(): void;
}

const MODELS: vscode.LanguageModelChatInformation[] = [
  {
    id: 'scripted',
    name: 'Scripted',
    family: 'scripted',
    version: '1',
    maxInputTokens: 100_000,
    maxOutputTokens: 4_000,
    capabilities: { toolCalling: true },
  },
  // A small context, for history pruning and context-overflow tests.
  {
    id: 'scripted-small',
    name: 'Scripted Small',
    family: 'scripted-small',
    version: '1',
    maxInputTokens: 2_500,
    maxOutputTokens: 1_000,
    capabilities: { toolCalling: true },
  },
];

const roleName = (role: vscode.LanguageModelChatMessageRole): RecordedRequest['messages'][number]['role'] =>
  role === vscode.LanguageModelChatMessageRole.Assistant
    ? 'assistant'
    : role === vscode.LanguageModelChatMessageRole.User
      ? 'user'
      : 'system';

function record(part: unknown): RecordedPart | undefined {
  if (part instanceof vscode.LanguageModelTextPart) return { text: part.value };
  if (part instanceof vscode.LanguageModelToolCallPart)
    return { toolCall: { id: part.callId, name: part.name, input: part.input } };
  if (part instanceof vscode.LanguageModelToolResultPart) {
    const text = part.content.map((c) => (c instanceof vscode.LanguageModelTextPart ? c.value : '')).join('');
    return { toolResult: { id: part.callId, text } };
  }
  return undefined;
}

const countOf = (text: string) => Math.ceil(text.length / 4);

export function activate(context: vscode.ExtensionContext): ScriptedModelApi {
  const queue: Step[] = [];
  const requests: RecordedRequest[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  let serial = 0;
  let cancelled = 0;
  const provider: vscode.LanguageModelChatProvider = {
    provideLanguageModelChatInformation: () => MODELS,
    async provideLanguageModelChatResponse(model, messages, options, progress, token) {
      const request: RecordedRequest = {
        model: model.id,
        messages: messages.map((m) => ({
          role: roleName(m.role),
          parts: m.content.map(record).filter((p): p is RecordedPart => p !== undefined),
        })),
        tools: (options.tools ?? []).map((t) => t.name),
      };
      requests.push(request);
      for (const w of waiters.filter((w) => requests.length >= w.count)) w.resolve();
      const step = queue.shift() ?? { text: 'The script has no more answers.' };
      if (step === 'hang') {
        await new Promise<void>((resolve) => {
          if (token.isCancellationRequested) return resolve();
          token.onCancellationRequested(() => resolve());
        });
        cancelled++;
        throw new vscode.CancellationError();
      }
      const answer = typeof step === 'function' ? step(request) : step;
      if (answer.text) progress.report(new vscode.LanguageModelTextPart(answer.text));
      for (const call of answer.toolCalls ?? [])
        progress.report(
          new vscode.LanguageModelToolCallPart(call.id ?? `call_${++serial}`, call.name, call.input as object),
        );
    },
    async provideTokenCount(_model, text) {
      if (typeof text === 'string') return countOf(text);
      return text.content.reduce<number>((n, part) => {
        const r = record(part);
        if (!r) return n;
        return n + countOf('text' in r ? r.text : 'toolCall' in r ? JSON.stringify(r.toolCall) : r.toolResult.text);
      }, 0);
    },
  };
  context.subscriptions.push(
    vscode.lm.registerLanguageModelChatProvider('lectern-test', provider),
    // An edit tool another extension might offer (records only): @lectern keeps its calls with their intents.
    vscode.lm.registerTool<{ filePath: string; explanation: string }>('test_replace_in_file', {
      invoke: (options) =>
        new vscode.LanguageModelToolResult([
          new vscode.LanguageModelTextPart(`Edited ${options.input.filePath}: ${options.input.explanation}`),
        ]),
    }),
  );
  return {
    enqueue: (...steps) => void queue.push(...steps),
    requests,
    cancellations: () => cancelled,
    waitForRequests: (count) =>
      requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve })),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
  };
}
