/**
 * Requests that arrive slowly or without credentials. The sandbox refuses an unauthenticated
 * request from its headers alone, before reading the body, and cuts off a request whose
 * headers or body do not arrive within the configured time. Each test sends part of a request
 * over a bare socket and then nothing, and waits as long as it takes for the sandbox to answer
 * and close: no test measures how long that took.
 */
import { describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { useSandbox } from '../../support/sandboxHarness';

const { client, sandbox } = useSandbox({ requestsPerMinute: 10_000, headersTimeoutMs: 500, bodyTimeoutMs: 500 });

interface Exchange {
  readonly status: number;
  readonly headers: string;
  readonly body: unknown;
}

/** Writes `text` on a new connection, sends nothing more, and reads until the sandbox closes it. */
function sendAndWaitForClose(text: string): Promise<Exchange> {
  const { port } = new URL(sandbox().baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = body;
      }
      resolve({ status, headers: head, body: parsed });
    });
  });
}

const envelope = (code: string, message: RegExp | string, type: string) => ({
  success: false,
  errors: [{ code, message: typeof message === 'string' ? message : expect.stringMatching(message), type }],
});

describe('a request without credentials', () => {
  it('is answered 401 from its headers, without the body being sent, and the connection is closed', async () => {
    const answer = await sendAndWaitForClose('POST /v1/shipment HTTP/1.1\r\nHost: sandbox\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n');
    expect(answer.status).toBe(401);
    expect(answer.headers).toMatch(/\r\nConnection: close/i);
    expect(answer.body).toEqual(envelope('AuthenticationFailed', /^credentials are missing/, 'AuthenticationError'));
  });

  it('with a wrong key is answered 401 before the body too', async () => {
    const answer = await sendAndWaitForClose('POST /v1/shipment/cancel HTTP/1.1\r\nHost: sandbox\r\nX-API-KEY: wrong\r\nContent-Type: application/json\r\nContent-Length: 900000\r\n\r\n{"shipments":');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(envelope('AuthenticationFailed', 'X-API-KEY is not a valid API key', 'AuthenticationError'));
  });

  it('a read-only key\'s write is refused 403 before its body is read', async () => {
    const key = sandbox().credentials.readOnlyApiKey;
    const answer = await sendAndWaitForClose(`POST /v1/shipment HTTP/1.1\r\nHost: sandbox\r\nX-API-KEY: ${key}\r\nContent-Type: application/json\r\nContent-Length: 500000\r\n\r\n`);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(envelope('PermissionDenied', /may read but not create shipment/, 'AuthorizationError'));
  });
});

describe('the token endpoints, whose credentials travel in the body', () => {
  it('refuse a body over 64 KiB from its declared length, before reading it', async () => {
    for (const [path, type] of [['/auth/connect/token', 'application/x-www-form-urlencoded'], ['/v1/authorize/token', 'application/json']]) {
      const answer = await sendAndWaitForClose(`POST ${path} HTTP/1.1\r\nHost: sandbox\r\nContent-Type: ${type}\r\nContent-Length: 100000\r\n\r\n`);
      expect(answer.status, path).toBe(400);
      expect(answer.headers).toMatch(/\r\nConnection: close/i);
      expect(answer.body).toEqual(envelope('InvalidRequest', 'body is larger than 65536 bytes', 'ValidationError'));
    }
  });
});

describe('timeouts', () => {
  it('cuts off an authenticated upload whose body stops coming, with 408 in the envelope', async () => {
    const key = sandbox().credentials.apiKey;
    const answer = await sendAndWaitForClose(`POST /v1/shipment HTTP/1.1\r\nHost: sandbox\r\nX-API-KEY: ${key}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"shipDate":"`);
    expect(answer.status).toBe(408);
    expect(answer.headers).toMatch(/\r\nConnection: close/i);
    expect(answer.body).toEqual(envelope('InvalidRequest', 'the request body did not arrive within 500 ms', 'ValidationError'));
  });

  it('cuts off a token request whose body stops coming', async () => {
    const answer = await sendAndWaitForClose('POST /auth/connect/token HTTP/1.1\r\nHost: sandbox\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 400\r\n\r\ngrant_type=client_');
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(envelope('InvalidRequest', 'the request body did not arrive within 500 ms', 'ValidationError'));
  });

  it('cuts off a request whose headers stop coming, with 408 in the envelope', async () => {
    const answer = await sendAndWaitForClose('GET /v1/locations?Page=1&Limit=1 HTTP/1.1\r\nHost: sandbox\r\nX-API-');
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual(envelope('InvalidRequest', /^the request headers did not arrive within 500 ms/, 'ValidationError'));
  });

  it('still serves whole requests afterwards', async () => {
    expect((await client.call('getLocations', { query: { Page: 1, Limit: 1 } })).status).toBe(200);
  });
});
