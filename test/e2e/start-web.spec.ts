/**
 * `npm start` on a machine without Electron's binary: the start tool says so, runs the station
 * under Node with its web host, and prints the address to open. The page in Chromium must reach
 * the real station through the bridge: the embedded sandbox profile, online.
 *
 * The Electron binary is absent on purpose (ELECTRON_OVERRIDE_DIST_PATH points at an empty
 * folder), so the test takes the same path on a machine where Electron is installed.
 */
import { expect, test } from '@playwright/test';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STATION_METHOD_NAMES, type StationApi } from '../../electron/api';

/** The page's window as the bridge leaves it (the renderer declares this itself; the test runs outside it). */
interface StationWindow {
  readonly station: StationApi;
}

const OPEN_URL = /open (http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]+) in a browser/;

let child: ChildProcessWithoutNullStreams;
let tempDir: string;
let openUrl: string;
let output = '';
let exited: Promise<number | null>;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  tempDir = mkdtempSync(join(tmpdir(), 'packbench-start-web-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'electron/tools/start.ts'], {
    env: {
      ...process.env,
      PACKBENCH_DATA_DIR: join(tempDir, 'data'),
      PACKBENCH_WEB_PORT: '0',
      ELECTRON_OVERRIDE_DIST_PATH: join(tempDir, 'no-electron'),
    },
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  openUrl = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      output += text;
      const found = OPEN_URL.exec(output);
      if (found?.[1] !== undefined) resolve(found[1]);
    });
    child.stderr.on('data', (text: string) => {
      output += text;
    });
    child.once('exit', (code) => reject(new Error(`the start tool exited (${code}) before printing an address:\n${output}`)));
  });
});

test.afterAll(async () => {
  if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
  const code = await exited;
  rmSync(tempDir, { recursive: true, force: true });
  // SIGTERM is a clean stop: the web host and the station close, and the tool exits 0.
  expect(code, output).toBe(0);
});

test('says in one line why it opens in a browser, then one line with the address and how to start it again: nothing else', () => {
  const lines = output.trim().split('\n');
  expect(lines[0]).toBe("Packbench opens in a browser: Electron's desktop binary is not downloaded here (`npm run setup:electron` downloads it).");
  expect(lines.filter((line) => OPEN_URL.test(line))).toHaveLength(1);
  expect(lines.at(-1)).toMatch(/\(Ctrl\+C to stop; `npm run start:web` starts it again\)$/);
  // The suite built the renderer before it started: a current build is not built again.
  expect(lines).toHaveLength(2);
});

test('the page reaches the station: the Sandbox profile, online', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(openUrl);
  await expect(page.getByRole('heading', { name: 'Packbench' })).toBeVisible();
  await expect(page.getByTestId('connection-profile')).toHaveText('Sandbox');
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
  // The token leaves the address bar at once, and the tab keeps it across a reload.
  expect(page.url()).toBe(openUrl.slice(0, openUrl.indexOf('#')));
  await page.reload();
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
  expect(problems).toEqual([]);
});

test('a page opened without the token gets a clear message and no data', async ({ page }) => {
  await page.goto(openUrl.slice(0, openUrl.indexOf('#')));
  await expect(page.getByTestId('station-problem')).toContainText('Open the address the station printed');
  await expect(page.getByTestId('connection-profile')).toHaveCount(0);
});

test('window.station offers every method, answers ApiResults and turns a lost station into an offline result', async ({ page }) => {
  await page.goto(openUrl);
  await expect(page.getByTestId('connection-state')).toHaveText('Online');
  const shape = await page.evaluate(() => {
    const station = (window as unknown as StationWindow).station as unknown as Record<string, unknown>;
    return { names: Object.keys(station).filter((name) => typeof station[name] === 'function'), frozen: Object.isFrozen(station) };
  });
  expect(shape.names.sort()).toEqual([...STATION_METHOD_NAMES, 'onEvent'].sort());
  expect(shape.frozen).toBe(true);

  const refused = await page.evaluate(() => (window as unknown as StationWindow).station.getLocation({ id: '' }));
  expect(refused).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'id' }] } });

  // The network fails under the page: the call still resolves, to a typed failure.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  const lost = await page.evaluate(() => (window as unknown as StationWindow).station.getSettings({}));
  expect(lost).toMatchObject({ ok: false, error: { code: 'offline', retryable: true } });
});
