// Accuracy against independent parsers, on real code: Lectern's outline spans (tree-sitter) against
// the TypeScript compiler API for .ts/.d.ts/.js files from this repo's node_modules (pinned by
// package-lock.json, so `npm ci` reproduces them) and against Python's `ast` for modules of the
// machine's Python standard library. Symbols are matched by qualified name and kind; each must have
// the same kind, start line, end line and context start line. The span convention is spelled out
// at the top of accuracyReference.ts (starts include `export`/`declare`/decorators, context is the
// comment block directly above, Python bodies keep the comments indented inside them).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { outlineOf } from './outlineHelper';
import {
  compare,
  emptyComparison,
  explain,
  pythonReference,
  pythonStdlib,
  typescriptReference,
  type Comparison,
} from './accuracyReference';

const repo = resolve(__dirname, '..', '..', '..');

/** Real declaration files, TypeScript sources and CommonJS/class-style JavaScript, moderate sizes. */
const TYPESCRIPT_FILES: Record<string, readonly string[]> = {
  '.d.ts': [
    '@types/node/fs.d.ts',
    '@types/node/events.d.ts',
    '@types/node/path.d.ts',
    '@types/node/readline.d.ts',
    '@types/node/worker_threads.d.ts',
    '@types/node/child_process.d.ts',
    '@types/node/url.d.ts',
    'web-tree-sitter/web-tree-sitter.d.ts',
    'fast-check/lib/fast-check.d.ts',
    'typescript/lib/lib.es5.d.ts',
    'typescript/lib/lib.es2015.core.d.ts',
  ],
  '.ts': [
    'htmlparser2/src/Parser.ts',
    'htmlparser2/src/Tokenizer.ts',
    'ajv/lib/core.ts',
    'ajv/lib/compile/codegen/index.ts',
    'cheerio/src/api/attributes.ts',
    'gpt-tokenizer/src/GptEncoding.ts',
    '@azure/msal-common/src/authority/Authority.ts',
  ],
  '.js': [
    'commander/lib/command.js',
    'commander/lib/help.js',
    'commander/lib/option.js',
    'commander/lib/argument.js',
    'picomatch/lib/parse.js',
    'picomatch/lib/picomatch.js',
    'picomatch/lib/scan.js',
    'mocha/lib/runner.js',
    'mocha/lib/runnable.js',
    'mocha/lib/suite.js',
    'mocha/lib/errors.js',
    'chokidar/index.js',
    'chokidar/handler.js',
    'minimatch/dist/esm/ast.js',
    'path-scurry/dist/esm/index.js',
    'semver/classes/range.js',
    'markdown-it/lib/renderer.mjs',
    'jsonc-parser/lib/esm/impl/parser.js',
    'glob/dist/esm/glob.js',
  ],
};

/** Standard-library modules present from Python 3.8 on: decorators, nested defs, comments, chained assignments. */
const PYTHON_FILES = [
  'json/__init__.py',
  'json/decoder.py',
  'json/encoder.py',
  'json/scanner.py',
  'textwrap.py',
  'argparse.py',
  'dataclasses.py',
  'functools.py',
  'enum.py',
  'contextlib.py',
  'abc.py',
  'string.py',
  'shlex.py',
  'fractions.py',
  'typing.py',
  'inspect.py',
  'difflib.py',
  'collections/__init__.py',
  'logging/__init__.py',
  'csv.py',
  'configparser.py',
  'calendar.py',
  'ipaddress.py',
];

function percent(part: number, whole: number): string {
  return `${((100 * part) / Math.max(1, whole)).toFixed(2)}%`;
}

function summary(label: string, files: number, c: Comparison): string {
  return (
    `${label}: ${files} files, ${c.reference} reference symbols; recall ${percent(c.matched, c.reference)}, ` +
    `same kind ${percent(c.sameKind, c.matched)}, same span ${percent(c.sameSpan, c.matched)}, ` +
    `same context start ${percent(c.sameContext, c.matched)} (${c.withDoc} with a comment above` +
    (c.withJsDoc > 0 ? `, JSDoc covered ${c.jsDocCovered}/${c.withJsDoc}` : '') +
    (c.decorated > 0 ? `, ${c.decorated} decorated` : '') +
    '); ' +
    `${c.extra} Lectern symbols without a reference`
  );
}

/**
 * Full agreement: every reference symbol found with the same kind, span and context start, and no
 * symbol the reference lacks (no allowlist: the differences found so far were fixed).
 */
function assertAgreement(label: string, c: Comparison, minimum: number): void {
  assert.ok(c.reference >= minimum, `${label}: only ${c.reference} reference symbols (want ≥ ${minimum})`);
  assert.deepEqual(c.differences.map(explain), [], `${label}: Lectern differs from the reference`);
  assert.deepEqual(c.extras, [], `${label}: Lectern lists symbols the reference does not`);
  assert.equal(c.matched, c.reference);
  assert.equal(c.sameSpan, c.matched);
  assert.equal(c.sameContext, c.matched);
  assert.equal(c.jsDocCovered, c.withJsDoc);
}

function grammarFor(path: string): string {
  return /\.[cm]?jsx?$/.test(path) ? 'javascript' : 'typescript';
}

describe('accuracy against independent parsers', function () {
  this.timeout(60_000);

  describe('TypeScript and JavaScript vs the TypeScript compiler API', () => {
    for (const [family, files] of Object.entries(TYPESCRIPT_FILES)) {
      it(`${family}: ${files.length} real files from node_modules`, async () => {
        const comparison = emptyComparison();
        for (const file of files) {
          const path = join(repo, 'node_modules', file);
          assert.ok(existsSync(path), `${path} is missing: run npm ci`);
          const text = readFileSync(path, 'utf8');
          compare(file, typescriptReference(path, text), await outlineOf(grammarFor(path), text), comparison);
        }
        console.log(`      ${summary(family, files.length, comparison)}`);
        assertAgreement(family, comparison, 300);
      });
    }

    it('decorators and modifiers (none in the real files): the compiler counts them in the span, so does Lectern', async () => {
      const text = [
        '/** Doc. */', // 1
        '@Component({', // 2
        "  selector: 'x',", // 3
        '})', // 4
        'export abstract class Widget {', // 5
        '  // note', // 6
        '  @Input()', // 7
        "  @Optional() name = '';", // 8
        '', // 9
        '  /** Handler. */', // 10
        "  @HostListener('click', ['$event'])", // 11
        '  @Debounce(10)', // 12
        '  onClick(e: Event): void {}', // 13
        '  @Get() get value(): number { return 1; } // trailing', // 14
        '  protected abstract render(): void;', // 15
        '}', // 16
        'export default function main() {}', // 17
        'declare namespace A.B { const c: number; var d: string; }', // 18
        'export const a = 1, b = () => 2;', // 19
      ].join('\n');
      const comparison = compare(
        'decorated.ts',
        typescriptReference('decorated.ts', text),
        await outlineOf('typescript', text),
        emptyComparison(),
      );
      assert.equal(comparison.reference, 11);
      assertAgreement('decorated.ts', comparison, 11);
    });
  });

  describe("Python vs Python's ast module", () => {
    it(`${PYTHON_FILES.length} standard-library modules`, async () => {
      const stdlib = pythonStdlib();
      const paths = PYTHON_FILES.map((file) => join(stdlib, file));
      for (const path of paths) assert.ok(existsSync(path), `${path} is missing from this Python`);
      const comparison = emptyComparison();
      let trailingComments = 0;
      for (const reference of pythonReference(paths)) {
        const file = relative(stdlib, reference.path);
        compare(file, reference.symbols, await outlineOf('python', readFileSync(reference.path, 'utf8')), comparison);
        trailingComments += reference.symbols.filter((s) => s.astEndLine !== s.endLine).length;
      }
      console.log(`      ${summary(`.py (${stdlib})`, paths.length, comparison)}`);
      console.log(`      (${trailingComments} spans run past ast's end_lineno over comments indented inside the body)`);
      assertAgreement('.py', comparison, 1000);
    });
  });
});
