import { describe, expect, it } from 'vitest';
import { testClock, useSandbox } from '../../support/sandboxHarness';
import { shipment } from '../../support/shipments';

const clock = testClock(new Date('2026-11-24T15:00:00Z')); // a Tuesday afternoon
const { client } = useSandbox({ requestsPerMinute: 10_000, clock });

type Action = 'cancel' | 'block' | 'unblock' | 'archive' | 'update';

async function create(): Promise<string> {
  const answer = await client.call('createShipment', { body: shipment({}, clock()) });
  expect(answer.status).toBe(200);
  return answer.json.id as string;
}

/** Performs an action and returns [succeeded, message, code of the refusal] from whichever answer form it has. */
async function perform(id: string, action: Action): Promise<[boolean, string, string | undefined]> {
  if (action === 'cancel' || action === 'update') {
    const answer = action === 'cancel'
      ? await client.call('cancelShipments', { body: { shipments: [{ id, cancelReason: 'test' }] } })
      : await client.call('updateShipments', { body: { shipments: [{ id, shipMethod: 'Ground' }] } });
    expect(answer.status).toBe(200);
    const [item] = answer.json.shipments as { success: boolean; message?: string; errors?: { code: string; type: string }[] }[];
    if (item?.success === false) expect(item.errors?.[0]?.type).toBe('ConflictError');
    return [item?.success === true, item?.message ?? '', item?.errors?.[0]?.code];
  }
  const operation = action === 'block' ? 'blockShipment' : action === 'unblock' ? 'unblockShipment' : 'archiveShipment';
  const answer = await client.call(operation, { id, ...(action === 'archive' ? {} : { body: { reason: 'test' } }) });
  if (answer.status === 200) return [true, answer.json.message as string, undefined];
  expect(answer.status).toBe(409);
  const [error] = answer.json.errors as { code: string; message: string; type: string }[];
  expect(error?.type).toBe('ConflictError');
  return [false, error?.message ?? '', error?.code];
}

async function statusOf(id: string): Promise<string> {
  const answer = await client.call('searchShipments', { body: { filter: [{ column: 'shipmentId', condition: 0, value: id }, { column: 'statusId', condition: 1, value: '-' }] } });
  return (answer.json.shipments as { statusId: string }[])[0]?.statusId ?? 'missing';
}

/** Shipments in each starting status, made through the service's own transitions. */
const setups: Record<string, Action[]> = { Created: [], Blocked: ['block'], Cancelled: ['cancel'], Archived: ['archive'] };

/** Where each action leads; `already` is a repeat whose effect is in place, `refused` any other refusal. */
const expected: Record<string, Record<Action, string>> = {
  Created: { cancel: 'Cancelled', block: 'Blocked', unblock: 'already', archive: 'Archived', update: 'Created' },
  Blocked: { cancel: 'Cancelled', block: 'already', unblock: 'Created', archive: 'Archived', update: 'Blocked' },
  Cancelled: { cancel: 'already', block: 'refused', unblock: 'refused', archive: 'Archived', update: 'refused' },
  Archived: { cancel: 'refused', block: 'refused', unblock: 'refused', archive: 'already', update: 'refused' },
};

const REFUSAL_CODE: Readonly<Record<string, string>> = { already: 'ShipmentAlreadyInState', refused: 'InvalidTransition' };

describe('shipment state machine over HTTP', () => {
  for (const [from, outcomes] of Object.entries(expected)) {
    for (const [action, to] of Object.entries(outcomes) as [Action, string][]) {
      const refusal = REFUSAL_CODE[to];
      it(`${from} + ${action} → ${refusal === undefined ? to : `refused (409 ${refusal})`}`, async () => {
        const id = await create();
        for (const step of setups[from] ?? []) expect((await perform(id, step))[0]).toBe(true);
        const [ok, message, code] = await perform(id, action);
        expect(ok).toBe(refusal === undefined);
        expect(code).toBe(refusal);
        if (refusal !== undefined) expect(message).toMatch(new RegExp(`^shipment ${id} cannot be`));
        expect(await statusOf(id)).toBe(refusal === undefined ? to : from);
      });
    }
  }

  it('refuses to cancel or block once the carrier has picked the package up', async () => {
    const id = await create();
    clock.advance(3 * 86_400_000);
    const [cancelled, message, code] = await perform(id, 'cancel');
    expect(cancelled).toBe(false);
    expect(message).toMatch(/picked it up/);
    expect(code).toBe('InvalidTransition');
    expect(await perform(id, 'block')).toEqual([false, expect.stringMatching(/picked it up/), 'InvalidTransition']);
    // It was never blocked: an unblock finds its effect already in place.
    expect(await perform(id, 'unblock')).toEqual([false, `shipment ${id} cannot be unblocked: it is not blocked`, 'ShipmentAlreadyInState']);
    expect((await perform(id, 'archive'))[0]).toBe(true);
  });

  it('an unknown shipment is 404 ShipmentNotFound', async () => {
    const answer = await client.call('blockShipment', { id: 'shp_nope', body: {} });
    expect(answer.status).toBe(404);
    expect(answer.json.errors).toEqual([{ code: 'ShipmentNotFound', message: 'shipment shp_nope does not exist', type: 'NotFoundError' }]);
  });
});

describe('batch operations answer one result per item', () => {
  it('applies the good items and reports the failed ones in place', async () => {
    const first = await create();
    const second = await create();
    await perform(second, 'cancel');
    const answer = await client.call('cancelShipments', { body: { shipments: [{ id: first }, { id: 'shp_missing' }, { id: second }] } });
    expect(answer.status).toBe(200);
    expect(answer.json.success).toBe(false);
    expect(answer.json.shipments).toEqual([
      { success: true, shipment_Id: first, activity_Id: expect.any(String), status: 'Cancelled', trackingNumber: expect.any(String) },
      { success: false, shipment_Id: 'shp_missing', message: 'shipment shp_missing does not exist', errors: [{ code: 'ShipmentNotFound', message: 'shipment shp_missing does not exist', type: 'NotFoundError' }] },
      { success: false, shipment_Id: second, message: `shipment ${second} cannot be cancelled: it is already cancelled`, errors: [{ code: 'ShipmentAlreadyInState', message: `shipment ${second} cannot be cancelled: it is already cancelled`, type: 'ConflictError' }] },
    ]);
    expect(await statusOf(first)).toBe('Cancelled');
  });

  it('updates and tracks item by item', async () => {
    const id = await create();
    const updated = await client.call('updateShipments', { body: { shipments: [{ id: 'shp_missing' }, { id, references: { orderNumber: 'SO-2' } }] } });
    expect((updated.json.shipments as { success: boolean }[]).map((r) => r.success)).toEqual([false, true]);
    const tracked = await client.call('trackShipments', { body: { shipments: [{ trackingNumber: '1Z0000000000000000' }, { id }] } });
    expect((tracked.json.shipments as { success: boolean }[]).map((r) => r.success)).toEqual([false, true]);
  });
});

describe('tracking advances with time since the ship date', () => {
  it('shows more events later, ending delivered', async () => {
    const id = await create();
    const events = async () => ((await client.call('trackShipments', { body: { shipments: [{ id }] } })).json.shipments as { events: { code: string }[] }[])[0]?.events ?? [];
    const now = await events();
    expect(now.map((e) => e.code)).toEqual(['LABEL_CREATED']);
    clock.advance(14 * 86_400_000);
    const later = await events();
    expect(later.length).toBeGreaterThan(3);
    expect(later.at(-1)?.code).toBe('DELIVERED');
    expect(later.slice(0, now.length)).toEqual(now);
  });
});
