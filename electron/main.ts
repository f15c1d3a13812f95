/**
 * Electron entry. For now it opens the renderer shell from the packaged files in a locked-
 * down window; the station core and its API are wired here as they arrive.
 */
import { app, BrowserWindow } from 'electron';
import { fileURLToPath } from 'node:url';

const rendererIndex = fileURLToPath(new URL('../renderer/index.html', import.meta.url));
const preloadScript = fileURLToPath(new URL('./preload.cjs', import.meta.url));

function openMainWindow(): void {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    title: 'Packbench',
    webPreferences: {
      preload: preloadScript,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.webContents.on('will-navigate', (event) => event.preventDefault());
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  void window.loadFile(rendererIndex);
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(openMainWindow);
}
