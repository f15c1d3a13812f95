/**
 * How the Shipments list scrolls over a long history: the page's long tasks (over 50 ms) while it
 * is scrolled from its first row to its last. Prints figures, asserts nothing:
 *   npm run bench:scroll
 * Environment: BENCH_ROWS shipments in the store (default 100,000), BENCH_PASSES scrolls end to end
 * (default 3), CHROMIUM_PATH as for the browser suite.
 *
 * The built renderer in headless Chromium through the web host of a station whose store holds the
 * synthetic history of the search bench, scrolled about a page of rows at a time as fast as the
 * list reads its pages (test/support/scrollList.ts, the steps the browser test takes). Playwright's
 * own tracing is off: its snapshots run in the page's main thread.
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { profileStorePath } from '../../electron/station/connection';
import { fillStore } from '../support/bigStore';
import { scrollListToEnd } from '../support/scrollList';
import { startStationHarness } from '../support/stationHarness';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PASSES = Number(process.env.BENCH_PASSES ?? 3);
const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));

async function main(): Promise<void> {
  await build({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
  const desk = await startStationHarness({ rendererDir: RENDERER_DIR, prepare: (dataDir) => fillStore(profileStorePath(dataDir, 'sandbox'), ROWS) });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(desk.webHost.openUrl);
    await page.getByTestId('connection-state').filter({ hasText: 'Online' }).waitFor({ timeout: 60_000 });
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Shipments\b/ }).click();
    await page.getByTestId('shipment-row').first().waitFor({ timeout: 60_000 });
    console.log(`bench:scroll: ${ROWS.toLocaleString('en-US')} shipments in the store, ${String(PASSES)} passes end to end`);
    console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${String(availableParallelism())} CPUs, Node ${process.version}, Chromium ${browser.version()}, load average ${loadavg()[0]?.toFixed(1) ?? '?'} at start`);
    for (let pass = 1; pass <= PASSES; pass += 1) {
      const run = await scrollListToEnd(page, ROWS);
      const longest = run.longTasks.length === 0 ? 0 : Math.max(...run.longTasks);
      console.log(`pass ${String(pass)}: ${String(run.steps)} steps to row ${run.lastIndex.toLocaleString('en-US')}; long tasks: ${String(run.longTasks.length)}${run.longTasks.length === 0 ? '' : ` (longest ${String(longest)} ms: ${JSON.stringify(run.longTasks)})`}; load average ${loadavg()[0]?.toFixed(1) ?? '?'}`);
    }
  } finally {
    await browser.close();
    await desk.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
