/**
 * The tests' bare HTTP client after a long wait: when the server has dropped every idle keep-alive
 * socket the client holds, a request still gets its answer (each stale socket fails once and is
 * gone), where sending again only once failed with "socket hang up" (seen as a crashed fuzz file).
 * A socket cut too soon after it went idle to have gone stale is sent again once only, and a
 * failure on a new socket not at all. The client's clock is the test's.
 */
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RawHttpClient } from '../../support/rawHttp';

let server: Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * A server that answers; once `drop` is set, it cuts any socket on its second request without an
 * answer, as a server does with a socket it closed while the client still held it idle. With
 * `refuseNew`, a new socket's first request is cut too.
 */
async function droppingServer(): Promise<{ origin: string; state: { drop: boolean; refuseNew: boolean; cut: number } }> {
  const state = { drop: false, refuseNew: false, cut: 0 };
  const used = new WeakMap<Socket, number>();
  server = createServer((request, response) => {
    const before = used.get(request.socket) ?? 0;
    used.set(request.socket, before + 1);
    if ((state.drop && before > 0) || (state.refuseNew && before === 0)) {
      state.cut += 1;
      request.socket.destroy();
      return;
    }
    request.resume();
    request.on('end', () => response.end(JSON.stringify({ ok: true })));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${String(port)}`, state };
}

const get = { method: 'GET', path: '/' } as const;

describe('RawHttpClient', () => {
  it('gets its answer when every idle socket it holds has gone stale', async () => {
    const { origin, state } = await droppingServer();
    let clock = 0;
    const client = new RawHttpClient(origin, 4, () => clock);
    try {
      // Four sockets open and idle in the pool, for longer than a server keeps them.
      await Promise.all(Array.from({ length: 4 }, () => client.send(get)));
      clock += 5_000;
      state.drop = true;
      const answer = await client.send(get);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true });
      // Each of the four stale sockets was tried once and dropped, then a new one answered.
      expect(state.cut).toBe(4);
    } finally {
      client.close();
    }
  });

  it('sends again once only when a socket it had just used is cut', async () => {
    const { origin, state } = await droppingServer();
    const clock = 0;
    const client = new RawHttpClient(origin, 4, () => clock);
    try {
      await Promise.all(Array.from({ length: 4 }, () => client.send(get)));
      state.drop = true;
      await expect(client.send(get)).rejects.toThrow(/socket hang up/);
      expect(state.cut).toBe(2);
    } finally {
      client.close();
    }
  });

  it('does not send again when a new socket fails', async () => {
    const { origin, state } = await droppingServer();
    const client = new RawHttpClient(origin, 4);
    try {
      state.refuseNew = true;
      await expect(client.send(get)).rejects.toThrow(/socket hang up/);
      expect(state.cut).toBe(1);
    } finally {
      client.close();
    }
  });
});
