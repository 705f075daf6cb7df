// ESLint (flat config): typescript-eslint, react-hooks and jsx-a11y at their recommended settings,
// plus the house rule that SQL is written only in repositories and db/ (decision 008). Formatting
// is Prettier's job (`npm run format:check`), so eslint-config-prettier turns off style rules.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const QUERY_BUILDER = '/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/';
// What a query runs on (the database or a transaction) is declared once, in db/exec.ts. Flat config
// replaces a rule for the files two objects share, so the SQL rule below repeats this selector.
const ONE_EXEC = {
  selector: "TSTypeAliasDeclaration[id.name='Exec']",
  message: 'Import the Exec type from apps/server/src/db/exec.ts rather than declaring another.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'bench/results/**',
      'data/**',
      '.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Kysely's own advice: a migration types its db as Kysely<any>, never the current schema,
    // which changes after it (the migration must keep working as written).
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // recharts (~100 kB gzipped) loads with /reports only (decision 017): nothing else in the web
    // app may import it, or it would join the chunks of the login page and the dashboard.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/reports/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'recharts', message: 'Charts belong to the reports feature (decision 017).' }],
          patterns: [{ group: ['recharts/*'], message: 'Charts belong to the reports feature (decision 017).' }],
        },
      ],
    },
  },
  {
    // One clock (decision 023): every date a person reads is Manila's, whatever the device's zone.
    // A date formatter names its time zone; the device's calendar is never read.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.property.name='DateTimeFormat']:not(:has(Property[key.name='timeZone']))",
          message: "A date formatter names its time zone: use lib/dates.ts's Manila formatters (decision 023).",
        },
        {
          selector:
            'CallExpression[callee.property.name=/^(toLocaleDateString|toLocaleTimeString|getFullYear|getMonth|getDate|getDay|getHours|getMinutes)$/]',
          message: "The device's time zone is not the agency's: use lib/dates.ts (Manila) or todayInManila (decision 023).",
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts', 'bench/**/*.ts'],
    ignores: ['apps/server/src/db/exec.ts'],
    rules: { 'no-restricted-syntax': ['error', ONE_EXEC] },
  },
  {
    // SQL only in repositories and db/: no query builder and no sql`` anywhere else on the server.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/db/**',
      'apps/server/src/features/*/repository.ts',
      // A feature with several parts keeps one repository per part (privacy: notice-, erasure-, access-log-repository.ts).
      'apps/server/src/features/*/*-repository.ts',
      'apps/server/src/platform/*-repository.ts',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=${QUERY_BUILDER}]`,
          message: 'SQL belongs in a repository (features/<name>/repository.ts) or db/, not here.',
        },
        { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL belongs in a repository or db/, not here.' },
        ONE_EXEC,
      ],
    },
  },
  {
    // A spec's second browser context records its toasts as the fixture's does (decision 015):
    // open it with openContext from e2e/support/fixtures.ts.
    files: ['e2e/specs/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='newContext'][callee.object.name!='pwRequest'][callee.object.name!='request']",
          message: "Open a browser context with openContext(browser, options) from support/fixtures.ts: it records the page's toasts.",
        },
      ],
    },
  },
  prettier,
);
