/**
 * Reconciliation: what to do with an outbox item that was sent but whose answer never came.
 * For a shipment create, the service is searched for the station reference before anything
 * is sent again: found means done (no second label is bought), not found means it is safe
 * to send, and an answer that cannot decide leaves the item for a person.
 */
import type { LocationWriteResponse, SearchRecord, ShipmentCreateResult } from '../service/contract';
import type { ServiceClient } from '../service/client/client';
import { ServiceError } from '../service/client/errors';

export type CreateVerdict<R> =
  | { readonly verdict: 'found'; readonly result: R; readonly labelsRecovered: boolean }
  | { readonly verdict: 'absent' }
  | { readonly verdict: 'undecided'; readonly message: string }
  /** The search itself could not be made (offline, rate limited): try again later. */
  | { readonly verdict: 'unreachable'; readonly error: ServiceError };

/** A shipment create's verdict; a shipment found comes with the service's search record of it (its recipient, its carrier). */
export type ShipmentVerdict = Exclude<CreateVerdict<ShipmentCreateResult>, { readonly verdict: 'found' }> | (Extract<CreateVerdict<ShipmentCreateResult>, { readonly verdict: 'found' }> & { readonly record: SearchRecord });

function stationRefOf(record: SearchRecord): string | undefined {
  const references = record.references as Record<string, unknown> | undefined;
  return typeof references?.stationRef === 'string' ? references.stationRef : undefined;
}

export async function reconcileCreate(client: Pick<ServiceClient, 'searchShipments' | 'trackShipments'>, stationRef: string): Promise<ShipmentVerdict> {
  try {
    const found = await client.searchShipments({ searchTerm: stationRef, pageNumber: 1, pageSize: 10 });
    const carriesReferences = found.shipments.some((record) => record.references !== undefined);
    // A service whose search records show references: match on them exactly. One that does
    // not: a single hit for a reference this unique is the shipment; several cannot decide.
    const matches = carriesReferences ? found.shipments.filter((record) => stationRefOf(record) === stationRef) : found.shipments;
    if (matches.length === 0) return { verdict: 'absent' };
    if (matches.length > 1) {
      return { verdict: 'undecided', message: `the service has ${matches.length} shipments for station reference ${stationRef}: ${matches.map((m) => m.id).join(', ')}` };
    }
    const [record] = matches as [SearchRecord];
    const tracked = await client.trackShipments({ shipments: [{ id: record.id, includeDocuments: true }] });
    const tracking = tracked.shipments[0];
    const documents = tracking?.documents ?? [];
    const trackingNumber = tracking?.trackingNumber ?? (typeof record.trackingNumber === 'string' ? record.trackingNumber : undefined);
    if (trackingNumber === undefined) return { verdict: 'undecided', message: `shipment ${record.id} was found for ${stationRef}, but the service did not give its tracking number` };
    const info = record.shipmentInfo;
    const result: ShipmentCreateResult = {
      success: true,
      id: record.id,
      trackingNumber,
      ...(record.statusId === undefined ? {} : { status: record.statusId }),
      ...(typeof info?.carrier === 'string' ? { carrier: info.carrier } : {}),
      ...(record.trackingUrl === undefined ? {} : { trackingUrl: record.trackingUrl }),
      references: (record.references as Record<string, string> | undefined) ?? { stationRef },
      documents,
    };
    return { verdict: 'found', result, labelsRecovered: documents.some((d) => d.documentType === 'Label'), record };
  } catch (error) {
    if (error instanceof ServiceError && error.transient) return { verdict: 'unreachable', error };
    if (error instanceof ServiceError) return { verdict: 'undecided', message: `the search for ${stationRef} failed: ${error.message}` };
    throw error;
  }
}

/**
 * A location create whose answer was lost: the location's `referenceId` is the station's own
 * key for it, so a list query for it tells whether the create happened.
 */
export async function reconcileLocationCreate(client: Pick<ServiceClient, 'getLocations'>, referenceId: string): Promise<CreateVerdict<LocationWriteResponse>> {
  try {
    const found = await client.getLocations({ Page: 1, Limit: 10, Query: referenceId });
    const matches = found.data.filter((record) => record.referenceId === referenceId && record.deleted !== true);
    if (matches.length === 0) return { verdict: 'absent' };
    if (matches.length > 1) return { verdict: 'undecided', message: `the service has ${matches.length} locations with referenceId ${referenceId}` };
    const [location] = matches as [(typeof matches)[number]];
    return { verdict: 'found', result: { success: true, id: location.id, referenceId }, labelsRecovered: true };
  } catch (error) {
    if (error instanceof ServiceError && error.transient) return { verdict: 'unreachable', error };
    if (error instanceof ServiceError) return { verdict: 'undecided', message: `the lookup of location ${referenceId} failed: ${error.message}` };
    throw error;
  }
}
