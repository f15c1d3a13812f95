/** What a commercial invoice is made from: the shipment as created, and what the service assigned. */
import * as z from 'zod';
import { ShipmentCreate } from '../../service/contract';

export const CommercialInvoiceInput = z
  .object({
    shipment: ShipmentCreate,
    trackingNumber: z.string().min(1),
    shipmentId: z.string().min(1),
    /** As printed, e.g. "FedEx"; defaults to `shipment.shipmentInfo.carrier`. */
    carrierName: z.string().optional(),
  })
  .superRefine((input, context) => {
    const detail = input.shipment.internationalDetail;
    if (detail === undefined) {
      context.addIssue({ code: 'custom', path: ['shipment', 'internationalDetail'], message: 'is required for a commercial invoice' });
      return;
    }
    const hasItems = input.shipment.packages.some((pkg) => (pkg.items?.length ?? 0) > 0);
    if ((detail.commodities?.length ?? 0) === 0 && !hasItems) {
      context.addIssue({
        code: 'custom',
        path: ['shipment', 'internationalDetail', 'commodities'],
        message: 'must list at least one commodity (or the packages must list items)',
      });
    }
  });

export type CommercialInvoiceInput = z.input<typeof CommercialInvoiceInput>;
