// Lint rules for the whole repository: TypeScript everywhere, React hooks rules in src/.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'bench/results', 'api/db/migrations'] },
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
      // Every sign-out button goes through the one path that stops push alerts first.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/auth/auth-state'],
              importNames: ['signOut'],
              message: 'Sign out through signOutOfThisDevice (src/features/account/sign-out.ts).',
            },
          ],
        },
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
