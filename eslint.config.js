// @ts-check
/**
 * Lint rules, including the project's boundaries:
 *  - the service contract (electron/service/contract) imports neither Node nor Electron;
 *  - the station API (electron/api) is pure too, since the preload bundles it into a sandboxed
 *    page: at run time it imports only zod schemas; the station's other modules only as types;
 *  - only the Electron shell (electron/main.ts, electron/preload.ts, electron/shell/) imports `electron`;
 *  - the renderer's code (renderer/src) imports nothing from electron/ except types from the
 *    station API (electron/api), and no Node modules.
 */
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'node:*'];

const shellFiles = ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'release/**', 'test-results/**', 'playwright-report/**', 'resources/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.js'] },
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.svelte'],
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    files: ['electron/**/*.ts', 'test/**/*.ts', 'eslint.config.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['renderer/src/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['renderer/vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    // CLIs and test runners talk to a terminal on purpose.
    files: ['electron/tools/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: shellFiles,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'Only the Electron shell (main.ts, preload.ts, shell/) imports electron; use a platform seam.' }],
      }],
    },
  },
  {
    files: ['electron/service/contract/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The service contract is pure: it imports neither Electron nor Node.' }],
        patterns: [{ group: nodeBuiltins, message: 'The service contract is pure: it imports neither Electron nor Node.' }],
      }],
    },
  },
  {
    files: ['electron/api/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The station API is pure: the preload bundles it into a sandboxed page.' }],
        patterns: [
          { group: [...nodeBuiltins, 'better-sqlite3'], message: 'The station API is pure: the preload bundles it into a sandboxed page.' },
          {
            group: ['../store/*', '!../store/stationRefFormat', '../printing/*', '!../printing/media', '../sync/*', '../station/*', '../sandbox/*', '../service/client/*'],
            allowTypeImports: true,
            message: 'The station API imports the station\'s modules only as types (schemas come from the contract, media and stationRefFormat).',
          },
        ],
      }],
    },
  },
  {
    files: ['renderer/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer talks to the station only through window.station.' }],
        patterns: [
          { group: nodeBuiltins, message: 'The renderer runs in a sandboxed page: no Node modules.' },
          {
            group: ['**/electron/**', '!**/electron/api', '!**/electron/api/**'],
            message: 'The renderer may import only types from the station API (electron/api).',
          },
          {
            group: ['**/electron/api', '**/electron/api/**'],
            allowTypeImports: true,
            message: 'The renderer may import only types from the station API: use `import type`.',
          },
        ],
      }],
    },
  },
);
