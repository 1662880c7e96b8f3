// The tools of one registry (modes/index.ts) as the engine and the hosts use them: their
// definitions, the mode or tool that answers a call, and what a call's descriptor says of it — its
// traits (for the session), its progress message, how chat history keeps it. The engine holds one
// (built from the registry it is given); hosts ask it through `engine.catalog`.
import type { ToolResponse } from '../ground/contract';
import { traitsOf, type CallDescriptor, type CallInput, type CallTraits } from '../ground/descriptor';
import type { ToolDefinition } from '../ground/schema';
import { classifyLecternCall, type CallFacts } from '../history/classify';
import { toPrimaryCall } from '../legacy/answers';
import { REGISTRY, type Registry } from '../modes/index';
import type { ReadMode, Tool } from '../modes/mode';
import { legacyTools, primaryToolsOf } from './definitions';

const asInput = (raw: unknown): CallInput => (raw && typeof raw === 'object' ? (raw as CallInput) : {});

/** A call as its primary tool takes it (a legacy tool's mapped onto one), with the descriptor that answers for it. */
interface Described {
  descriptor: CallDescriptor;
  input: CallInput;
}

export class Catalog {
  readonly primaryTools: readonly ToolDefinition[];
  readonly allTools: readonly ToolDefinition[];
  /** lectern_read's definition. */
  readonly readTool: ToolDefinition;
  private readonly modes: ReadonlyMap<string, ReadMode>;
  private readonly tools: ReadonlyMap<string, Tool>;
  private readonly defaultMode: ReadMode;

  constructor(readonly registry: Registry = REGISTRY) {
    this.primaryTools = primaryToolsOf(registry);
    this.readTool = this.primaryTools[0]!;
    this.allTools = [...this.primaryTools, ...legacyTools];
    this.modes = new Map(registry.modes.map((mode) => [mode.name, mode]));
    this.tools = new Map(registry.tools.map((tool) => [tool.definition.name, tool]));
    if (!registry.modes[0]) throw new Error('a registry needs a mode of lectern_read');
    this.defaultMode = registry.modes[0];
  }

  findTool(name: string): ToolDefinition | undefined {
    return this.allTools.find((tool) => tool.name === name);
  }

  /** The primary tool (besides lectern_read) named `name`. */
  tool(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  /** The mode a lectern_read input asks for (the default without `mode`); undefined for an unknown one. */
  mode(input: CallInput): ReadMode | undefined {
    return typeof input.mode === 'string' ? this.modes.get(input.mode) : this.defaultMode;
  }

  /** The modes that take a list of targets. */
  listModes(): string[] {
    return this.registry.modes.filter((mode) => mode.targetList).map((mode) => mode.name);
  }

  /** The `mode` an answer to `tool` carries when the call failed before its mode answered. */
  answerMode(tool: string, raw: unknown): string {
    const other = this.tools.get(tool);
    if (other) return other.mode;
    const mode = asInput(raw).mode;
    return typeof mode === 'string' ? mode.slice(0, 40) : this.defaultMode.name;
  }

  /** The descriptor answering for a call of `tool` (a legacy tool's: its primary call's); undefined when none does. */
  private described(tool: string, input: CallInput): Described | undefined {
    if (tool === this.readTool.name) {
      const mode = this.mode(input);
      return mode && { descriptor: mode.descriptor, input };
    }
    const other = this.tools.get(tool);
    if (other) return { descriptor: other.descriptor, input };
    if (!this.findTool(tool)?.legacy) return undefined;
    const primary = toPrimaryCall(tool, input);
    return this.described(primary.tool, primary.input);
  }

  /** What the session and history are told of a (validated) call; undefined for an unknown tool or mode. */
  traits(tool: string, input: CallInput): CallTraits | undefined {
    const described = this.described(tool, input);
    return described && traitsOf(described.descriptor, described.input);
  }

  /** The progress message a host shows while the call runs ("Reading src/a.ts, lines 1-200"); input unchecked. */
  title(tool: string, raw: unknown): string {
    const input = asInput(raw);
    // An unknown mode is answered with an error naming the modes: until then it reads like the default.
    const described =
      this.described(tool, input) ??
      (tool === this.readTool.name ? { descriptor: this.defaultMode.descriptor, input } : undefined);
    return described ? described.descriptor.title(described.input) : `Running ${tool}`;
  }

  /** A Lectern call as chat history keeps it, from its descriptor and its answer. */
  retained(tool: string, input: unknown, response: ToolResponse): CallFacts {
    // The model may name a tool by its reference name (#lecternRead).
    const name = this.allTools.find((t) => t.toolReferenceName === tool)?.name ?? tool;
    return classifyLecternCall(response.ok ? this.traits(name, asInput(input)) : undefined, input, response);
  }
}

/** The catalog of the registry the extension ships. */
export const defaultCatalog = new Catalog(REGISTRY);

/** The catalog of a registry: the shipped one's is built once. */
export function catalogOf(registry: Registry): Catalog {
  return registry === REGISTRY ? defaultCatalog : new Catalog(registry);
}
