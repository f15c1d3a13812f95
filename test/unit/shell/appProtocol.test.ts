import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_ORIGIN,
  APP_SCHEME_REGISTRATION,
  RENDERER_CSP,
  SECURITY_HEADERS,
  contentTypeFor,
  isAppUrl,
  resolveAppFile,
} from '../../../electron/shell/appProtocol';

const root = join(sep, 'opt', 'packbench', 'dist', 'renderer');

describe('the app origin', () => {
  it('is app://packbench, entered at index.html', () => {
    expect(APP_ORIGIN).toBe('app://packbench');
    expect(APP_ENTRY_URL).toBe('app://packbench/index.html');
  });

  it('recognises its own URLs by scheme and host, not by URL.origin (which is "null" for custom schemes)', () => {
    expect(new URL('app://packbench/').origin).toBe('null');
    expect(isAppUrl('app://packbench/index.html')).toBe(true);
    expect(isAppUrl('app://packbench/assets/x.js?v=1#top')).toBe(true);
    // Chromium canonicalises a standard scheme's host to lower case before anything reaches the
    // shell; Node keeps a custom scheme's host as written, so the comparison is exact.
    expect(isAppUrl('app://PACKBENCH/index.html')).toBe(false);
    for (const url of ['app://packbench.evil/x', 'app://other/', 'app://packbench:1/', 'app://u:p@packbench/', 'https://packbench/', 'file:///packbench/', '']) {
      expect(isAppUrl(url), url).toBe(false);
    }
  });

  it('is registered standard and secure, without bypassing CSP or opening itself to other origins', () => {
    expect(APP_SCHEME_REGISTRATION.scheme).toBe('app');
    expect(APP_SCHEME_REGISTRATION.privileges).toMatchObject({ standard: true, secure: true, supportFetchAPI: true });
    for (const loosening of ['bypassCSP', 'corsEnabled', 'allowServiceWorkers', 'stream', 'allowExtensions'] as const) {
      expect(APP_SCHEME_REGISTRATION.privileges?.[loosening], loosening).toBeFalsy();
    }
  });
});

describe('resolveAppFile', () => {
  it.each([
    ['app://packbench/', 'index.html'],
    ['app://packbench/index.html', 'index.html'],
    ['app://packbench/assets/index-abc123.js', join('assets', 'index-abc123.js')],
    ['app://packbench/icon.svg?v=2#x', 'icon.svg'],
    ['app://packbench/fonts/Inter%20Bold.woff2', join('fonts', 'Inter Bold.woff2')],
  ])('maps %s inside the renderer folder', (url, relative) => {
    expect(resolveAppFile(root, url)).toEqual({ kind: 'file', path: join(root, relative) });
  });

  it.each([
    ['another host', 'app://elsewhere/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['an encoded slash', 'app://packbench/..%2f..%2fetc/passwd'],
    ['an encoded backslash', 'app://packbench/..%5c..%5cetc%5cpasswd'],
    ['an encoded NUL', 'app://packbench/index.html%00.png'],
    ['a bad escape', 'app://packbench/%E0%A4%A'],
    ['a double-encoded dot segment', 'app://packbench/%252e%252e/secret'],
  ])('refuses %s', (_name, url) => {
    const lookup = resolveAppFile(root, url);
    if (lookup.kind === 'file') expect(lookup.path.startsWith(root + sep), lookup.path).toBe(true);
    else expect(lookup.kind).toBe('refused');
  });

  it('never names a file outside the renderer folder, however the dots are spelled', () => {
    for (const url of [
      'app://packbench/../../etc/passwd',
      'app://packbench/%2e%2e/%2e%2e/etc/passwd',
      'app://packbench/assets/../../../etc/passwd',
      'app://packbench/.%2E/secret',
      'app://packbench/./index.html',
    ]) {
      const lookup = resolveAppFile(root, url);
      if (lookup.kind === 'file') expect(lookup.path.startsWith(root + sep), `${url} -> ${lookup.path}`).toBe(true);
    }
  });
});

describe('content types', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['assets/index-1.js', 'text/javascript; charset=utf-8'],
    ['assets/index-1.CSS', 'text/css; charset=utf-8'],
    ['icon.svg', 'image/svg+xml'],
    ['logo.png', 'image/png'],
    ['font.woff2', 'font/woff2'],
    ['data.bin', 'application/octet-stream'],
    ['README', 'application/octet-stream'],
  ])('%s is %s', (file, type) => {
    expect(contentTypeFor(file)).toBe(type);
  });
});

/** Parses a CSP into directive → source list. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') map.set(name.toLowerCase(), sources);
  }
  return map;
}

describe('the renderer CSP header', () => {
  const html = readFileSync(new URL('../../../renderer/index.html', import.meta.url), 'utf8');
  const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];

  it('is never looser than renderer/index.html\'s meta tag', () => {
    expect(meta).toBeDefined();
    const page = directives(meta ?? '');
    const header = directives(RENDERER_CSP);
    for (const [name, sources] of page) {
      const ours = header.get(name);
      expect(ours, `${name} is missing from the header`).toBeDefined();
      // Every source the header allows, the page allowed too ('none' allows nothing).
      for (const source of ours ?? []) {
        if (source !== "'none'") expect(sources, `${name} ${source}`).toContain(source);
      }
    }
  });

  it("keeps scripts and connections to the app's own origin and forbids framing", () => {
    const header = directives(RENDERER_CSP);
    expect(header.get('script-src')).toEqual(["'self'"]);
    expect(header.get('connect-src')).toEqual(["'self'"]);
    expect(header.get('object-src')).toEqual(["'none'"]);
    expect(header.get('frame-ancestors')).toEqual(["'none'"]);
    expect(RENDERER_CSP).not.toMatch(/unsafe-eval|https?:|\*/);
  });

  it('is sent with nosniff and no referrer', () => {
    expect(SECURITY_HEADERS).toMatchObject({
      'Content-Security-Policy': RENDERER_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    });
  });
});
