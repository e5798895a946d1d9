// Lint rules for the whole repository: TypeScript everywhere, React hooks rules in src/, and the
// one-way imports between the parts (docs/architecture.md) as rules a change cannot slip past.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Each feature is a folder of its own; another feature reaches it only through its index.ts.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = features.map((name) => ({
  target: `./src/features/${name}`,
  from: './src/features',
  except: [
    `./${name}`,
    ...features.filter((other) => other !== name).map((o) => `./${o}/index.ts`),
  ],
  message: 'Another feature is reached through its public entry, src/features/<name>/index.ts.',
}));

// Everything in src but the write engine itself, which alone reaches its own modules.
const outsideLocalStore = readdirSync(new URL('./src', import.meta.url))
  .filter((name) => name !== 'local-store')
  .map((name) => `./src/${name}`);

/** The one-way imports of docs/architecture.md: which part may import which. */
const boundaryZones = [
  {
    target: './api',
    from: './src',
    except: ['./shared'],
    message: 'The server shares only src/shared with the device.',
  },
  { target: './api', from: './sw', message: 'The server shares only src/shared with the device.' },
  {
    target: './api/routes',
    from: './api/db',
    message: 'Routes reach the database through a domain module (api/<domain>/), never api/db.',
  },
  {
    target: './src/shared',
    from: './src',
    except: ['./shared'],
    message: 'src/shared is what device and server agree on: it imports nothing of the app.',
  },
  {
    target: './src/shared',
    from: ['./api', './sw'],
    message: 'src/shared is what device and server agree on: it imports nothing of the app.',
  },
  {
    target: './sw',
    from: './src',
    except: ['./sync', './db', './shared'],
    message: 'The service worker uses src/sync, src/db and src/shared only.',
  },
  {
    target: './src',
    from: ['./api', './sw'],
    message: 'The app does not import the server or the service worker.',
  },
  {
    target: './src/ui',
    from: ['./src/features', './src/routes'],
    message: 'src/ui holds pieces every screen shares: it imports no feature.',
  },
  {
    target: './src/local-store',
    from: ['./src/data', './src/sync', './src/auth', './src/features', './src/routes', './src/ui'],
    message:
      'src/local-store is the write engine under the app: it imports src/db and src/shared only.',
  },
  {
    target: './src/db',
    from: ['./src/local-store', './src/data', './src/sync', './src/auth'],
    message:
      'src/db is the storage under everything else on the device: it imports src/shared only.',
  },
  {
    target: [...outsideLocalStore, './sw'],
    from: './src/local-store',
    except: ['./index.ts'],
    message: 'The write engine is reached through its public entry, src/local-store/index.ts.',
  },
  {
    target: ['./src/shared', './src/db', './src/local-store', './src/sync', './src/auth'],
    from: ['./src/data', './src/features', './src/routes', './src/ui'],
    message:
      'Imports go one way: screens and their hooks use db, sync and auth, never the reverse.',
  },
  {
    target: './src/data',
    from: ['./src/features', './src/routes', './src/ui'],
    message: "src/data holds the screens' hooks: it imports no screen.",
  },
  {
    target: './src/routes',
    from: ['./src/data', './src/db', './src/local-store', './src/sync', './src/auth'],
    message: 'Routes compose features; what a route reads or does lives in a feature.',
  },
  {
    target: ['./src/features', './src/routes', './src/ui'],
    from: ['./src/db/garage-db.ts', './src/db/device-db.ts'],
    message:
      'Screens read through src/data hooks (use-*.ts) and write through actions, never tables.',
  },
  ...featureZones,
];

// Every sign-out button goes through the one path that stops push alerts first.
const signOutPattern = {
  group: ['**/auth/auth-state'],
  importNames: ['signOut'],
  message: 'Sign out through signOutOfThisDevice (src/features/account/sign-out.ts).',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'bench/results',
      'api/db/migrations',
      // A deliberate import cycle, linted only by test/unit/lint/boundaries.test.ts.
      'test/unit/lint/fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
      // no-cycle follows imports into these files, read as TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // Cycles among the app's, the worker's and the server's modules (tests and scripts import
    // them and are imported by nothing, so they cannot close one): following every import is the
    // costly part of linting, so it runs where a cycle can be.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts', 'api/**/*.ts', 'test/unit/lint/fixtures/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only our API may confirm a change: every /api call needs apiFetch's deadline, no-redirect
      // and marker checks (a captive portal answers 200 HTML to a plain fetch).
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Call /api through apiFetch (src/sync/api-fetch.ts).' },
      ],
      'no-restricted-imports': ['error', { patterns: [signOutPattern] }],
    },
  },
  {
    // Dexie's live queries are src/data's to run: a screen reads through a use-*.ts hook there.
    // (One rule's options replace the other's, so the sign-out pattern is repeated here.)
    files: ['src/features/**/*.{ts,tsx}', 'src/routes/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [signOutPattern],
          paths: [
            { name: 'dexie', message: 'Read through a src/data hook (use-*.ts).' },
            { name: 'dexie-react-hooks', message: 'Read through a src/data hook (use-*.ts).' },
          ],
        },
      ],
    },
  },
  {
    // One module owns every outbox query (src/db/outbox-store.ts): the order, the set-aside
    // entries and what may delete one are decided there. A transaction may still name the table.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/db/outbox-store.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.property.name=/^outbox(SetAside)?$/]',
          message: 'Query the outbox through src/db/outbox-store.ts.',
        },
        // An Intl object built when its module loads costs every screen that imports it the
        // locale data (~60 ms at 4× CPU in Lighthouse's /home profile) before it can answer.
        ...[
          'Program > VariableDeclaration > VariableDeclarator > NewExpression',
          'Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > NewExpression',
        ].map((path) => ({
          selector: `${path}[callee.object.name='Intl']`,
          message:
            'Build Intl objects on first use: madeOnFirstUse (src/shared/made-on-first-use.ts).',
        })),
      ],
    },
  },
  {
    // The places allowed what the rules above forbid elsewhere: apiFetch itself, and the photo
    // keeper, whose fetches go to the catalogue photos' own hosts, never to /api.
    files: ['src/sync/api-fetch.ts', 'src/sync/photo-keeper.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/features/account/sign-out.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
