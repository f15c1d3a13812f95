// @ts-check
/**
 * Lint rules, including the project's boundaries:
 *  - the service contract (electron/service/contract) imports neither Node nor Electron;
 *  - the station API (electron/api) imports only zod, the service contract and its own modules,
 *    as values and as types: it owns what it shows, and the preload bundles it into a sandboxed page;
 *  - the store (electron/store) imports neither printing, sync, the station, transports nor platform seams;
 *  - the layer table (LAYERS): every folder of electron/ imports only from folders in lower rows,
 *    and the store only through its front door (store/index.ts);
 *  - the warehouse (electron/warehouse), the shared part beside the store, imports nothing of the store,
 *    printing, sync, the station, transports nor the sandbox;
 *  - only the Electron shell (electron/main.ts, electron/preload.ts, electron/shell/) imports `electron`;
 *  - the renderer's code (renderer/src) imports nothing from electron/ except types from the
 *    station API (electron/api), and no Node modules; its screens and components call the
 *    station only through the state classes.
 */
import { builtinModules } from 'node:module';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((name) => `node:${name}`), 'node:*'];

const shellFiles = ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**'];

/**
 * The layer table of electron/: every folder in one row, the lowest first. A folder imports only
 * from folders in rows above its own (lower layers), never sideways or down the table, types
 * included; `(root)` is the files directly in electron/ (main.ts, preload.ts). A new folder needs
 * a row here before its files pass lint. docs/architecture.md explains each row.
 */
const LAYERS = [
  ['base'], //                                      rules said once: errors, issues, base64, serving policy
  ['platform'], //                                  the machine's seams: clock, files, printers, vault
  ['service'], //                                   the service's contract and the client that speaks it
  ['api'], //                                       the station API: names and shapes the desk sees
  ['store', 'warehouse'], //                        the desk's SQLite (its part and the warehouse's part); the shared PostgreSQL
  ['locations', 'printing', 'sync', 'tracking'], // workflows that stand on the store alone
  ['orders', 'shipping', 'sandbox'], //             a shop's orders and the Ship key (they read locations); the service's emulator (draws labels with printing)
  ['batches'], //                                   many orders shipped in one step
  ['station'], //                                   one profile's connection, the coordinator, the API's handlers
  ['webhost', 'shell'], //                          the two transports: a browser, the Electron window
  ['(root)', 'tools'], //                           the app's entry points and the command lines
];

/** Folders the rest of electron/ reaches only through their index (their front door). */
const FRONT_DOORS = ['store'];

const isDirectory = (/** @type {string} */ file) => existsSync(file) && statSync(file).isDirectory();

/** The top folder of electron/ a path is in, `(root)` for its own files, undefined outside it. */
function electronFolder(/** @type {string} */ file) {
  const inside = path.relative(path.join(import.meta.dirname, 'electron'), file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
  const [first = ''] = inside.split(path.sep);
  // `../api` names the folder's index: a folder, not a file of electron/ itself.
  return first !== inside || isDirectory(file) ? first : '(root)';
}

/** The table and the front doors the rule is given, from its options. */
function optionsOf(/** @type {readonly unknown[]} */ options) {
  return /** @type {{ layers: string[][]; frontDoors: string[] }} */ (options[0]);
}

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder of electron/ imports only from the folders in lower rows of the layer table.' },
    schema: [
      {
        type: 'object',
        properties: { layers: { type: 'array', items: { type: 'array', items: { type: 'string' } } }, frontDoors: { type: 'array', items: { type: 'string' } } },
        required: ['layers', 'frontDoors'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { layers, frontDoors } = optionsOf(context.options);
    const rowOf = new Map(layers.flatMap((row, index) => row.map((folder) => /** @type {const} */ ([folder, index]))));
    const file = context.filename;
    const from = electronFolder(file);
    if (from === undefined) return {};
    const fromRow = rowOf.get(from);
    /** @param {import('estree').Node} node @param {unknown} source */
    const check = (node, source) => {
      if (fromRow === undefined || typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = electronFolder(target);
      if (to === undefined || to === from) return;
      const toRow = rowOf.get(to);
      if (toRow !== undefined && toRow < fromRow) {
        const inside = path.relative(path.join(import.meta.dirname, 'electron', to), target);
        if (frontDoors.includes(to) && inside !== '' && inside !== 'index') {
          context.report({ node, message: `electron/${to} is reached through its front door (electron/${to}/index.ts), not electron/${to}/${inside}.` });
        }
        return;
      }
      const where = toRow === undefined ? 'a folder missing from the layer table' : toRow === fromRow ? 'the same row' : 'a higher row';
      context.report({ node, message: `electron/${from} (row ${String(fromRow)}) must not import electron/${to} (${where}): the layer table in eslint.config.js lets a folder import only from lower rows.` });
    };
    return {
      Program(node) {
        if (fromRow === undefined) context.report({ node, message: `electron/${from} has no row in the layer table (eslint.config.js): give it one.` });
      },
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
    };
  },
};

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
    // The layer table, on every file of electron/.
    files: ['electron/**/*.ts'],
    plugins: { packbench: { rules: { layers: layersRule } } },
    rules: { 'packbench/layers': ['error', { layers: LAYERS, frontDoors: FRONT_DOORS }] },
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
    // The order-to-shipment rule is pure: what an order becomes is decided from the API's types and
    // the service contract alone, so the Ship screen (through the station) and batches share one rule.
    files: ['electron/shipping/orderShipment.ts'],
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
          group: ['**/printing/**', '**/sync/**', '**/station/**', '**/webhost/**', '**/shell/**', '**/platform/**', '!**/platform/privateFiles', '**/sandbox/**', '**/service/client/**', '**/service/client'],
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
            regex: '(^|/)store(/|$)',
            message: 'The warehouse sits beside the store and imports nothing of it.',
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
    // Screens and their pieces read state classes and call their methods; only a state class
    // calls the station (renderer/src/state), so every call has one home and a unit test.
    files: ['renderer/src/components/**', 'renderer/src/screens/**', 'renderer/src/App.svelte'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression > MemberExpression.callee[property.name=/^(call|value|on|onAny)$/]:matches([object.name='station'], [object.property.name='station'])",
        message: 'Screens and components call the station through a state class (renderer/src/state).',
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
