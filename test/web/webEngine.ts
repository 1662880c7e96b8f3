// A fresh engine on the web host's ports, set up as scripts/host/webWorkspace.ts sets up the Node one.
import { Lectern } from '../../src/core/engine';
import { setTokenizerSource } from '../../src/core/ground/tokens';
import { createWebHost } from '../../src/web/host';
import { tokenizerFromExtension } from '../../src/web/tokenizer';
import { lectern } from './webWorkspace';

/**
 * The engine as the Node side runs it: no session guard, no editor exclusion globs (a setting, not a
 * port), and no language server (the Node side has none: tree-sitter answers references on both).
 */
export function webEngine(): Lectern {
  const extensionUri = lectern().extensionUri;
  setTokenizerSource(tokenizerFromExtension(extensionUri));
  const host = { ...createWebHost(extensionUri), excludeGlobs: undefined, references: undefined };
  return new Lectern(host, () => ({ sessionGuard: false }));
}
