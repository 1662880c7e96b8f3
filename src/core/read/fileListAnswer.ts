// The answer to a list of files read in one call: each target's answer in order, one error that
// counts the failures, and a closing line naming the targets left unread with the call that reads them.
import { listDraft, type Draft } from '../ground/answer';
import { emptyMeta, type ToolResponse } from '../ground/contract';
import { clipTarget } from '../ground/errors';
import { formatCount } from '../ground/format';
import { TOOL } from '../ground/tools';

/** The call that reads the rest of a list names at most this many of its targets. */
const NEXT_TARGETS = 20;

/** What a list read left: the targets not read and why it stopped before them. */
interface Unread {
  targets: string[];
  why: string;
}

export function fileListAnswer(input: object, targets: string[], parts: Draft[], unread: Unread): Draft {
  const next =
    unread.targets.length > 0
      ? `${formatCount(unread.targets.length)} of ${formatCount(targets.length)} targets not read: ${unread.why}. Read the next ones with: ${TOOL.read} ${JSON.stringify({ ...input, target: unread.targets.slice(0, NEXT_TARGETS) }).slice(0, 4_000)}`
      : undefined;
  const results = parts.map((p) => p.response);
  const failures = results.filter((r) => !r.ok);
  const failed = failures.length;
  const response: ToolResponse = {
    ok: failed === 0,
    ...(failed > 0
      ? {
          error: {
            code: failures[0]!.error!.code,
            message: `${formatCount(failed)} of ${formatCount(results.length)} targets failed: ${failures
              .slice(0, 10)
              .map((r) => `${r.target} (${r.error!.code})`)
              .join(', ')}${failed > 10 ? ', …' : ''}.`,
            hint: 'Each target is answered in results; the others were read.',
          },
        }
      : {}),
    mode: 'file',
    target: targets.slice(0, results.length).map(clipTarget),
    content: '',
    text: '',
    meta: {
      ...emptyMeta(),
      ...(next ? { notes: [next] } : {}),
      truncated: unread.targets.length > 0 || results.some((r) => r.meta.truncated),
      preview_degraded: results.some((r) => r.meta.preview_degraded),
      token_estimate: 0,
    },
    location: null,
  };
  const closing =
    (failed > 0
      ? `\n\n[${formatCount(results.length - failed)} of ${formatCount(results.length)} targets read; the others answered with errors above.]`
      : '') + (next ? `\n\n[${next}]` : '');
  return listDraft(response, parts, closing);
}
