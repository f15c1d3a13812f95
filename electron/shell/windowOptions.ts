/**
 * The main window's options. Every web preference that matters for security is written out,
 * even where it is Electron's default, so a change of default (or a careless edit) is caught
 * by the unit test and by the static check rather than shipped. docs/shell.md says why each is set.
 */
import type { BrowserWindowConstructorOptions } from 'electron';

export interface MainWindowInput {
  /** Absolute path of the bundled preload (CommonJS: sandboxed preloads cannot be ES modules). */
  readonly preloadPath: string;
  readonly iconPath?: string;
  /** DevTools only in development: a packaged desk gets no console to paste code into. */
  readonly isPackaged: boolean;
}

export function mainWindowOptions({ preloadPath, iconPath, isPackaged }: MainWindowInput): BrowserWindowConstructorOptions {
  return {
    title: 'Packbench',
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    // Shown on ready-to-show, so the packer never sees a blank white frame.
    show: false,
    backgroundColor: '#ffffff',
    ...(iconPath === undefined ? {} : { icon: iconPath }),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      enableWebSQL: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Middle-click (auxclick) can open links in new windows outside the click handlers; the app has no use for it.
      disableBlinkFeatures: 'Auxclick',
      devTools: !isPackaged,
    },
  };
}
