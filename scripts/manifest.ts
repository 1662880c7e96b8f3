// Writes package.json's `contributes.languageModelTools` from the tool definitions in code
// (src/core/tools/definitions.ts), the single source of truth, and the docs' tables of modes and
// tools from the registry (src/core/modes/index.ts; scripts/modesDoc.ts). `npm run manifest`; unit tests fail when either
// drifts from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { loadTokenCounter } from '../src/core/ground/tokens';
import { REGISTRY } from '../src/core/modes/index';
import { definitionTokens, definitionTokensLine } from '../src/core/tools/definitionTokens';
import { allTools, primaryTools } from '../src/core/tools/definitions';
import { manifestEntry } from '../src/core/tools/jsonSchema';
import { withModesTable, withToolsTable } from './modesDoc';

const file = new URL('../package.json', import.meta.url);
const pkg = JSON.parse(readFileSync(file, 'utf8'));
pkg.contributes ??= {};
pkg.contributes.languageModelTools = allTools.map(manifestEntry);
writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
console.log(`package.json: ${allTools.length} languageModelTools written.`);

const tools = new URL('../docs/tools.md', import.meta.url);
writeFileSync(tools, withModesTable(readFileSync(tools, 'utf8'), REGISTRY));
console.log(`docs/tools.md: ${REGISTRY.modes.length} modes in its table.`);

const extensionReadme = new URL('../docs/extension/README.md', import.meta.url);
writeFileSync(extensionReadme, withToolsTable(readFileSync(extensionReadme, 'utf8'), REGISTRY));
console.log(
  `docs/extension/README.md: ${REGISTRY.modes.length} modes and ${REGISTRY.tools.length} other tools in its table.`,
);

// What the definitions cost a model, against their budget (modes/index.ts; toolTokens.test.ts holds them to it).
void loadTokenCounter().then((count) => console.log(definitionTokensLine(definitionTokens(primaryTools, count))));
