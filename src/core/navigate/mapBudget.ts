// How many of a map's ranked declarations fit its token budget. The text grows with the number
// shown, so the search doubles from one declaration to the first count that does not fit, then halves
// between the last that fits and it: every text counted is at most about twice the budget (a search
// from the middle of 38,000 declarations rendered and counted texts of hundreds of thousands of
// tokens). Every text is counted whole, so the budget is a hard limit. The host gets a turn between
// the renders and between the pieces a text is counted in.
import { countPaced, type TokenCounter } from '../ground/tokens';
import { hostPacer } from '../ground/walk';
import { renderMap, tallyFolders, type MapFrame, type MapItem } from './mapAnswer';

/** The map with the longest prefix of `items` found to fit `budget` tokens (none when even that does not). */
export async function fitMap(
  countTokens: TokenCounter,
  frame: MapFrame,
  items: readonly MapItem[],
  budget: number,
  pace = hostPacer(),
): Promise<string> {
  await tallyFolders(frame, pace);
  const over = async (text: string) => (await countPaced(countTokens, text, pace)) > budget;
  let best = renderMap(frame, []);
  if (await over(best)) return best;
  const fits = async (shown: number): Promise<boolean> => {
    await pace();
    const text = renderMap(frame, items.slice(0, shown));
    if (await over(text)) return false;
    best = text;
    return true;
  };
  let low = 0;
  let high = items.length;
  for (let step = 1; low < high; step *= 2) {
    const probe = Math.min(high, low + step);
    if (!(await fits(probe))) {
      high = probe - 1;
      break;
    }
    low = probe;
  }
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (await fits(mid)) low = mid;
    else high = mid - 1;
  }
  return best;
}
