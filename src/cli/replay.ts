// `lectern replay LOG`: runs the calls of a replay log again, each session's calls in one session and
// in their order, and reports per call: same (the answer's hash matches), drifted (with the first
// differing line), or file changed since (a file it saw has another size, mtime or content now).
// Exit 0 when every call answered the same, 1 otherwise.
import { readFileSync } from 'node:fs';
import { Lectern } from '../core/engine';
import type { ToolResponse } from '../core/ground/contract';
import type { TokenCounter } from '../core/ground/tokens';
import { createNodeHost } from '../node/nodeHost';
import { answerHash, fileVersion, readLog, type FileVersion, type LogEntry } from '../node/replayLog';
import { UsageError } from './args';
import { answerOnce } from './oneShotTokens';

export type Verdict =
  { kind: 'same' } | { kind: 'drifted'; line: number; was: string; now: string } | { kind: 'changed'; files: string[] };

function engineFor(entry: LogEntry, tokenCounter?: TokenCounter): Lectern {
  const roots = entry.roots;
  return new Lectern(
    createNodeHost(() => roots, { bundleDir: __dirname, tokenCounter }),
    () => entry.settings,
  );
}

/** What differs between a recorded version and now, in words; undefined when nothing does. */
function change(recorded: FileVersion): string | undefined {
  const now = fileVersion(recorded.path, recorded.sha256 !== undefined);
  if (now.kind !== recorded.kind) return `${recorded.path} (${recorded.kind} → ${now.kind})`;
  if (now.size !== recorded.size) return `${recorded.path} (size ${recorded.size} → ${now.size})`;
  if (recorded.sha256 !== undefined && now.sha256 !== recorded.sha256) return `${recorded.path} (content)`;
  if (now.mtime_ms !== recorded.mtime_ms) return `${recorded.path} (modified time)`;
  return undefined;
}

function firstDifference(was: string, now: string): { line: number; was: string; now: string } {
  const a = was.split('\n');
  const b = now.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return { line: i + 1, was: a[i] ?? '(no line)', now: b[i] ?? '(no line)' };
  }
  return { line: 0, was: '', now: '' }; // same text, other fields differ
}

/** Replays the entries in order; one engine per recorded session (one-shot calls get a fresh one each). */
export async function replayEntries(entries: readonly LogEntry[]): Promise<Verdict[]> {
  const sessions = new Map<string, Lectern>();
  const verdicts: Verdict[] = [];
  for (const entry of entries) {
    const changed = entry.files.map(change).filter((c): c is string => c !== undefined);
    let response: ToolResponse;
    if (entry.counting === 'one-shot') {
      response = await answerOnce(
        {
          tool: entry.tool,
          input: entry.input,
          allowOutside: entry.allow_outside,
          settings: entry.settings,
          exact: false,
        },
        (counter) => engineFor(entry, counter),
      );
    } else {
      let engine = sessions.get(entry.session);
      if (!engine) sessions.set(entry.session, (engine = engineFor(entry)));
      // The session's own id, as the original call had it: answers do not show it, but keep it alike.
      const sessionId = entry.session.slice(entry.session.indexOf('/') + 1);
      response = await engine.invoke(entry.tool, entry.input, {
        allowOutside: entry.allow_outside,
        sessionId: sessionId === 'session' ? undefined : sessionId,
      });
    }
    if (changed.length > 0) verdicts.push({ kind: 'changed', files: changed });
    else if (answerHash(response) === entry.answer_sha256) verdicts.push({ kind: 'same' });
    else verdicts.push({ kind: 'drifted', ...firstDifference(entry.text, response.text) });
  }
  return verdicts;
}

function describeVerdict(verdict: Verdict): string {
  switch (verdict.kind) {
    case 'same':
      return 'same';
    case 'changed':
      return `file changed since: ${verdict.files.join(', ')}`;
    case 'drifted':
      return verdict.line === 0
        ? 'drifted: same text, other response fields differ'
        : `drifted at line ${verdict.line}: was ${JSON.stringify(verdict.was)}, now ${JSON.stringify(verdict.now)}`;
  }
}

export async function replay(file: string, say: (line: string) => Promise<void>): Promise<number> {
  let entries: LogEntry[];
  try {
    entries = readLog(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `replay ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}.`,
    );
  }
  const verdicts = await replayEntries(entries);
  const counts = { same: 0, drifted: 0, changed: 0 };
  for (const [i, verdict] of verdicts.entries()) {
    const entry = entries[i]!;
    counts[verdict.kind]++;
    await say(`#${i + 1} ${entry.tool} ${JSON.stringify(entry.input)}: ${describeVerdict(verdict)}`);
  }
  await say(
    `${entries.length} calls: ${counts.same} same, ${counts.drifted} drifted, ${counts.changed} with a file changed since.`,
  );
  return counts.same === entries.length ? 0 : 1;
}
