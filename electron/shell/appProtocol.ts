/**
 * The app's own origin, `app://packbench`, and the pure parts of serving the built renderer on
 * it: which file a URL names, its content type, and the headers every answer carries. The page
 * is never loaded from a remote origin or from `file://` (where every local file would share
 * the page's origin); a privileged standard scheme gives it a real origin of its own that CSP,
 * navigation guards and the IPC sender check can all name.
 */
import type { CustomScheme } from 'electron';
import { rendererFilePath, type RendererFile } from '../base/rendererServing';

export const APP_SCHEME = 'app';
export const APP_HOST = 'packbench';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * Registered before the app is ready. `standard` gives the scheme real origins (relative URLs,
 * storage, CSP 'self'); `secure` makes it a secure context like https; `supportFetchAPI` lets
 * module scripts load. Deliberately absent: `bypassCSP` (the page's CSP must hold), `corsEnabled`
 * (it would let other origins read our files), `allowServiceWorkers` and `stream`.
 */
export const APP_SCHEME_REGISTRATION: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
};

/**
 * Whether `text` is a URL on the app's own origin. Compared by parts, not with `URL.origin`:
 * WHATWG URL gives custom schemes the opaque origin "null", so every custom URL would compare equal.
 */
export function isAppUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return url.protocol === `${APP_SCHEME}:` && url.hostname === APP_HOST && url.port === '' && url.username === '' && url.password === '';
}

export { RENDERER_CSP, SECURITY_HEADERS, contentTypeFor } from '../base/rendererServing';

export type AppFileLookup = RendererFile;

/**
 * Which file inside `rendererDir` (absolute) an `app://packbench/…` URL names; `/` is index.html.
 * Lexical only: the folder is our own build output, which holds no symbolic links.
 */
export function resolveAppFile(rendererDir: string, requestUrl: string): AppFileLookup {
  if (!isAppUrl(requestUrl)) return { kind: 'refused', reason: 'not the app origin' };
  return rendererFilePath(rendererDir, new URL(requestUrl).pathname);
}
