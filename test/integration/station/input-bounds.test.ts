/**
 * What no carrier can weigh, measure or print is refused by the station before anything is
 * queued: a 0-inch box, a weight of 5e-324, a shipment with no package, and text with NUL
 * bytes, half a character (a lone surrogate) or 100 kB in an id or a name. Each is answered
 * `invalidInput` naming the field, over the web host, and the outbox stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodInput } from '../../../electron/api';
import { startStationHarness, type StationHarness } from '../../support/stationHarness';
import { requestKey, shipment } from '../../support/shipments';

let station: StationHarness;

beforeAll(async () => {
  station = await startStationHarness();
});

afterAll(async () => {
  await station.close();
});

const LONE_SURROGATE = 'Dana \uD800 Whitfield';
const HUNDRED_KB = 'x'.repeat(100_000);

type ShipInput = MethodInput<'ship'>['shipment'];
const base = (): ShipInput => shipment();
const withPackage = (change: Record<string, unknown>): ShipInput => ({ ...base(), packages: [{ ...base().packages[0], ...change } as ShipInput['packages'][number]] });

const REFUSED_SHIPMENTS: readonly (readonly [what: string, field: string, input: ShipInput])[] = [
  ['a 0-inch side', 'shipment.packages[0].height', withPackage({ height: 0 })],
  ['a weight of 5e-324', 'shipment.packages[0].weight', withPackage({ weight: 5e-324 })],
  ['a negative declared value', 'shipment.packages[0].declaredValue', withPackage({ declaredValue: -1 })],
  ['a side of a mile', 'shipment.packages[0].length', withPackage({ length: 63_360 })],
  ['no package at all', 'shipment.packages', { ...base(), packages: [] }],
  ['a NUL byte in a name', 'shipment.shipTo.contactName', { ...base(), shipTo: { ...base().shipTo, contactName: 'Dana\u0000Whitfield' } }],
  ['half a character in a name', 'shipment.shipTo.contactName', { ...base(), shipTo: { ...base().shipTo, contactName: LONE_SURROGATE } }],
  ['100 kB in an address line', 'shipment.shipTo.address1', { ...base(), shipTo: { ...base().shipTo, address1: HUNDRED_KB } }],
  ['100 kB in a reference', 'shipment.references.orderNumber', { ...base(), references: { orderNumber: HUNDRED_KB } }],
];

describe('the station refuses before it queues', () => {
  it.each(REFUSED_SHIPMENTS)('ship with %s: invalidInput at %s, nothing queued', async (_what, field, input) => {
    const before = (await station.value('getConnection', {})).outbox;
    const answer = await station.call('ship', { shipment: input, requestKey: requestKey() });
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('invalidInput');
    expect(answer.error.fields.map((f) => f.field)).toContain(field);
    expect((await station.value('getConnection', {})).outbox).toEqual(before);
  });

  it.each([
    ['a NUL byte in an id', 'getLocation', { id: 'loc\u0000evil' }, 'id'],
    ['half a character in an id', 'getLocation', { id: LONE_SURROGATE }, 'id'],
    ['100 kB in an id', 'getLocation', { id: HUNDRED_KB }, 'id'],
    ['100 kB in a search', 'listLocations', { query: HUNDRED_KB }, 'query'],
    ['a NUL byte in a search', 'searchLocalShipments', { text: 'SO-\u0000' }, 'text'],
    ['a NUL byte in a profile name', 'saveProfile', { name: `Acme${'\u0000'}`, baseUrl: 'https://api.example.com', authUrl: 'https://auth.example.com', method: 'apiKey', tier: 'Standard' }, 'name'],
    ['a NUL byte in a printer name', 'setPrinterMap', { labelPrinter: 'label\u0000printer' }, 'labelPrinter'],
    ['a 0-inch side in a rate request', 'rateShop', { request: { ...base(), packages: [{ weight: 1, length: 0, width: 5, height: 5 }] } }, 'request.packages[0].length'],
    ['100 kB in a city to validate', 'validateAddress', { address: { ...base().shipTo, city: HUNDRED_KB } }, 'address.city'],
  ] as const)('%s (%s) is refused at the field', async (_what, method, input, field) => {
    const answer = await station.callAny(method, input);
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.error.code).toBe('invalidInput');
    expect(answer.error.fields.map((f) => f.field)).toContain(field);
  });

  it('still ships a shipment at the bounds: a 0.1-inch envelope of 0.01 lb, names of 200 characters and emoji', async () => {
    const input: ShipInput = { ...withPackage({ weight: 0.01, length: 0.1, width: 9, height: 12 }), shipTo: { ...base().shipTo, contactName: `${'Ω'.repeat(198)}📦` } };
    const shipped = await station.value('ship', { shipment: input, requestKey: requestKey() });
    await station.waitForEvent('labelsReady', (event) => event.stationRef === shipped.stationRef);
  });
});
