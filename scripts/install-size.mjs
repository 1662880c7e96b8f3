// The npm package's installed size as the docs state it: one figure, "about N MB" in decimal megabytes as npm
// and scripts/check-npm-package.mjs print it, the same in every doc that states it, and within a megabyte of
// what the check measures (the check fails otherwise, naming the docs to update).
import { readFileSync } from 'node:fs';

/** The docs that state the installed size. */
const SIZE_DOCS = ['README.md', 'docs/mcp.md', 'docs/npm/README.md', 'docs/extension/README.md', 'CHANGELOG.md'];
/** How far the stated figure may drift from the measured one before the docs must change. */
const TOLERANCE_MB = 1;

/** Bytes as the check prints them: decimal megabytes, one decimal. */
export const megabytes = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;

/** Every "about N MB" a text states. */
export function statedSizes(text) {
  return [...text.matchAll(/about (\d+(?:\.\d+)?) MB installed/g)].map((m) => Number(m[1]));
}

/** What is wrong with the figures `docs` (path → text) state, against `measuredBytes` when given. */
export function sizeProblems(docs, measuredBytes) {
  const problems = [];
  const stated = new Map([...docs].map(([file, text]) => [file, statedSizes(text)]));
  for (const [file, sizes] of stated) if (sizes.length === 0) problems.push(`${file} states no installed size`);
  const figures = new Set([...stated.values()].flat());
  if (figures.size > 1) problems.push(`the docs state ${figures.size} installed sizes: ${[...figures].join(', ')} MB`);
  if (measuredBytes !== undefined)
    for (const figure of figures)
      if (Math.abs(figure - measuredBytes / 1e6) > TOLERANCE_MB)
        problems.push(
          `the docs say about ${figure} MB installed, the check measured ${megabytes(measuredBytes)}: update ${SIZE_DOCS.join(', ')}`,
        );
  return problems;
}

/** The size docs of the working tree. */
export const readSizeDocs = () => new Map(SIZE_DOCS.map((file) => [file, readFileSync(file, 'utf8')]));
