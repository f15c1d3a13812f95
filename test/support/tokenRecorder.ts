/**
 * A recording forwarder for OAuth token requests, on 127.0.0.1: a profile's auth URL points at it,
 * it passes each POST /connect/token to the real auth URL, and keeps every access token the
 * service answers, so a test can look for them where they must never be.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Forwards POST /connect/token to the sandbox's auth URL and records each access token it answers. */
export interface TokenRecorder {
  readonly url: string;
  readonly tokens: string[];
  /** How many token requests carried the expected client secret (the desk really used it). */
  readonly requestsWithSecret: () => number;
  close(): Promise<void>;
}

export async function startTokenRecorder(targetAuthUrl: string, secret: string): Promise<TokenRecorder> {
  const tokens: string[] = [];
  let withSecret = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        if (request.method !== 'POST' || request.url !== '/connect/token') {
          response.writeHead(404).end();
          return;
        }
        const body = Buffer.concat(chunks).toString('utf8');
        if (new URLSearchParams(body).get('client_secret') === secret) withSecret += 1;
        const answer = await fetch(`${targetAuthUrl}/connect/token`, {
          method: 'POST',
          headers: { 'Content-Type': request.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
          body,
        });
        const text = await answer.text();
        try {
          const token = (JSON.parse(text) as { access_token?: unknown }).access_token;
          if (typeof token === 'string') tokens.push(token);
        } catch {
          // An error envelope carries no token.
        }
        response.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'application/json' }).end(text);
      })().catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tokens,
    requestsWithSecret: () => withSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
