// ESLint for cobrand: typescript-eslint's recommended rules and the React hooks rules, over every
// TypeScript file of the repository. Run with `npm run lint` from the repository root.
// Deliberate exceptions are disabled where they happen, with a comment saying why.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  // Patterns are relative to the repository root, two levels up. Only our TypeScript is linted:
  // build output, installed packages and the few plain .js launchers are not.
  { ...globalIgnores(['**/node_modules/**', 'dist/**', 'data/**', 'static/**', '**/*.js', '**/*.mjs', '**/*.cjs']), basePath: '../..' },
  {
    basePath: '../..',
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended, reactHooks.configs.flat['recommended-latest'] ?? reactHooks.configs['recommended-latest']],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are mistakes, except a deliberately ignored argument or rest sibling spelled with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
]);
