// A stable sort that gives the host a turn: tens of thousands of items sorted in one `Array.sort`
// hold the event loop 100-200 ms on a busy machine (the references scan's ranked files). Runs of
// RUN items are sorted natively, then merged pairwise, with a pacer check every RUN items moved.
// The order is `Array.prototype.sort`'s (both are stable), so answers do not change.

/** Items sorted natively at a time (a few ms on a busy machine), and merged between the pacer's checks. */
const RUN = 1024;

/** `items` sorted by `compare` (stable, in place as `Array.sort`), awaiting `pace` between pieces of work. */
export async function pacedSort<T>(
  items: T[],
  compare: (a: T, b: T) => number,
  pace: () => Promise<void>,
): Promise<T[]> {
  if (items.length <= RUN) return items.sort(compare);
  let from = items.slice();
  for (let start = 0; start < from.length; start += RUN) {
    await pace();
    const run = from.slice(start, start + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[start + i] = run[i]!;
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
  for (let i = 0; i < from.length; i++) items[i] = from[i]!;
  return items;
}

/** Merges `from[left, middle)` and `from[middle, end)` into `to[left, end)`, the left run first on ties. */
async function merge<T>(
  from: readonly T[],
  to: T[],
  left: number,
  middle: number,
  end: number,
  compare: (a: T, b: T) => number,
  pace: () => Promise<void>,
): Promise<void> {
  let a = left;
  let b = middle;
  for (let out = left; out < end; out++) {
    if (((out - left) & (RUN - 1)) === 0) await pace();
    if (b >= end || (a < middle && compare(from[a]!, from[b]!) <= 0)) to[out] = from[a++]!;
    else to[out] = from[b++]!;
  }
}
