// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

const sqlHomeMessage = 'Queries belong in a *.repository.ts file (or server/ledger, server/db): call a repository function instead.';

/** Kysely's ways into a query: a call to any of them outside a repository is a query outside its home. */
const queryStarters = [
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'with',
  'withRecursive',
];

/**
 * Files whose SQL is being reworked for speed (the one-round-trip transfer, the session check,
 * the readiness probe, capacity-based distribution): their queries move with that work.
 */
const queriesKeptInPlace = ['server/wallet/transfer.service.ts', 'server/distribution/distribution.ts', 'server/health/health.routes.ts'];

const requestCastMessage =
  'A request part is typed by its route schema (decision 019): declare the field in the schema instead of casting.';
const requestPart = "MemberExpression[object.name='request'][property.name=/^(params|query|body|headers)$/]";

/** A cast of a request part in any form: `as X`, `as unknown as X` (its inner `as`), `<X>`. */
const requestCasts = [`TSAsExpression > ${requestPart}`, `TSTypeAssertion > ${requestPart}`].map((selector) => ({
  selector,
  message: requestCastMessage,
}));

export default tseslint.config(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        document: 'readonly',
        location: 'readonly',
        customElements: 'readonly',
        HTMLElement: 'readonly',
        MutationObserver: 'readonly',
        AbortSignal: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The core every widget loads knows no feature: screens build on it, never the other way round.
    files: ['widgets/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./(locales|contract)/)',
              message: 'widgets/core/ imports only from itself, locales/ and contract/: move what it needs into core/ or widgets/ui/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Screens run on core Preact (decision 063), which sets `translate` as a boolean property: "no" would read as yes.
    files: ['widgets/**/*.tsx', 'site/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXAttribute[name.name="translate"]', message: 'Spread noTranslate from widgets/ui/no-translate.ts instead.' },
      ],
    },
  },
  {
    files: ['tests/**', 'scripts/**', 'server/cli/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: { 'no-console': 'off' },
  },
  // SQL lives in repositories, the ledger and the database module (decision 018). Elsewhere in the
  // server, Kysely and the database module may be imported for types only (a transaction handle
  // passed down to a repository), and no query is built.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...requestCasts] },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [
      'server/**/*.repository.ts',
      'server/**/*.seed.ts',
      'server/db/**',
      'server/ledger/**',
      'server/**/*.test.ts',
      // Where the process starts: they open the database, run nothing on it themselves.
      'server/server.ts',
      'server/startup.ts',
      'server/cli/**',
      ...queriesKeptInPlace,
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: sqlHomeMessage, allowTypeImports: true }],
          patterns: [
            { group: ['kysely/*'], message: sqlHomeMessage, allowTypeImports: true },
            { group: ['**/db/database.ts'], message: sqlHomeMessage, allowTypeImports: true },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression > MemberExpression.callee > Identifier.property[name=/^(${queryStarters.join('|')})$/]`,
          message: sqlHomeMessage,
        },
        // This block replaces the one above for these files: the request rule is restated, not lost.
        ...requestCasts,
      ],
    },
  },
);
