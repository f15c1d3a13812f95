/**
 * A stored secret belongs to the addresses it was entered for. When an admin (or anyone with
 * the settings screen) changes a production profile's base URL or auth URL, the secret is
 * cleared: nothing authenticated goes to the new addresses until an admin enters the secret
 * again. A raw listener on another port stands in for the new address and records every byte
 * it receives, so the test can say that no byte of the API key or the client secret reached it.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';

interface Listener {
  readonly url: string;
  received(): Buffer;
  close(): Promise<void>;
}

/** Accepts connections, keeps every byte, answers a plain 404 to whatever arrives. */
async function startListener(): Promise<Listener> {
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: () => Buffer.concat(chunks),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let station: StationHarness;
let service: RunningSandbox;
let listener: Listener;
const apiKey = `key-${randomBytes(12).toString('hex')}`;
const clientSecret = `secret-${randomBytes(12).toString('hex')}`;

beforeAll(async () => {
  station = await startStationHarness();
  service = await station.startServiceSandbox({ credentials: { apiKey, clientId: 'desk-client', clientSecret }, requestsPerMinute: 10_000 });
  listener = await startListener();
});

afterAll(async () => {
  await listener.close();
  await station.close();
});

async function activeProfile(method: 'apiKey' | 'oauth', secret: string): Promise<string> {
  const saved = await station.value('saveProfile', {
    name: `Production ${method} ${randomBytes(3).toString('hex')}`,
    baseUrl: service.baseUrl,
    authUrl: service.authUrl,
    method,
    ...(method === 'oauth' ? { clientId: 'desk-client' } : {}),
    tier: 'custom',
    requestsPerMinute: 10_000,
  });
  await station.value('setProfileSecret', { profileId: saved.id, secret });
  await station.value('switchProfile', { profileId: saved.id });
  expect((await station.value('testConnection', {})).ok).toBe(true);
  return saved.id;
}

describe('a production profile pointed at new addresses', () => {
  it.each([
    ['apiKey', 'baseUrl', apiKey],
    ['oauth', 'authUrl', clientSecret],
  ] as const)('signed in with %s: changing its %s clears the secret and sends nothing authenticated there', async (method, changed, secret) => {
    const id = await activeProfile(method, secret);
    const before = await station.value('listProfiles', {});
    const profile = before.find((p) => p.id === id);
    if (profile === undefined) throw new Error('the profile was not saved');
    const repointed = await station.value('saveProfile', {
      id,
      name: profile.name,
      baseUrl: changed === 'baseUrl' ? listener.url : profile.baseUrl,
      authUrl: changed === 'authUrl' ? listener.url : profile.authUrl,
      method,
      ...(profile.clientId === undefined ? {} : { clientId: profile.clientId }),
      tier: 'custom',
      requestsPerMinute: 10_000,
    });
    expect(repointed.hasSecret).toBe(false);

    // The desk tries everything that would sign in: a connection test, a read, a shipment's send.
    const tested = await station.value('testConnection', {});
    expect(tested.ok).toBe(false);
    expect(tested.message).toMatch(/no (API key|client secret) is stored/);
    const connection = await station.value('getConnection', {});
    expect(connection.problem).toMatch(/an admin sets it in the connection settings/);
    const read = await station.call('listLocations', {});
    expect(read.ok ? 'answered' : read.error.code).not.toBe('internal');

    const received = listener.received();
    expect(received.includes(Buffer.from(secret))).toBe(false);
    expect(received.toString('latin1')).not.toMatch(/x-api-key|authorization|client_secret/i);

    // Re-entered by an admin, the secret signs in again (here: back at the real service).
    await station.value('saveProfile', { id, name: profile.name, baseUrl: service.baseUrl, authUrl: service.authUrl, method, ...(profile.clientId === undefined ? {} : { clientId: profile.clientId }), tier: 'custom', requestsPerMinute: 10_000 });
    await station.value('setProfileSecret', { profileId: id, secret });
    expect((await station.value('testConnection', {})).ok).toBe(true);
    await station.value('switchProfile', { profileId: 'sandbox' });
  });

  it('keeps the secret when only the name or the tier changes', async () => {
    const id = await activeProfile('apiKey', apiKey);
    const renamed = await station.value('saveProfile', { id, name: `Renamed ${randomBytes(3).toString('hex')}`, baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'Premium' });
    expect(renamed.hasSecret).toBe(true);
    expect((await station.value('testConnection', {})).ok).toBe(true);
    await station.value('switchProfile', { profileId: 'sandbox' });
  });
});
