// The one form a path takes before the secret patterns judge it. A read resolves the name it is
// given (trimmed of Unicode whitespace) while a workspace search meets the name as the folder
// lists it (".env\u00a0", "id_rsa\u3000", ".\u0435nv" with a Cyrillic e): both hand the name here, so
// a name that looks like a listed one to a person is judged as that name, whichever way it came.

/** Characters that show nothing (zero-width spaces and joiners, marks of direction, fillers) and accents. */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{M}]/gu;
/** Unicode whitespace (NBSP, tabs, U+3000, the en and em spaces...): judged as one ASCII space. */
const WHITESPACE = /[^\S ]|\s{2,}/gu;
/** Dashes that look like '-' (NFKD keeps them apart). */
const DASHES = /[\u2010-\u2015\u2212\u2043\ufe58\ufe63\uff0d]/g;

/**
 * Letters of Cyrillic, Greek and Latin extensions that look like the ASCII letters of the listed
 * names (NFKD folds fullwidth and mathematical letters already, but not these).
 */
const CONFUSABLE: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  с: 'c',
  ԁ: 'd',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  х: 'x',
  ԝ: 'w',
  ѵ: 'v',
  ɡ: 'g',
  ı: 'i',
  ȷ: 'j',
  ℓ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ς: 'c',
  ϳ: 'j',
  ɑ: 'a',
  ɩ: 'i',
  ɪ: 'i',
  ʏ: 'y',
  ᴀ: 'a',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ᴋ: 'k',
  ᴍ: 'm',
  ᴏ: 'o',
  ᴘ: 'p',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ᴢ: 'z',
  ꜱ: 's',
  ǀ: 'l',
  ӏ: 'l',
  '‚': ',',
  '․': '.',
  '·': '.',
};
const CONFUSABLES = new RegExp(`[${Object.keys(CONFUSABLE).join('')}]`, 'g');

/** Paths of printable ASCII only (nearly all) are their own form, but for spaces around a name. */
const PLAIN = /^[\x21-\x7e]*$/;
const SPACED_NAME = /(?:^|\/) | (?:\/|$)/;

/**
 * `posix` (forward slashes) as the secret patterns see it: lower case, NFKD without accents and
 * invisible characters, look-alike letters as their ASCII letter, Unicode whitespace as a space, and each
 * name without spaces before or after it (the trailing dots Windows drops are peeled later, with
 * the other variants).
 */
export function secretForm(posix: string): string {
  if (PLAIN.test(posix)) return posix.toLowerCase();
  let form = posix;
  if (!/^[\x20-\x7e]*$/.test(form)) {
    // Lower case before NFKD too: NFKD turns some look-alikes into other letters (Ϲ into Σ, where ϲ becomes ς).
    form = form
      .toLowerCase()
      .normalize('NFKD')
      .toLowerCase()
      .replace(INVISIBLE, '')
      .replace(CONFUSABLES, (c) => CONFUSABLE[c]!)
      .replace(DASHES, '-')
      .replace(WHITESPACE, ' ');
  } else form = form.toLowerCase();
  if (!SPACED_NAME.test(form)) return form;
  return form
    .split('/')
    .map((name) => name.trim())
    .join('/');
}
