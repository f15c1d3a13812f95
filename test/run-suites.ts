/**
 * `npm test`: runs every suite (unit, contract and integration under Vitest, then the
 * browser suite under Playwright), and ends with one line that counts them all and says how
 * long the whole run took: `Summary: N passed, N failed, N skipped in M min S s`. A test file that
 * crashed counts as failed (test/suiteReports.ts); the run exits non-zero when anything failed.
 *
 * The runner's own test points it elsewhere: `TEST_SUITES` (`vitest`, `playwright`, or both,
 * comma-separated), `VITEST_CONFIG`, `PLAYWRIGHT_CONFIG` and `TEST_SUMMARY_DIR` (where the JSON
 * reports go).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { playwrightSkips, playwrightTally, summarise, vitestTally, type SuiteOutcome } from './suiteReports';

const started = performance.now();

/** `4 min 12 s`, or `42 s` under a minute. */
function wallTime(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min ${seconds % 60} s`;
}

const suitesToRun = new Set((process.env.TEST_SUITES ?? 'vitest,playwright').split(',').map((name) => name.trim()));
const vitestConfig = process.env.VITEST_CONFIG ?? 'test/vitest.config.ts';
const playwrightConfig = process.env.PLAYWRIGHT_CONFIG ?? 'test/playwright.config.ts';
// Playwright resolves a relative report path against its config's folder, so keep it absolute.
const reportDir = resolve(process.env.TEST_SUMMARY_DIR ?? 'test-results/summary');
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const bin = 'node_modules/.bin';
const outcomes: SuiteOutcome[] = [];
let playwrightReport: unknown;

if (suitesToRun.has('vitest')) {
  const path = `${reportDir}/vitest.json`;
  const exitStatus = run(`${bin}/vitest`, ['run', '--config', vitestConfig, '--reporter=default', '--reporter=json', `--outputFile.json=${path}`]);
  outcomes.push({ name: 'unit, contract and integration (Vitest)', tally: vitestTally(readJson(path)), exitStatus });
}
if (suitesToRun.has('playwright')) {
  const path = `${reportDir}/playwright.json`;
  const exitStatus = run(`${bin}/playwright`, ['test', '--config', playwrightConfig], { PLAYWRIGHT_REPORTERS: 'json', PLAYWRIGHT_JSON_OUTPUT_NAME: path });
  playwrightReport = readJson(path);
  outcomes.push({ name: 'browser (Playwright)', tally: playwrightTally(playwrightReport), exitStatus });
}

const { lines, failed } = summarise(outcomes, wallTime(performance.now() - started));
console.log('');
for (const skip of playwrightSkips(playwrightReport)) console.log(`skipped: ${skip}`);
for (const line of lines) console.log(line);
process.exit(failed ? 1 : 0);
