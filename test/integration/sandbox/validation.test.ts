import { describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { LIMITS } from '../../../electron/service/contract';
import { useSandbox, type Answer } from '../../support/sandboxHarness';
import { internationalShipment, location, rateRequest, shipment } from '../../support/shipments';

const { client, sandbox } = useSandbox({ requestsPerMinute: 10_000 });

function errors(answer: Answer): { code: string; message: string }[] {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.json.success).toBe(false);
  return answer.json.errors as { code: string; message: string }[];
}

describe('malformed requests are 400 InvalidRequest in the envelope, never a 500', () => {
  it('malformed JSON', async () => {
    expect(errors(await client.call('createShipment', { rawBody: '{"shipDate": ' }))).toEqual([
      { code: 'InvalidRequest', message: expect.stringMatching(/^body is not valid JSON/), type: 'ValidationError' },
    ]);
  });

  it('a wrong content type', async () => {
    expect(errors(await client.call('rateShop', { rawBody: 'weight=5', contentType: 'text/plain' }))[0]).toMatchObject({
      code: 'InvalidRequest',
      message: 'Content-Type must be application/json, not "text/plain"',
    });
  });

  it('a wrong JSON type for a field', async () => {
    const body = { ...shipment(), packages: [{ weight: 'five', length: 1, width: 1, height: 1 }] };
    expect(errors(await client.call('createShipment', { body }))).toEqual([{ code: 'InvalidRequest', message: 'packages[0].weight must be a number', type: 'ValidationError' }]);
  });

  it('a body that is not an object', async () => {
    expect(errors(await client.call('searchShipments', { body: [1, 2] }))[0]).toMatchObject({ code: 'InvalidRequest' });
  });

  it('an oversize body', async () => {
    const answer = await client.call('createShipment', { body: { ...shipment(), notes: 'x'.repeat(LIMITS.maxBodyBytes) } });
    expect(answer.status).toBe(400);
    expect(errors(answer)[0]).toMatchObject({ code: 'InvalidRequest', message: `body is larger than ${LIMITS.maxBodyBytes} bytes` });
  });

  it('an unknown path and a wrong method', async () => {
    expect(errors(await client.send('GET', `${sandbox().baseUrl}/v1/nothing`))[0]?.message).toBe('no operation at GET /v1/nothing');
    const wrongMethod = await client.send('GET', `${sandbox().baseUrl}/v1/shipment/cancel`);
    expect(wrongMethod.status).toBe(405);
    expect(errors(wrongMethod)[0]?.message).toMatch(/use POST/);
  });
});

describe('validation failures name the field', () => {
  it('create shipment: a missing ship-to postal code is InvalidAddress', async () => {
    const { zipPostalCode: _zip, ...shipTo } = shipment().shipTo;
    expect(errors(await client.call('createShipment', { body: { ...shipment(), shipTo } }))).toEqual([
      { code: 'InvalidAddress', message: 'shipTo.zipPostalCode is required', type: 'ValidationError' },
    ]);
  });

  it('create shipment: an empty body lists every required field', async () => {
    const messages = errors(await client.call('createShipment', { body: {} })).map((e) => e.message);
    expect(messages).toEqual(['shipDate is required', 'shipTo is required', 'shipFrom is required', 'shipmentInfo is required', 'packages is required']);
  });

  it('create shipment: a ZIP code that does not exist', async () => {
    const body = shipment({ shipTo: { ...shipment().shipTo, zipPostalCode: '00000' } });
    expect(errors(await client.call('createShipment', { body }))[0]).toMatchObject({ code: 'InvalidAddress', message: expect.stringMatching(/^shipTo\.zipPostalCode .*not a US ZIP code/) });
  });

  it('create shipment: no packages, too many packages, a ship date a month back', async () => {
    expect(errors(await client.call('createShipment', { body: shipment({ packages: [] }) }))[0]?.message).toBe('packages must have at least 1 item');
    const many = Array.from({ length: LIMITS.maxPackages + 1 }, () => ({ weight: 1, length: 5, width: 5, height: 5 }));
    expect(errors(await client.call('createShipment', { body: shipment({ packages: many }) }))[0]?.message).toBe(`packages must have at most ${LIMITS.maxPackages} items`);
    const old = new Date(Date.now() - 30 * 86_400_000).toISOString();
    expect(errors(await client.call('createShipment', { body: shipment({ shipDate: old }) }))[0]).toMatchObject({ code: 'InvalidShipment', message: 'shipDate must not be more than 7 days in the past' });
  });

  it('create shipment: international without customs data', async () => {
    const { internationalDetail: _detail, ...body } = internationalShipment();
    expect(errors(await client.call('createShipment', { body }))[0]).toMatchObject({ code: 'InvalidShipment', message: 'internationalDetail is required for an international shipment' });
    const partial = internationalShipment();
    const answer = await client.call('createShipment', { body: { ...partial, internationalDetail: { commodities: [{ description: 'Hoodie' }] } } });
    expect(errors(answer).map((e) => e.message)).toEqual([
      'internationalDetail.currencyCode is required for an international shipment',
      'internationalDetail.reasonToExport is required for an international shipment',
      'internationalDetail.totalCustomValue is required for an international shipment',
      'internationalDetail.commodities[0].quantity is required for an international shipment',
      'internationalDetail.commodities[0].customValue is required for an international shipment',
      'internationalDetail.commodities[0].countryOfOrigin is required for an international shipment',
    ]);
  });

  it('create shipment: an unknown carrier', async () => {
    const answer = await client.call('createShipment', { body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'Pigeon Post' } }) });
    expect(errors(answer)[0]?.message).toMatch(/shipmentInfo\.carrier/);
  });

  it('rate shop: missing packages, and a package too heavy for every parcel service', async () => {
    const { packages: _p, ...noPackages } = rateRequest();
    expect(errors(await client.call('rateShop', { body: noPackages }))).toEqual([{ code: 'InvalidShipment', message: 'packages is required', type: 'ValidationError' }]);
    const heavy = { ...rateRequest(), packages: [{ weight: 900, length: 40, width: 40, height: 40 }] };
    expect(errors(await client.call('rateShop', { body: heavy }))[0]?.message).toMatch(/packages\[0\]\.weight/);
  });

  it('address validation: a missing city is InvalidAddress', async () => {
    const answer = await client.call('validateAddress', { body: { address: { address1: '1 Main St', stateProvince: 'IL', zipPostalCode: '60607', country: 'US' } } });
    expect(errors(answer)).toEqual([{ code: 'InvalidAddress', message: 'address.city is required', type: 'ValidationError' }]);
  });

  it('locations: a missing name, a bad page size, an unknown sort field, an unknown id', async () => {
    const { locationName: _n, ...noName } = location();
    expect(errors(await client.call('createLocation', { body: noName }))[0]?.message).toBe('locationName is required');
    expect(errors(await client.call('getLocations', { query: { Page: 1, Limit: 500 } }))[0]?.message).toBe('Limit must be at most 100');
    expect(errors(await client.call('getLocations', { query: { Limit: 5 } }))[0]?.message).toBe('Page is required');
    expect(errors(await client.call('getLocations', { query: { Page: 1, Limit: 5, Sort: 'color' } }))[0]?.message).toMatch(/^Sort must be one of/);
    const missing = await client.call('getLocation', { id: 'loc_missing' });
    expect(missing.status).toBe(404);
    expect(errors(missing)).toEqual([{ code: 'LocationNotFound', message: 'location loc_missing does not exist', type: 'NotFoundError' }]);
  });

  it('locations: an update that would empty a required address field', async () => {
    const id = (await client.call('createLocation', { body: location() })).json.id as string;
    expect(errors(await client.call('updateLocation', { id, body: { address: { city: 42 } } }))[0]?.message).toBe('address.city must be a string');
  });

  it('search: an unknown column, an unknown condition, a page too large', async () => {
    expect(errors(await client.call('searchShipments', { body: { filter: [{ column: 'color', condition: 0, value: 'x' }] } }))[0]?.message).toMatch(/^filter\[0\]\.column must be one of/);
    expect(errors(await client.call('searchShipments', { body: { filter: [{ column: 'statusId', condition: 42, value: 'x' }] } }))[0]?.message).toMatch(/^filter\[0\]\.condition/);
    expect(errors(await client.call('searchShipments', { body: { pageSize: 1000 } }))[0]?.message).toBe('pageSize must be at most 100');
  });

  it('batches: more items than allowed, and a track item with neither id nor tracking number', async () => {
    const many = Array.from({ length: LIMITS.maxBatchSize + 1 }, (_, i) => ({ id: `shp_${i}` }));
    expect(errors(await client.call('cancelShipments', { body: { shipments: many } }))[0]?.message).toBe(`shipments must have at most ${LIMITS.maxBatchSize} items, not ${LIMITS.maxBatchSize + 1}`);
    expect(errors(await client.call('trackShipments', { body: { shipments: [{}] } }))[0]?.message).toBe('shipments[0] needs a trackingNumber or an id');
  });
});

describe('request targets no URL can be made of', () => {
  it('answers 400 in the envelope and keeps serving', async () => {
    const url = new URL(sandbox().baseUrl);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method: 'GET', path: '//[' }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ success: false, errors: [{ code: 'InvalidRequest', message: 'the request path is not a valid URL path', type: 'ValidationError' }] });
    expect((await client.call('getLocations', { query: { Page: 1, Limit: 1 } })).status).toBe(200);
  });
});
