/**
 * Where a shipment stands with its carrier, as the station reads it from the latest tracking
 * event: the sandbox's words (LabelCreated … Exception), plus what real carriers also report
 * (a failed delivery, a return to the sender, a voided label). The store computes it in SQL
 * from the stored tracking record; `trackingChanged` events and the day at a glance show it.
 */

export const TRACKING_STATUSES = ['LabelCreated', 'PickedUp', 'InTransit', 'OutForDelivery', 'Delivered', 'Exception', 'DeliveryFailed', 'Returned', 'Voided'] as const;
export type TrackingStatus = (typeof TRACKING_STATUSES)[number];

/** Statuses a person at the desk should look at: the parcel will not arrive as planned. */
export const DELIVERY_PROBLEM_STATUSES = ['Exception', 'DeliveryFailed', 'Returned'] as const satisfies readonly TrackingStatus[];
export type DeliveryProblemStatus = (typeof DELIVERY_PROBLEM_STATUSES)[number];
