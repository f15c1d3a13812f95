import { describe, expect, it } from 'vitest';
import { STATION_METHOD_NAMES } from '../../../electron/api';
import { INDEX_HTML, useWebHost } from './webHostFixture';

const web = useWebHost();

/** `directive → sources` of a CSP string. */
function parseCsp(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

describe('the renderer files', () => {
  it('serves index.html with the bridge loaded before the app, without the token', async () => {
    const answer = await web.send({ method: 'GET', path: '/' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    const bridgeAt = answer.text.indexOf('<script src="/station-bridge.js"></script>');
    const appAt = answer.text.indexOf('<script type="module"');
    expect(bridgeAt).toBeGreaterThan(0);
    expect(appAt).toBeGreaterThan(bridgeAt);
    // Nothing else changed, and the token is not in the page.
    expect(answer.text.replace('<script src="/station-bridge.js"></script>\n    ', '')).toBe(INDEX_HTML);
    expect(answer.text).not.toContain(web.webHost.token);

    const byName = await web.send({ method: 'GET', path: '/index.html' });
    expect(byName.text).toBe(answer.text);
  });

  it("sends the renderer's Content-Security-Policy, or stricter, and the other security headers", async () => {
    const answer = await web.send({ method: 'GET', path: '/' });
    const meta = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(INDEX_HTML)?.[1];
    expect(meta).toBeDefined();
    const header = parseCsp(String(answer.headers['content-security-policy']));
    for (const [directive, sources] of parseCsp(meta ?? '')) expect(header.get(directive), directive).toBe(sources);
    expect(header.get('frame-ancestors')).toBe("'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    // Every answer carries them, API answers included.
    const api = await web.callApi('getConnection', {});
    expect(api.headers['content-security-policy']).toBe(answer.headers['content-security-policy']);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the bridge script with every station method in it', async () => {
    const answer = await web.send({ method: 'GET', path: '/station-bridge.js' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    for (const name of STATION_METHOD_NAMES) expect(answer.text, name).toContain(`"${name}"`);
    expect(answer.text).not.toContain(web.webHost.token);
  });

  it('serves assets with their content types and HEAD without a body', async () => {
    const cases = [
      ['/assets/app.js', 'text/javascript; charset=utf-8'],
      ['/assets/app.css', 'text/css; charset=utf-8'],
      ['/icon.svg', 'image/svg+xml'],
    ] as const;
    for (const [path, type] of cases) {
      const answer = await web.send({ method: 'GET', path });
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type'], path).toBe(type);
    }
    const head = await web.send({ method: 'HEAD', path: '/assets/app.js' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('22');
    expect(head.text).toBe('');
  });

  it('answers 404 for a missing file and 405 for a write', async () => {
    expect((await web.send({ method: 'GET', path: '/assets/nope.js' })).status).toBe(404);
    expect((await web.send({ method: 'GET', path: '/assets' })).status).toBe(404);
    const post = await web.send({ method: 'POST', path: '/index.html', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('never serves anything outside the renderer folder', async () => {
    const attempts = [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/..\\..\\secret.txt',
      '/secret.txt%00.js',
      '/%',
      '/assets/link-out.txt',
    ];
    for (const path of attempts) {
      const answer = await web.send({ method: 'GET', path });
      expect([400, 403, 404], path).toContain(answer.status);
      expect(answer.text, path).not.toContain('not for the browser');
    }
    // The ones that name a place outside are refused outright, not merely not found.
    for (const path of ['/..%2fsecret.txt', '/assets/%2e%2e%2f%2e%2e%2fsecret.txt', '/assets/link-out.txt', '/..%5csecret.txt']) {
      expect((await web.send({ method: 'GET', path })).status, path).toBe(403);
    }
  });
});
