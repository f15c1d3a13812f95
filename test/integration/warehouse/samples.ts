/** Orders and shipments for the warehouse tests: orders read from a shop's sheet by the station's own reader. */
import { randomUUID } from 'node:crypto';
import type { ImportedOrder } from '../../../electron/api/orders';
import { readOrderText } from '../../../electron/orders/orderFileReader';
import { newStationRef } from '../../../electron/store/stationRef';
import type { AuditEntryInput, WarehouseShipment } from '../../../electron/warehouse';
import { ordersCsv, type OrderSheet } from '../../support/orderFiles';

/** What the order file reader hands an import of a sheet: its orders, and the numbers the shop gave up. */
export async function sampleFile(sheet: OrderSheet): Promise<{ orders: ImportedOrder[]; gaveUp: string[] }> {
  const orders: ImportedOrder[] = [];
  const gaveUp: string[] = [];
  await readOrderText(ordersCsv(sheet), {
    onOrders: (batch) => {
      orders.push(...batch.orders);
      gaveUp.push(...batch.gaveUp);
      return Promise.resolve();
    },
  });
  return { orders, gaveUp };
}

/** `count` orders numbered `<prefix>0001`…, as the order file reader makes them (all of them, not only the preview's first). */
export async function sampleOrders(count: number, prefix: string): Promise<ImportedOrder[]> {
  const { orders } = await sampleFile({ count, prefix, digits: 4 });
  if (orders.length !== count) throw new Error(`the sample file gave ${String(orders.length)} orders, not ${String(count)}`);
  return orders;
}

export function stationRef(deskId: string): string {
  return newStationRef(deskId, Date.now());
}

/** A shipment as a desk reports it once the service created it. */
export function sampleShipment(ref: string, orderNumber: string | null, overrides: Partial<WarehouseShipment> = {}): WarehouseShipment {
  const digits = String(Math.abs(hash(ref)) % 10 ** 8).padStart(8, '0');
  return {
    stationRef: ref,
    orderNumber,
    serviceId: `shp_${ref.toLowerCase().replace(/[^a-z0-9]/g, '')}`,
    trackingNumbers: [`1Z999AA1${digits}`],
    carrier: 'UPS',
    serviceLevel: 'Ground',
    recipient: { name: 'Pat Rivera', company: null, city: 'Chicago', country: 'US' },
    totalCharge: 11.05,
    currency: 'USD',
    status: 'Created',
    createdAt: Date.now(),
    voidedAt: null,
    record: { id: 'recorded', trackingNumber: `1Z999AA1${digits}` },
    ...overrides,
  };
}

export function auditEntry(action: AuditEntryInput['action'], overrides: Partial<AuditEntryInput> = {}): AuditEntryInput {
  return { entryId: randomUUID(), action, actor: 'Sam', orderNumber: null, stationRef: null, detail: {}, happenedAt: Date.now(), ...overrides };
}

function hash(text: string): number {
  let h = 0;
  for (const char of text) h = (Math.imul(h, 31) + char.charCodeAt(0)) | 0;
  return h;
}
