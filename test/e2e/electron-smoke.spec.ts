/**
 * The desktop app itself: the built main process (dist/electron/main.js) launched in Electron
 * with a fresh data folder, its window showing Packbench from app://packbench/, and the preload's
 * `window.station` carrying every station method to the real station (embedded sandbox on
 * loopback). It needs Electron's binary, which `npm install` downloads from Electron's own host;
 * where that download is impossible the test is skipped and says why.
 */
import { _electron as electron, expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { STATION_METHOD_NAMES, type StationApi } from '../../electron/api';
import { findElectronBinary } from '../../electron/tools/electronBinary';

const root = fileURLToPath(new URL('../..', import.meta.url));
const electronBinary = findElectronBinary();

/** What the page's global object holds, as the preload leaves it. */
type PageGlobal = { station?: StationApi; require?: unknown; process?: unknown };

test('the desktop window shows Packbench with window.station wired to the station', async () => {
  test.skip(
    electronBinary === undefined,
    "Electron's binary is not installed: it is downloaded from Electron's own host, which this machine cannot reach (the shell's logic is covered by test/unit/shell under Node).",
  );
  if (electronBinary === undefined) return;

  // The renderer is built by the suite's global setup; the main process and preload are built here.
  const built = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['electron/tools/build-main.ts'], { cwd: root, encoding: 'utf8' });
  expect(built.status, built.stderr).toBe(0);

  const userData = mkdtempSync(join(tmpdir(), 'packbench-electron-'));
  const app = await electron.launch({
    executablePath: electronBinary,
    args: [join(root, 'dist', 'electron', 'main.js'), `--user-data-dir=${userData}`],
    cwd: root,
  });
  try {
    const page = await app.firstWindow();
    await expect(page).toHaveTitle('Packbench');
    expect(page.url()).toBe('app://packbench/index.html');

    const seen = await page.evaluate(() => {
      const global = globalThis as unknown as PageGlobal;
      return { methods: Object.keys(global.station ?? {}).sort(), node: global.require !== undefined || global.process !== undefined };
    });
    expect(seen.methods).toEqual([...STATION_METHOD_NAMES, 'onEvent'].sort());
    expect(seen.node).toBe(false);

    const settings = await page.evaluate(() => (globalThis as unknown as PageGlobal).station?.getSettings({}));
    expect(settings?.ok).toBe(true);
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
});
