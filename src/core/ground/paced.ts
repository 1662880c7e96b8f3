// Array work over many items that lets the host run as it goes (a pacer from hostPacer, walk.ts):
// the same results as Array's filter and (stable) sort, whatever the pacer does, so pacing never
// changes an answer. A pacer is asked every few hundred items, not every one: its check is cheap, but
// an `await` per item is not.

/** Items between two checks of the pacer. */
const STRIDE = 512;
/** Runs sorted by Array's sort before they are merged. */
const RUN = 2_048;

/** `items.filter(keep)`, asking `pace` every few hundred items. */
export async function filterPaced<T>(
  items: readonly T[],
  keep: (item: T) => boolean,
  pace: () => Promise<void>,
): Promise<T[]> {
  const kept: T[] = [];
  for (let i = 0; i < items.length; i++) {
    if (i % STRIDE === 0) await pace();
    if (keep(items[i]!)) kept.push(items[i]!);
  }
  return kept;
}

/**
 * `items` sorted as Array's (stable) sort orders them: runs sorted each at once, then merged two by
 * two taking the left one on a tie, which keeps every tie in input order as a stable sort does.
 * Sorts in place and returns `items`.
 */
export async function sortPaced<T>(
  items: T[],
  compare: (a: T, b: T) => number,
  pace: () => Promise<void>,
): Promise<T[]> {
  if (items.length <= RUN) return items.sort(compare);
  let from = items;
  for (let start = 0; start < from.length; start += RUN) {
    await pace();
    const run = from.slice(start, start + RUN).sort(compare);
    for (let k = 0; k < run.length; k++) from[start + k] = run[k]!;
  }
  let to = new Array<T>(from.length);
  for (let width = RUN; width < from.length; width *= 2) {
    for (let start = 0; start < from.length; start += 2 * width)
      await merge(
        from,
        to,
        start,
        Math.min(start + width, from.length),
        Math.min(start + 2 * width, from.length),
        compare,
        pace,
      );
    [from, to] = [to, from];
  }
  if (from !== items) for (let k = 0; k < items.length; k++) items[k] = from[k]!;
  return items;
}

/** Merges the sorted `from[start, middle)` and `from[middle, end)` into `to[start, end)`. */
async function merge<T>(
  from: readonly T[],
  to: T[],
  start: number,
  middle: number,
  end: number,
  compare: (a: T, b: T) => number,
  pace: () => Promise<void>,
): Promise<void> {
  let left = start;
  let right = middle;
  for (let k = start; k < end; k++) {
    if (k % STRIDE === 0) await pace();
    if (right >= end || (left < middle && compare(from[left]!, from[right]!) <= 0)) to[k] = from[left++]!;
    else to[k] = from[right++]!;
  }
}
