// @ts-check
/**
 * Lint rules, including the project's boundaries:
 *  - the service contract (electron/service/contract) imports neither Node nor Electron;
 *  - the station API (electron/api) imports only zod, the service contract and its own modules,
 *    as values and as types: it owns what it shows, and the preload bundles it into a sandboxed page;
 *  - the store (electron/store) imports neither printing, sync, the station, transports nor platform seams;
 *  - the warehouse (electron/warehouse), the shared part beside the store, imports neither the store
 *    (its migration order check aside), printing, sync, the station, transports nor the sandbox;
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
    files: ['electron/tools/**', 'test/**', 'renderer/src/**/*.test.ts'],
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
    // The station API owns every name and shape it shows: at run time and as types it imports
    // zod, the service contract and its own modules, nothing else (the renderer's type imports
    // must reach no station code, and the preload bundles it into a sandboxed page).
    files: ['electron/api/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!zod$|\\./[A-Za-z0-9_-]+$|\\.\\./service/contract$)',
          message: 'The station API imports only zod, the service contract (../service/contract) and its own modules (./name).',
        }],
      }],
    },
  },
  {
    // Shipping rules are pure: what an order becomes is decided from the API's types and the
    // service contract alone, so the Ship screen (through the station) and batches share one rule.
    files: ['electron/shipping/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: '^(?!zod$|\\./[A-Za-z0-9_-]+$|\\.\\./api$|\\.\\./service/contract$)',
          message: 'Shipping rules import only zod, the station API (../api), the service contract (../service/contract) and each other (./name).',
        }],
      }],
    },
  },
  {
    // The store is the bottom of the station: it keeps rows. The names and shapes it keeps come
    // from the station API and the service contract; what uses the store (printing, sync, the
    // station, transports, the shell, the platform seams, the service client) sits above it.
    files: ['electron/store/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'Only the Electron shell imports electron.' }],
        patterns: [{
          group: ['**/printing/**', '**/sync/**', '**/station/**', '**/webhost/**', '**/shell/**', '**/platform/**', '**/sandbox/**', '**/service/client/**', '**/service/client'],
          message: 'The store sits below printing, sync, the station and the transports: take names and shapes from electron/api or the service contract.',
        }],
      }],
    },
  },
  {
    // The warehouse is the shared counterpart of the store: the station uses it, not the other
    // way round. It takes names and shapes from the station API and the contract, the secret
    // from the vault seam, and fits the service client's limiter seam.
    files: ['electron/warehouse/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'Only the Electron shell imports electron.' }],
        patterns: [
          {
            regex: '(^|/)store/(?!migrations/runner$)',
            message: 'The warehouse sits beside the store and imports nothing of it (its migration order check aside).',
          },
          {
            group: ['**/printing/**', '**/sync/**', '**/station/**', '**/webhost/**', '**/shell/**', '**/sandbox/**', '**/renderer/**'],
            message: 'The warehouse sits below the station: take names and shapes from electron/api or the service contract.',
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
  {
    // Tests beside the renderer's state run under Node and never reach the page: they may take the
    // station's own values (its default settings) as fixtures, and fast-check.
    files: ['renderer/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'electron', message: 'The renderer talks to the station only through window.station.' }],
        patterns: [{ group: nodeBuiltins, message: 'Tests of the renderer run its code as the page would: no Node modules.' }],
      }],
    },
  },
);
