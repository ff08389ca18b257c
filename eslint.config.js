import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

// Import boundaries (what may import what), enforced per folder. The patterns match
// the import specifier: a relative path that climbs out (`../`) and enters the folder (src/bff, src/client, …).
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map((group) => (Array.isArray(group) ? { regex: group[0], message: group[1] } : group)) },
  ],
});
const relative = (folder) => `^(\\.\\./)+(src/)?${folder}(/|$)`;
const bff = [relative('bff'), 'src/client must not import the BFF; shared pieces belong in src/shared.'];
const server = [relative('server'), 'Only the BFF may import the SSR renderer.'];
const client = [relative('client'), 'Only src/server may import the React app.'];
const backend = [relative('mock-backend'), 'Reach the backend over HTTP only, never by import.'];
const rawApi = ['**/api/*.php', 'Call the API through the typed openapi-fetch client.'];
// Another package's private files (its dist/ beyond what it exports): the backend reaches them in one module only,
// mock-backend/lib/library-internals.ts, which has a switch back to the public path (LIBRARY_INTERNALS=off).
// Ajv's `ajv/dist/2020` is its documented entry for draft 2020-12, not a private file.
const privateFiles = [
  '^(?!\\.|ajv/dist/2020(\\.js)?$).*/dist/',
  "Reach another package's private files only in mock-backend/lib/library-internals.ts (docs/operations.md, Private paths of libraries).",
];
// A backend component is used through its face, components/<name>/index.ts: another component imports
// `../<name>/index` (spelled out: `node --import tsx` resolves no directory), never one of its files.
const componentInternals = [
  '^\\.\\./[\\w-]+(/(?!index$)[\\w.-]+)?$',
  'Import another backend component through its face: ../<name>/index, not its files.',
];
// A client feature is used by another feature through its face, src/client/features/<name>/index.ts (the pages of
// src/client/app compose features and may reach into them). A feature's files sit at most one folder deep, so another
// feature's file is `../<other>/…` from the feature's top and `../../<other>/…` from one of its folders.
const features = readdirSync(new URL('./src/client/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// React Router's UNSAFE_ exports (its internal contexts) are read in one module, src/client/lib/router-internals.ts,
// so a React Router upgrade that changes them is fixed in one place (docs/adr/0001-router-internals.md).
const routerInternals = {
  regex: '^react-router$',
  importNamePattern: '^UNSAFE_',
  message: "Read React Router's internals through src/client/lib/router-internals.ts, the only module that imports UNSAFE_*.",
};
const featureMessage = 'Import another client feature through its face: <feature>/index, not its files.';
const featureBoundaries = features.flatMap((name) => [
  {
    files: [`src/client/features/${name}/*.{ts,tsx}`],
    rules: forbid(bff, server, backend, routerInternals, [`^\\.\\./(?!${name}/)[\\w-]+/(?!index$)`, featureMessage]),
  },
  {
    files: [`src/client/features/${name}/*/*.{ts,tsx}`],
    rules: forbid(bff, server, backend, routerInternals, [`^\\.\\./\\.\\./(?!${name}/)[\\w-]+/(?!index$)`, featureMessage]),
  },
]);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'packages/*/dist/**',
      'packages/client/src/generated/**',
      'dist-packages/**',
      'var/**',
      'node_modules/**',
      'coverage/**',
      '.tmp/**',
      'src/shared/api/schema.d.ts',
      'tests/fixtures/**/*.php',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      ...forbid(bff, server, backend, routerInternals),
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='fetch'] Literal[value=/^\\/api\\//]", message: rawApi[1] },
        {
          // The browser sends a form by itself before the page hydrated (and without JavaScript): without a method it
          // would be a GET with every typed field, a password or an IBAN too, in the URL.
          selector: "JSXOpeningElement[name.name=/^(form|Form)$/]:not(:has(JSXAttribute[name.name='method']))",
          message: 'Give every form a method: post (to a page whose route has an action) or get (when it only reads).',
        },
      ],
    },
  },
  { files: ['src/client/lib/router-internals.ts'], rules: forbid(bff, server, backend) },
  ...featureBoundaries,
  { files: ['src/shared/**/*.ts'], rules: forbid(bff, server, client, backend) },
  { files: ['src/server/**/*.{ts,tsx}'], rules: forbid(bff, backend) },
  { files: ['src/bff/**/*.ts'], rules: forbid(client, backend) },
  { files: ['mock-backend/**/*.ts'], rules: forbid(bff, server, client, privateFiles) },
  { files: ['mock-backend/lib/library-internals.ts'], rules: forbid(bff, server, client) },
  { files: ['mock-backend/components/**/*.ts'], rules: forbid(bff, server, client, componentInternals, privateFiles) },
  {
    files: ['tests/**', 'bench/**', 'scripts/**', '**/*.test.{ts,tsx}'],
    rules: { 'no-console': 'off', 'no-restricted-imports': 'off' },
  },
  // Layout is Prettier's (.prettierrc.json, checked by `npm run lint`): no ESLint rule may fight it.
  prettier,
);
