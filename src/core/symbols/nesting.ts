// Whether a text nests deeply, by a scan of its brackets: a parse and an outline query of a small
// file 8,000 levels deep (150 KB of JavaScript) hold the thread ~200 ms, where an ordinary file of the
// same size takes a few ms. Strings and comments are not told apart: this only picks a thread.

/** Bracket depth from which a text of any size is outlined on the outline thread. */
const DEEP_NESTING = 1_000;

/** Whether `text`'s brackets ({, [, ( against their closers) ever nest `limit` deep. */
export function nestsDeeply(text: string, limit = DEEP_NESTING): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b || c === 0x28) {
      if (++depth >= limit) return true;
    } else if ((c === 0x7d || c === 0x5d || c === 0x29) && depth > 0) depth--;
  }
  return false;
}
