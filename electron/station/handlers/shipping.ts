/**
 * The steps before a label: check the address, compare rates, preview what the business rules
 * change (the service answers each), then ship (shipping/ship.ts); in warehouse mode, giving an
 * order's claim back and taking one over (shipping/orderClaims.ts).
 */
import type { StationHandlers } from '../../api';
import { ship } from '../../shipping/ship';
import type { StationContext } from '../context';

type ShippingMethods = 'validateAddress' | 'rateShop' | 'previewRules' | 'ship' | 'releaseOrder' | 'takeOverOrder';

export function shippingHandlers(station: StationContext): Pick<StationHandlers, ShippingMethods> {
  return {
    validateAddress: ({ address }) => station.connection().service().validateAddress({ address }),
    rateShop: ({ request }) => station.connection().service().rateShop(request),
    previewRules: ({ shipment }) => station.connection().service().applyRule(shipment),
    ship: (input) => ship(station.connection(), input),
    releaseOrder: async ({ orderNumber }) => {
      await station.connection().claims.release(orderNumber);
      return { released: true } as const;
    },
    takeOverOrder: ({ orderNumber, reason }) => station.connection().claims.takeOver(orderNumber, reason),
  };
}
