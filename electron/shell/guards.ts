/**
 * What every web contents of the app may and may not do, as plain functions over the event and
 * details objects Electron passes, so they are tested under Node without an Electron binary.
 *
 *  - Navigation (will-navigate, will-redirect, will-frame-navigate) stays on the app's origin:
 *    a page that navigated elsewhere would still hold the preload's `window.station`.
 *  - New windows are always denied; an https link to a carrier's site on the allowlist (a link
 *    with target="_blank") opens in the system browser instead, with none of the app's privileges.
 *  - <webview> is never attached, and every permission request and check is denied, but for the
 *    desk's scale: the `hid` and `serial` checks of the app's own page (scaleAccess.ts).
 *  - Requests to the network or to local files from any page are cancelled: the renderer has
 *    everything it needs on its own origin and talks to the station only over IPC.
 */
import { isAppUrl } from './appProtocol';
import { scalePermissionCheck } from './scaleAccess';
import { messageOf } from '../base/errors';

/**
 * Hosts whose https pages a link in the app may open in the system browser (and their
 * subdomains, e.g. www.ups.com, tools.usps.com): the carriers' tracking sites. Nothing else.
 */
export const EXTERNAL_LINK_HOSTS = ['ups.com', 'fedex.com', 'usps.com', 'dhl.com'] as const;

/** Whether `text` is an https URL on an allowlisted host, without credentials or an odd port. */
export function isAllowedExternalUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '') return false;
  const host = url.hostname;
  return EXTERNAL_LINK_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export interface PreventableEvent {
  preventDefault(): void;
}

/** The part of Electron's navigation events the guard reads (the `details` of will-navigate and friends). */
export interface NavigationEvent extends PreventableEvent {
  readonly url: string;
}

export interface GuardOptions {
  /** Opens a URL in the system browser (Electron's `shell.openExternal`). */
  readonly openExternal: (url: string) => Promise<void>;
  /** Told about every blocked attempt, for the station log. */
  readonly onBlocked?: (what: string, url: string) => void;
}

function shortUrl(url: string): string {
  return url.length > 200 ? `${url.slice(0, 200)}…` : url;
}

function openOutside(url: string, options: GuardOptions): void {
  options.openExternal(url).catch((error: unknown) => {
    options.onBlocked?.(`opening in the browser failed (${messageOf(error)})`, shortUrl(url));
  });
}

/**
 * will-navigate, will-redirect and will-frame-navigate: anything off the app's origin is stopped.
 * Nothing is opened outside from here: Electron may report one click through more than one of
 * these events, and a link meant for the browser says so with target="_blank" (see below).
 */
export function guardNavigation(event: NavigationEvent, options: Pick<GuardOptions, 'onBlocked'>, what = 'navigation'): void {
  if (isAppUrl(event.url)) return;
  event.preventDefault();
  options.onBlocked?.(what, shortUrl(event.url));
}

/** setWindowOpenHandler: never a new Electron window; an allowlisted link opens in the system browser. */
export function windowOpenHandler(options: GuardOptions): (details: { readonly url: string }) => { action: 'deny' } {
  return ({ url }) => {
    if (isAllowedExternalUrl(url)) openOutside(url, options);
    else options.onBlocked?.('new window', shortUrl(url));
    return { action: 'deny' };
  };
}

/** will-attach-webview: the app has no <webview>, so any attempt is someone else's. */
export function preventWebview(event: PreventableEvent): void {
  event.preventDefault();
}

/** Session permission requests (camera, notifications, geolocation…): always no. */
export function denyPermissionRequest(_webContents: unknown, _permission: string, callback: (granted: boolean) => void): void {
  callback(false);
}

/** URL schemes a page's own requests may never use: the network and the local disk. */
const BLOCKED_REQUEST_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'ws:', 'wss:', 'ftp:', 'file:']);

/** Whether a request a page makes may go ahead (app://, data:, blob:, devtools: may; the network and file: may not). */
export function requestAllowed(url: string): boolean {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return false;
  }
  return !BLOCKED_REQUEST_SCHEMES.has(protocol);
}

/** The part of an Electron Session the guards set up. */
export interface GuardableSession {
  setPermissionRequestHandler(handler: ((webContents: unknown, permission: string, callback: (granted: boolean) => void) => void) | null): void;
  setPermissionCheckHandler(handler: ((webContents: unknown, permission: string, requestingOrigin: string) => boolean) | null): void;
  readonly webRequest: {
    onBeforeRequest(listener: ((details: { readonly url: string }, callback: (response: { cancel?: boolean }) => void) => void) | null): void;
  };
}

/** The part of an Electron WebContents the guards set up. */
export interface GuardableContents {
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-frame-navigate', listener: (event: NavigationEvent) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown;
  setWindowOpenHandler(handler: (details: { readonly url: string }) => { action: 'deny' }): void;
  readonly session: GuardableSession;
}

/** Permissions and network requests are per session; every contents' session gets the same answers. */
export function guardSession(session: GuardableSession, options: Pick<GuardOptions, 'onBlocked'> = {}): void {
  session.setPermissionRequestHandler(denyPermissionRequest);
  // Denied like the rest, but the app's own page may use WebHID and Web Serial: the scale.
  session.setPermissionCheckHandler(scalePermissionCheck);
  session.webRequest.onBeforeRequest((details, callback) => {
    const allowed = requestAllowed(details.url);
    if (!allowed) options.onBlocked?.('request', shortUrl(details.url));
    callback({ cancel: !allowed });
  });
}

/** Everything above, for one web contents (called from app's `web-contents-created`, so no contents escapes it). */
export function applyGuards(contents: GuardableContents, options: GuardOptions): void {
  contents.on('will-navigate', (event) => guardNavigation(event, options, 'navigation'));
  contents.on('will-redirect', (event) => guardNavigation(event, options, 'redirect'));
  contents.on('will-frame-navigate', (event) => guardNavigation(event, options, 'frame navigation'));
  contents.on('will-attach-webview', preventWebview);
  contents.setWindowOpenHandler(windowOpenHandler(options));
  guardSession(contents.session, options);
}
