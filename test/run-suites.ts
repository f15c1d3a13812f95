/**
 * `npm test`: runs every suite (unit, contract and integration under Vitest, and the browser
 * suite under Playwright) side by side, and ends with one line that counts them all and says how
 * long the whole run took: `Summary: N passed, N failed, N skipped in M min S s`, each failed test
 * named above it. A test file that crashed counts as failed (test/suiteReports.ts); the run exits
 * non-zero when anything failed.
 *
 * Side by side because much of a browser test is waiting (on a page, a spooler, the service)
 * while Vitest's files are mostly work: together they keep both cores of a desk machine busy
 * where one after the other left them half idle. Each line a suite prints starts with its name.
 * `TEST_ONE_AT_A_TIME=1` runs them one after the other instead (a machine short of memory).
 *
 * The runner's own test points it elsewhere: `TEST_SUITES` (`vitest`, `playwright`, or both,
 * comma-separated), `VITEST_CONFIG`, `PLAYWRIGHT_CONFIG` and `TEST_SUMMARY_DIR` (where the JSON
 * reports go).
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
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

/** Runs a suite, each line it prints led by its name; resolves with its exit status. */
function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]] as const) {
    createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) => to.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(`[${name}] could not start: ${error.message}\n`);
      resolve(1);
    });
    child.once('close', (status) => resolve(status ?? 1));
  });
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const bin = 'node_modules/.bin';
const vitestReport = `${reportDir}/vitest.json`;
const playwrightReportPath = `${reportDir}/playwright.json`;

async function runVitest(): Promise<SuiteOutcome> {
  const exitStatus = await run('vitest', `${bin}/vitest`, ['run', '--config', vitestConfig, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
  return { name: 'unit, contract and integration (Vitest)', tally: vitestTally(readJson(vitestReport)), exitStatus };
}

async function runPlaywright(): Promise<{ outcome: SuiteOutcome; report: unknown }> {
  const exitStatus = await run('browser', `${bin}/playwright`, ['test', '--config', playwrightConfig], { PLAYWRIGHT_REPORTERS: 'json', PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReportPath });
  const report = readJson(playwrightReportPath);
  return { outcome: { name: 'browser (Playwright)', tally: playwrightTally(report), exitStatus }, report };
}

const oneAtATime = process.env.TEST_ONE_AT_A_TIME === '1';
const vitestRun = suitesToRun.has('vitest') ? runVitest() : undefined;
if (oneAtATime) await vitestRun;
const playwrightRun = suitesToRun.has('playwright') ? runPlaywright() : undefined;

const outcomes: SuiteOutcome[] = [];
const vitestOutcome = await vitestRun;
if (vitestOutcome !== undefined) outcomes.push(vitestOutcome);
const playwright = await playwrightRun;
if (playwright !== undefined) outcomes.push(playwright.outcome);
const playwrightReport = playwright?.report;

const { lines, failed } = summarise(outcomes, wallTime(performance.now() - started));
console.log('');
for (const skip of playwrightSkips(playwrightReport)) console.log(`skipped: ${skip}`);
for (const line of lines) console.log(line);
process.exit(failed ? 1 : 0);
