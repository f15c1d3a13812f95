/**
 * A loopback stand-in for a scheduler that wants TLS or a login from this client: Packbench's own
 * IPP requests (told apart by their User-Agent) are refused, every other connection (the CUPS
 * tools') is passed through to the private cupsd. cupsd itself never asks loopback clients for
 * either, so this is how the hand-over to the command-line tools is reached in tests.
 */
import net from 'node:net';
import { GROUP, VALUE, encodeMessage } from '../../../electron/platform/printers/cups/ippWire';

/** tls: HTTP 426 Upgrade Required; login: HTTP 401; notAuthenticated: IPP client-error-not-authenticated. */
export type Refusal = 'tls' | 'login' | 'notAuthenticated';

export interface RefusingProxy {
  readonly port: number;
  /** Packbench requests answered with the refusal. */
  readonly refused: number;
  /** Connections passed through to cupsd (the CUPS tools'). */
  readonly passed: number;
  close(): Promise<void>;
}

function refusalBytes(refusal: Refusal): Buffer {
  if (refusal === 'tls') return Buffer.from('HTTP/1.1 426 Upgrade Required\r\nUpgrade: TLS/1.2,HTTP/1.1\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  if (refusal === 'login') return Buffer.from('HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Basic realm="CUPS"\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  const body = encodeMessage({
    version: [2, 0],
    code: 0x0402,
    requestId: 1,
    groups: [
      {
        tag: GROUP.operation,
        attributes: [
          { name: 'attributes-charset', tag: VALUE.charset, values: ['utf-8'] },
          { name: 'attributes-natural-language', tag: VALUE.naturalLanguage, values: ['en'] },
        ],
      },
    ],
  });
  return Buffer.concat([
    Buffer.from(`HTTP/1.1 200 OK\r\nContent-Type: application/ipp\r\nConnection: close\r\nContent-Length: ${String(body.length)}\r\n\r\n`),
    body,
  ]);
}

export async function refusingProxy(upstream: string, refusal: Refusal): Promise<RefusingProxy> {
  const [host = '', port = ''] = upstream.split(':');
  const counts = { refused: 0, passed: 0 };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      if (!head.includes('\r\n\r\n')) return;
      client.off('data', onData);
      if (/^User-Agent: Packbench/im.test(head.toString('latin1'))) {
        counts.refused += 1;
        client.end(refusalBytes(refusal));
        // Keep reading the upload, so closing does not reset the connection under the answer.
        client.resume();
        return;
      }
      counts.passed += 1;
      const cupsd = net.connect(Number(port), host);
      sockets.add(cupsd);
      cupsd.on('close', () => sockets.delete(cupsd));
      cupsd.write(head);
      client.pipe(cupsd).pipe(client);
      cupsd.on('error', () => client.destroy());
      client.on('error', () => cupsd.destroy());
    };
    client.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : 0,
    get refused() {
      return counts.refused;
    },
    get passed() {
      return counts.passed;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
