// `lectern call` answers once and exits, so loading the exact tokenizer's 3 MB table (about 100 ms,
// most of a call) is worth it only when a count can change the answer. Counts only decide against
// budgets (the answer's token cap, the outline budget, each less a small fixed reserve), and o200k
// never makes more tokens than UTF-8 bytes. So the call first runs with byte lengths as counts: if
// all the text it counted, summed, stays under the smallest budget less a reserve, every such
// comparison came out as exact counts would have made it, and the answer stands. Its token figures
// are then the engine's own: far below the cap the engine reports an estimate of the text, whatever
// the counter (ground/tokenEstimate.ts, answerTokens), so the answer stands only when each of its
// texts is estimated so. Otherwise the call runs again with the exact counter (every tool only reads,
// so running one twice changes nothing). test/unit/cli/oneShotTokens.test.ts checks the property.
import type { Lectern } from '../core/engine';
import type { ToolResponse } from '../core/ground/contract';
import type { TokenCounter } from '../core/ground/tokens';
import { estimateO200k, isEstimated } from '../core/ground/tokenEstimate';
import { normalizeSettings, responseTokenCap, type Settings } from '../core/ground/settings';

/** Room for the fixed allowances budgets are reduced by (frames, footers, hints). */
const RESERVE = 512;
/** Below this smallest budget the bound is not worth trying. */
const MIN_BUDGET = 1024;

export class OneShotTokens {
  private counted = 0;
  private readonly limit: number;
  /** The cap of a one-shot call's answer (a fresh session, no caller's budget). */
  private readonly cap: number;

  constructor(settings: Partial<Settings>) {
    const s = normalizeSettings(settings);
    this.cap = responseTokenCap(s);
    const smallestBudget = Math.min(this.cap, Math.ceil(s.maxPreviewChars / 3));
    this.limit = smallestBudget >= MIN_BUDGET ? smallestBudget - RESERVE : 0;
  }

  /** Counts UTF-8 bytes (an upper bound of o200k tokens) and keeps their sum. */
  readonly counter: TokenCounter = (text) => {
    const bytes = Buffer.byteLength(text, 'utf8');
    this.counted += bytes;
    return bytes;
  };

  /** Whether exact counts would have decided every budget alike. */
  get decidedAlike(): boolean {
    return this.counted <= this.limit;
  }

  /** Whether the answer stands: decided alike, and every token figure the engine's estimate (not a count). */
  stands(response: ToolResponse): boolean {
    return (
      this.decidedAlike &&
      [response, ...(response.results ?? [])].every((r) => isEstimated(estimateO200k(r.text), this.cap))
    );
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
    if (tokens.stands(response)) return response;
  }
  return engine().invoke(call.tool, call.input, options);
}
