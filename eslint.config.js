// ESLint flat config for the whole monorepo (`npm run lint` = `eslint .`).
// typescript-eslint's plain `recommended` set on purpose: the type-checked sets
// need a TS program per package and would make lint several times slower;
// `npm run typecheck` already covers what they add.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// `_`-prefixed names mark a deliberately unused binding (callback arguments,
// destructured leftovers, ignored catch errors).
const unusedVarsOptions = {
  args: 'after-used',
  argsIgnorePattern: '^_',
  varsIgnorePattern: '^_',
  caughtErrors: 'all',
  caughtErrorsIgnorePattern: '^_',
  destructuredArrayIgnorePattern: '^_',
  ignoreRestSiblings: true,
};

export default defineConfig([
  globalIgnores([
    '**/dist/**',
    '**/node_modules/**',
    'packages/server/drizzle/**',
    '**/test-results/**',
    '**/playwright-report/**',
    'bench/results/**',
    '**/coverage/**',
  ]),

  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    extends: [js.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      'no-unused-vars': ['error', unusedVarsOptions],
      // `catch {}` is how the code says "a failure here is expected and harmless".
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },

  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    rules: {
      'no-unused-vars': 'off',
      '@typescript-eslint/no-unused-vars': ['error', unusedVarsOptions],
    },
  },

  // Node.js code: the server, scripts, end-to-end tests and tool configs.
  {
    files: [
      'packages/server/**/*.{js,mjs,cjs,ts}',
      'scripts/**/*.{js,mjs,cjs,ts}',
      'e2e/**/*.{js,mjs,ts}',
      'bench/**/*.{js,mjs,ts}',
      '*.{js,mjs,cjs,ts}',
      'packages/*/*.config.{js,mjs,cjs,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // API routes take their level from the one route table (docs/decisions/0013-route-levels.md): a route names the
  // screen it serves, `config: { level: routeLevel('/screen') }`, or is `level: 'public'`. No numbers, no copies.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "Property[key.name='config'] > ObjectExpression > Property[key.name='level']:not([value.type='CallExpression'][value.callee.name='routeLevel']):not([value.value='public'])",
        message: "A route's level names the screen it serves: level: routeLevel('/screen') (or 'public').",
      }],
    },
  },

  // The browser app.
  {
    files: ['packages/web/**/*.{js,jsx,ts,tsx}'],
    ignores: ['packages/web/*.config.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // Only the two classic hook rules. The plugin's v7 `recommended` preset also
    // turns on the React Compiler rules (set-state-in-effect, refs, purity, ...),
    // which target code meant for the compiler; this app does not use it.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
]);
