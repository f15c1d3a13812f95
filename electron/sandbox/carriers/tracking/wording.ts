/**
 * Event codes of sandbox tracking histories and how each carrier phrases them. The codes
 * are the sandbox's own (the service's codes are not shown); the phrasings follow what the
 * carriers show on their public tracking pages.
 */
import type { CarrierCode } from '../carriers';

export const TRACKING_EVENT_CODES = {
  labelCreated: 'LABEL_CREATED',
  pickedUp: 'PICKED_UP',
  originScan: 'ORIGIN_SCAN',
  arrived: 'ARRIVED_AT_FACILITY',
  departed: 'DEPARTED_FACILITY',
  customsCleared: 'CUSTOMS_CLEARED',
  destinationScan: 'DESTINATION_SCAN',
  outForDelivery: 'OUT_FOR_DELIVERY',
  delivered: 'DELIVERED',
  weatherDelay: 'WEATHER_DELAY',
  addressCorrection: 'ADDRESS_CORRECTION',
  customsHold: 'CUSTOMS_HOLD',
} as const;

export type TrackingEventCode = (typeof TRACKING_EVENT_CODES)[keyof typeof TRACKING_EVENT_CODES];

/** Codes of events that report a problem (`exception: true`). */
export const EXCEPTION_CODES: ReadonlySet<string> = new Set([
  TRACKING_EVENT_CODES.weatherDelay,
  TRACKING_EVENT_CODES.addressCorrection,
  TRACKING_EVENT_CODES.customsHold,
]);

export interface CarrierWording {
  labelCreated: string;
  pickedUp: string;
  /** Absent where the carrier's first facility scan is the route's first stop (LTL service centers). */
  originScan?: string;
  arrived: (facility: string) => string;
  departed: (facility: string) => string;
  customsCleared: string;
  /** Absent where arrival at the last stop already is the destination scan. */
  destinationScan?: string;
  outForDelivery: string;
  delivered: readonly [string, ...string[]];
  weatherDelay: string;
  addressCorrection: string;
  customsHold: string;
}

export const CARRIER_WORDING: Readonly<Record<CarrierCode, CarrierWording>> = {
  UPS: {
    labelCreated: 'Shipper created a label, UPS has not received the package yet.',
    pickedUp: 'Pickup Scan',
    originScan: 'Origin Scan',
    arrived: (facility) => `Arrived at Facility: ${facility}`,
    departed: (facility) => `Departed from Facility: ${facility}`,
    customsCleared: 'Import Scan: your package was released by the clearing agency.',
    destinationScan: 'Destination Scan',
    outForDelivery: 'Out For Delivery Today',
    delivered: ['Delivered', 'Delivered: Front Door', 'Delivered: Receiver', 'Delivered: Dock'],
    weatherDelay: 'Severe weather conditions have delayed delivery. We are adjusting delivery plans as quickly as possible.',
    addressCorrection: 'The address is incomplete. We are updating the address and have rescheduled the delivery for the next business day.',
    customsHold: 'Clearance delay: the clearing agency is reviewing the import documentation.',
  },
  FEDEX: {
    labelCreated: 'Shipment information sent to FedEx',
    pickedUp: 'Picked up',
    originScan: 'At FedEx origin facility',
    arrived: (facility) => `Arrived at FedEx hub: ${facility}`,
    departed: (facility) => `Departed FedEx hub: ${facility}`,
    customsCleared: 'International shipment release - Import',
    destinationScan: 'At local FedEx facility',
    outForDelivery: 'On FedEx vehicle for delivery',
    delivered: ['Delivered', 'Delivered: Left at front door', 'Delivered: Signed for by recipient'],
    weatherDelay: 'Delay: a weather event has delayed this shipment',
    addressCorrection: 'Delivery exception: incorrect address, the address is being corrected',
    customsHold: 'Clearance delay - Import',
  },
  USPS: {
    labelCreated: 'Shipping Label Created, USPS Awaiting Item',
    pickedUp: 'USPS picked up item',
    originScan: 'Accepted at USPS Origin Facility',
    // USPS reports its own distribution centers as regional facilities, anything else as processed through.
    arrived: (facility) => (facility.includes('Network Distribution Center') ? `Arrived at USPS Regional Facility: ${facility}` : `Processed Through Facility: ${facility}`),
    departed: (facility) => (facility.includes('Network Distribution Center') ? `Departed USPS Regional Facility: ${facility}` : `Departed: ${facility}`),
    customsCleared: 'Customs Clearance Processing Complete',
    destinationScan: 'Arrived at Post Office',
    outForDelivery: 'Out for Delivery',
    delivered: ['Delivered, In/At Mailbox', 'Delivered, Front Door/Porch', 'Delivered, Left with Individual', 'Delivered, Parcel Locker'],
    weatherDelay: 'Delayed: severe weather has slowed this item in transit',
    addressCorrection: 'Addressee Unknown: the address is being corrected, delivery rescheduled',
    customsHold: 'Held in Customs',
  },
  DHL: {
    labelCreated: 'Shipment information received',
    pickedUp: 'Shipment picked up',
    originScan: 'Processed at origin service area',
    arrived: (facility) => `Arrived at DHL Sort Facility: ${facility}`,
    departed: (facility) => `Departed Facility: ${facility}`,
    customsCleared: 'Clearance processing complete',
    destinationScan: 'Arrived at DHL Delivery Facility',
    outForDelivery: 'With delivery courier',
    delivered: ['Delivered', 'Delivered - Signed for by receiver'],
    weatherDelay: 'Delay: adverse weather conditions',
    addressCorrection: 'Incorrect or incomplete address: delivery rescheduled once the address is confirmed',
    customsHold: 'Customs status updated: clearance delay, further documentation requested',
  },
  ODFL: {
    labelCreated: 'Bill of lading received',
    pickedUp: 'Picked up',
    arrived: (facility) => `Arrived at ${facility}`,
    departed: (facility) => `Departed ${facility}`,
    customsCleared: 'Cleared customs at the border',
    outForDelivery: 'Out for delivery',
    delivered: ['Delivered', 'Delivered - signed for at dock'],
    weatherDelay: 'Delayed by weather conditions on the linehaul',
    addressCorrection: 'Consignee address requires correction: delivery rescheduled',
    customsHold: 'Held at the border for customs documentation',
  },
};
