import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * The files that take longest (tens of seconds each on a busy 2-core run: fuzz, crash tests,
 * big order files, every carrier label drawn and read, the warehouse's desk processes and a
 * minute-long network drop), about longest first. They start before everything else, so the
 * workers end together instead of one finishing a long file alone at the end, as a fresh clone
 * (no timings of an earlier run) otherwise orders them by size.
 */
const SLOW_FILES = [
  'test/integration/station/order-files.test.ts',
  'test/integration/station/invalid-input.test.ts',
  'test/integration/warehouse/networkDrop.test.ts',
  'test/integration/outbox/crash.test.ts',
  'test/integration/outbox/batchCrash.test.ts',
  'test/integration/printing/carrierLabels.test.ts',
  'test/integration/station/invalid-input-shipments.test.ts',
  'test/integration/warehouse/race.test.ts',
  'renderer/src/state/shipSession.model.test.ts',
  'test/integration/station/warehouse-budget.test.ts',
  'test/integration/warehouse/budget.test.ts',
  'test/integration/station/invalid-input-printers.test.ts',
  'test/integration/station/warehouse-claims.test.ts',
  'test/unit/warehouse/budgetDecision.test.ts',
  'test/integration/sandbox/fuzz.test.ts',
  'test/integration/station/invalid-input-print-jobs.test.ts',
  'test/integration/printing/generatedSheets.test.ts',
  'test/integration/printing/printService.test.ts',
  'test/integration/warehouse/faults.test.ts',
];

/** The slow files first, in the order above; the rest in Vitest's own order (longest last run first). */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const slow = SLOW_FILES.map((file) => resolve(root, file));
    const rank = (file: TestSpecification): number => {
      const at = slow.indexOf(file.moduleId);
      return at === -1 ? slow.length : at;
    };
    const sorted = await super.sort(files);
    return sorted.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file);
  }
}

// Unit, contract and integration suites run here; the browser suite runs under Playwright.
export default defineConfig({
  root,
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Files share their worker's modules instead of importing them afresh (about a second per
    // file, most of the unit files' time). The tests use no mocks and leave no global state.
    isolate: false,
    // Vitest's default is one worker less than the CPUs: a single worker on a 2-core desk
    // machine. Many files mostly wait (on child processes, CUPS, a minute-long network drop), and
    // a worker held by one is a core left idle beside the browser suite: one worker more than the
    // CPUs keeps both busy.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      {
        extends: true,
        // The ZPL renderer as Node loads it (its `main`, CommonJS), as the station's bundle does too.
        // Vite would take its `module` build, a 9 MB file that is ES syntax in a package Node reads
        // as CommonJS: run through Vite's transform in every worker, with a warning about its
        // missing source map.
        resolve: { alias: { 'zpl-renderer-js': createRequire(import.meta.url).resolve('zpl-renderer-js') } },
        test: { name: 'station', include: ['test/{unit,contract,integration}/**/*.test.ts'], environment: 'node' },
      },
      {
        // The renderer's runes classes (*.svelte.ts), beside their tests, compiled by Svelte as the
        // page gets them: the `browser` condition picks Svelte's client runtime, not its server one.
        extends: true,
        plugins: [svelte({ configFile: false })],
        resolve: { conditions: ['browser'] },
        // Vite's cache under the repository's node_modules, not a node_modules folder of its own in renderer/src.
        cacheDir: fileURLToPath(new URL('../node_modules/.vite/renderer', import.meta.url)),
        test: { name: 'renderer', root: fileURLToPath(new URL('../renderer/src', import.meta.url)), include: ['**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
