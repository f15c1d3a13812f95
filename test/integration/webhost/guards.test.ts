import { describe, expect, it } from 'vitest';
import { useWebHost } from './webHostFixture';

const web = useWebHost();

describe('the Host check (DNS rebinding)', () => {
  it('answers only to 127.0.0.1:PORT and localhost:PORT', async () => {
    const port = web.webHost.port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const page = await web.send({ method: 'GET', path: '/', headers: { Host: host } });
      expect(page.status, host).toBe(200);
      const call = await web.callApi('getConnection', {}, { Host: host });
      expect(call.status, host).toBe(200);
    }
  });

  it('refuses any other name, including a rebound one, with 421 before looking at anything else', async () => {
    const port = web.webHost.port;
    const foreign = [`evil.example:${port}`, `127.0.0.1.nip.io:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1', `localhost:${port}.evil.example`, `[::1]:${port}`, `0.0.0.0:${port}`];
    for (const host of foreign) {
      const page = await web.send({ method: 'GET', path: '/', headers: { Host: host } });
      expect(page.status, host).toBe(421);
      const call = await web.callApi('getConnection', {}, { Host: host });
      expect(call.status, host).toBe(421);
      expect(call.text).not.toContain('Sandbox');
    }
  });
});

describe('the Origin check (other web pages)', () => {
  it("accepts the page's own origin", async () => {
    const port = web.webHost.port;
    const own = await web.callApi('getConnection', {}, { Origin: `http://127.0.0.1:${port}`, 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status).toBe(200);
    const viaLocalhost = await web.callApi('getConnection', {}, { Host: `localhost:${port}`, Origin: `http://localhost:${port}` });
    expect(viaLocalhost.status).toBe(200);
  });

  it('refuses a foreign Origin with 403, even with the right token', async () => {
    const port = web.webHost.port;
    const origins = ['https://evil.example', `http://127.0.0.1:${port + 1}`, `http://localhost:${port}`, 'null', `https://127.0.0.1:${port}`];
    for (const origin of origins) {
      // `http://localhost:PORT` is foreign to a request addressed to 127.0.0.1:PORT: another origin.
      const answer = await web.callApi('getConnection', {}, { Origin: origin });
      expect(answer.status, origin).toBe(403);
      expect(answer.body).toMatchObject({ ok: false, error: { code: 'permission' } });
    }
  });

  it('refuses a request the browser marks as cross-site or same-site', async () => {
    for (const site of ['cross-site', 'same-site', 'none']) {
      const answer = await web.callApi('getConnection', {}, { 'Sec-Fetch-Site': site });
      expect(answer.status, site).toBe(403);
    }
  });

  it('checks the event stream the same way', async () => {
    const answer = await web.send({ method: 'GET', path: '/api/events', headers: { ...web.authorization(), Origin: 'https://evil.example' } });
    expect(answer.status).toBe(403);
  });
});

describe('where it listens', () => {
  it('is bound to 127.0.0.1 only', async () => {
    expect(web.webHost.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    // localhost may resolve to ::1 first; the host must not answer there.
    await expect(fetch(`http://[::1]:${web.webHost.port}/`)).rejects.toThrow();
  });
});

describe('request targets that are no URL', () => {
  it.each(['//[', '//[::1', '//x:99999/', '//user@/'])('answers %s with 400, not 500, and keeps serving', async (target) => {
    const answer = await web.send({ method: 'GET', path: target });
    expect(answer.status).toBe(400);
    expect((await web.send({ method: 'GET', path: '/' })).status).toBe(200);
  });
});
