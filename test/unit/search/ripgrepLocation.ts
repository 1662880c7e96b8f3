// The ripgrep a test uses: $LECTERN_RIPGREP, else `rg` on PATH, else the one code-server ships in the
// integration tests' host cache (scripts/host/ensure.mjs installs it there).
import { homedir } from 'node:os';
import * as path from 'node:path';
import { ripgrepInVscode, ripgrepOnPath } from '../../../src/node/ripgrep';

/** code-server's VS Code folder (its `vscode.env.appRoot`) in the host cache. */
export function codeServerAppRoot(): string {
  const cache =
    process.env.LECTERN_HOST_CACHE ||
    path.join(homedir(), '.cache', 'lectern-host', 'code-server-4.139.1-node-24.21.0');
  return path.join(cache, 'node_modules', 'code-server', 'lib', 'vscode');
}

export function testRipgrep(): string | undefined {
  const chosen = process.env.LECTERN_RIPGREP;
  if (chosen && chosen !== 'off') return chosen;
  return ripgrepOnPath() ?? ripgrepInVscode(codeServerAppRoot());
}
