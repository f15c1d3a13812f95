import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../electron/service/contract';
import { useSandbox, type Answer } from '../../support/sandboxHarness';
import { shipment } from '../../support/shipments';

const { client } = useSandbox({ requestsPerMinute: 10_000 });

/** Asserts a 400 envelope whose only item is InvalidRequest with this message. */
function expectRefused(answer: Answer, message: string | RegExp): void {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  expect(answer.json).toEqual({ success: false, errors: [{ code: 'InvalidRequest', message: expect.stringMatching(message), type: 'ValidationError' }] });
}

const filterOn = (column: string) => ({ column, condition: 0, value: 'x' });
const orderOn = (column: string) => ({ column, direction: 'ASC' });

describe('Search Shipments column names', () => {
  // Names every plain object answers through its prototype.
  const PROTOTYPE_NAMES = ['__proto__', 'toString', 'constructor', 'hasOwnProperty', 'valueOf'];

  it.each(PROTOTYPE_NAMES)('refuses orderdBy column %s with 400 naming the field', async (column) => {
    expectRefused(await client.call('searchShipments', { body: { orderdBy: [orderOn(column)] } }), new RegExp(`^orderdBy\\[0\\]\\.column must be one of .*, not "${column}"$`));
  });

  it.each(PROTOTYPE_NAMES)('refuses filter column %s with 400 naming the field', async (column) => {
    expectRefused(await client.call('searchShipments', { body: { filter: [filterOn(column)] } }), new RegExp(`^filter\\[0\\]\\.column must be one of .*, not "${column}"$`));
  });
});

describe('Search Shipments caps its filters and sort terms', () => {
  it(`answers up to ${LIMITS.maxSearchFilters} filters and ${LIMITS.maxSearchSortTerms} sort terms`, async () => {
    const created = await client.call('createShipment', { body: shipment({ references: { orderNumber: 'SO-CAP-1' } }) });
    expect(created.status).toBe(200);
    const filter = Array.from({ length: LIMITS.maxSearchFilters }, () => ({ column: 'orderNumber', condition: 0, value: 'SO-CAP-1' }));
    const orderdBy = Array.from({ length: LIMITS.maxSearchSortTerms }, (_, i) => orderOn(i % 2 === 0 ? 'shipmentDate' : 'trackingNumber'));
    const answer = await client.call('searchShipments', { body: { filter, orderdBy } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.json).toMatchObject({ totalCount: 1, shipments: [{ id: created.json.id }] });
  });

  it(`refuses ${LIMITS.maxSearchFilters + 1} filters with 400 naming filter`, async () => {
    const filter = Array.from({ length: LIMITS.maxSearchFilters + 1 }, () => filterOn('statusId'));
    expectRefused(await client.call('searchShipments', { body: { filter } }), `^filter must have at most ${LIMITS.maxSearchFilters} items$`);
  });

  it(`refuses ${LIMITS.maxSearchSortTerms + 1} sort terms with 400 naming orderdBy`, async () => {
    const orderdBy = Array.from({ length: LIMITS.maxSearchSortTerms + 1 }, () => orderOn('shipmentDate'));
    expectRefused(await client.call('searchShipments', { body: { orderdBy } }), `^orderdBy must have at most ${LIMITS.maxSearchSortTerms} items$`);
  });

  it('refuses 1,001 filters and 1,001 sort terms with 400, not 500', async () => {
    const filter = Array.from({ length: 1001 }, () => filterOn('statusId'));
    const orderdBy = Array.from({ length: 1001 }, () => orderOn('shipmentDate'));
    expectRefused(await client.call('searchShipments', { body: { filter } }), /^filter must have at most \d+ items$/);
    expectRefused(await client.call('searchShipments', { body: { orderdBy } }), /^orderdBy must have at most \d+ items$/);
  });
});
