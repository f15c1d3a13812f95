/**
 * A stored shipment's tracking history: the carrier's generated history, cut short where the
 * shipment was cancelled or held (a voided label never moves; a held one waits at the dock).
 */
import type { TrackingEvent } from '../../service/contract';
import { trackingHistory, trackingStatus } from '../carriers/trackingHistory';
import type { StoredShipment } from '../state/shipments';

const place = (address: StoredShipment['input']['shipTo']) => ({
  city: address.city,
  stateProvince: address.stateProvince,
  country: address.country.toUpperCase(),
  zipPostalCode: address.zipPostalCode,
});

/** When the shipment stopped moving, and the event that says why. */
function stop(shipment: StoredShipment): { at: string; event: TrackingEvent } | undefined {
  const last = [...shipment.history].reverse().find((entry) => entry.action === 'cancel' || entry.action === 'block');
  if (last === undefined || (shipment.status !== 'Cancelled' && shipment.status !== 'Blocked')) return undefined;
  const { city, stateProvince, country, zipPostalCode } = shipment.input.shipFrom;
  const cancelled = last.action === 'cancel';
  return {
    at: last.at,
    event: {
      carrierCode: shipment.carrier,
      code: cancelled ? 'VOIDED' : 'HELD',
      description: cancelled ? 'Shipment cancelled by the shipper; label voided' : 'Held at shipper\'s request',
      city,
      state: stateProvince,
      country: country.toUpperCase(),
      zipCode: zipPostalCode,
      exception: !cancelled,
      eventOn: last.at,
    },
  };
}

/** The carrier's history as of `now`, as if nothing had stopped the shipment. */
function carrierHistory(shipment: StoredShipment, now: Date): TrackingEvent[] {
  return trackingHistory({
    trackingNumber: shipment.result.trackingNumber,
    carrier: shipment.carrier,
    shipDate: new Date(shipment.input.shipDate),
    labelCreatedAt: new Date(shipment.createdOn),
    transitDays: shipment.transitDays,
    from: place(shipment.input.shipFrom),
    to: place(shipment.input.shipTo),
    now,
  });
}

export function historyOf(shipment: StoredShipment, now: Date): TrackingEvent[] {
  const halted = stop(shipment);
  if (halted === undefined) return carrierHistory(shipment, now);
  const until = new Date(Math.min(now.getTime(), Date.parse(halted.at)));
  return [...carrierHistory(shipment, until), halted.event];
}

/** Whether the carrier has scanned the package (then it can no longer be voided or held). */
export function pickedUp(shipment: StoredShipment, now: Date): boolean {
  return trackingStatus(carrierHistory(shipment, now)) !== 'LabelCreated';
}
