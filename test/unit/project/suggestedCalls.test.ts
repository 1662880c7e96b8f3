// Every call an answer suggests runs as written. Agents copy the calls Lectern's answers name
// (`lectern_read {...}` in a hint, `[Next: …]`, meta.next, the session's suggested_next_action):
// this follows each one, in the same workspace and session as the answer that named it, over the
// answer recorder's calls (scripts/answerCalls.ts: every mode, every kind of file, errors, legacy
// tools, session sequences, blocking settings) and its workspace (scripts/answerWorkspace.ts).
//
// A followed call must not answer INVALID_ARGS or NOT_FOUND, and a line range it names must lie
// within the file. A placeholder (NAME, FILE, …) in a call is allowed only where the answer marks
// the call as a template on the same line ("… with NAME and FILE from a line below", "… with NAME
// what you look for"): such a call is not run as written, and counted apart.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Lectern } from '../../../src/core/engine';
import type { Settings } from '../../../src/core/ground/settings';
import { TOOL } from '../../../src/core/ground/tools';
import {
  BLOCKING_SETTINGS,
  SESSION_SETTINGS,
  blockingCalls,
  plainCalls,
  sessionCalls,
  type Call,
} from '../../../scripts/answerCalls';
import { answerWorkspace, type AnswerWorkspace } from '../../../scripts/answerWorkspace';
import { extractCalls, placeholdersOf, type Suggested } from './suggestedCallsExtract';

const REFUSED = new Set(['INVALID_ARGS', 'NOT_FOUND']);

interface Answer {
  ok?: boolean;
  text?: string;
  error?: { code?: string };
  meta?: { total_lines?: number | null; next?: unknown };
}

interface Tally {
  followed: number;
  templates: number;
  failures: string[];
}

/** What is wrong with the answer to a followed call, or undefined. */
function fault(call: Suggested, answer: Answer): string | undefined {
  const code = answer.error?.code;
  if (code && REFUSED.has(code)) return `${code}: ${answer.text?.split('\n')[0]}`;
  const input = call.input as Record<string, unknown>;
  const total = answer.meta?.total_lines;
  if (answer.ok && typeof total === 'number' && typeof input.target === 'string') {
    const end =
      typeof input.end_line === 'number'
        ? input.end_line
        : typeof input.offset === 'number' && typeof input.limit === 'number'
          ? input.offset + input.limit - 1
          : undefined;
    if (end !== undefined && end > total) return `range ends at line ${end} of a ${total}-line file`;
  }
  return undefined;
}

async function follow(
  label: string,
  lectern: Lectern,
  calls: Call[],
  tally: Tally,
  seen: Set<string> | undefined,
  run = true,
): Promise<void> {
  for (const [tool, input, options] of calls) {
    const answer: Answer = await lectern.invoke(tool, input, options ?? {});
    const asked = `${label} ${tool} ${JSON.stringify(input)}`;
    for (const call of extractCalls(answer)) {
      const where = `${asked}\n    suggests ${call.tool} ${call.raw}`;
      if (call.input === undefined) {
        tally.failures.push(`${where}\n    → not JSON`);
        continue;
      }
      const input = call.input as Record<string, unknown>;
      const placeholders = placeholdersOf(input);
      if (placeholders.length > 0) {
        const unmarked = placeholders.filter((word) => !call.templateWords.includes(word));
        if (unmarked.length > 0) tally.failures.push(`${where}\n    → placeholder ${unmarked.join(', ')} not marked`);
        else tally.templates++;
        continue;
      }
      const vocabulary = call.fromText && !answer.ok && ('offset' in input || 'limit' in input);
      if (vocabulary)
        tally.failures.push(`${where}\n    → offset/limit in an error's suggestion (start_line/end_line elsewhere)`);
      const key = `${options?.sessionId ?? ''} ${call.tool} ${JSON.stringify(call.input)}`;
      if (!run || seen?.has(key)) continue;
      seen?.add(key);
      tally.followed++;
      const followed: Answer = await lectern.invoke(call.tool, call.input, options ?? {});
      const problem = fault(call, followed);
      if (problem) tally.failures.push(`${where}\n    → ${problem}`);
    }
  }
}

describe('every call an answer suggests runs as written', function () {
  this.timeout(600_000);
  let base: string;
  let ws: AnswerWorkspace;

  before(() => {
    base = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), 'lectern-suggested-'));
    ws = answerWorkspace(base);
  });
  after(() => {
    ws.dispose();
    fs.rmSync(base, { recursive: true, force: true });
  });

  const engine = (settings: Partial<Settings>) =>
    new Lectern(ws.makeHost([{ name: 'ws', path: ws.root }]), () => settings);

  it('follows every suggested call of every mode, error, session and blocking answer', async () => {
    const tally: Tally = { followed: 0, templates: 0, failures: [] };
    // Without a session guard a call answers the same every time: each distinct suggestion is followed once.
    await follow('plain', engine({ sessionGuard: false }), plainCalls(ws.root), tally, new Set());
    await follow('session', engine(SESSION_SETTINGS), sessionCalls(), tally, undefined);
    await follow('blocking', engine(BLOCKING_SETTINGS), blockingCalls(), tally, undefined);
    // Followed calls change a session: its answers as recorded (nothing followed) are checked as written too.
    await follow('session as recorded', engine(SESSION_SETTINGS), sessionCalls(), tally, undefined, false);
    if (process.env.LECTERN_SUGGESTED_REPORT)
      process.stderr.write(
        `suggested calls: ${tally.followed} followed, ${tally.templates} marked templates, ${tally.failures.length} failures\n`,
      );
    assert.ok(tally.followed > 300, `only ${tally.followed} suggested calls found: is the extraction broken?`);
    assert.equal(
      tally.failures.length,
      0,
      `${tally.failures.length} suggested calls fail:\n${tally.failures.join('\n')}`,
    );
  });

  it('finds the calls in text, hints and meta, and tells a marked template from a placeholder', () => {
    const answer = {
      text: 'Read one: lectern_read {"mode":"symbol","target":"NAME","path":"FILE"} with NAME and FILE from a line below:\n[Next: lectern_read {"target":"a.ts","start_line":3,"end_line":4}]',
      error: { hint: `Search: ${TOOL.search} {"target":"FILE","query":"x"}` },
      meta: { next: { mode: 'file', target: 'a.ts', start_line: 5 }, stabilization: { suggested_next_action: null } },
      content: 'lectern_read {"target":"ignored.ts"}',
    };
    const calls = extractCalls(answer);
    assert.deepEqual(
      calls.map((c) => [c.tool, c.input, c.templateWords]),
      [
        [TOOL.read, { mode: 'symbol', target: 'NAME', path: 'FILE' }, ['NAME', 'FILE']],
        [TOOL.read, { target: 'a.ts', start_line: 3, end_line: 4 }, []],
        [TOOL.search, { target: 'FILE', query: 'x' }, []],
        [TOOL.read, { mode: 'file', target: 'a.ts', start_line: 5 }, []],
      ],
    );
    assert.deepEqual(placeholdersOf({ target: 'Holder.NAME', path: 'FILE', query: 'Name' }), ['NAME', 'FILE']);
  });
});
