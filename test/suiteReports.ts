/**
 * What `npm test` counts from each runner's JSON report. A file that crashed (failed at import,
 * in a hook, or took its worker down) has no failed test of its own: Vitest reports it as a failed
 * file whose tests are skipped or absent, Playwright as an error outside any test. Each such file
 * or error counts as one failure, and its tests are not counted as skipped, so a crash can never
 * read as "0 failed".
 */

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** Files or errors that failed outside any test, each with its first line of explanation. */
  readonly crashes: string[];
}

interface VitestAssertion {
  readonly status?: string;
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

const firstLine = (text: string | undefined): string => (text ?? '').split('\n', 1)[0]?.trim() || 'no message';

/** Counts a Vitest JSON report; undefined when it is not one. */
export function vitestTally(report: unknown): Tally | undefined {
  const parsed = report as VitestReport | undefined;
  if (typeof parsed?.numPassedTests !== 'number' || parsed.testResults === undefined) return undefined;
  const tally: Tally = { passed: 0, failed: 0, skipped: 0, crashes: [] };
  for (const file of parsed.testResults) {
    const tests = file.assertionResults ?? [];
    const failedTests = tests.filter((test) => test.status === 'failed').length;
    const crashed = file.status === 'failed' && failedTests === 0;
    tally.passed += tests.filter((test) => test.status === 'passed').length;
    tally.failed += crashed ? 1 : failedTests;
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

interface PlaywrightSpec {
  readonly title: string;
  readonly tests: readonly { readonly status?: string; readonly annotations?: readonly { type: string; description?: string }[] }[];
}

interface PlaywrightSuite {
  readonly specs?: readonly PlaywrightSpec[];
  readonly suites?: readonly PlaywrightSuite[];
}

interface PlaywrightReport {
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
  return { passed: parsed.stats.expected + parsed.stats.flaky, failed: parsed.stats.unexpected + crashes.length, skipped: parsed.stats.skipped, crashes };
}

/** Each skipped browser test with the reason it gives, so a skip is never silent. */
export function playwrightSkips(report: unknown): string[] {
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
  for (const suite of (report as PlaywrightReport | undefined)?.suites ?? []) walk(suite);
  return skips;
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
    if (tally !== undefined && unexplained) lines.push(`  the runner exited ${exitStatus} with no failed test`);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  }
  lines.push(`Summary: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped in ${wallTime}`);
  return { lines, failed: total.failed > 0 };
}
