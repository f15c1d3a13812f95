/**
 * What `npm test` counts from each runner's JSON report. A file that crashed (failed at import,
 * in a hook, or took its worker down) has no failed test of its own: Vitest reports it as a failed
 * file whose tests are skipped or absent, Playwright as an error outside any test. Each such file
 * or error counts as one failure, and its tests are not counted as skipped, so a crash can never
 * read as "0 failed". Each failed test is named beside the counts, with the first lines of its
 * error: a log cut to its last lines (a CI page) still says which test failed and how.
 */
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Files or errors that failed outside any test, each with its first line of explanation. */
  readonly crashes: string[];
  /** Each failed test: where it is, its name and the first lines of its error. */
  readonly failures: string[];
}

interface VitestAssertion {
  readonly status?: string;
  readonly fullName?: string;
  readonly failureMessages?: readonly string[];
}

interface VitestFile {
  readonly name?: string;
  readonly status?: string;
  readonly message?: string;
  readonly assertionResults?: readonly VitestAssertion[];
}

interface VitestReport {
  readonly numPassedTests?: number;
  readonly numFailedTests?: number;
  readonly success?: boolean;
  readonly testResults?: readonly VitestFile[];
}

// Playwright colours its error messages even into a JSON report.
const firstLine = (text: string | undefined): string => stripVTControlCharacters(text ?? '').split('\n', 1)[0]?.trim() || 'no message';
/**
 * An error's first lines, joined: Playwright's first line names only the matcher
 * (`expect(locator).toBeVisible() failed`), the locator and what was received follow.
 */
function errorGist(text: string | undefined): string {
  const lines = stripVTControlCharacters(text ?? '').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('at '));
  const gist = lines.slice(0, 4).join(' · ') || 'no message';
  return gist.length > 400 ? `${gist.slice(0, 399)}…` : gist;
}
/** A report's absolute file name as the command line shows it: from the project's folder. */
const fromProject = (file: string): string => relative(process.cwd(), file) || file;

/** Counts a Vitest JSON report; undefined when it is not one. */
export function vitestTally(report: unknown): Tally | undefined {
  const parsed = report as VitestReport | undefined;
  if (typeof parsed?.numPassedTests !== 'number' || parsed.testResults === undefined) return undefined;
  const tally: Tally = { passed: 0, failed: 0, skipped: 0, crashes: [], failures: [] };
  for (const file of parsed.testResults) {
    const tests = file.assertionResults ?? [];
    const failedTests = tests.filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      tally.failures.push(`${fromProject(file.name ?? 'a test file')} > ${test.fullName ?? 'a test'}: ${errorGist(test.failureMessages?.[0])}`);
    }
    const crashed = file.status === 'failed' && failedTests.length === 0;
    tally.passed += tests.filter((test) => test.status === 'passed').length;
    tally.failed += crashed ? 1 : failedTests.length;
    if (!crashed) tally.skipped += tests.filter((test) => test.status === 'skipped' || test.status === 'pending' || test.status === 'todo').length;
    if (crashed) tally.crashes.push(`${file.name ?? 'a test file'}: ${firstLine(file.message)}`);
  }
  // Errors outside every file (an unhandled rejection) fail the run without failing a file.
  if (parsed.success === false && tally.failed === 0) {
    tally.failed = 1;
    tally.crashes.push('Vitest reported errors outside the test files');
  }
  return tally;
}

interface PlaywrightResult {
  readonly error?: { readonly message?: string };
  readonly errors?: readonly { readonly message?: string }[];
}

interface PlaywrightTest {
  readonly status?: string;
  readonly annotations?: readonly { type: string; description?: string }[];
  readonly results?: readonly PlaywrightResult[];
}

interface PlaywrightSpec {
  readonly title: string;
  readonly file?: string;
  readonly line?: number;
  readonly tests: readonly PlaywrightTest[];
}

interface PlaywrightSuite {
  readonly specs?: readonly PlaywrightSpec[];
  readonly suites?: readonly PlaywrightSuite[];
}

interface PlaywrightReport {
  /** The test folder, which the specs' file names are relative to. */
  readonly config?: { readonly rootDir?: string };
  readonly stats?: { readonly expected: number; readonly unexpected: number; readonly skipped: number; readonly flaky: number };
  readonly errors?: readonly { readonly message?: string }[];
  readonly suites?: readonly PlaywrightSuite[];
}

/** Counts a Playwright JSON report; undefined when it is not one. */
export function playwrightTally(report: unknown): Tally | undefined {
  const parsed = report as PlaywrightReport | undefined;
  if (parsed?.stats === undefined) return undefined;
  // A spec file that fails to load, or a global setup that throws, is an error of the run, not a test.
  const crashes = (parsed.errors ?? []).map((error) => firstLine(error.message));
  const failures = playwrightTests(parsed)
    .filter(({ test }) => test.status === 'unexpected')
    .map(({ spec, test }) => {
      const last = test.results?.at(-1);
      const file = spec.file === undefined ? 'a spec' : fromProject(join(parsed.config?.rootDir ?? '', spec.file));
      const where = `${file}${spec.line === undefined ? '' : `:${String(spec.line)}`}`;
      return `${where} > ${spec.title}: ${errorGist(last?.error?.message ?? last?.errors?.[0]?.message)}`;
    });
  return { passed: parsed.stats.expected + parsed.stats.flaky, failed: parsed.stats.unexpected + crashes.length, skipped: parsed.stats.skipped, crashes, failures };
}

/** Every test of a Playwright report, with the spec it belongs to. */
function playwrightTests(report: PlaywrightReport | undefined): { spec: PlaywrightSpec; test: PlaywrightTest }[] {
  const found: { spec: PlaywrightSpec; test: PlaywrightTest }[] = [];
  const walk = (suite: PlaywrightSuite): void => {
    for (const spec of suite.specs ?? []) for (const test of spec.tests) found.push({ spec, test });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return found;
}

/** Each skipped browser test with the reason it gives, so a skip is never silent. */
export function playwrightSkips(report: unknown): string[] {
  return playwrightTests(report as PlaywrightReport | undefined)
    .filter(({ test }) => test.status === 'skipped')
    .map(({ spec, test }) => `${spec.title}: ${test.annotations?.find((a) => a.type === 'skip')?.description ?? 'no reason given'}`);
}

export interface SuiteOutcome {
  readonly name: string;
  /** Undefined when the runner wrote no report. */
  readonly tally: Tally | undefined;
  readonly exitStatus: number;
}

/** The lines that close the run and whether it failed: every suite's counts, each crash, the summary. */
export function summarise(suites: readonly SuiteOutcome[], wallTime: string): { lines: string[]; failed: boolean } {
  const total = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  for (const { name, tally, exitStatus } of suites) {
    // No report, or a runner that failed with nothing counted as failed: one failure, said as such.
    const unexplained = tally === undefined || (exitStatus !== 0 && tally.failed === 0);
    const counts = { passed: tally?.passed ?? 0, failed: (tally?.failed ?? 0) + (unexplained ? 1 : 0), skipped: tally?.skipped ?? 0 };
    lines.push(`${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${tally === undefined ? ` (no report; exit ${exitStatus})` : ''}`);
    for (const crash of tally?.crashes ?? []) lines.push(`  crashed: ${crash}`);
    for (const failure of tally?.failures ?? []) lines.push(`  failed: ${failure}`);
    if (tally !== undefined && unexplained) lines.push(`  the runner exited ${exitStatus} with no failed test`);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  lines.push(`Summary: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped in ${wallTime}`);
  return { lines, failed: total.failed > 0 };
}
