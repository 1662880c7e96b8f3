// What the .vsix may and must hold, and what the Extensions view shows from it (the user README, with no relative
// link or picture that would break there, every setting and command in it, the changelog, the icon). Shared by
// scripts/check-package.mjs (npm test) and scripts/release.mjs (npm run release).
import { readFileSync } from 'node:fs';

export const USER_README = 'docs/extension/README.md';

/** `vsce package`'s arguments for a .vsix at `out`: the users' README and CHANGELOG, no dependencies. */
export function packageArgs(out) {
  return [
    'package',
    '--no-dependencies',
    '--allow-missing-repository',
    '--readme-path',
    USER_README,
    '--changelog-path',
    'CHANGELOG.md',
    '--out',
    out,
  ];
}

const allowed = [
  /^dist\/extension\.js$/,
  /^dist\/outlineWorker\.js$/,
  /^dist\/regexWorker\.js$/,
  /^dist\/outlineThreadWorker\.js$/,
  /^dist\/tokenizerWorker\.js$/,
  /^dist\/tokenizer\.js$/,
  /^dist\/treeSitter\.js$/,
  /^dist\/grammars\/[\w.-]+\.wasm$/,
  /^dist\/sqljs\.js$/,
  /^dist\/scip\.js$/,
  /^dist\/sql-wasm\.wasm$/,
  /^dist\/(engine|cli|cli-main|mcp|chat|lspSession)\.js$/,
  /^dist\/web\/(extension|tokenizer)\.js$/,
  /^package\.json$/,
  /^docs\/[\w.-]+\.md$/,
  /^LICENSE(\.txt)?$/,
  /^README\.md$/,
  /^SECURITY\.md$/,
  /^CHANGELOG\.md$/,
  /^media\/icon\.png$/,
  /^media\/dashboard\.(js|css)$/,
];
const required = [
  'dist/extension.js',
  'dist/outlineWorker.js',
  'dist/regexWorker.js',
  'dist/outlineThreadWorker.js',
  'dist/tokenizerWorker.js',
  'dist/tokenizer.js',
  'dist/treeSitter.js',
  'package.json',
  'LICENSE',
  'media/icon.png',
  'media/dashboard.js',
  'media/dashboard.css',
  'dist/sqljs.js',
  'dist/sql-wasm.wasm',
  'dist/scip.js',
  'dist/cli.js',
  'dist/cli-main.js',
  'dist/mcp.js',
  'dist/lspSession.js',
  'dist/engine.js',
  'dist/chat.js',
  'dist/web/extension.js',
  'dist/web/tokenizer.js',
];

/** What the Extensions view shows from the unpacked .vsix, checked as a user would see it. */
export function checkUnpacked(entries, manifest) {
  const problems = [];
  const text = (name) => entries.get(name)?.toString('utf8');
  const readme = text('extension/readme.md') ?? text('extension/README.md');
  if (readme === undefined) return ['the .vsix holds no README'];
  if (readme !== readFileSync(USER_README, 'utf8')) problems.push(`the .vsix README is not ${USER_README}`);
  if (/git clone|npm test/.test(readme)) problems.push('the .vsix README is the contributor README');
  const changelog = text('extension/changelog.md') ?? text('extension/CHANGELOG.md');
  for (const [name, page] of [
    ['README', readme],
    ['CHANGELOG', changelog ?? ''],
  ])
    problems.push(...detailsPageProblems(name, page));
  const settings = Object.keys(manifest.contributes.configuration.properties);
  const unsaid = settings.filter((key) => !readme.includes('`' + key + '`'));
  if (unsaid.length > 0) problems.push(`the .vsix README does not list the settings ${unsaid.join(', ')}`);
  const titles = manifest.contributes.commands.map((c) => c.title.replace(/…$/, ''));
  const untold = titles.filter((title) => !readme.includes(title));
  if (untold.length > 0) problems.push(`the .vsix README does not name the commands ${untold.join(', ')}`);
  if (changelog === undefined) problems.push('the .vsix has no CHANGELOG');
  if (!entries.has(`extension/${manifest.icon}`)) problems.push(`the .vsix has no icon (${manifest.icon})`);
  return problems;
}

/** The widest table the Extensions view shows whole at its default width (about 700 px); a wider one is clipped. */
const MAX_TABLE_COLUMNS = 2;

/** What would look broken in a details page (README or CHANGELOG) of the Extensions view. */
export function detailsPageProblems(name, page) {
  const problems = [];
  // The Extensions view shows only absolute pictures and links: a relative one is broken there.
  const relative = [...page.matchAll(/\]\(((?!https:|#|mailto:)[^)\s]+)\)|<img[^>]+src="(?!https:)([^"]+)"/g)];
  if (relative.length > 0) problems.push(`the .vsix ${name} has relative links: ${relative.map((m) => m[1] ?? m[2])}`);
  const wide = page
    .split('\n')
    .filter((line) => /^\|(\s*:?-+:?\s*\|)+\s*$/.test(line))
    .filter((rule) => rule.split('|').length - 2 > MAX_TABLE_COLUMNS);
  if (wide.length > 0)
    problems.push(
      `the .vsix ${name} has ${wide.length} table(s) of more than ${MAX_TABLE_COLUMNS} columns, clipped in the Extensions view`,
    );
  return problems;
}

/** What is wrong with the list of files `vsce ls` gives: files that should not ship, files that must. */
export function listingProblems(files) {
  const problems = [];
  const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
  const missing = required.filter((f) => !files.includes(f));
  if (unexpected.length > 0) problems.push(`Unexpected files in the .vsix: ${unexpected.join(', ')}`);
  if (missing.length > 0) problems.push(`Missing from the .vsix: ${missing.join(', ')}`);
  return problems;
}
