import { describe, expect, it } from 'vitest';
import { mainWindowOptions } from '../../../electron/shell/windowOptions';

describe('mainWindowOptions', () => {
  const packaged = mainWindowOptions({ preloadPath: '/app/dist/electron/preload.cjs', isPackaged: true });

  it('locks the page down: isolated, sandboxed, no Node anywhere, web security on', () => {
    expect(packaged.webPreferences).toMatchObject({
      preload: '/app/dist/electron/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      navigateOnDragDrop: false,
      disableBlinkFeatures: 'Auxclick',
    });
  });

  it('opens DevTools only when not packaged', () => {
    expect(packaged.webPreferences?.devTools).toBe(false);
    expect(mainWindowOptions({ preloadPath: '/p.cjs', isPackaged: false }).webPreferences?.devTools).toBe(true);
  });

  it('stays hidden until ready-to-show, is titled Packbench and has a usable size', () => {
    expect(packaged.show).toBe(false);
    expect(packaged.title).toBe('Packbench');
    expect(packaged.width).toBeGreaterThanOrEqual(packaged.minWidth ?? 0);
    expect(packaged.height).toBeGreaterThanOrEqual(packaged.minHeight ?? 0);
    expect(packaged.minWidth).toBeGreaterThanOrEqual(800);
  });

  it('sets the icon only when one is given', () => {
    expect(packaged).not.toHaveProperty('icon');
    expect(mainWindowOptions({ preloadPath: '/p.cjs', iconPath: '/icon.png', isPackaged: true }).icon).toBe('/icon.png');
  });
});
