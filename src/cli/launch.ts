// `lectern` as shipped (dist/cli.js): turns on V8's compile cache where Node has one (22.1 and later),
// then loads the CLI bundle, so a cold call compiles neither the bundle nor the tokenizer's 3 MB again.
// On an older Node the bundle alone is compiled with a code cache of its own (codeCache.ts).
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { requireWithCodeCache } from './codeCache';
import { userCacheDir } from '../node/userCacheDir';

const enableCompileCache = (nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache;
if (enableCompileCache) {
  enableCompileCache();
  require('./cli-main.js');
} else {
  requireWithCodeCache(join(__dirname, 'cli-main.js'), join(userCacheDir(), 'code'));
}
