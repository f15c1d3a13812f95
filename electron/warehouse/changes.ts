/**
 * What one desk tells the others as it happens: PostgreSQL NOTIFY on one channel, sent inside
 * the transaction that made the change (so it goes out at commit, and never for a change that
 * rolled back), carrying what changed. Each payload also carries `at`, the database's clock when
 * it was sent, so a desk can tell how late it arrived.
 */
import * as z from 'zod';
import { run, type Queryable } from './sql';

export const CHANGES_CHANNEL = 'packbench_changes';
/** The shared request budget's own channel (budget/sharedBudget.ts): grants, holds, desks leaving the line. */
export const BUDGET_CHANNEL = 'packbench_budget';

const Ref = z.string().min(1).max(200);

/** The kinds of change, each with what a desk needs to update its view without asking. */
export const WarehouseChange = z.discriminatedUnion('kind', [
  /** Orders added or changed by an import (in several notifications when the numbers are many). */
  z.object({ kind: z.literal('ordersImported'), deskId: Ref, created: z.array(Ref), updated: z.array(Ref) }),
  z.object({ kind: z.literal('orderClaimed'), deskId: Ref, orderNumber: Ref, takeover: z.boolean() }),
  z.object({ kind: z.literal('orderReleased'), deskId: Ref, orderNumber: Ref }),
  /** A desk passed the purchase guard: a label is being bought for the order. */
  z.object({ kind: z.literal('orderBuying'), deskId: Ref, orderNumber: Ref, stationRef: Ref }),
  /** A purchase that bought nothing (refused, or given up after a check): the order can be bought again. */
  z.object({ kind: z.literal('purchaseAbandoned'), deskId: Ref, orderNumber: Ref, stationRef: Ref }),
  z.object({ kind: z.literal('orderShipped'), deskId: Ref, orderNumber: Ref, stationRef: Ref }),
  /** Its shipment was voided: the order is open again (unless another shipment still stands). */
  z.object({ kind: z.literal('orderReopened'), deskId: Ref, orderNumber: Ref, stationRef: Ref }),
  z.object({ kind: z.literal('shipmentRecorded'), deskId: Ref, stationRef: Ref, orderNumber: Ref.nullable() }),
  z.object({ kind: z.literal('shipmentVoided'), deskId: Ref, stationRef: Ref, orderNumber: Ref.nullable() }),
  z.object({ kind: z.literal('audit'), deskId: Ref, action: Ref, orderNumber: Ref.nullable() }),
  z.object({ kind: z.literal('conflict'), deskId: Ref, conflictId: z.number().int(), orderNumber: Ref }),
  z.object({ kind: z.literal('settingChanged'), deskId: Ref, key: Ref, version: z.number().int() }),
]);
export type WarehouseChange = z.infer<typeof WarehouseChange>;

/** A change as received: what changed, and when the database sent it (ms since 1970, its clock). */
export type ReceivedChange = WarehouseChange & { readonly at: number };

const Received = z.intersection(WarehouseChange, z.object({ at: z.number() }));

/** PostgreSQL refuses a payload of 8000 bytes or more; stay well below. */
const MAX_PAYLOAD_BYTES = 7_000;

/** Sends `change` when the transaction commits (at once outside a transaction). */
export async function publish(db: Queryable, change: WarehouseChange): Promise<void> {
  for (const part of splitForPayload(change)) {
    await run(db, `SELECT pg_notify($1, ($2::jsonb || jsonb_build_object('at', extract(epoch FROM clock_timestamp()) * 1000))::text)`, [CHANGES_CHANNEL, JSON.stringify(part)]);
  }
}

/** An import of many orders becomes several notifications; every other change fits in one. */
function splitForPayload(change: WarehouseChange): WarehouseChange[] {
  if (change.kind !== 'ordersImported' || Buffer.byteLength(JSON.stringify(change)) <= MAX_PAYLOAD_BYTES) return [change];
  const parts: WarehouseChange[] = [];
  let current = { ...change, created: [] as string[], updated: [] as string[] };
  let size = Buffer.byteLength(JSON.stringify(current));
  const push = (list: 'created' | 'updated', number: string) => {
    const extra = Buffer.byteLength(JSON.stringify(number)) + 1;
    if (size + extra > MAX_PAYLOAD_BYTES) {
      parts.push(current);
      current = { ...change, created: [], updated: [] };
      size = Buffer.byteLength(JSON.stringify(current));
    }
    current[list].push(number);
    size += extra;
  };
  for (const number of change.created) push('created', number);
  for (const number of change.updated) push('updated', number);
  parts.push(current);
  return parts;
}

/** A notification's payload as a change, or undefined when it is not one this desk knows. */
export function parseChange(payload: string | undefined): ReceivedChange | undefined {
  if (payload === undefined) return undefined;
  try {
    const parsed = Received.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
