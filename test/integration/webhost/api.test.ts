import { describe, expect, it } from 'vitest';
import { SANDBOX_CONNECTION, useWebHost } from './webHostFixture';

const web = useWebHost({ maxBodyBytes: 64 * 1024 });

describe('station methods over the web host', () => {
  it('carries a call and its value both ways', async () => {
    const answer = await web.callApi('getConnection', {});
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body).toEqual({ ok: true, value: SANDBOX_CONNECTION });

    const location = await web.callApi('getLocation', { id: 'LOC-7' });
    expect(location.body).toEqual({ ok: true, value: { id: 'LOC-7', echoed: true } });
  });

  it('treats an empty body as no input', async () => {
    const answer = await web.send({ method: 'POST', path: '/api/getConnection', headers: { 'Content-Type': 'application/json', ...web.authorization() }, body: '' });
    expect(answer.body).toEqual({ ok: true, value: SANDBOX_CONNECTION });
  });

  it('passes an ok:false result through with HTTP 200, so the page gets the typed error', async () => {
    const answer = await web.callApi('getLocation', { id: 'missing' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: false, error: { code: 'notFound', message: 'location missing does not exist', fields: [], retryable: false } });
  });

  it("passes the station's own input checks through", async () => {
    const answer = await web.callApi('getLocation', { id: '', extra: 1 });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
    const fields = (answer.body as { error: { fields: { field: string }[] } }).error.fields.map((f) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['id']));
  });

  it('answers an unknown method with unknownMethod', async () => {
    const answer = await web.callApi('stealSecrets', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
  });

  it('answers a malformed method name without reaching the station', async () => {
    const answer = await web.callApi('get%20Connection', {});
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'unknownMethod' } });
  });

  it('refuses a body that is not JSON with 400 and an invalidInput result', async () => {
    const answer = await web.send({ method: 'POST', path: '/api/getConnection', headers: { 'Content-Type': 'application/json', ...web.authorization() }, body: '{"id": ' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'invalidInput', message: 'getConnection: the input is not valid JSON', retryable: false } });
  });

  it('refuses a body that is not UTF-8 with 400', async () => {
    const response = await fetch(`${web.webHost.url}api/getConnection`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...web.authorization() },
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ id: 'x'.repeat(100 * 1024) });
    const declared = await web.callApi('getLocation', JSON.parse(big));
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ ok: false, error: { code: 'invalidInput' } });

    // Sent as a stream, so without a Content-Length: the limit is met while reading.
    const bytes = new TextEncoder().encode(big);
    const chunked = await fetch(`${web.webHost.url}api/getLocation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...web.authorization() },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += 8192) controller.enqueue(bytes.slice(at, at + 8192));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it("keeps the same bound for every method: a shop's order file comes in pieces within it", async () => {
    const text = 'x'.repeat(100 * 1024);
    expect((await web.callApi('previewOrderImport', { text })).status).toBe(413);
    expect((await web.callApi('getLocation', { id: text })).status).toBe(413);
    // A piece of a file well under the bound reaches the station, which checks it against the method's schema.
    const piece = await web.callApi('appendOrderFile', { fileId: 'A'.repeat(24), offset: 0, data: Buffer.from('Order,Name\n').toString('base64') });
    expect(piece.status).toBe(200);
    expect(piece.body).toMatchObject({ ok: false, error: { code: 'notFound', message: 'appendOrderFile is not part of this test' } });
  });

  it('asks for a JSON content type (a cross-origin form post cannot send one without a preflight)', async () => {
    const answer = await web.send({ method: 'POST', path: '/api/getConnection', headers: { 'Content-Type': 'text/plain', ...web.authorization() }, body: '{}' });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ ok: false, error: { code: 'invalidInput' } });
  });

  it('takes methods only as POST', async () => {
    const answer = await web.send({ method: 'GET', path: '/api/getConnection', headers: web.authorization() });
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('POST');
  });
});

describe('the token', () => {
  it('is 32 random bytes in base64url unless one is given', () => {
    expect(web.webHost.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(web.webHost.openUrl).toBe(`${web.webHost.url}#token=${web.webHost.token}`);
    expect(web.webHost.url).toBe(`http://127.0.0.1:${web.webHost.port}/`);
  });

  it('is required for every call: missing, wrong or malformed means 401', async () => {
    const headerSets: Record<string, string>[] = [
      {},
      // The last character changed (to one it is not: a token may end in "A").
      { Authorization: `Bearer ${web.webHost.token.slice(0, -1)}${web.webHost.token.endsWith('A') ? 'B' : 'A'}` },
      { Authorization: `Bearer ${web.webHost.token}x` },
      { Authorization: `Basic ${web.webHost.token}` },
      { Authorization: web.webHost.token },
      { Authorization: `Bearer  ${web.webHost.token}` },
    ];
    for (const headers of headerSets) {
      const answer = await web.send({ method: 'POST', path: '/api/getConnection', headers: { 'Content-Type': 'application/json', ...headers }, body: '{}' });
      expect(answer.status, JSON.stringify(headers)).toBe(401);
      expect(answer.body).toMatchObject({ ok: false, error: { code: 'permission' } });
      expect(answer.text).not.toContain(web.webHost.token);
    }
  });

  it('is not accepted in the query string for method calls', async () => {
    const answer = await web.send({ method: 'POST', path: `/api/getConnection?token=${web.webHost.token}`, headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(401);
  });
});
