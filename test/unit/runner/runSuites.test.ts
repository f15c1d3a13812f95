/**
 * `npm test`'s own script, run for real on fixture suites: a Vitest file that fails at import and
 * one whose hook fails ("socket hang up", as when a server a file needs hangs up) count as failed
 * in the suite's line and in the summary, a Playwright spec that fails while loading too, and the
 * run exits non-zero whatever the other files did; a run of passing files alone exits 0. A test
 * that fails on an assertion is named under its suite's counts with its error, so the last lines
 * of a cut log say which test failed. The suites run side by side, or one after the other when asked.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { vitestTally } from '../../suiteReports';

const reports = mkdtempSync(join(tmpdir(), 'packbench-runner-'));
afterAll(() => rmSync(reports, { recursive: true, force: true }));

function runSuites(env: Record<string, string>): { status: number | null; lines: string[] } {
  const result = spawnSync('node_modules/.bin/tsx', ['test/run-suites.ts'], {
    encoding: 'utf8',
    env: { ...process.env, VITEST_CONFIG: 'test/fixtures/runner/vitest.config.ts', PLAYWRIGHT_CONFIG: 'test/fixtures/runner/playwright.config.ts', TEST_SUMMARY_DIR: reports, ...env },
    timeout: 120_000,
  });
  return { status: result.status, lines: result.stdout.split('\n').map((line) => line.trimEnd()) };
}

describe("npm test's summary", () => {
  it('counts a Vitest file that crashed at import or in a hook as failed, and fails the run', () => {
    const run = runSuites({ TEST_SUITES: 'vitest' });
    expect(run.lines).toContain('unit, contract and integration (Vitest): 1 passed, 2 failed, 0 skipped');
    expect(run.lines.filter((line) => line.startsWith('  crashed: '))).toEqual([
      expect.stringMatching(/crashes-at-import\.check\.ts: socket hang up$/),
      expect.stringMatching(/crashes-in-hook\.check\.ts: socket hang up$/),
    ]);
    expect(run.lines.find((line) => line.startsWith('Summary: '))).toMatch(/^Summary: 1 passed, 2 failed, 0 skipped in \d+ s$/);
    expect(run.status).toBe(1);
    // The report Vitest wrote says the same, read on its own.
    const tally = vitestTally(JSON.parse(readFileSync(join(reports, 'vitest.json'), 'utf8')));
    expect(tally).toMatchObject({ passed: 1, failed: 2, skipped: 0 });
  });

  it('adds a browser spec that failed while loading to the failures of the other suite', () => {
    const run = runSuites({ TEST_SUITES: 'vitest,playwright' });
    expect(run.lines).toContain('browser (Playwright): 0 passed, 1 failed, 0 skipped');
    expect(run.lines).toContain('  crashed: Error: socket hang up');
    expect(run.lines.find((line) => line.startsWith('Summary: '))).toMatch(/^Summary: 1 passed, 3 failed, 0 skipped in /);
    expect(run.status).toBe(1);
    // The suites ran side by side, each line of theirs led by its suite's name.
    expect(run.lines.some((line) => line.startsWith('[vitest] '))).toBe(true);
    expect(run.lines.some((line) => line.startsWith('[browser] '))).toBe(true);
  });

  it('one suite after the other on asking, with the same summary', () => {
    const run = runSuites({ TEST_SUITES: 'vitest,playwright', TEST_ONE_AT_A_TIME: '1' });
    expect(run.lines.find((line) => line.startsWith('Summary: '))).toMatch(/^Summary: 1 passed, 3 failed, 0 skipped in /);
    const lastVitest = run.lines.findLastIndex((line) => line.startsWith('[vitest] '));
    const firstBrowser = run.lines.findIndex((line) => line.startsWith('[browser] '));
    expect(lastVitest).toBeGreaterThanOrEqual(0);
    expect(firstBrowser).toBeGreaterThan(lastVitest);
    expect(run.status).toBe(1);
  });

  it('names each failed test under its suite with the first lines of its error', () => {
    const run = runSuites({ TEST_SUITES: 'vitest,playwright', RUNNER_CHECK_FILES: '{passes,fails}.check.ts', RUNNER_CHECK_SPECS: '{passes,fails}.pwcheck.ts' });
    const vitestLine = run.lines.indexOf('unit, contract and integration (Vitest): 1 passed, 1 failed, 0 skipped');
    const browserLine = run.lines.indexOf('browser (Playwright): 1 passed, 1 failed, 0 skipped');
    expect(vitestLine).toBeGreaterThanOrEqual(0);
    expect(browserLine).toBeGreaterThan(vitestLine);
    expect(run.lines[vitestLine + 1]).toMatch(/^ {2}failed: test\/fixtures\/runner\/fails\.check\.ts > a label is bought once: AssertionError: labels bought: expected 2 to be 3/);
    // Playwright's message, colours taken out: the matcher, then what was expected and received.
    expect(run.lines[browserLine + 1]).toMatch(/^ {2}failed: test\/fixtures\/runner\/fails\.pwcheck\.ts:4 > the banner says printed: Error: the banner · .*Expected: "Label printed" · Received: "Print failed"$/);
    expect(run.lines.slice(vitestLine).join('\n')).not.toContain('\u001b[');
    expect(run.lines.at(-2)).toMatch(/^Summary: 2 passed, 2 failed, 0 skipped in /);
    expect(run.status).toBe(1);
  });

  it('exits 0 when every file passed', () => {
    const run = runSuites({ TEST_SUITES: 'vitest', RUNNER_CHECK_FILES: 'passes.check.ts' });
    expect(run.lines.find((line) => line.startsWith('Summary: '))).toMatch(/^Summary: 1 passed, 0 failed, 0 skipped in /);
    expect(run.status).toBe(0);
  });
});
