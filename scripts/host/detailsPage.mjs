// The Extensions view's details page of Lectern, as a user opens it (a click on its entry in the view), checked in
// the page the host renders it in: every picture loaded and no table wider than the page (the README's tables
// clipped on the right at the default width, or pictures by relative paths the view cannot load, were both seen).

/** Playwright's default page size, the width a user's window has at the least. */
export const DETAILS_VIEWPORT = { width: 1280, height: 800 };

/* global document -- inspectFrame runs in the page's frames, not in Node */
/** Runs in each frame: the details webview's pictures and tables, or null for a frame that is not it. */
function inspectFrame(title) {
  const heading = [...document.querySelectorAll('h1')].find((h) => h.textContent.trim() === title);
  if (!heading) return null;
  const width = document.documentElement.clientWidth;
  return {
    broken: [...document.images].filter((i) => i.complete && i.naturalWidth === 0).map((i) => i.alt || i.src),
    loading: [...document.images].filter((i) => !i.complete).length,
    clipped: [...document.querySelectorAll('table')]
      .filter((t) => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > width + 1)
      .map((t) => t.querySelector('th, td')?.textContent.trim() ?? 'a table'),
    wider: document.documentElement.scrollWidth > width + 1,
  };
}

/** Opens Lectern's details page from the Extensions view (already shown) and says what a user would see broken. */
export async function detailsPageProblems(page, title, what, { timeoutMs = 30_000 } = {}) {
  const entry = page.locator('.extension-list-item', { hasText: title }).first();
  try {
    await entry.click({ timeout: timeoutMs });
  } catch (error) {
    return [`${what}: no entry "${title}" to open in the Extensions view (${error.message.split('\n')[0]})`];
  }
  const until = Date.now() + timeoutMs;
  let seen = null;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      const found = await frame.evaluate(inspectFrame, title).catch(() => null);
      if (found) seen = found;
    }
    if (seen && seen.loading === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (process.env.LECTERN_DETAILS_SHOTS)
    await page.screenshot({ path: `${process.env.LECTERN_DETAILS_SHOTS}/${what}.png` });
  if (!seen) return [`${what}: the Extensions view showed no details page headed "${title}" in ${timeoutMs / 1000} s`];
  const problems = [];
  if (seen.loading > 0) problems.push(`${what}: ${seen.loading} pictures of the details page never loaded`);
  for (const picture of seen.broken) problems.push(`${what}: a broken picture on the details page: ${picture}`);
  for (const table of seen.clipped) problems.push(`${what}: the details page clips the table headed "${table}"`);
  if (seen.wider) problems.push(`${what}: the details page is wider than the view (a sideways scroll)`);
  if (problems.length === 0) console.log(`  ${what}: its details page shows every picture and table whole`);
  return problems;
}
