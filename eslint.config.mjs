import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
import globals from 'globals';

// ---------------------------------------------------------------------------------------------
// Boundaries (docs/architecture.md, "Folders and what each may import"): what each top-level folder may import.
// `regex` patterns match the import string, so the `@/` alias and relative paths (`../server/…`,
// `./server/…`) are caught alike.

/** The database: the driver packages, Drizzle and our own `server/db`. */
const DATABASE_IMPORTS = [
  {
    regex: '^(drizzle-orm|pg)(/.*)?$',
    caseSensitive: true,
    message: 'Only server/ (and scripts/, tests/) talk to the database: call a function of server/ instead.',
  },
  {
    regex: '^@electric-sql/pglite',
    caseSensitive: true,
    message: 'Only server/ (and scripts/, tests/) talk to the database: call a function of server/ instead.',
  },
  {
    regex: '^(@/|(\\./)?(\\.\\./)*)server/db(/.*)?$',
    caseSensitive: true,
    message: 'server/db is private to server/ (and scripts/, tests/): call a function of server/ instead.',
  },
];

/**
 * The demo seed (scripts/seed/: the demo catalogue, accounts and addresses) is handed to
 * prepareDatabase by the start script; the running shop never imports it.
 */
const SEED_IMPORTS = [
  {
    regex: '^(@/|(\\./)?(\\.\\./)*)scripts/seed(/.*)?$',
    caseSensitive: true,
    message: 'scripts/seed is the demo data of a first start: the shop may not import it (the start script hands it to prepareDatabase).',
  },
];

/** lib/ runs on both sides: it may not reach into server-only code or React components. */
const LIB_IMPORTS = [
  {
    // server/db is reported by DATABASE_IMPORTS already.
    regex: '^(@/|(\\./)?(\\.\\./)*)server(?!/db(/|$))(/.*)?$',
    caseSensitive: true,
    message: 'lib/ is shared by the browser and the server: it may not import server/ (move the shared part into lib/).',
  },
  {
    regex: '^(@/|(\\./)?(\\.\\./)*)components(/.*)?$',
    caseSensitive: true,
    message: 'lib/ may not import components/ (move the shared type or helper into lib/).',
  },
];

// ---------------------------------------------------------------------------------------------
// One error vocabulary (docs/architecture.md, "Errors and the JSON envelope"): an AppError names
// a message key of messages/pt-PT.json, never a finished sentence, and route files write no
// Portuguese: their texts are keys, translated by the route wrapper (server/api/route.ts).

const APP_ERROR_WITH_MESSAGE = ['', ' > TSAsExpression', ' > TSSatisfiesExpression'].map((cast) => ({
  selector: `NewExpression[callee.name='AppError']${cast} > ObjectExpression > Property[key.name='message']`,
  message: 'AppError takes a message key of messages/pt-PT.json: `new AppError({ code, key, values? })`, not `message`.',
}));

/** Letters beyond ASCII (á, ç, ã, «, €…): Portuguese text. */
const NON_ASCII = '/[\\u00C0-\\u024F\\u00AB\\u00BB\\u20AC]/';
const ROUTE_TEXT = [
  {
    selector: `Literal[value=${NON_ASCII}]`,
    message: 'No Portuguese text in route files: add a key to messages/pt-PT.json and pass the key (the wrapper translates it).',
  },
  {
    selector: `TemplateElement[value.raw=${NON_ASCII}]`,
    message: 'No Portuguese text in route files: add a key to messages/pt-PT.json and pass the key (the wrapper translates it).',
  },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'node_modules/**',
    '.data/**',
    '.data-*/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'public/**',
  ]),
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Everything but server/ and scripts/ (app/, components/, lib/, proxy.ts, configs) stays off
    // the database. tests/ is exempt too: integration tests create, fill and inspect databases.
    name: 'boundaries/database',
    files: ['**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    ignores: ['server/**', 'scripts/**', 'tests/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...DATABASE_IMPORTS, ...SEED_IMPORTS] }],
    },
  },
  {
    // server/ may use the database but not the demo seed.
    name: 'boundaries/seed',
    files: ['server/**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: SEED_IMPORTS }],
    },
  },
  {
    name: 'errors/keys-only',
    files: ['**/*.{ts,tsx}'],
    ignores: ['tests/**'],
    rules: {
      'no-restricted-syntax': ['error', ...APP_ERROR_WITH_MESSAGE],
    },
  },
  {
    // Replaces the block above for route files (a later rule setting wins), so it repeats it.
    name: 'errors/no-text-in-routes',
    files: ['app/**/route.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...APP_ERROR_WITH_MESSAGE, ...ROUTE_TEXT],
    },
  },
  {
    // Replaces the block above for lib/ (a later rule setting wins), so it repeats the database list.
    name: 'boundaries/lib',
    files: ['lib/**/*.{ts,tsx,js,jsx,mjs,cjs}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...DATABASE_IMPORTS, ...SEED_IMPORTS, ...LIB_IMPORTS] }],
    },
  },
  {
    // The service worker runs in the browser's worker scope, served as text (app/sw.js/route.ts).
    name: 'service-worker',
    files: ['server/pwa/service-worker.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
]);
