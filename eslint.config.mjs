// ESLint (flat config): ESLint's and typescript-eslint's recommended rules over the files Prettier formats, three
// type-aware rules against promises nobody handles (an unhandled rejection escapes into the host), and
// eslint-config-prettier last so that no rule fights the formatter. `npm run lint` runs it and Prettier's check.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import tseslint from 'typescript-eslint';

// The Node globals the .mjs scripts use (TypeScript checks the .ts files; nothing checks names in the .mjs ones).
const nodeGlobals = Object.fromEntries(
  [
    'AbortController',
    'Buffer',
    'URL',
    'clearInterval',
    'clearTimeout',
    'console',
    'fetch',
    'process',
    'setInterval',
    'setTimeout',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  {
    ignores: [
      'dist/',
      'out/',
      'node_modules/',
      'test/fixtures/',
      'sample-workspace/',
      'bench/reference/',
      '.lectern-host/',
    ],
  },
  {
    files: ['**/*.{ts,tsx,mjs}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a binding kept on purpose (a skipped tuple element, a parameter a signature needs).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `cond ? resolve() : reject(e)` and `a && b()` are statements here by choice.
      '@typescript-eslint/no-unused-expressions': ['error', { allowTernary: true, allowShortCircuit: true }],
      // A `let` read by a closure before its one assignment (a callback that needs the object it is passed to).
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Best-effort cleanup (`try { kill } catch {}`) is deliberate.
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Every control character in a regex here is meant: ANSI escapes, ASCII and binary tests.
      'no-control-regex': 'off',
      // Tests match aligned columns; `/a  b/` reads better than `/a {2}b/`.
      'no-regex-spaces': 'off',
      // Three deliberate lazy loads of a sibling bundle: the CLI's entry, the chat handler and the engine
      // activation defers (CommonJS at run time).
      '@typescript-eslint/no-require-imports': [
        'error',
        { allow: ['^\\./cli-main\\.js$', '^\\./handler$', '^\\./engineStart$'] },
      ],
      // A double cast hides a type error instead of fixing it.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation',
          message: 'No `as unknown as`: narrow the value (a type guard, a checked parse) or fix the types.',
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: nodeGlobals },
    rules: { 'no-undef': 'error' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  prettier,
);
