/** What a shipping label shows, as the sandbox hands it over for one package. */
import * as z from 'zod';
import { NonNegative, References, ShipmentAddress } from '../../service/contract';

/**
 * A Code 128 barcode encodes ASCII; a tracking number is also read back by people, so
 * spaces and control characters are refused rather than printed ambiguously.
 */
const TrackingNumber = z.string().regex(/^[\x21-\x7E]{1,40}$/, 'must be 1 to 40 printable ASCII characters without spaces');

const Dimensions = z.object({
  length: NonNegative,
  width: NonNegative,
  height: NonNegative,
  unit: z.string().min(1),
});

export const LabelInput = z
  .object({
    shipFrom: ShipmentAddress,
    shipTo: ShipmentAddress,
    /** As printed, e.g. "UPS", "FedEx" (CARRIERS[code].displayName). */
    carrierName: z.string().min(1),
    /** As printed, e.g. "Ground", "Priority Overnight". */
    serviceName: z.string().min(1),
    trackingNumber: TrackingNumber,
    /** This package's weight. */
    weight: NonNegative,
    unitOfWeight: z.string().min(1),
    /** 1-based position of this package in the shipment ("2 OF 3"). */
    packageIndex: z.number().int().min(1),
    packageCount: z.number().int().min(1),
    /** Printed as a UTC calendar date. */
    shipDate: z.date(),
    /** orderNumber and customerPO are printed first, other keys after them. */
    references: References.optional(),
    dimensions: Dimensions.optional(),
    /** Payment type, e.g. "Prepaid", "Collect". */
    billing: z.string().optional(),
    /** The carrier zone from rating (e.g. 5), printed in the routing area when given. */
    zone: z.union([z.string(), z.number()]).optional(),
    /** Service-assigned shipment id, printed small at the foot. */
    shipmentId: z.string().optional(),
  })
  .refine((input) => input.packageIndex <= input.packageCount, { path: ['packageIndex'], message: 'must not exceed packageCount' });

export type LabelInput = z.input<typeof LabelInput>;
/** The input after checking: what the layout code reads. */
export type CheckedLabel = z.output<typeof LabelInput>;
