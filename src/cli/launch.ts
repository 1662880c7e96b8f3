// `lectern` as shipped (dist/cli.js): turns on V8's compile cache where Node has one (22.1 and later),
// then loads the CLI bundle, so a cold call compiles neither the bundle nor the tokenizer's 3 MB again.
import * as nodeModule from 'node:module';

(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();
require('./cli-main.js');
