// Loaded before every unit test file: the engine's user caches (the persistent symbol index of the
// CLI and MCP hosts) go to a temp folder of this run, never to the developer's ~/.cache.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-unit-cache-'));
process.env.LECTERN_CACHE_DIR = cacheDir;

after(() => fs.rmSync(cacheDir, { recursive: true, force: true }));
