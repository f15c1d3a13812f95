/**
 * Batches: many imported orders shipped at once in one box size and one service (or the
 * service the business rules choose), their labels printed as one job when every order of the
 * batch is settled. The names, the input pieces and the views the station API shows of them.
 */
import * as z from 'zod';
import { PackageDimension, TEXT_LIMITS, text } from '../service/contract';
import { OrderNumber } from './orders';

/** The most orders one batch takes. */
export const BATCH_MAX_ORDERS = 1000;

/**
 * Where an order of a batch stands: refused before anything was queued (unknown, not open, no
 * weight…), or as its shipment's create goes: queued, being sent (or looked up after a lost
 * answer), shipped, refused by the service, waiting for a person, or given up (discarded).
 */
export const BATCH_ORDER_STATES = ['refusedUpFront', 'queued', 'sending', 'shipped', 'refused', 'needsReview', 'discarded'] as const;
export type BatchOrderState = (typeof BATCH_ORDER_STATES)[number];

/**
 * Where the batch's one print job stands: its labels wait for every order to settle, are held
 * (automatic printing off, the printer paused), sent to the printer, printed, or failed.
 */
export const BATCH_PRINT_STATES = ['waiting', 'held', 'sent', 'completed', 'failed'] as const;
export type BatchPrintState = (typeof BATCH_PRINT_STATES)[number];

/** The box every order of the batch ships in, in its own unit of length. */
export const BatchBox = z.strictObject({
  length: PackageDimension,
  width: PackageDimension,
  height: PackageDimension,
  unitOfLength: z.enum(['IN', 'CM']),
});
export type BatchBox = z.infer<typeof BatchBox>;

const ServiceCode = text(TEXT_LIMITS.code).trim().min(1, 'must not be empty');

/**
 * The service of every order: one a rate named (its carrier, service level and ship method, as
 * `rateShop` answers them), or `rule`: for each order the service's business rules choose the ship
 * method (as `previewRules` answers) and the cheapest rate of that method is taken.
 */
export const BatchService = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('service'), carrier: ServiceCode, serviceLevel: ServiceCode, shipMethod: ServiceCode }),
  z.strictObject({ kind: z.literal('rule') }),
]);
export type BatchService = z.infer<typeof BatchService>;

/** The orders of a batch, by number, in the order their labels print: 1 to 1,000, none twice. */
export const BatchOrderNumbers = z
  .array(OrderNumber)
  .min(1, 'must name at least one order')
  .max(BATCH_MAX_ORDERS, `must name at most ${BATCH_MAX_ORDERS} orders`)
  .superRefine((numbers, ctx) => {
    const seen = new Map<string, number>();
    numbers.forEach((number, index) => {
      const first = seen.get(number);
      if (first === undefined) seen.set(number, index);
      else ctx.addIssue({ code: 'custom', path: [index], message: `must not repeat order ${number} (already at place ${first + 1})` });
    });
  });

/** A ship-from location's id, as the service gives it. */
export const BatchLocationId = text(TEXT_LIMITS.code).trim().min(1, 'must not be empty');

/** A service a rate request offered for a shipment, and its price. */
export interface OfferedRate {
  /** The carrier as rates name it (`carrierName`). */
  readonly carrier: string;
  /** The service's code (`serviceName`): what a create's `serviceLevel` names. */
  readonly serviceLevel: string;
  readonly serviceDisplayName: string;
  readonly shipMethod: string;
  /** What the account pays: the discounted freight when the service gives it, else the freight. */
  readonly price: number;
  readonly currency: string | null;
}

/**
 * The answer of `batchServices`: the services offered to the batch's first order that can ship
 * (the choice of service a batch offers), or why none can be offered.
 */
export interface BatchServiceOffers {
  /** The order the services were rated for; null when no order of the batch can ship. */
  readonly orderNumber: string | null;
  readonly services: readonly OfferedRate[];
  /** Why there are no services: the order's refusal, or the rate request's. */
  readonly message: string | null;
}

/** What one order of an estimate would cost, or why it cannot be priced. */
export interface BatchOrderEstimate {
  readonly orderNumber: string;
  /** The price in the estimate's currency; null when the order cannot be rated (see `message`). */
  readonly price: number | null;
  readonly message?: string;
  /** The service the price is for (the rules' choice, for a batch by rule). */
  readonly carrier?: string;
  readonly serviceLevel?: string;
}

/** The answer of `estimateBatch`. */
export interface BatchEstimate {
  /** The currency of `total` (the billing currency of the rates); null when nothing was priced. */
  readonly currency: string | null;
  /** The priced orders added up, to the cent. */
  readonly total: number;
  readonly perOrder: readonly BatchOrderEstimate[];
  /** How many rate requests the estimate sent (the others were answered from rates already asked). */
  readonly rateRequests: number;
  /** How many business-rule requests it sent (a batch by rule only). */
  readonly ruleRequests: number;
}

/** One order of a batch as it stands. */
export interface BatchOrderView {
  readonly orderNumber: string;
  /** The shipment queued for it; null when it was refused up front. */
  readonly stationRef: string | null;
  /** Its shipment's create in the outbox (to resubmit or discard it as the Queue does). */
  readonly outboxId: number | null;
  readonly state: BatchOrderState;
  readonly trackingNumber: string | null;
  readonly carrier: string | null;
  readonly serviceLevel: string | null;
  readonly cost: number | null;
  readonly currency: string | null;
  /** Why it was refused (up front, or by the service), or why it waits for a person. */
  readonly message: string | null;
}

/** The batch's one print job of its labels. */
export interface BatchPrintView {
  readonly state: BatchPrintState;
  /** Labels in the job: one page each. */
  readonly pages: number;
  readonly printer: string | null;
  readonly message?: string;
}

/** How far a batch is: what `batchProgress` says and every view repeats. */
export interface BatchCounts {
  /** Shipments queued for the batch (orders refused up front are not among them). */
  readonly total: number;
  /** Of those, how many are settled: shipped, refused, waiting for a person, or discarded. */
  readonly settled: number;
  readonly shipped: number;
  /** Refused by the service (to fix and resubmit, or discard). */
  readonly refused: number;
}

/** A batch in a list: its counts without its orders. */
export interface BatchSummary extends BatchCounts {
  readonly id: number;
  readonly createdAt: number;
  readonly box: BatchBox;
  readonly service: BatchService;
  readonly shipFromLocationId: string | null;
  /** Orders named, refused up front, and waiting for a person. */
  readonly orderCount: number;
  readonly refusedUpFront: number;
  readonly needsReview: number;
  /** When every shipment of the batch first settled: from then its labels print. */
  readonly settledAt: number | null;
  /** Every label of the batch printed. */
  readonly printed: boolean;
}

/** The answer of `shipBatch` and `getBatch`: the batch, its print job and its orders in the batch's order. */
export interface BatchView extends BatchSummary {
  /** Null while the batch has no label yet. */
  readonly print: BatchPrintView | null;
  readonly orders: readonly BatchOrderView[];
  /** True when `shipBatch` found the batch key already used: this is the batch it made then. */
  readonly repeated?: boolean;
}

/** Sent as a batch's shipments settle (and when one is resubmitted or discarded). */
export interface BatchProgressEvent extends BatchCounts {
  readonly type: 'batchProgress';
  readonly batchId: number;
}
