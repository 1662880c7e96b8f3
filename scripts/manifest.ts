// Writes package.json's `contributes.languageModelTools` from the tool definitions in code
// (src/core/tools/definitions.ts), the single source of truth. `npm run manifest`; a unit test
// fails when package.json drifts from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import { allTools } from '../src/core/tools/definitions';
import { manifestEntry } from '../src/core/tools/jsonSchema';

const file = new URL('../package.json', import.meta.url);
const pkg = JSON.parse(readFileSync(file, 'utf8'));
pkg.contributes ??= {};
pkg.contributes.languageModelTools = allTools.map(manifestEntry);
writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
console.log(`package.json: ${allTools.length} languageModelTools written.`);
