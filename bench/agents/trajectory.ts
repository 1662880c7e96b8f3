// A trajectory as a list of steps: what the agent asked for (a shell command, or a tool call) and the
// text it got back. Two formats: mini-swe-agent's (.traj.json: chat messages, one ```bash block an
// answer, the observation in the next user message) and tool-calling agents' (OpenHands, SWE-agent:
// `str_replace_editor` calls whose observations are the tool messages).

export interface Step {
  /** 'bash' for a shell command, else the tool's name. */
  tool: string;
  /** The shell command, or the tool call's arguments. */
  command: string;
  args: Record<string, unknown>;
  /** What the agent received, without the harness's fixed wrapper (return code, output tags). */
  observation: string;
}

interface Message {
  role: string;
  content: unknown;
  tool_calls?: Array<{ function: { name: string; arguments: string } }>;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

/** mini-swe-agent's observation: `<returncode>N</returncode>` and the output between `<output>` tags
 * (or, when long, a warning and the head and tail with the count of characters left out). */
export function unwrapObservation(text: string): string {
  return text
    .replace(/^<returncode>-?\d+<\/returncode>\n?/, '')
    .replace(/^<output>\n?/, '')
    .replace(/<\/output>\s*$/, '');
}

function miniSteps(messages: readonly Message[]): Step[] {
  const steps: Step[] = [];
  messages.forEach((message, i) => {
    if (message.role !== 'assistant') return;
    const blocks = [...textOf(message.content).matchAll(/```bash\n([\s\S]*?)\n```/g)];
    const next = messages[i + 1];
    if (blocks.length !== 1 || !next || next.role !== 'user') return;
    steps.push({
      tool: 'bash',
      command: blocks[0]![1]!.trim(),
      args: {},
      observation: unwrapObservation(textOf(next.content)),
    });
  });
  return steps;
}

function toolSteps(messages: readonly Message[]): Step[] {
  const steps: Step[] = [];
  messages.forEach((message, i) => {
    const call = message.tool_calls?.[0];
    const next = messages[i + 1];
    if (!call || !next || next.role !== 'tool') return;
    let args: Record<string, unknown> = {};
    try {
      args = JSON.parse(call.function.arguments) as Record<string, unknown>;
    } catch {
      return;
    }
    const name = call.function.name;
    const command = name === 'bash' || name === 'execute_bash' ? String(args.command ?? '') : JSON.stringify(args);
    steps.push({ tool: name === 'execute_bash' ? 'bash' : name, command, args, observation: textOf(next.content) });
  });
  return steps;
}

export function parseTrajectory(json: string): { steps: Step[]; submission: string } {
  const data = JSON.parse(json) as { messages?: Message[]; info?: { submission?: string } };
  const messages = data.messages ?? [];
  const tools = messages.some((m) => m.tool_calls?.length);
  return { steps: tools ? toolSteps(messages) : miniSteps(messages), submission: data.info?.submission ?? '' };
}
