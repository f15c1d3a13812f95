/**
 * Every answer of every operation, held against the strict schemas of test/contract/specShapes.ts
 * (exactly the fields the spec names, plus the documented extensions). The sandbox is driven
 * over real HTTP with realistic requests: domestic and international shipments, several
 * packages, every carrier, each status transition, paging, and failures of each kind. Each
 * answer is checked as it arrives; the last test checks that every operation, both token
 * endpoints, every failure status and a partial failure of each batch were seen.
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { parseWith, type OperationId, type ShipmentCreate } from '../../electron/service/contract';
import { testClock, useSandbox, type Answer, type CallOptions } from '../support/sandboxHarness';
import { CHICAGO, SAN_FRANCISCO, TORONTO, internationalShipment, location, rateRequest, shipment } from '../support/shipments';
import * as spec from './specShapes';

type Target = OperationId | 'oauthToken' | 'bearerToken';

const SUCCESS: Readonly<Record<Target, z.ZodType>> = {
  getLocations: spec.GetLocationsResponse,
  getLocation: spec.LocationDetail,
  createLocation: spec.LocationWriteResponse,
  updateLocation: spec.LocationWriteResponse,
  deleteLocation: spec.LocationWriteResponse,
  createShipment: spec.ShipmentCreateResult,
  rateShop: spec.RateShopResponse,
  validateAddress: spec.AddressValidationResponse,
  cancelShipments: spec.CancelShipmentsResponse,
  searchShipments: spec.SearchShipmentsResponse,
  updateShipments: spec.UpdateShipmentsResponse,
  trackShipments: spec.TrackShipmentsResponse,
  blockShipment: spec.ShipmentActionResponse,
  unblockShipment: spec.ShipmentActionResponse,
  archiveShipment: spec.ShipmentActionResponse,
  applyRule: spec.ApplyRuleResponse,
  oauthToken: spec.OAuthTokenResponse,
  bearerToken: spec.BearerTokenResponse,
};

const clock = testClock();
const { client, sandbox } = useSandbox({ requestsPerMinute: 100_000, clock });

const succeeded = new Map<Target, number>();
const failedStatuses = new Set<number>();
const partialBatches = new Set<Target>();

/** Holds one answer against its strict schema: the operation's on 200, the envelope otherwise. */
function hold(target: Target, answer: Answer): Answer {
  const where = `${target} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 600)}`;
  expect(answer.headers.get('content-type'), where).toMatch(/^application\/json/);
  const schema = answer.status === 200 ? SUCCESS[target] : spec.ErrorEnvelope;
  const parsed = parseWith(schema, answer.body);
  expect(parsed.ok ? [] : parsed.issues.map((issue) => issue.message), where).toEqual([]);
  if (answer.status === 200) {
    succeeded.set(target, (succeeded.get(target) ?? 0) + 1);
    const items = answer.json.shipments as { success: boolean }[] | undefined;
    if (items?.some((item) => item.success) === true && items.some((item) => !item.success)) partialBatches.add(target);
  } else failedStatuses.add(answer.status);
  return answer;
}

async function call(operation: OperationId, options: CallOptions = {}): Promise<Answer> {
  return hold(operation, await client.call(operation, options));
}

async function expectStatus(status: number, operation: OperationId, options: CallOptions = {}): Promise<Answer> {
  const answer = await call(operation, options);
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer;
}

const box = (weight: number) => ({ weight, length: 12, width: 10, height: 8 });
const pallet = { weight: 900, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70' };

/** One shipment per carrier and kind, as a packing desk sends them. */
function shipments(): readonly ShipmentCreate[] {
  const now = clock();
  return [
    shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS', paymentType: 'Prepaid' }, unitOfWeight: 'LB', unitOfLength: 'IN' }, now),
    shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'FedEx' }, packages: [box(2), box(4), box(6)] }, now),
    shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'USPS' }, references: { orderNumber: 'SO-USPS-1' } }, now),
    { ...internationalShipment(now), shipmentInfo: { shipMethod: 'Express', carrier: 'DHL' } },
    { ...internationalShipment(now), packages: [box(3), { ...box(5), type: 'Box', declaredValue: 80, items: [{ itemId: 'SKU-1', name: 'Hoodie', description: 'Cotton hoodie', weight: 1.5, qty: 2, unitPrice: 60 }] }] },
    shipment({ shipmentInfo: { shipMethod: 'Freight', carrier: 'ODFL' }, packages: [pallet, { ...pallet, weight: 650, freightClass: '85' }] }, now),
    shipment({ shipFrom: SAN_FRANCISCO, shipTo: { ...CHICAGO, emailAddress: 'dock@example.com' }, shipmentInfo: { shipMethod: 'Express', carrier: 'UPS', serviceLevel: 'Next Day Air', carrierAccount: 'A1B2C3' }, notes: 'Dock 4' }, now),
  ];
}

async function createShipment(body: ShipmentCreate): Promise<{ id: string; trackingNumber: string; packages: { trackingNumber: string }[] }> {
  const answer = await expectStatus(200, 'createShipment', { body });
  return answer.json as { id: string; trackingNumber: string; packages: { trackingNumber: string }[] };
}

describe('answers held against the spec, strictly', () => {
  it('locations: create (every field, and the fewest), read, list, update, delete, and their failures', async () => {
    const full = {
      ...location('SPEC-FULL'),
      groupId: 'midwest',
      address: { ...location().address, emailAddress: 'dock@example.com', phoneNumber1: '+1 312 555 0100', phoneNumber2: '+1 312 555 0101', address2: 'Dock 4', area: 'West Loop', vatorTaxType: 'EIN' },
      billingAddress: { address1: '1 Finance Way', city: 'Chicago', stateProvince: 'IL', country: 'US', zipPostalCode: '60601' },
      settings: { currencyCode: 'USD', unitOfWeight: 'LB', unitOfLength: 'IN', defaultTimezone: 'America/Chicago', manualShippingAvailable: true, defaultDescription: ['Apparel'], defaultDeclaration: 'Merchandise', logo: { url: 'https://example.com/logo.png' }, defaultShiptoContactName: 'Receiving', defaultShiptoEmailAddress: 'receiving@example.com' },
      dgDetail: { emergPhone: '+1 800 555 0199', offererContractHolder: 'Packbench Co', contractNo: 'DG-1' },
      regionalSetting: { useItemData: true, defaultFreightClass: '70', defaultNmfcCode: '156600', autoCalcFreightClass: false, zeroFreightforOutboundThirdParty: false, zeroFreightforOutboundCollectOrRecipient: true },
      tags: ['dc', 'midwest'],
    };
    const minimal = { referenceId: 'SPEC-MIN', locationName: 'Toronto Annex', active: false, address: { address1: TORONTO.address1, city: TORONTO.city, stateProvince: TORONTO.stateProvince, country: 'CA', zipPostalCode: TORONTO.zipPostalCode } };
    const fullId = (await expectStatus(200, 'createLocation', { body: full })).json.id as string;
    const minimalId = (await expectStatus(200, 'createLocation', { body: minimal })).json.id as string;
    for (let i = 0; i < 12; i += 1) await expectStatus(200, 'createLocation', { body: { ...location(`SPEC-${i}`), locationName: `Yard ${i}` } });

    await expectStatus(200, 'getLocation', { id: fullId });
    await expectStatus(200, 'getLocation', { id: minimalId });
    const queries: Record<string, string | number>[] = [{ Page: 1, Limit: 5 }, { Page: 2, Limit: 5, Sort: 'city', Order: 'DESC' }, { Page: 1, Limit: 100, Query: 'yard' }, { Page: 9, Limit: 5 }];
    for (const query of queries) {
      await expectStatus(200, 'getLocations', { query });
    }
    await expectStatus(200, 'updateLocation', { id: fullId, body: { locationName: 'Chicago DC North', address: { address2: 'Dock 9' }, tags: ['north'] } });
    await expectStatus(200, 'deleteLocation', { id: minimalId });
    expect((await expectStatus(200, 'getLocation', { id: minimalId })).json.deleted).toBe(true);
    await expectStatus(200, 'getLocations', { query: { Page: 1, Limit: 100 } });

    await expectStatus(404, 'getLocation', { id: 'loc_missing' });
    await expectStatus(404, 'updateLocation', { id: minimalId, body: { locationName: 'Again' } });
    await expectStatus(404, 'deleteLocation', { id: minimalId });
    await expectStatus(400, 'createLocation', { body: { referenceId: 'X', active: true } });
    await expectStatus(400, 'getLocations', { query: { Page: 1, Limit: 500 } });
    await expectStatus(400, 'getLocations', { query: { Page: 1, Limit: 5, Sort: 'color' } });
  });

  it('create shipment: domestic and international, several packages, every carrier, and refusals', async () => {
    const carriers = new Set<string>();
    for (const body of shipments()) {
      const created = await expectStatus(200, 'createShipment', { body });
      carriers.add(created.json.carrier as string);
    }
    expect([...carriers].sort()).toEqual(['DHL Express', 'FedEx', 'Old Dominion Freight Line', 'UPS', 'USPS']);

    await expectStatus(400, 'createShipment', { body: {} });
    await expectStatus(400, 'createShipment', { body: shipment({ shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' } }, clock()) });
    await expectStatus(400, 'createShipment', { body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'Pigeon Post' } }, clock()) });
    const { internationalDetail: _customs, ...noCustoms } = internationalShipment(clock());
    await expectStatus(400, 'createShipment', { body: noCustoms });
    await expectStatus(400, 'createShipment', { rawBody: '{"shipDate": ' });
  });

  it('rate shop: domestic, international, freight, with preferences, and refusals', async () => {
    const now = clock();
    const domestic = rateRequest(now);
    await expectStatus(200, 'rateShop', { body: domestic });
    await expectStatus(200, 'rateShop', { body: { ...domestic, shipmentInfo: { carrier: 'FedEx', shipMethod: 'Ground', paymentType: 'Prepaid' }, packages: [box(3), box(8)] } });
    const { shipFrom, shipTo, internationalDetail, shipDate } = internationalShipment(now);
    await expectStatus(200, 'rateShop', { body: { shipDate, shipFrom, shipTo, internationalDetail, packages: [box(4)], unitOfWeight: 'LB', unitOfLength: 'IN' } });
    await expectStatus(200, 'rateShop', { body: { ...domestic, packages: [{ weight: 1200, length: 48, width: 40, height: 48, type: 'Pallet', freightClass: '70', count: 1 }], specialService: { liftgateDelivery: true } } });
    await expectStatus(400, 'rateShop', { body: { ...domestic, packages: [{ weight: 900, length: 40, width: 40, height: 40 }] } });
    await expectStatus(400, 'rateShop', { body: { shipDate } });
  });

  it('address validation: Valid, Partial, Invalid, abroad, and refusals', async () => {
    const addresses = [
      { companyName: 'Acme Retail', contactName: 'Jordan Lee', emailAddress: 'j@example.com', phoneNumber1: '+1 415 555 0123', address1: '500 howard street suite 300', city: 'san francisco', stateProvince: 'ca', zipPostalCode: '94105', country: 'US', addressType: 'Commercial' },
      { address1: '500 Howard St', city: 'Oakland', stateProvince: 'CA', zipPostalCode: '94105', country: 'US' },
      { address1: 'PO Box 123', address2: 'Unit 4', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60607', country: 'US', area: 'Loop', vatorTax: '12-3456789', vatorTaxType: 'EIN', vatorTaxTypeCountryCode: 'US' },
      { address1: '500 Howard St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94113', country: 'US' },
      { address1: '500 Howard St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: 'ABCDE', country: 'US' },
      TORONTO,
      { address1: '10 Downing Street', city: 'London', stateProvince: '', zipPostalCode: 'SW1A 2AA', country: 'GB' },
    ];
    const statuses = new Set<string>();
    for (const address of addresses) statuses.add((await expectStatus(200, 'validateAddress', { body: { address } })).json.status as string);
    expect([...statuses].sort()).toEqual(['Invalid', 'Partial', 'Valid']);
    await expectStatus(400, 'validateAddress', { body: { address: { address1: '1 Main St', stateProvince: 'IL', zipPostalCode: '60607', country: 'US' } } });
    await expectStatus(400, 'validateAddress', { body: {} });
  });

  it('every status transition, the refusals, and batches with failed items', async () => {
    const [first, second, third] = [await createShipment(shipments()[0] as ShipmentCreate), await createShipment(shipments()[1] as ShipmentCreate), await createShipment(shipments()[3] as ShipmentCreate)];
    if (first === undefined || second === undefined || third === undefined) throw new Error('not created');

    await expectStatus(200, 'blockShipment', { id: first.id, body: { reason: 'address check' } });
    await expectStatus(409, 'blockShipment', { id: first.id, body: {} });
    await expectStatus(200, 'unblockShipment', { id: first.id, body: { reason: 'checked' } });
    await expectStatus(409, 'unblockShipment', { id: first.id, body: {} });
    await expectStatus(200, 'blockShipment', { id: second.id });
    await expectStatus(404, 'blockShipment', { id: 'shp_missing', body: {} });

    const cancelled = await expectStatus(200, 'cancelShipments', { body: { shipments: [{ id: first.id, cancelReason: 'order changed' }, { id: second.id }] } });
    expect(cancelled.json.success).toBe(true);
    const mixed = await expectStatus(200, 'cancelShipments', { body: { shipments: [{ id: third.id, cancelReason: 'duplicate' }, { id: first.id }, { id: 'shp_missing' }] } });
    expect((mixed.json.shipments as { success: boolean }[]).map((item) => item.success)).toEqual([true, false, false]);
    await expectStatus(409, 'blockShipment', { id: third.id, body: { reason: 'too late' } });

    const fresh = await createShipment(shipments()[2] as ShipmentCreate);
    await expectStatus(200, 'updateShipments', { body: { shipments: [{ id: fresh.id }] } });
    const updated = await expectStatus(200, 'updateShipments', {
      body: { shipments: [{ id: fresh.id, carrierReferenceId: 'CR-1', shipMethod: 'Ground', references: { customerPO: 'PO-9' }, discountedCost: 9.5 }, { id: first.id, shipMethod: 'Ground' }, { id: 'shp_missing' }] },
    });
    expect((updated.json.shipments as { success: boolean }[]).map((item) => item.success)).toEqual([true, false, false]);

    await expectStatus(200, 'archiveShipment', { id: first.id });
    await expectStatus(409, 'archiveShipment', { id: first.id });
    // Archived straight from Created, and from Blocked.
    await expectStatus(200, 'archiveShipment', { id: fresh.id });
    const held = await createShipment(shipments()[6] as ShipmentCreate);
    await expectStatus(200, 'blockShipment', { id: held.id, body: { reason: 'hold' } });
    await expectStatus(200, 'archiveShipment', { id: held.id });
    await expectStatus(400, 'cancelShipments', { body: { shipments: [] } });
    await expectStatus(400, 'cancelShipments', { body: { shipments: Array.from({ length: 51 }, (_, i) => ({ id: `shp_${i}` })) } });
    await expectStatus(400, 'updateShipments', { body: { shipments: [{ discountedCost: 'cheap' }] } });
  });

  it('track: by id and by package tracking number, with documents, over time, and unknown items', async () => {
    const domestic = await createShipment(shipments()[1] as ShipmentCreate);
    const international = await createShipment(shipments()[4] as ShipmentCreate);
    const freight = await createShipment(shipments()[5] as ShipmentCreate);
    const items = [
      { id: domestic.id, includeDocuments: true },
      { trackingNumber: domestic.packages[2]?.trackingNumber ?? '' },
      { id: international.id },
      { trackingNumber: freight.trackingNumber, includeDocuments: true },
    ];
    await expectStatus(200, 'trackShipments', { body: { shipments: items } });
    for (const days of [1, 2, 4, 10]) {
      clock.advance(days * 86_400_000);
      await expectStatus(200, 'trackShipments', { body: { shipments: items } });
    }
    const mixed = await expectStatus(200, 'trackShipments', { body: { shipments: [{ id: domestic.id }, { trackingNumber: '1Z0000000000000000' }, { id: 'shp_missing' }] } });
    expect((mixed.json.shipments as { success: boolean }[]).map((item) => item.success)).toEqual([true, false, false]);
    await expectStatus(400, 'trackShipments', { body: { shipments: [{}] } });
    clock.set(new Date());
  });

  it('search: paging, filters, order, free text, and refusals', async () => {
    for (const body of [
      {},
      { pageNumber: 1, pageSize: 3 },
      { pageNumber: 2, pageSize: 3, orderdBy: [{ column: 'shipmentDate', direction: 'ASC' }, { column: 'carrier', direction: 'desc' }] },
      { searchTerm: 'SO-USPS-1' },
      { filter: [{ column: 'statusId', condition: 0, value: 'Archived' }] },
      { filter: [{ column: 'shipToCountry', condition: 0, value: 'CA' }, { column: 'shipmentDate', condition: 6, value: new Date(Date.now() - 86_400_000).toISOString() }] },
      { searchTerm: 'nothing-matches-this' },
    ]) {
      await expectStatus(200, 'searchShipments', { body });
    }
    await expectStatus(400, 'searchShipments', { body: { orderdBy: [{ column: '__proto__', direction: 'ASC' }] } });
    await expectStatus(400, 'searchShipments', { body: { pageSize: 1000 } });
  });

  it('apply business rule: domestic, international, paid by the consignee, and a refusal', async () => {
    const now = clock();
    await expectStatus(200, 'applyRule', { body: shipment({}, now) });
    await expectStatus(200, 'applyRule', { body: internationalShipment(now) });
    await expectStatus(200, 'applyRule', { body: { ...internationalShipment(now), internationalDetail: { ...internationalShipment(now).internationalDetail, incoTerm1: 'DDP', dutiesPaidBy: 'Shipper' } } });
    await expectStatus(200, 'applyRule', { body: shipment({ shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS', paymentType: 'Collect' } }, now) });
    await expectStatus(200, 'applyRule', { body: shipment({ shipmentInfo: { shipMethod: 'Freight', carrier: 'ODFL', paymentType: 'ThirdParty' }, packages: [pallet] }, now) });
    await expectStatus(400, 'applyRule', { body: { shipDate: 'yesterday' } });
  });

  it('the OAuth token endpoint and the deprecated bearer endpoint, with their refusals', async () => {
    const { clientId, clientSecret } = sandbox().credentials;
    const form = { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret };
    hold('oauthToken', await client.oauthToken(form));
    const scoped = hold('oauthToken', await client.oauthToken({ ...form, scope: 'shipments' }));
    expect(scoped.status).toBe(200);
    expect(hold('oauthToken', await client.oauthToken({ ...form, client_secret: 'wrong' })).status).toBe(401);
    expect(hold('oauthToken', await client.oauthToken({ ...form, grant_type: 'password' })).status).toBe(400);
    const bearerUrl = `${sandbox().baseUrl}/v1/authorize/token`;
    const bearer = hold('bearerToken', await client.send('POST', bearerUrl, { body: { clientId, clientSecret }, auth: 'none' }));
    expect(bearer.status).toBe(200);
    expect(hold('bearerToken', await client.send('POST', bearerUrl, { body: { clientId, clientSecret: 'wrong' }, auth: 'none' })).status).toBe(401);
    expect(hold('bearerToken', await client.send('POST', bearerUrl, { body: {}, auth: 'none' })).status).toBe(400);
    // Both tokens work, and the answers made with them are the same shapes.
    await expectStatus(200, 'getLocations', { query: { Page: 1, Limit: 1 }, auth: { bearer: scoped.json.access_token as string } });
    await expectStatus(200, 'searchShipments', { body: {}, auth: { bearer: bearer.json.token as string } });
  });

  it('failures every operation may answer: 401, 403, 404 path, 405, 429, malformed and oversize bodies', async () => {
    await expectStatus(401, 'getLocations', { query: { Page: 1, Limit: 1 }, auth: 'none' });
    await expectStatus(401, 'createShipment', { body: shipment({}, clock()), auth: { apiKey: 'not-a-key' } });
    await expectStatus(401, 'trackShipments', { body: { shipments: [{ id: 'x' }] }, auth: { bearer: 'made-up' } });
    await expectStatus(403, 'cancelShipments', { body: { shipments: [{ id: 'x' }] }, auth: { apiKey: sandbox().credentials.readOnlyApiKey } });
    await expectStatus(403, 'archiveShipment', { id: 'x', auth: { apiKey: sandbox().credentials.readOnlyApiKey } });
    const unknownPath = hold('getLocations', await client.send('GET', `${sandbox().baseUrl}/v1/nothing`));
    expect(unknownPath.status).toBe(400);
    const wrongMethod = hold('cancelShipments', await client.send('GET', `${sandbox().baseUrl}/v1/shipment/cancel`));
    expect(wrongMethod.status).toBe(405);
    sandbox().faults.set({ force429: 1 });
    await expectStatus(429, 'rateShop', { body: rateRequest(clock()) });
    await expectStatus(400, 'searchShipments', { rawBody: 'filter=1', contentType: 'text/plain' });
    await expectStatus(400, 'createLocation', { body: { ...location('BIG'), notes: 'x'.repeat(1_100_000) } });
    // Headers Node refuses before the pipeline: answered on the socket, in the envelope too.
    const oversizeHeaders = hold('getLocations', await client.send('GET', `${sandbox().baseUrl}/v1/locations?Page=1&Limit=1`, { headers: { 'X-Padding': 'x'.repeat(20_000) } }));
    expect(oversizeHeaders.status).toBe(431);
  });

  it('saw every operation and token endpoint succeed, each failure status, and a partial failure of each batch', () => {
    expect(Object.keys(SUCCESS).filter((target) => !succeeded.has(target as Target))).toEqual([]);
    expect([...failedStatuses].sort()).toEqual([400, 401, 403, 404, 405, 409, 429, 431]);
    expect([...partialBatches].sort()).toEqual(['cancelShipments', 'trackShipments', 'updateShipments']);
  });
});
