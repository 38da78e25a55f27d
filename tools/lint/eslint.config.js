// ESLint for cobrand: typescript-eslint's type-checked recommended rules and the React hooks rules,
// over every TypeScript file of the repository. Run with `npm run lint` from the repository root.
// Deliberate exceptions are disabled where they happen, with a comment saying why.
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The repository root, two levels up, as an absolute path: a relative basePath would be read from
// the working directory when eslint runs with -c, not from this file. The type-aware rules read
// the types from the root's tsconfig.json.
const repositoryRoot = path.resolve(import.meta.dirname, '../..');

export default defineConfig([
  // Patterns are relative to the repository root. Only our TypeScript is linted:
  // build output, installed packages and the few plain .js launchers are not.
  { ...globalIgnores(['**/node_modules/**', 'dist/**', 'data/**', 'static/**', '**/*.js', '**/*.mjs', '**/*.cjs']), basePath: repositoryRoot },
  {
    basePath: repositoryRoot,
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked, reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs['recommended-latest']],
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: repositoryRoot },
    },
    rules: {
      // Unused names are mistakes, except a deliberately ignored argument or rest sibling spelled with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A promise nobody awaits loses its rejection; node:test's test, describe, it and suite track their own promises, so those calls are safe bare.
      '@typescript-eslint/no-floating-promises': ['error', { allowForKnownSafeCalls: [{ from: 'package', name: ['test', 'describe', 'it', 'suite'], package: 'node:test' }] }],
      // An async callback where the caller expects void drops its rejection on the floor.
      '@typescript-eslint/no-misused-promises': 'error',
      // Fastify plugins and route handlers are async by contract (Fastify awaits what they return) even when their body has no await.
      '@typescript-eslint/require-await': 'off',
      // A non-null assertion is an unchecked claim; production code guards instead, or says on the line why the claim holds.
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    basePath: repositoryRoot,
    files: ['test/**/*.{ts,tsx}'],
    rules: {
      // A wrong assertion in a test fails that test, which is what a test is for.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Tests read untyped JSON answers and poke at fakes; a wrong guess about their shape fails the assertion that reads it.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
]);
