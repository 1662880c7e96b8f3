// `lectern call` answers once and exits, so loading the exact tokenizer's 3 MB table (about 100 ms,
// most of a call) is worth it only when a count can change the answer. Counts only decide against
// budgets (the answer's token cap, the outline budget, each less a small fixed reserve), and o200k
// never makes more tokens than UTF-8 bytes. So the call first runs with byte lengths as counts: if
// all the text it counted, summed, stays under the smallest budget less a reserve, every such
// comparison came out as exact counts would have made it, and the answer stands, its token_estimate
// an upper bound. Otherwise the call runs again with the exact counter (every tool only reads, so
// running one twice changes nothing). test/unit/cli/oneShotTokens.test.ts checks the property.
import type { Lectern } from '../core/engine';
import type { ToolResponse } from '../core/ground/contract';
import type { TokenCounter } from '../core/ground/tokens';
import { estimateO200k } from '../core/ground/tokenEstimate';
import { normalizeSettings, responseTokenCap, type Settings } from '../core/ground/settings';

/** Room for the fixed allowances budgets are reduced by (frames, footers, hints). */
const RESERVE = 512;
/** Below this smallest budget the bound is not worth trying. */
const MIN_BUDGET = 1024;

export class OneShotTokens {
  private counted = 0;
  private readonly limit: number;

  constructor(settings: Partial<Settings>) {
    const s = normalizeSettings(settings);
    const smallestBudget = Math.min(responseTokenCap(s), Math.ceil(s.maxPreviewChars / 3));
    this.limit = smallestBudget >= MIN_BUDGET ? smallestBudget - RESERVE : 0;
  }

  /** Counts UTF-8 bytes (an upper bound of o200k tokens) and keeps their sum. */
  readonly counter: TokenCounter = (text) => {
    const bytes = Buffer.byteLength(text, 'utf8');
    this.counted += bytes;
    return bytes;
  };

  /** Whether exact counts would have decided every budget alike (so the answer stands). */
  get decidedAlike(): boolean {
    return this.counted <= this.limit;
  }
}

export interface OneCall {
  tool: string;
  input: unknown;
  allowOutside: boolean;
  settings: Partial<Settings>;
  /** Count exactly from the start (`--exact-tokens`). */
  exact: boolean;
}

/** A call answered once: byte-length counts where they decide alike, else exact. */
export async function answerOnce(
  call: OneCall,
  engine: (tokenCounter?: TokenCounter) => Lectern,
): Promise<ToolResponse> {
  const options = { allowOutside: call.allowOutside };
  if (!call.exact) {
    const tokens = new OneShotTokens(call.settings);
    const response = await engine(tokens.counter).invoke(call.tool, call.input, options);
    if (tokens.decidedAlike) return withEstimatedTokens(response);
  }
  return engine().invoke(call.tool, call.input, options);
}

/**
 * The answer kept from the byte-counted run reports an o200k estimate of its text, not its bytes
 * (bytes overstate tokens about threefold on code): the session's served total moves with it.
 */
function withEstimatedTokens(response: ToolResponse): ToolResponse {
  const bytes = response.meta.token_estimate;
  const estimate = estimateO200k(response.text);
  response.meta.token_estimate = estimate;
  const metrics = response.meta.stabilization?.metrics_snapshot;
  if (metrics) metrics.tokens_served = Math.max(0, metrics.tokens_served - bytes + estimate);
  return response;
}
