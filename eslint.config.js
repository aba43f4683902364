// ESLint flat config for the whole monorepo (`npm run lint` = `eslint .`).
// typescript-eslint's plain `recommended` set on purpose: the type-checked sets
// need a TS program per package and would make lint several times slower;
// `npm run typecheck` already covers what they add.
import path from 'node:path';
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

// Import zones of the web client (ADR 0018), resolved from the importing file, so relative paths of any depth count:
// a feature imports no other feature and not the app shell; components/, lib/ and i18n/ import no feature.
// Only src/app (router, shell) joins features together. `import.meta.glob` (the i18n loader) is not an import.
const WEB_SRC = path.resolve('packages/web/src');
function zoneOf(file) {
  const rel = path.relative(WEB_SRC, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [top, name] = rel.split(path.sep);
  if (top === 'features') return { top, feature: name };
  return { top };
}
const webZones = {
  meta: { type: 'problem', schema: [], messages: {
    feature: "Features do not import other features ('{{from}}' imports '{{to}}'); move what both need to components/ or lib/.",
    shared: "{{top}}/ does not import a feature ('{{to}}'); shared code may not depend on a feature.",
    app: "A feature does not import the app shell ('{{to}}'); move what it needs to components/ or lib/.",
  } },
  create(context) {
    const from = zoneOf(context.filename);
    if (!from) return {};
    const check = (node) => {
      const source = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const to = zoneOf(path.resolve(path.dirname(context.filename), source));
      if (!to) return;
      if (from.top === 'features' && to.top === 'features' && to.feature !== from.feature) {
        context.report({ node: node.source, messageId: 'feature', data: { from: from.feature, to: to.feature } });
      } else if (from.top === 'features' && to.top === 'app') {
        context.report({ node: node.source, messageId: 'app', data: { to: source } });
      } else if (['components', 'lib', 'i18n'].includes(from.top) && to.top === 'features') {
        context.report({ node: node.source, messageId: 'shared', data: { top: from.top, to: to.feature } });
      }
    };
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

// The data layer (issue 24): a module's queries live in its `<module>-repository.ts`, which takes the db or transaction
// handle; `*-service.ts` holds the rules and calls repositories (its own, and other modules' exported functions), and
// `*-routes.ts` parses, authorizes and calls the service. So neither imports the tables (db/schema, db/schema-*) nor drizzle's
// `sql` and query operators (drizzle-orm). Type-only imports count too: a row type comes from the repository.
const dataLayerMessage = "Queries belong in the module's <module>-repository.ts (issue 24): routes call their service, services call repositories; no db/schema or drizzle-orm import here.";
const dataLayerFiles = ['packages/server/src/**/*-routes.ts', 'packages/server/src/**/*-service.ts', 'packages/server/src/**/*-services.ts'];
// Files that still hold queries: none since issue 24 (a file may join only with a reason written beside it).
/** @type {string[]} */
export const QUERIES_OUTSIDE_REPOSITORIES = [];

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
      'packages/devices/**/*.{js,mjs,cjs,ts}',
      'packages/gateway-sim/**/*.{js,mjs,cjs,ts}',
      'scripts/**/*.{js,mjs,cjs,ts}',
      'e2e/**/*.{js,mjs,ts}',
      'bench/**/*.{js,mjs,ts}',
      '*.{js,mjs,cjs,ts}',
      'packages/*/*.config.{js,mjs,cjs,ts}',
    ],
    languageOptions: { globals: { ...globals.node } },
  },

  // API routes take their guard from the action table beside the route table (docs/decisions/0013-route-levels.md,
  // 0036-action-table.md): `config: actionConfig('METHOD /api/path')`, or `config: { level: 'public' }`. No numbers,
  // no copies; a role rule inside a call asks canDo('rule') of the same table.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "Property[key.name='config'] > ObjectExpression > Property[key.name='level']:not([value.value='public'])",
        message: "A guarded route takes its level from the action table: config: actionConfig('METHOD /api/path') (or level: 'public').",
      }, {
        selector: "BinaryExpression[operator=/^([<>]=?|[!=]==?)$/][left.type='MemberExpression'][left.property.name='role'][right.type='Literal']",
        message: 'No bare role numbers: ask canDo(action) of the action table (packages/domain/src/actions.ts).',
      }],
    },
  },

  // Queries only in repositories (issue 24; dataLayerMessage above).
  {
    files: dataLayerFiles,
    ignores: QUERIES_OUTSIDE_REPOSITORIES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { regex: '(^|/)db/schema(-[a-z]+)?(\\.js|\\.ts)?$', message: dataLayerMessage },
        { regex: '^drizzle-orm(/.*)?$', message: dataLayerMessage },
      ] }],
    },
  },

  // The browser app.
  {
    files: ['packages/web/**/*.{js,jsx,ts,tsx}'],
    ignores: ['packages/web/*.config.{js,mjs,cjs,ts}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, isik: { rules: { 'web-zones': webZones } } },
    // Only the two classic hook rules. The plugin's v7 `recommended` preset also
    // turns on the React Compiler rules (set-state-in-effect, refs, purity, ...),
    // which target code meant for the compiler; this app does not use it.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'isik/web-zones': 'error',
      // One number input for the whole app (ADR 0019): Turkish numbers, nothing rounded or clamped silently.
      'no-restricted-imports': ['error', { paths: [{ name: '@mantine/core', importNames: ['NumberInput'], message: 'Use NumberField from src/components/number-field (reads 1.234,56; ADR 0019).' }] }],
    },
  },
]);
