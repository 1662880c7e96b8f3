// The exact tokenizer on Node, loaded when a count first needs it.
import { countingOnFirstUse, type TokenCounter, type Tokenizer } from '../core/ground/tokens';

// A synchronous load at the first count (a count is synchronous); the bundles turn it into
// require('./tokenizer.js'), the table esbuild.mjs keeps apart.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loadTokenizer = (): Tokenizer => require('gpt-tokenizer/encoding/o200k_base');

/** The counter of Node hosts: the table loads at the first exact count, not at the first call. */
export const nodeTokenCounter: TokenCounter = countingOnFirstUse(loadTokenizer);
