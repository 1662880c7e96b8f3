// `lectern` as shipped (dist/cli.js): turns on V8's compile cache where Node has one (22.1 and later),
// then loads the CLI bundle, so a cold call compiles neither the bundle nor the tokenizer's 3 MB again.
// On an older Node the bundle alone is compiled with a code cache of its own (codeCache.ts). Either
// cache is kept only in a folder of the user cache folder that is the user's alone and outside the
// workspace folders this launch knows of (the current folder and each --root); otherwise none is used.
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { requireWithCodeCache } from './codeCache';
import { refusedCacheFolder, warnCacheRefused } from '../node/cacheFolder';
import { userCacheDir } from '../node/userCacheDir';

const roots = [
  process.cwd(),
  ...process.argv.flatMap((arg, i, all) => (arg === '--root' && all[i + 1] ? [all[i + 1]!] : [])),
];
const top = userCacheDir();
const enableCompileCache = (nodeModule as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
if (enableCompileCache) {
  // Node's default folder is shared (the system's temporary folder): the cache goes to ours, or nowhere.
  // NODE_COMPILE_CACHE, the user's own choice, has turned it on already (this call then does nothing).
  const dir = join(top, 'compile');
  const refused = process.env.NODE_COMPILE_CACHE ? undefined : refusedCacheFolder(top, dir, roots);
  if (refused) warnCacheRefused(refused);
  else enableCompileCache(dir);
  require('./cli-main.js');
} else {
  requireWithCodeCache(join(__dirname, 'cli-main.js'), { top, dir: join(top, 'code'), roots });
}
