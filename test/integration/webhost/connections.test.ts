/**
 * What a client can hold of the web host: a refused request (here without the token) is answered
 * and its connection closed at once, without the body it declared being read, however slowly it
 * is sent; and idle connections past the cap are closed as they come, so they cannot use up the
 * process's file descriptors, while the desk's own calls work again once they are gone.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useWebHost } from './webHostFixture';

const CAP = 16;
const web = useWebHost({ maxConnections: CAP });

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('a refused upload', () => {
  it('is answered and closed without its body being read, however slowly it is sent', async () => {
    const socket = await open(web.webHost.port);
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let isClosed = false;
    void closed.then(() => (isClosed = true));
    socket.write(
      `POST /api/previewOrderImport HTTP/1.1\r\nHost: 127.0.0.1:${web.webHost.port}\r\nContent-Type: application/json\r\nContent-Length: ${60 * 1024 * 1024}\r\n\r\n`,
    );
    // Trickled: 4 KiB at a time, at most 4 MB in all, until the server hangs up.
    const chunk = Buffer.alloc(4096, 0x20);
    let sent = 0;
    while (!isClosed && sent < 4 * 1024 * 1024) {
      await new Promise<void>((resolve) => socket.write(chunk, () => resolve()));
      sent += chunk.length;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(isClosed).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });
});

describe('idle connections', () => {
  it('past the cap are closed as they come, and the cap frees up once they go', async () => {
    const sockets = await Promise.all(Array.from({ length: CAP * 3 }, () => open(web.webHost.port)));
    const closedByServer = sockets.map(
      (socket) =>
        new Promise<boolean>((resolve) => {
          socket.on('error', () => undefined);
          socket.once('close', () => resolve(true));
          // A connection the server keeps stays open: a request on it is answered.
          socket.once('data', () => resolve(false));
          socket.write(`GET /icon.svg HTTP/1.1\r\nHost: 127.0.0.1:${web.webHost.port}\r\n\r\n`);
        }),
    );
    const outcomes = await Promise.all(closedByServer);
    expect(outcomes.filter((closed) => !closed).length).toBeLessThanOrEqual(CAP);
    expect(outcomes.filter((closed) => closed).length).toBeGreaterThanOrEqual(CAP * 2);
    for (const socket of sockets) socket.destroy();
    // The server counts a connection gone once it has seen it close: ask until it has.
    let status: number | undefined;
    for (let tries = 0; tries < 100 && status !== 200; tries += 1) {
      status = await web.callApi('getConnection', {}).then(
        (answer) => answer.status,
        () => undefined,
      );
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(200);
  });
});
