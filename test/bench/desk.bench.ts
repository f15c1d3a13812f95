/**
 * From the packer's Ship key to the label printed, through the page. Prints figures, asserts nothing:
 *   npm run bench:desk
 * Environment: BENCH_RUNS measured shipments (default 60), after BENCH_WARMUP shipments (default 5);
 * CHROMIUM_PATH as for the browser suite (test/support/chromium.ts).
 *
 * The built renderer in headless Chromium, served by the web host of a station with the app's own
 * waits (no test tuning), connected to a sandbox on loopback with a contracted limit high enough
 * that the rate limiter never waits, and the private CUPS whose 4x6 file queue is the label
 * printer. Each shipment is driven the way a packer drives it: scan, type the address,
 * check it, a box preset and a weight, the rates; then the measured part, the Enter that ships the
 * chosen rate. Times are taken where they happen:
 * - in the page, from the Ship key's keydown to the result saying the label printed;
 * - in this process, from pressing the key to each event on the station's event stream (the
 *   shipment queued and sent, the labels stored, the job sent to CUPS, CUPS reporting it completed).
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../support/chromium';
import { cpus, availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'vite';
import type { StationEvent } from '../../electron/api';
import { startStationHarness } from '../support/stationHarness';
import { ShipPage } from '../e2e/shipPage';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_P50_MS = 300;
const TARGET_P95_MS = 600;
const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));
/** Only a hang reaches these; a busy machine is far quicker. */
const STEP_TIMEOUT_MS = 60_000;

/** The station's milestones, in the order they come. */
const STAGES = ['outbox item sending', 'labels stored', 'job sent to CUPS', 'CUPS job completed'] as const;
type Stage = (typeof STAGES)[number];

function stageOf(event: StationEvent): Stage | undefined {
  if (event.type === 'outboxItem' && event.state === 'sending') return 'outbox item sending';
  if (event.type === 'labelsReady') return 'labels stored';
  if (event.type === 'printJob' && !event.testPage && event.state === 'sent') return 'job sent to CUPS';
  if (event.type === 'printJob' && !event.testPage && event.state === 'completed') return 'CUPS job completed';
  return undefined;
}

function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

function summary(values: readonly number[]): { p50: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? Number.NaN };
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

/** Waits (in the page) for the element's text to match, without polling from outside. */
async function waitForText(page: Page, testId: string, pattern: RegExp): Promise<void> {
  await page.getByTestId(testId).filter({ hasText: pattern }).waitFor({ timeout: STEP_TIMEOUT_MS });
}

interface Sample {
  readonly page: number;
  readonly stages: Record<Stage, number>;
}

async function main(): Promise<void> {
  await build({ configFile: 'renderer/vite.config.ts', logLevel: 'warn' });
  let keyAt = 0;
  let seen: Partial<Record<Stage, number>> = {};
  const desk = await startStationHarness({
    rendererDir: RENDERER_DIR,
    tuning: 'production',
    onEvent: (event) => {
      const stage = stageOf(event);
      if (stage !== undefined && keyAt > 0 && seen[stage] === undefined) seen[stage] = performance.now() - keyAt;
    },
  });
  // 60 shipments through the page make about 300 requests: more than the embedded sandbox's
  // Standard tier allows in a minute. A sandbox of its own with a contracted limit keeps the
  // figures about the desk, not about the rate limiter.
  const service = await desk.startServiceSandbox({ requestsPerMinute: 100_000, demoLocation: true });
  const profile = await desk.value('saveProfile', { name: 'Bench sandbox', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 100_000 });
  await desk.value('setProfileSecret', { profileId: profile.id, secret: service.credentials.apiKey });
  await desk.value('switchProfile', { profileId: profile.id });
  await desk.value('setPrinterMap', { labelPrinter: desk.labelQueue });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  const samples: Sample[] = [];
  const browserVersion = browser.version();
  try {
    const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(desk.webHost.openUrl);
    await waitForText(page, 'connection-state', /^Online$/);
    // The page's own clock: the Ship key's keydown, and the moment the result says the label printed.
    await page.evaluate(() => {
      const marks = { key: 0, printed: 0 };
      Object.assign(window, { deskBenchMarks: marks });
      window.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && document.activeElement?.getAttribute('role') === 'listbox') marks.key = performance.now();
      }, { capture: true });
      new MutationObserver(() => {
        const state = document.querySelector('[data-testid="print-state"]')?.textContent ?? '';
        if (marks.key > 0 && marks.printed === 0 && /Label printed/.test(state)) marks.printed = performance.now();
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const ship = new ShipPage(page);
    await ship.ready();
    const stamp = Date.now();
    for (let run = 0; run < WARMUP + RUNS; run += 1) {
      await ship.toRates(`BENCH-${String(stamp)}-${String(run)}`);
      await page.evaluate(() => Object.assign((window as unknown as { deskBenchMarks: { key: number; printed: number } }).deskBenchMarks, { key: 0, printed: 0 }));
      seen = {};
      keyAt = performance.now();
      await page.keyboard.press('Enter');
      await waitForText(page, 'print-state', /Label printed/);
      await desk.waitFor(() => (seen['CUPS job completed'] === undefined ? undefined : true), 'the CUPS job completed', STEP_TIMEOUT_MS);
      const marks = await page.evaluate(() => (window as unknown as { deskBenchMarks: { key: number; printed: number } }).deskBenchMarks);
      if (run >= WARMUP) {
        const stages = Object.fromEntries(STAGES.map((stage) => [stage, seen[stage] ?? Number.NaN])) as Record<Stage, number>;
        samples.push({ page: marks.printed - marks.key, stages });
      }
      keyAt = 0;
      // A click: an Enter this soon after Ship is taken for the Ship press's echo and ignored.
      await ship.nextOrder.click();
    }
  } finally {
    await browser.close();
    await desk.close();
  }

  const completed = summary(samples.map((s) => s.stages['CUPS job completed']));
  const onPage = summary(samples.map((s) => s.page));
  console.log(`bench:desk: ${String(samples.length)} shipments through the page (after ${String(WARMUP)} warm-up), sandbox on loopback, private CUPS 4x6 file queue, the app's own poll intervals`);
  console.log(`machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${String(availableParallelism())} CPUs, Node ${process.version}, Chromium ${browserVersion}`);
  console.log('');
  console.log('from the Ship key to ...            p50       p95       max');
  for (const stage of STAGES) {
    const figures = summary(samples.map((s) => s.stages[stage]));
    console.log(`${stage.padEnd(34)} ${ms(figures.p50).padStart(7)}   ${ms(figures.p95).padStart(7)}   ${ms(figures.max).padStart(7)}`);
  }
  console.log(`${'the page saying "Label printed"'.padEnd(34)} ${ms(onPage.p50).padStart(7)}   ${ms(onPage.p95).padStart(7)}   ${ms(onPage.max).padStart(7)}`);
  console.log('');
  const verdict = (value: number, target: number): string => (value <= target ? 'within' : 'OVER');
  console.log(`CUPS job completed: p50 ${ms(completed.p50)} (${verdict(completed.p50, TARGET_P50_MS)} the ${ms(TARGET_P50_MS)} target), p95 ${ms(completed.p95)} (${verdict(completed.p95, TARGET_P95_MS)} the ${ms(TARGET_P95_MS)} target)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
