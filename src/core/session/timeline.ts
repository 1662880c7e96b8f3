// The timeline entries of one call (one per answer of a list read), with the flags the session's
// judgement put on each answer.
import type { ToolResponse } from '../ground/contract';
import type { TimelineEntry } from '../ground/stabilization';

export interface PartFlags {
  deduplicated: boolean;
  low_relevance: boolean;
  excluded: boolean;
}

/** The flags of each answer of a call; an answer without any has none set. */
export class FlagsByPart {
  private readonly flags = new Map<ToolResponse, PartFlags>();

  of(part: ToolResponse): PartFlags {
    let f = this.flags.get(part);
    if (!f) this.flags.set(part, (f = { deduplicated: false, low_relevance: false, excluded: false }));
    return f;
  }

  get(part: ToolResponse): PartFlags | undefined {
    return this.flags.get(part);
  }
}

export interface CallStamp {
  seq: number;
  at: number;
  tool: string;
  /** A person ran the call (the command palette), not a model. */
  user?: boolean;
}

export function timelineEntries(
  call: CallStamp,
  parts: ToolResponse[],
  flags: FlagsByPart,
  response: ToolResponse,
): TimelineEntry[] {
  return parts.map((part) => {
    const f = flags.get(part);
    return {
      seq: call.seq,
      at_unix_ms: call.at,
      tool: call.tool,
      mode: part.mode,
      file:
        part.location?.file ??
        (typeof part.target === 'string' ? part.target : Array.isArray(part.target) ? part.target.join(', ') : null),
      absolute: typeof part.meta.absolute_path === 'string' ? part.meta.absolute_path : null,
      start_line: part.meta.start_line,
      end_line: part.meta.end_line,
      tokens: part === response ? response.meta.token_estimate : part.meta.token_estimate,
      ok: part.ok,
      flags: {
        degraded: part.meta.preview_degraded === true,
        deduplicated: f?.deduplicated ?? false,
        ephemeral: part.meta.ephemeral === true,
        low_relevance: f?.low_relevance ?? false,
        excluded: f?.excluded ?? false,
        ...(call.user ? { user: true } : {}),
      },
    };
  });
}
