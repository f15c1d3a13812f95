/**
 * Serves the built renderer (dist/renderer) read-only. A request path is decoded once and
 * refused when any segment is `.` or `..`, holds a backslash or a NUL, or when the file it names
 * (symbolic links followed) lies outside the renderer folder. The files hold no data, so they
 * are served without the token; index.html gets the bridge script that provides `window.station`.
 */
import { realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { rendererFilePath } from '../base/rendererServing';

export { contentTypeFor } from '../base/rendererServing';

export type StaticLookup =
  | { readonly kind: 'file'; readonly path: string; readonly isIndex: boolean }
  | { readonly kind: 'refused' }
  | { readonly kind: 'notFound' };

/**
 * Which file a URL path (without its query) names inside `root` (an absolute, real path).
 * `/` is index.html. Nothing outside `root` is ever named.
 */
export async function lookupStaticFile(root: string, urlPath: string): Promise<StaticLookup> {
  const named = rendererFilePath(root, urlPath);
  if (named.kind === 'refused') return { kind: 'refused' };
  let real: string;
  try {
    real = await realpath(named.path);
    if (!(await stat(real)).isFile()) return { kind: 'notFound' };
  } catch {
    return { kind: 'notFound' };
  }
  // A symbolic link inside the folder may still point outside it.
  if (!real.startsWith(root + sep)) return { kind: 'refused' };
  return { kind: 'file', path: real, isIndex: real === join(root, 'index.html') };
}

export const BRIDGE_PATH = '/station-bridge.js';

/**
 * index.html with the bridge loaded first. A classic script in <head> runs while the page is
 * parsed, before any module script (modules are deferred), so `window.station` exists before
 * the app starts.
 */
export function injectBridge(html: string): string {
  const tag = `<script src="${BRIDGE_PATH}"></script>`;
  const at = html.search(/<script\b/i);
  if (at >= 0) return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
  const headEnd = html.search(/<\/head>/i);
  if (headEnd < 0) throw new Error('the renderer index.html has no <head> to load the station bridge in');
  return `${html.slice(0, headEnd)}${tag}\n  ${html.slice(headEnd)}`;
}
