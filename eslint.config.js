import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { oneWayImports } from './tools/eslint/one-way-imports.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { local: { rules: { 'one-way-imports': oneWayImports } }, 'react-hooks': reactHooks },
    rules: {
      'local/one-way-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in config/ (config/env.ts).',
        },
      ],
    },
  },
  {
    // One way to open a transaction (docs/adr/0009-unit-of-work.md): BEGIN IMMEDIATE on SQLite,
    // player locks first, retries, and no root handle inside.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/unit-of-work.ts', 'apps/api/src/config/env.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in config/ (config/env.ts).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(transaction|startTransaction)$/][arguments.length=0]',
          message: 'Open transactions with moneyTransaction or writeTransaction (db/unit-of-work.ts).',
        },
      ],
    },
  },
  {
    files: ['**/config/env.ts', '**/*.test.ts', 'apps/api/test/**', 'e2e/**', 'scripts/**', 'vitest.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
