import { describe, expect, it } from 'vitest';
import { useSandbox } from '../../support/sandboxHarness';
import { shipment } from '../../support/shipments';

const { client, sandbox } = useSandbox({ requestsPerMinute: 10_000, seed: 7 });
const LIST = { query: { Page: 1, Limit: 1 } } as const;

async function countByReference(orderNumber: string): Promise<number> {
  const answer = await client.call('searchShipments', { body: { filter: [{ column: 'orderNumber', condition: 0, value: orderNumber }] } });
  return answer.json.totalCount as number;
}

describe('fault controls (off by default, switchable at run time)', () => {
  it('are off by default', async () => {
    expect(sandbox().faults.settings).toMatchObject({ latencyMs: 0, errorRate: 0, outage: false, force429: 0, commitThenDrop: 0 });
    expect((await client.call('getLocations', LIST)).status).toBe(200);
  });

  it('a full outage resets every connection, and ending it restores service', async () => {
    expect((await client.setFaults({ outage: true })).status).toBe(200);
    await expect(client.call('getLocations', LIST)).rejects.toThrow(/socket hang up|ECONNRESET/);
    await client.setFaults({});
    expect((await client.call('getLocations', LIST)).status).toBe(200);
  });

  it('added latency delays each answer', async () => {
    sandbox().faults.set({ latencyMs: 300 });
    const started = performance.now();
    expect((await client.call('getLocations', LIST)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    sandbox().faults.clear();
  });

  it('forced 429s answer with Retry-After, for exactly as many requests as asked', async () => {
    sandbox().faults.set({ force429: 2, retryAfterSeconds: 3 });
    const first = await client.call('getLocations', LIST);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('3');
    expect((first.json.errors as { code: string }[])[0]?.code).toBe('RateLimitExceeded');
    expect((await client.call('getLocations', LIST)).status).toBe(429);
    expect((await client.call('getLocations', LIST)).status).toBe(200);
  });

  it('an error rate answers that share with 500 InternalError in the envelope', async () => {
    sandbox().faults.set({ errorRate: 1 });
    const answer = await client.call('getLocations', LIST);
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual({ success: false, errors: [{ code: 'InternalError', message: expect.stringMatching(/injected/), type: 'ServerError' }] });
    sandbox().faults.set({ errorRate: 0.5 });
    const statuses = await Promise.all(Array.from({ length: 60 }, async () => (await client.call('getLocations', LIST)).status));
    expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(10);
    sandbox().faults.clear();
  });

  it('commit-then-drop creates the shipment but the caller never sees the answer', async () => {
    sandbox().faults.set({ commitThenDrop: 1 });
    await expect(client.call('createShipment', { body: shipment({ references: { orderNumber: 'SO-DROP-1' } }) })).rejects.toThrow(/socket hang up|ECONNRESET/);
    sandbox().faults.clear();
    expect(await countByReference('SO-DROP-1')).toBe(1);
  });

  it('the control endpoint needs the admin token and validates its input', async () => {
    const noToken = await client.send('PUT', `${sandbox().baseUrl}/_sandbox/faults`, { body: { outage: true }, auth: 'none' });
    expect(noToken.status).toBe(401);
    const bad = await client.setFaults({ errorRate: 2 });
    expect(bad.status).toBe(400);
    expect((bad.json.errors as { message: string }[])[0]?.message).toBe('errorRate must be at most 1');
    expect(sandbox().faults.settings.outage).toBe(false);
  });
});
