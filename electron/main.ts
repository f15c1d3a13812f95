/**
 * Electron entry: a thin shell around the station. It keeps one instance per user, opens the
 * station on the app's data folder with secrets in the OS keychain (safeStorage), carries the
 * station API over IPC, and shows the renderer from the packaged files on `app://packbench/` in
 * a locked-down window. Every choice and why: docs/shell.md.
 */
import { BrowserWindow, app, dialog, ipcMain, protocol, session, shell } from 'electron';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ENTRY_URL, APP_SCHEME, APP_SCHEME_REGISTRATION } from './shell/appProtocol';
import { createAppFileHandler } from './shell/appFileHandler';
import type { StationSettings } from './api';
import { applyGuards, guardSession, type GuardOptions } from './shell/guards';
import { isAppMainFrame, registerStationIpc } from './shell/ipc';
import { openLineLog, type LineLog } from './station/lineLog';
import { closeBeforeQuit } from './shell/quitGate';
import { openSafeStorageVault } from './shell/safeStorageVault';
import { grantScaleAccess } from './shell/scaleAccess';
import { mainWindowOptions } from './shell/windowOptions';
import { openStation, type Station } from './station/station';

const rendererDir = fileURLToPath(new URL('../renderer', import.meta.url));
const preloadPath = fileURLToPath(new URL('./preload.cjs', import.meta.url));

// Both must happen before `ready`: the scheme's privileges are fixed when Chromium starts, and
// enableSandbox makes every renderer sandboxed whatever its own options say.
protocol.registerSchemesAsPrivileged([APP_SCHEME_REGISTRATION]);
app.enableSandbox();

let mainWindow: BrowserWindow | undefined;
/** Opened once the app is ready (its folder is known only then). */
let appLog: LineLog | undefined;

function logBlocked(what: string, url: string): void {
  appLog?.(`blocked ${what} to ${url}`);
}

function openMainWindow(log: LineLog): BrowserWindow {
  // The static check (Electronegativity) reads only literal options here, so its window checks are
  // run by test/unit/shell/electronegativity.test.ts against mainWindowOptions' actual values instead.
  const options = mainWindowOptions({ preloadPath, isPackaged: app.isPackaged });
  const window = new BrowserWindow(options); // eng-disable CONTEXT_ISOLATION_JS_CHECK SANDBOX_JS_CHECK AUXCLICK_JS_CHECK
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = undefined;
  });
  window.webContents.on('render-process-gone', (_event, details) => log(`the window's renderer is gone (${details.reason}, exit code ${details.exitCode})`));
  window.loadURL(APP_ENTRY_URL).catch((error: unknown) => log(`the window could not load ${APP_ENTRY_URL}: ${error instanceof Error ? error.message : String(error)}`));
  return window;
}

function focusMainWindow(): void {
  if (mainWindow === undefined) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.show();
  mainWindow.focus();
}

async function openStationOrExplain(dataDir: string, log: LineLog): Promise<Station | undefined> {
  try {
    const vault = await openSafeStorageVault(path.join(dataDir, 'secrets.safestorage.json'));
    const fileOpener = {
      open: async (file: string) => {
        // openPath answers an error message, empty when the file opened.
        const problem = await shell.openPath(file);
        if (problem !== '') throw new Error(problem);
      },
      reveal: (file: string) => Promise.resolve(shell.showItemInFolder(file)),
    };
    return await openStation({ dataDir, vault, log, fileOpener });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`the station could not open: ${error instanceof Error ? (error.stack ?? reason) : reason}`);
    dialog.showErrorBox(
      'Packbench cannot start',
      `The shipping station could not open its data:\n\n${reason}\n\nData folder: ${dataDir}\nDetails are in the log: ${log.file}\n\nNothing was deleted. Close other copies of Packbench, check the disk, and start it again; if this repeats, send the log to your administrator.`,
    );
    return undefined;
  }
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const log = openLineLog(path.join(app.getPath('logs'), 'station.log'), { echo: !app.isPackaged });
  appLog = log;
  log(`Packbench ${app.getVersion()} starting; data folder ${dataDir}`);

  guardSession(session.defaultSession, { onBlocked: logBlocked });
  protocol.handle(APP_SCHEME, createAppFileHandler(rendererDir, log));

  const station = await openStationOrExplain(dataDir, log);
  if (station === undefined) {
    await log.close();
    app.exit(1);
    return;
  }

  // The scale is the one device the page may reach (shell/scaleAccess.ts); a serial scale's port
  // is the one the settings name, read again whenever the page asks for a port.
  let scalePort: string | null = null;
  const readScalePort = async (): Promise<void> => {
    const result = await station.call('getSettings', {});
    if (result.ok) scalePort = (result.value as StationSettings).scale.serialPort;
  };
  await readScalePort().catch((error: unknown) => log(`the scale's settings could not be read: ${error instanceof Error ? error.message : String(error)}`));
  grantScaleAccess(session.defaultSession, { serialPortName: () => scalePort, refresh: readScalePort, onRefused: (what) => log(`refused ${what}: not the desk's scale`) });

  const unregister = registerStationIpc(ipcMain, station, isAppMainFrame, {
    eventReceivers: () => BrowserWindow.getAllWindows().map((window) => window.webContents),
    log,
  });
  closeBeforeQuit(
    app,
    async () => {
      unregister();
      await station.close();
      log('station closed');
      await log.close();
    },
    log,
  );

  mainWindow = openMainWindow(log);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = openMainWindow(log);
  });
}

if (!app.requestSingleInstanceLock()) {
  // Another Packbench owns this user's data folder: it is told (second-instance) and this one leaves.
  app.quit();
} else {
  const guardOptions: GuardOptions = { openExternal: (url) => shell.openExternal(url), onBlocked: logBlocked };
  app.on('web-contents-created', (_event, contents) => applyGuards(contents, guardOptions));
  app.on('second-instance', focusMainWindow);
  app.on('window-all-closed', () => app.quit());
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      dialog.showErrorBox('Packbench cannot start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}
