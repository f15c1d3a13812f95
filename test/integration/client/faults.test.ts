import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import { CancelledError, ContractError, NetworkError, RateLimitError, TimeoutError, UnknownOutcomeError, ValidationError } from '../../../electron/service/client/errors';
import { realTimers, type Timers } from '../../../electron/platform/clock';
import { ServiceClient } from '../../../electron/service/client/client';
import { authFor, clientFor, startRecordedSandbox, type Traffic } from '../../support/clientHarness';
import { shipment } from '../../support/shipments';

const LIST = { Page: 1, Limit: 1 } as const;
const FAST_RETRIES = { maxAttempts: 3, baseDelayMs: 5, maxDelayMs: 20 };
let sandbox: RunningSandbox;
let traffic: Traffic;

beforeAll(async () => {
  ({ sandbox, traffic } = await startRecordedSandbox());
});
afterAll(() => sandbox.close());
beforeEach(() => {
  sandbox.faults.clear();
  traffic.entries.length = 0;
});

async function countByOrder(orderNumber: string): Promise<number> {
  const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey'));
  const found = await client.searchShipments({ filter: [{ column: 'orderNumber', condition: 0, value: orderNumber }] });
  client.close();
  return found.totalCount;
}

describe('the client under the sandbox\'s faults', () => {
  it('an outage is a NetworkError for a read, after the capped retries', async () => {
    sandbox.faults.set({ outage: true });
    const { client, log } = clientFor(sandbox, authFor(sandbox, 'apiKey'), { retry: FAST_RETRIES });
    const error = await client.getLocations(LIST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toMatch(/connection .* was dropped/);
    expect(log.requests.map((r) => r.status)).toEqual(['network', 'network', 'network']);
    client.close();
  });

  it('an outage during a create is an unknown outcome, sent once, and nothing was created', async () => {
    sandbox.faults.set({ outage: true });
    const { client, log } = clientFor(sandbox, authFor(sandbox, 'apiKey'), { retry: FAST_RETRIES });
    await expect(client.createShipment(shipment({ references: { orderNumber: 'SO-OUTAGE' } }))).rejects.toBeInstanceOf(UnknownOutcomeError);
    expect(log.requests).toHaveLength(1);
    sandbox.faults.clear();
    expect(await countByOrder('SO-OUTAGE')).toBe(0);
    client.close();
  });

  it('latency above the timeout is a TimeoutError and leaves no socket open', async () => {
    sandbox.faults.set({ latencyMs: 1_000 });
    const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey'), { retry: { maxAttempts: 1 }, timeouts: { totalMs: 150 } });
    const error = await client.getLocations(LIST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toMatch(/no answer .* within 150 ms/);
    // The socket closes as the request is destroyed; the agent hears of it a tick later.
    await expect.poll(() => client.openSockets()).toBe(0);
    await expect.poll(() => sandbox.connections()).toBe(0);
    client.close();
  });

  it('a forced 429 is waited out for at least Retry-After, then succeeds', async () => {
    sandbox.faults.set({ force429: 1, retryAfterSeconds: 1 });
    const slept: number[] = [];
    const timers: Timers = { now: realTimers.now, sleep: (ms, signal) => (slept.push(ms), realTimers.sleep(ms, signal)) };
    const { client, log } = clientFor(sandbox, authFor(sandbox, 'apiKey'), { timers });
    await client.getLocations(LIST);
    expect(log.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(Math.max(...slept)).toBeGreaterThanOrEqual(1_000);
    client.close();
  });

  it('a 429 whose wait is too long is a RateLimitError carrying the wait', async () => {
    sandbox.faults.set({ force429: 1, retryAfterSeconds: 3_000 });
    const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey'));
    const error = await client.getLocations(LIST).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_000_000);
    client.close();
  });

  it('commit-then-drop on create is an unknown outcome, and the create was sent only once', async () => {
    sandbox.faults.set({ commitThenDrop: 1 });
    const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey'), { retry: FAST_RETRIES });
    const error = await client.createShipment(shipment({ references: { orderNumber: 'SO-DROPPED' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(traffic.count('POST', '/v1/shipment')).toBe(1);
    sandbox.faults.clear();
    expect(await countByOrder('SO-DROPPED')).toBe(1);
    client.close();
  });

  it('server errors on a read are retried until they pass', async () => {
    sandbox.faults.set({ errorRate: 1 });
    // The service recovers while the client waits to retry.
    const timers: Timers = { now: realTimers.now, sleep: (ms, signal) => (sandbox.faults.clear(), realTimers.sleep(ms, signal)) };
    const { client, log } = clientFor(sandbox, authFor(sandbox, 'apiKey'), { retry: FAST_RETRIES, timers });
    await expect(client.getLocations(LIST)).resolves.toMatchObject({ pageNumber: 1 });
    expect(log.requests.map((r) => r.status)).toEqual([500, 200]);
    client.close();
  });

  it('a server error on a create is an unknown outcome, not retried', async () => {
    sandbox.faults.set({ errorRate: 1 });
    const { client, log } = clientFor(sandbox, authFor(sandbox, 'apiKey'), { retry: FAST_RETRIES });
    const error = await client.createShipment(shipment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect((error as UnknownOutcomeError).items).toEqual([{ code: 'InternalError', message: expect.stringMatching(/injected/), type: 'ServerError' }]);
    expect(log.requests).toHaveLength(1);
    client.close();
  });

  it('an AbortSignal cancels a read, and makes a sent create an unknown outcome', async () => {
    sandbox.faults.set({ latencyMs: 2_000 });
    const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey'));
    await expect(client.getLocations(LIST, { signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(CancelledError);
    await expect(client.createShipment(shipment(), { signal: AbortSignal.timeout(100) })).rejects.toBeInstanceOf(UnknownOutcomeError);
    await expect.poll(() => client.openSockets()).toBe(0);
    client.close();
  });

  it('an input that breaks the contract is refused before anything is sent', async () => {
    const { client, log } = clientFor(sandbox, authFor(sandbox, 'apiKey'));
    const { shipTo: _shipTo, ...noShipTo } = shipment();
    const error = await client.createShipment(noShipTo as Parameters<typeof client.createShipment>[0]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).source).toBe('input');
    expect((error as ValidationError).items).toEqual([{ code: 'InvalidRequest', message: 'shipTo is required', field: 'shipTo' }]);
    expect(log.requests).toHaveLength(0);
    client.close();
  });

  it('the service\'s validation errors come back with every item and its field', async () => {
    const { client } = clientFor(sandbox, authFor(sandbox, 'apiKey'));
    const error = await client.createShipment(shipment({ shipTo: { ...shipment().shipTo, zipPostalCode: '00000' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).items[0]).toMatchObject({ code: 'InvalidAddress', field: 'shipTo.zipPostalCode' });
    client.close();
  });
});

describe('a service that is not there at all', () => {
  it('a create that never connected is a NetworkError (not an unknown outcome), and is retried', async () => {
    // A port that was free a moment ago: connections are refused, nothing is ever sent.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const logged: string[] = [];
    const client = new ServiceClient({
      baseUrl: `http://127.0.0.1:${port}`,
      authUrl: `http://127.0.0.1:${port}/auth`,
      auth: { method: 'apiKey', apiKey: 'k' },
      requestsPerMinute: 1000,
      retry: FAST_RETRIES,
      logger: { request: (entry) => logged.push(String(entry.status)), warn: () => undefined },
    });
    const error = await client.createShipment(shipment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).sent).toBe(false);
    expect((error as Error).message).toMatch(/refused the connection/);
    expect(logged).toEqual(['network', 'network', 'network']);
    client.close();
  });
});

describe('answers that break the contract', () => {
  let server: Server;
  let baseUrl: string;
  const answers = new Map<string, { status: number; body: string }>();

  beforeAll(async () => {
    // A stand-in service that answers whatever each test sets: the sandbox never breaks the contract.
    server = createServer((request, response) => {
      const answer = answers.get(`${request.method} ${request.url?.split('?')[0]}`) ?? { status: 404, body: '' };
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const client = () => new ServiceClient({ baseUrl, authUrl: baseUrl, auth: { method: 'apiKey', apiKey: 'k' }, requestsPerMinute: 1000, retry: { maxAttempts: 1 } });

  it('a missing required field is a ContractError naming it', async () => {
    answers.set('POST /v1/shipment', { status: 200, body: JSON.stringify({ success: true, id: 'shp_1' }) });
    const error = await client().createShipment(shipment()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as ContractError).items).toEqual([{ code: 'ContractViolation', message: 'trackingNumber is required', field: 'trackingNumber' }]);
  });

  it('a wrong type is a ContractError naming the field, and unknown fields are kept', async () => {
    answers.set('POST /v1/shipments', { status: 200, body: JSON.stringify({ shipments: [], pageIndex: 'one', pageSize: 20, totalCount: 0 }) });
    await expect(client().searchShipments({})).rejects.toThrow(/pageIndex must be a number/);
    answers.set('POST /v1/shipments', { status: 200, body: JSON.stringify({ shipments: [{ id: 'a', newField: 1 }], pageIndex: 1, pageSize: 20, totalCount: 1, nextCursor: 'x' }) });
    const found = await client().searchShipments({});
    expect(found).toMatchObject({ nextCursor: 'x', shipments: [{ id: 'a', newField: 1 }] });
  });

  it('a non-JSON error page becomes a readable error with the status', async () => {
    answers.set('GET /v1/location/x', { status: 502, body: '<html><body>Bad Gateway</body></html>' });
    await expect(client().getLocation('x')).rejects.toThrow(/the service failed \(502\): the service answered 502: <html><body>Bad Gateway/);
  });
});
