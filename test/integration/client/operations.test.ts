import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import type { ServiceClient } from '../../../electron/service/client/client';
import { authFor, clientFor, startRecordedSandbox, type AuthMethod, type ClientLog } from '../../support/clientHarness';
import { location, rateRequest, shipment } from '../../support/shipments';

let sandbox: RunningSandbox;
beforeAll(async () => {
  ({ sandbox } = await startRecordedSandbox());
});
afterAll(() => sandbox.close());

describe.each<AuthMethod>(['apiKey', 'oauth', 'bearer'])('every operation through the client, authenticated by %s', (method) => {
  let client: ServiceClient;
  let log: ClientLog;
  beforeAll(() => {
    ({ client, log } = clientFor(sandbox, authFor(sandbox, method)));
  });
  afterAll(() => client.close());

  it('manages locations', async () => {
    const created = await client.createLocation(location(`${method}-WH`));
    const id = created.id;
    expect((await client.getLocation(id)).referenceId).toBe(`${method}-WH`);
    expect((await client.updateLocation(id, { locationName: `${method} DC` })).id).toBe(id);
    const page = await client.getLocations({ Page: 1, Limit: 10, Query: `${method} DC` });
    expect(page.data.map((l) => l.id)).toEqual([id]);
    expect((await client.deleteLocation(id)).id).toBe(id);
  });

  it('rates, validates, previews rules and ships', async () => {
    expect((await client.rateShop(rateRequest())).responses.length).toBeGreaterThan(0);
    expect((await client.validateAddress({ address: { address1: '500 Howard St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US' } })).status).toBe('Valid');
    expect((await client.applyRule(shipment())).ruleId).toEqual(expect.any(String));
    const created = await client.createShipment(shipment({ references: { orderNumber: `SO-${method}` } }));
    expect(created.documents?.[0]?.documentType).toBe('Label');
  });

  it('searches, updates, tracks, blocks, unblocks, cancels and archives', async () => {
    const { id, trackingNumber } = await client.createShipment(shipment({ references: { orderNumber: `SO-${method}-2` } }));
    const found = await client.searchShipments({ searchTerm: `SO-${method}-2` });
    expect(found.pageIndex).toBe(1);
    expect(found.shipments.map((s) => s.id)).toEqual([id]);
    expect((await client.updateShipments({ shipments: [{ id, references: { customerPO: 'PO-9' } }] })).shipments[0]?.success).toBe(true);
    expect((await client.trackShipments({ shipments: [{ trackingNumber }] })).shipments[0]?.shipment_Id).toBe(id);
    expect((await client.blockShipment(id, { reason: 'check' })).success).toBe(true);
    expect((await client.unblockShipment(id)).success).toBe(true);
    expect((await client.cancelShipments({ shipments: [{ id, cancelReason: 'test' }] })).shipments[0]?.status).toBe('Cancelled');
    expect((await client.archiveShipment(id)).message).toContain(id);
  });

  it('logs each exchange with method, path, status, duration and request id, and no secret', () => {
    expect(log.requests.length).toBeGreaterThan(10);
    for (const entry of log.requests) {
      expect(entry).toMatchObject({ method: expect.stringMatching(/^(GET|POST|PUT|DELETE)$/), path: expect.stringMatching(/^\//), status: expect.any(Number), requestId: expect.any(String) });
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
    }
    const text = JSON.stringify(log);
    const { apiKey, clientSecret } = sandbox.credentials;
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain(clientSecret);
    expect(text).not.toMatch(/Bearer|eyJ/);
  });
});
