// How many of a map's ranked declarations fit its token budget. The text grows with the number
// shown, so the search doubles from one declaration to the first count that does not fit, then halves
// between the last that fits and it: every text counted is at most about twice the budget (a search
// from the middle of 38,000 declarations rendered and counted texts of hundreds of thousands of
// tokens). Every text is counted whole, so the budget is a hard limit.
import type { TokenCounter } from '../ground/tokens';
import { renderMap, type MapFrame, type MapItem } from './mapAnswer';

/** The map with the longest prefix of `items` found to fit `budget` tokens (none when even that does not). */
export function fitMap(countTokens: TokenCounter, frame: MapFrame, items: readonly MapItem[], budget: number): string {
  let best = renderMap(frame, []);
  if (countTokens(best) > budget) return best;
  const fits = (shown: number): boolean => {
    const text = renderMap(frame, items.slice(0, shown));
    if (countTokens(text) > budget) return false;
    best = text;
    return true;
  };
  let low = 0;
  let high = items.length;
  for (let step = 1; low < high; step *= 2) {
    const probe = Math.min(high, low + step);
    if (!fits(probe)) {
      high = probe - 1;
      break;
    }
    low = probe;
  }
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (fits(mid)) low = mid;
    else high = mid - 1;
  }
  return best;
}
