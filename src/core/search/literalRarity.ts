// Which of the texts every match holds a scan jumps to: the rarest in source code, as ripgrep picks
// its rare byte. A literal is as rare as its rarest character; uppercase letters and most
// punctuation are much rarer than lowercase letters and spaces (`Sync(` before `function`).

/** Rough occurrences per thousand characters of source code; characters not listed are rarer still. */
const PER_MILLE: Record<string, number> = {
  ' ': 150,
  '\t': 20,
  e: 60,
  t: 50,
  a: 40,
  i: 40,
  n: 40,
  o: 40,
  r: 40,
  s: 40,
  l: 30,
  c: 25,
  d: 25,
  m: 20,
  p: 20,
  u: 20,
  f: 15,
  h: 15,
  g: 12,
  b: 10,
  y: 10,
  v: 8,
  w: 8,
  k: 6,
  x: 5,
  j: 4,
  q: 1,
  z: 1,
  '.': 20,
  '(': 15,
  ')': 15,
  ',': 12,
  '=': 12,
  ';': 10,
  "'": 10,
  '"': 8,
  _: 8,
  '/': 8,
  '-': 6,
  ':': 6,
  '0': 6,
  '1': 6,
  '{': 5,
  '}': 5,
  '>': 4,
  '*': 4,
  A: 3,
  C: 3,
  E: 3,
  R: 3,
  S: 3,
  T: 3,
  '[': 3,
  ']': 3,
  '<': 3,
};

/** Uppercase letters, digits and punctuation not listed; anything beyond ASCII. */
const frequency = (c: string): number => PER_MILLE[c] ?? (/[A-Z2-9!$&+?|\\]/.test(c) ? 2 : 1);

/** How often a character of the literal is found where it is matched (any case: both cases count). */
function charFrequency(c: string, caseSensitive: boolean): number {
  if (caseSensitive) return frequency(c);
  const lower = c.toLowerCase();
  const upper = c.toUpperCase();
  return lower === upper ? frequency(c) : frequency(lower) + frequency(upper);
}

/** How common a literal is: the frequency of its rarest character (lower is rarer). */
export function commonness(literal: string, caseSensitive: boolean): number {
  let least = Infinity;
  for (const c of literal) least = Math.min(least, charFrequency(c, caseSensitive));
  return least;
}
