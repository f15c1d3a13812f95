import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium';

const LONG_FILES = /shipmentsScroll\.spec\.ts$/;

/**
 * Browser suite: the renderer in Debian's headless Chromium (test/support/chromium.ts; Playwright
 * never downloads a browser here). Each test file starts the servers it needs on 127.0.0.1 with
 * ephemeral ports.
 */
export default defineConfig({
  testDir: fileURLToPath(new URL('./e2e', import.meta.url)),
  outputDir: fileURLToPath(new URL('../test-results/playwright', import.meta.url)),
  globalSetup: fileURLToPath(new URL('./e2e/global-setup.ts', import.meta.url)),
  // A guard against a hang, not a speed check: a busy 2-core machine takes several times longer
  // than a quiet one over a test that waits on a print spooler and a rate-limited service.
  timeout: 5 * 60_000,
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // Two files at a time, each worker with its own station, CUPS and sandbox: most of a browser
  // test is waiting on a spooler, a service or a page, so two share a 2-core machine well.
  workers: Number(process.env.PLAYWRIGHT_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.PLAYWRIGHT_REPORTERS === 'json' ? [['list'], ['json']] : 'list',
  // The longest file (100,000 shipments filled in and scrolled) first, so the other worker runs
  // the rest beside it instead of it running alone at the end: projects are started in this order.
  projects: [
    { name: 'long', testMatch: LONG_FILES },
    { name: 'desk', testIgnore: LONG_FILES },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    // A failed test keeps its trace: every action, the network and the console, and Playwright
    // writes the page's accessibility tree at the failure beside it (error-context.md). Without
    // the screencast, which took about a fifth of the browser suite's CPU (ship and shipWorkflow:
    // 121 against 97 CPU-s), nor a DOM snapshot at every action (92 against 84 CPU-s on the same).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: true },
  },
});
