/**
 * `npm test`: runs every suite (unit, contract and integration under Vitest, then the
 * browser suite under Playwright), and ends with one line that counts them all and says how
 * long the whole run took: `Summary: N passed, N failed, N skipped in M min S s`. Exits
 * non-zero when any suite failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

const started = performance.now();

/** `4 min 12 s`, or `42 s` under a minute. */
function wallTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds % 60} s`;
}

const reportDir = 'test-results/summary';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

function vitestCounts(path: string): Counts | undefined {
  const report = readJson(path) as { numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number } | undefined;
  if (report?.numPassedTests === undefined) return undefined;
  return { passed: report.numPassedTests, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

function playwrightCounts(path: string): Counts | undefined {
  const report = readJson(path) as { stats?: { expected: number; unexpected: number; skipped: number; flaky: number } } | undefined;
  if (report?.stats === undefined) return undefined;
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
}

interface PlaywrightSuite {
  readonly specs?: readonly { readonly title: string; readonly tests: readonly { readonly status?: string; readonly annotations?: readonly { type: string; description?: string }[] }[] }[];
  readonly suites?: readonly PlaywrightSuite[];
}

/** Each skipped browser test with the reason it gives, so a skip is never silent. */
function playwrightSkips(path: string): string[] {
  const report = readJson(path) as { suites?: PlaywrightSuite[] } | undefined;
  const skips: string[] = [];
  const walk = (suite: PlaywrightSuite): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'skipped') continue;
        const reason = test.annotations?.find((a) => a.type === 'skip')?.description ?? 'no reason given';
        skips.push(`${spec.title}: ${reason}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return skips;
}

const vitestReport = `${reportDir}/vitest.json`;
// Playwright resolves a relative report path against its config's folder, so pass it absolute.
const playwrightReport = resolve(reportDir, 'playwright.json');
const bin = 'node_modules/.bin';

const vitestStatus = run(`${bin}/vitest`, ['run', '--config', 'test/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const playwrightStatus = run(`${bin}/playwright`, ['test', '--config', 'test/playwright.config.ts'], {
  PLAYWRIGHT_REPORTERS: 'json',
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});

const suites = [
  ['unit, contract and integration (Vitest)', vitestCounts(vitestReport), vitestStatus],
  ['browser (Playwright)', playwrightCounts(playwrightReport), playwrightStatus],
] as const;

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;
console.log('');
for (const [name, counts, status] of suites) {
  if (counts === undefined) {
    console.log(`${name}: no report (exit ${status})`);
    failedSuites += 1;
    continue;
  }
  if (status !== 0) failedSuites += 1;
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
}
for (const skip of playwrightSkips(playwrightReport)) console.log(`skipped: ${skip}`);
// A suite that crashed without counting a failure still fails the run.
if (failedSuites > 0 && total.failed === 0) total.failed = failedSuites;
console.log(`Summary: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped in ${wallTime(performance.now() - started)}`);
process.exit(total.failed > 0 || failedSuites > 0 ? 1 : 0);
