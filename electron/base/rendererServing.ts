/**
 * What serving the built renderer means wherever it is served (the app's own protocol in
 * Electron, the web host in a browser): the Content-Security-Policy and headers every answer
 * carries, and the content type of each kind of file a Vite build produces. One policy, so the
 * page is exactly as locked down in a browser as in the app.
 */
import { extname, join, sep } from 'node:path';

/**
 * The renderer's Content-Security-Policy, sent as a header on every answer. It is the meta tag
 * of renderer/index.html plus what a meta tag cannot say (`frame-ancestors`) and what the app
 * never uses (frames, manifests); workers only from the app's own files (pdf.js draws label previews
 * in one): a unit test checks it is never looser than the meta tag.
 */
export const RENDERER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "frame-src 'none'",
  "worker-src 'self'",
  "manifest-src 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': RENDERER_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** Only the kinds of file a Vite build of the renderer produces; anything else is served as bytes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export type RendererFile = { readonly kind: 'file'; readonly path: string } | { readonly kind: 'refused'; readonly reason: string };

/**
 * Which file inside `root` (an absolute folder) a URL path, still percent-encoded, names; `/` is
 * index.html. The path is decoded once and refused when a segment is `.` or `..`, or when it holds
 * a backslash, a NUL or an encoded slash, so no spelling reaches outside the folder; the joined
 * result is checked to lie inside it as a last line. Lexical only: a caller serving a folder that
 * may hold symbolic links resolves the result and checks it again.
 */
export function rendererFilePath(root: string, urlPath: string): RendererFile {
  if (/%2f|%5c|%00/i.test(urlPath)) return { kind: 'refused', reason: 'encoded separator' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'refused', reason: 'bad escape' };
  }
  if (!decoded.startsWith('/') || decoded.includes('\\') || decoded.includes('\0')) return { kind: 'refused', reason: 'bad path' };
  const segments = decoded.slice(1).split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return { kind: 'refused', reason: 'dot segment' };
  const folder = root.endsWith(sep) ? root.slice(0, -1) : root;
  const path = join(folder, decoded === '/' ? 'index.html' : segments.join(sep));
  if (!path.startsWith(folder + sep)) return { kind: 'refused', reason: 'outside the renderer folder' };
  return { kind: 'file', path };
}
