// One task replayed: each read step of the agent's trajectory mapped to Lectern's call, all of the
// task's calls in one Lectern session over the project at the task's base commit (the engine as
// `lectern session` builds it), with the tokens, lines and patch lines each side showed.
import { appendFileSync, existsSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Lectern } from '../../src/core/engine';
import type { TokenCounter } from '../../src/core/ground/tokens';
import { createNodeHost } from '../../src/node/nodeHost';
import { Seen } from '../economy/lectern';
import type { ReadIntent, ReadKind } from './intent';
import { lecternCalls } from './lecternCall';
import { agentShown, countLines, mergeInto, patchLines, pointedLines, showsOtherVersion, type LineSets } from './lines';
import { classifyStep } from './toolRead';
import type { Step } from './trajectory';

export interface StepResult {
  kind: ReadKind;
  agentTokens: number;
  lecternTokens: number;
  calls: number;
  errors: number;
  agentLines: number;
  lecternLines: number;
}

export interface TaskResult {
  id: string;
  steps: StepResult[];
  /** Read-like steps no call fits, by reason. */
  unmapped: Map<string, { steps: number; tokens: number }>;
  gold: { total: number; agent: number; lectern: number };
  own: { total: number; agent: number; lectern: number };
  /** Read steps whose output showed a file the agent had edited: their lines count for neither side. */
  otherVersion: number;
}

/** A task's files, read when first named (Seen asks for the lines of each path an answer names). */
class TreeFiles extends Map<string, string[]> {
  private readonly absent = new Set<string>();

  constructor(private readonly root: string) {
    super();
  }

  override get(path: string): string[] | undefined {
    if (super.has(path) || this.absent.has(path)) return super.get(path);
    const full = join(this.root, path);
    if (path === '' || path.includes('..') || !existsSync(full) || !statSync(full).isFile()) {
      this.absent.add(path);
      return undefined;
    }
    const lines = readFileSync(full, 'utf8').replace(/\n$/, '').split('\n');
    super.set(path, lines);
    return lines;
  }

  override has(path: string): boolean {
    return this.get(path) !== undefined;
  }
}

/** LECTERN_AGENTS_DUMP=<file> appends each mapped call as one JSON line: the step, the agent's output, Lectern's text. */
function dump(record: Record<string, unknown>): void {
  const file = process.env.LECTERN_AGENTS_DUMP;
  if (file) appendFileSync(file, `${JSON.stringify(record)}\n`);
}

function covered(patch: LineSets, shown: LineSets): { total: number; shown: number } {
  let total = 0;
  let hit = 0;
  for (const [file, lines] of patch) {
    for (const line of lines) {
      total++;
      if (shown.get(file)?.has(line)) hit++;
    }
  }
  return { total, shown: hit };
}

/** The patch's lines `one` showed and `other` did not, as `file:line`. */
function onlyIn(patch: LineSets, one: LineSets, other: LineSets): string[] {
  const lines: string[] = [];
  for (const [file, patchLines] of patch) {
    for (const line of patchLines)
      if (one.get(file)?.has(line) && !other.get(file)?.has(line)) lines.push(`${file}:${line}`);
  }
  return lines;
}

let touches = 0;

/** Gives a file a modification time it has not had (the content stays): a new version to a reader. */
function touch(path: string): void {
  // A time in the past, one second apart each time; the change time moves to now as well.
  const when = new Date(Date.UTC(2001, 0, 1) + 1000 * ++touches);
  utimesSync(path, when, when);
}

function intentFiles(intents: readonly ReadIntent[]): string[] {
  return intents.flatMap((intent) =>
    intent.kind === 'whole-file'
      ? intent.files
      : intent.kind === 'range'
        ? [intent.file]
        : intent.kind === 'search'
          ? intent.paths
          : [],
  );
}

export async function replayTask(
  id: string,
  tree: string,
  steps: readonly Step[],
  patches: { gold: string; own: string },
  tokens: TokenCounter,
): Promise<TaskResult> {
  const host = createNodeHost(() => [{ name: 'ws', path: tree }], { bundleDir: resolve(__dirname, '../../src/node') });
  const engine = new Lectern(host, () => ({}));
  const files = new TreeFiles(tree);
  const file = (p: string) => files.get(p);
  const lecternSeen = new Seen(files);
  const agentSeen: LineSets = new Map();
  const result: TaskResult = {
    id,
    steps: [],
    unmapped: new Map(),
    gold: { total: 0, agent: 0, lectern: 0 },
    own: { total: 0, agent: 0, lectern: 0 },
    otherVersion: 0,
  };
  try {
    for (const step of steps) {
      const classified = classifyStep(step);
      if (classified === null) continue;
      const agentTokens = tokens(step.observation);
      if (classified.kind === 'unmapped') {
        const row = result.unmapped.get(classified.reason) ?? { steps: 0, tokens: 0 };
        row.steps++;
        row.tokens += agentTokens;
        result.unmapped.set(classified.reason, row);
        continue;
      }
      const shown = agentShown(classified.intents, step.observation, file);
      // The replay reads the base tree: a step that read the agent's edit is no evidence of which
      // base lines either side saw.
      const evidence = !showsOtherVersion(classified.intents, step.observation, file);
      if (evidence) mergeInto(agentSeen, shown);
      else {
        result.otherVersion++;
        // The agent's file was a new version by then: Lectern would show its text again, never point
        // to an earlier call. A new modification time makes the base file a new version for it too.
        for (const path of intentFiles(classified.intents)) if (file(path)) touch(join(tree, path));
      }
      const stepResult: StepResult = {
        kind: classified.intents[0]!.kind,
        agentTokens,
        lecternTokens: 0,
        calls: 0,
        errors: 0,
        agentLines: countLines(shown),
        lecternLines: 0,
      };
      for (const intent of classified.intents) {
        for (const call of lecternCalls(intent, (f) => file(f)?.length ?? 1)) {
          const response = await engine.invoke(call.tool, call.input, { sessionId: id });
          const defaultFile =
            typeof call.input.target === 'string' && file(call.input.target) ? call.input.target : null;
          const one = new Seen(files);
          one.absorb(response.text, defaultFile);
          if (evidence) {
            lecternSeen.absorb(response.text, defaultFile);
            const pointed = pointedLines(response.text);
            for (let line = pointed?.start ?? 1; pointed && line <= pointed.end; line++)
              lecternSeen.addLine(pointed.file, line);
          }
          stepResult.lecternLines += [...one.lines.values()].reduce((n, s) => n + s.size, 0);
          stepResult.lecternTokens += tokens(response.text);
          stepResult.calls++;
          if (!response.ok) stepResult.errors++;
          dump({
            id,
            kind: stepResult.kind,
            command: step.command,
            agent: step.observation,
            call,
            lectern: response.text,
          });
        }
      }
      result.steps.push(stepResult);
    }
  } finally {
    await host.dispose();
  }
  for (const [key, diff] of [
    ['gold', patches.gold],
    ['own', patches.own],
  ] as const) {
    const patch = patchLines(diff);
    const agent = covered(patch, agentSeen);
    const lectern = covered(patch, lecternSeen.lines);
    result[key] = { total: agent.total, agent: agent.shown, lectern: lectern.shown };
    dump({
      id,
      patch: key,
      onlyAgent: onlyIn(patch, agentSeen, lecternSeen.lines),
      onlyLectern: onlyIn(patch, lecternSeen.lines, agentSeen),
    });
  }
  return result;
}
