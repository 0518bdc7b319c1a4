// One lint setup for the whole workspace. Type-aware rules carry the habits of ../shared/style.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.config.*', 'scripts/**', 'bench/**/*.mjs'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@insight/client*', '@insight/gateway*', '**/client/**', '**/gateway/**'],
              message: 'shared imports nothing from client or gateway.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'jotai', message: 'Import jotai through client/src/app/store.ts.' },
            { name: 'jotai/utils', message: 'Import jotai through client/src/app/store.ts.' },
            { name: 'socket.io-client', message: 'Only client/src/realtime/ talks to the socket.' },
          ],
        },
      ],
    },
  },
  { files: ['client/src/app/store.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['client/src/realtime/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'jotai', message: 'Import jotai through client/src/app/store.ts.' }] },
      ],
    },
  },
);
