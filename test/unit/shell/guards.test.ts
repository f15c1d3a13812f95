/**
 * The web-contents guards, driven with plain objects shaped like the events and details
 * Electron passes: the Electron binary cannot be downloaded on this machine, so no real
 * WebContents or Session exists here. What is tested is every decision the guards make.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import {
  EXTERNAL_LINK_HOSTS,
  applyGuards,
  denyPermissionRequest,
  guardNavigation,
  isAllowedExternalUrl,
  requestAllowed,
  windowOpenHandler,
  type GuardableContents,
  type GuardableSession,
  type NavigationEvent,
} from '../../../electron/shell/guards';

function navigation(url: string): NavigationEvent & { prevented: boolean } {
  const event = {
    url,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

function options() {
  const opened: string[] = [];
  const blocked: string[] = [];
  return {
    opened,
    blocked,
    openExternal: (url: string) => {
      opened.push(url);
      return Promise.resolve();
    },
    onBlocked: (what: string, url: string) => blocked.push(`${what} ${url}`),
  };
}

describe('external link allowlist', () => {
  it('is the carriers\' tracking sites', () => {
    expect(EXTERNAL_LINK_HOSTS).toEqual(['ups.com', 'fedex.com', 'usps.com', 'dhl.com']);
  });

  it.each([
    'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    'https://ups.com/',
    'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    'https://www.dhl.com/en/express/tracking.html?AWB=1234567890',
    'https://WWW.UPS.COM/track',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url)).toBe(true);
  });

  it.each([
    ['plain http', 'http://www.ups.com/track'],
    ['a look-alike host', 'https://ups.com.evil.example/track'],
    ['a host that only ends with the name', 'https://notups.com/'],
    ['credentials in the URL', 'https://user:pass@www.ups.com/'],
    ['an odd port', 'https://www.ups.com:8443/'],
    ['another site', 'https://example.com/'],
    ['a file', 'file:///etc/passwd'],
    ['javascript', 'javascript:alert(1)'],
    ['the app itself', 'app://packbench/index.html'],
    ['not a URL', 'ups.com'],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedExternalUrl(url)).toBe(false);
  });
});

describe('navigation guard', () => {
  it('lets the page move within the app origin', () => {
    const event = navigation('app://packbench/index.html#/outbox');
    const opts = options();
    guardNavigation(event, opts);
    expect(event.prevented).toBe(false);
    expect(opts.blocked).toEqual([]);
  });

  it.each([
    'https://www.ups.com/track',
    'https://example.com/',
    'file:///etc/passwd',
    'app://other/index.html',
    'app://packbench:8080/index.html',
    'http://127.0.0.1:5180/',
    'data:text/html,<h1>hi</h1>',
    'not a url',
  ])('stops navigation to %s and opens nothing', (url) => {
    const event = navigation(url);
    const opts = options();
    guardNavigation(event, opts, 'redirect');
    expect(event.prevented).toBe(true);
    expect(opts.opened).toEqual([]);
    expect(opts.blocked).toEqual([`redirect ${url}`]);
  });
});

describe('window open handler', () => {
  it('denies a carrier link and opens it in the system browser', () => {
    const opts = options();
    expect(windowOpenHandler(opts)({ url: 'https://www.ups.com/track?tracknum=1Z' })).toEqual({ action: 'deny' });
    expect(opts.opened).toEqual(['https://www.ups.com/track?tracknum=1Z']);
  });

  it('denies anything else and opens nothing', () => {
    const opts = options();
    const handler = windowOpenHandler(opts);
    for (const url of ['https://example.com/', 'app://packbench/index.html', 'http://www.ups.com/', 'about:blank']) {
      expect(handler({ url })).toEqual({ action: 'deny' });
    }
    expect(opts.opened).toEqual([]);
    expect(opts.blocked).toHaveLength(4);
  });

  it('logs an open that failed instead of throwing', async () => {
    const blocked: string[] = [];
    const handler = windowOpenHandler({
      openExternal: () => Promise.reject(new Error('no browser')),
      onBlocked: (what) => blocked.push(what),
    });
    expect(handler({ url: 'https://www.fedex.com/' })).toEqual({ action: 'deny' });
    await vi.waitFor(() => expect(blocked).toEqual(['opening in the browser failed (no browser)']));
  });
});

describe('permissions and requests', () => {
  it('denies every permission request', () => {
    const answers: boolean[] = [];
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'unknown']) {
      denyPermissionRequest({}, permission, (granted) => answers.push(granted));
    }
    expect(answers).toEqual([false, false, false, false, false, false]);
    // The checks are the scale's: tested in scaleAccess.test.ts.
  });

  it('lets the app origin, data:, blob: and devtools: through and cancels the network and files', () => {
    for (const url of ['app://packbench/assets/index.js', 'data:image/png;base64,AAAA', 'blob:app://packbench/1234', 'devtools://devtools/bundled/inspector.html']) {
      expect(requestAllowed(url), url).toBe(true);
    }
    for (const url of ['https://example.com/x.js', 'http://127.0.0.1:4010/shipments', 'ws://127.0.0.1:9/', 'wss://example.com/', 'file:///etc/passwd', 'ftp://example.com/', '::']) {
      expect(requestAllowed(url), url).toBe(false);
    }
  });
});

/** A stand-in WebContents: a real EventEmitter (Electron's is one too) with the session parts the guards set. */
class FakeContents extends EventEmitter implements GuardableContents {
  openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  permissionRequest: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null = null;
  permissionCheck: ((webContents: unknown, permission: string, requestingOrigin: string) => boolean) | null = null;
  beforeRequest: ((details: { url: string }, callback: (response: { cancel?: boolean }) => void) => void) | null = null;
  readonly session: GuardableSession = {
    setPermissionRequestHandler: (handler) => {
      this.permissionRequest = handler;
    },
    setPermissionCheckHandler: (handler) => {
      this.permissionCheck = handler;
    },
    webRequest: {
      onBeforeRequest: (listener) => {
        this.beforeRequest = listener;
      },
    },
  };
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void {
    this.openHandler = handler;
  }
}

describe('applyGuards', () => {
  it('wires every guard to the contents and its session', () => {
    const contents = new FakeContents();
    const opts = options();
    applyGuards(contents, opts);

    for (const name of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
      const away = navigation('https://example.com/');
      const home = navigation('app://packbench/index.html');
      contents.emit(name, away);
      contents.emit(name, home);
      expect([name, away.prevented, home.prevented]).toEqual([name, true, false]);
    }

    const webview = navigation('https://example.com/');
    contents.emit('will-attach-webview', webview);
    expect(webview.prevented).toBe(true);

    expect(contents.openHandler?.({ url: 'https://www.dhl.com/' })).toEqual({ action: 'deny' });
    expect(opts.opened).toEqual(['https://www.dhl.com/']);

    const granted: boolean[] = [];
    contents.permissionRequest?.(contents, 'media', (answer) => granted.push(answer));
    expect(granted).toEqual([false]);
    // Checks are denied but for the scale: WebHID and Web Serial for the app's own page only.
    for (const permission of ['media', 'geolocation', 'clipboard-read', 'usb', 'notifications']) expect(contents.permissionCheck?.(contents, permission, 'app://packbench'), permission).toBe(false);
    expect(contents.permissionCheck?.(contents, 'hid', 'https://example.com')).toBe(false);
    expect(contents.permissionCheck?.(contents, 'hid', 'app://packbench')).toBe(true);
    expect(contents.permissionCheck?.(contents, 'serial', 'app://packbench')).toBe(true);

    const cancelled: (boolean | undefined)[] = [];
    contents.beforeRequest?.({ url: 'https://example.com/' }, (response) => cancelled.push(response.cancel));
    contents.beforeRequest?.({ url: 'app://packbench/index.html' }, (response) => cancelled.push(response.cancel));
    expect(cancelled).toEqual([true, false]);
  });
});
