/**
 * The LISTEN session closes whatever it is doing: here while it is still connecting, to a loopback
 * server that accepts the connection and never answers (a database host that hangs mid-handshake,
 * or a reconnect in flight when the desk switches profiles or quits). pg's `Client.end()` during
 * `connect()` never settles the connect, so a close that waited for it hung for good.
 */
import net from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { WarehouseListener, type ListenerState } from '../../../electron/warehouse/listener';

const servers: net.Server[] = [];
const sockets: net.Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

interface Accepted {
  readonly socket: net.Socket;
  /** Settles when the connection is closed at the server's end. */
  readonly closed: Promise<void>;
}

/** A server on 127.0.0.1 that takes connections and says nothing; resolves with its port and each accepted connection. */
async function silentServer(): Promise<{ port: number; accepted: () => Promise<Accepted> }> {
  const waiting: ((accepted: Accepted) => void)[] = [];
  const arrived: Accepted[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    // Read (and drop) what the client sends, so its end reaches this side.
    socket.resume();
    const accepted: Accepted = { socket, closed: new Promise((resolve) => socket.once('close', () => resolve())) };
    const next = waiting.shift();
    if (next === undefined) arrived.push(accepted);
    else next(accepted);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    accepted: () => {
      const ready = arrived.shift();
      return ready === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(ready);
    },
  };
}

describe('WarehouseListener.close', () => {
  it('ends a session that is still connecting, and says closed', async () => {
    const { port, accepted } = await silentServer();
    const listener = new WarehouseListener({ host: '127.0.0.1', port, user: 'desk', database: 'packbench', password: 'x' }, ['packbench_changes']);
    const states: ListenerState[] = [];
    listener.on('state', (state) => states.push(state));
    void listener.start();
    const connection = await accepted();
    await listener.close();
    expect(listener.state).toBe('closed');
    expect(states).toEqual(['closed']);
    // The connection was given up, not left open at the server.
    await connection.closed;
  });

  it('ends a reconnect in flight after the first session broke', async () => {
    const { port, accepted } = await silentServer();
    const listener = new WarehouseListener({ host: '127.0.0.1', port, user: 'desk', database: 'packbench', password: 'x' }, ['packbench_changes'], { minBackoffMs: 2, maxBackoffMs: 4 });
    const reasons: (string | undefined)[] = [];
    listener.on('state', (state, reason) => {
      if (state === 'reconnecting') reasons.push(reason);
    });
    void listener.start();
    // The first connection is cut by the server; the listener connects again and that one hangs.
    (await accepted()).socket.destroy();
    await accepted();
    await listener.close();
    expect(listener.state).toBe('closed');
    expect(reasons.length).toBeGreaterThan(0);
  });
});
