/** Search, update, cancel, track, block, unblock and archive. */
import { LIMITS, type CancelResult, type SearchRecord, type TrackingRecord, type UpdateResult } from '../../service/contract';
import { trackingUrl } from '../carriers/trackingNumbers';
import type { Handler, SandboxServices } from '../server/context';
import { ServiceFailure } from '../server/failures';
import { documentsOf, findByTrackingNumber, getShipment, saveShipment, searchShipments as querySearch, type StoredShipment } from '../state/shipments';
import { pickedUp, historyOf } from './tracking';
import { transition, type ShipmentAction } from './stateMachine';

function checkBatch(size: number): void {
  if (size > LIMITS.maxBatchSize) throw new ServiceFailure('InvalidRequest', `shipments must have at most ${LIMITS.maxBatchSize} items, not ${size}`);
}

function mustFind(services: SandboxServices, id: string): StoredShipment {
  const shipment = getShipment(services.db, id);
  if (shipment === undefined) throw new ServiceFailure('ShipmentNotFound', `shipment ${id} does not exist`);
  return shipment;
}

/** Applies an action through the state machine, records it, and returns the saved shipment. */
function act(services: SandboxServices, shipment: StoredShipment, action: ShipmentAction, by: string, now: Date, reason?: string, change: Partial<StoredShipment> = {}): StoredShipment {
  const next = transition(shipment.status, action, pickedUp(shipment, now));
  if (!next.ok) throw new ServiceFailure(next.code, `shipment ${shipment.id} ${next.reason}`);
  const entry = reason === undefined || reason === '' ? { at: now.toISOString(), action, by } : { at: now.toISOString(), action, by, reason };
  const saved: StoredShipment = { ...shipment, ...change, status: next.status, history: [...shipment.history, entry] };
  saveShipment(services.db, saved);
  return saved;
}

export function toSearchRecord(shipment: StoredShipment): SearchRecord {
  const { input, result } = shipment;
  const weight = (input.packages ?? []).reduce((sum, p) => sum + p.weight, 0);
  return {
    id: shipment.id,
    shipmentId: shipment.id,
    statusId: shipment.status,
    shipmentDate: new Date(input.shipDate).toISOString(),
    locationName: shipment.locationName,
    totalPackage: input.packages.length,
    totalPackageWeight: `${Math.round(weight * 100) / 100} ${input.unitOfWeight ?? 'LB'}`,
    shipFrom: input.shipFrom,
    shipTo: input.shipTo,
    shipmentInfo: { ...input.shipmentInfo, carrier: result.carrier ?? input.shipmentInfo.carrier, serviceLevel: result.carrierServiceLevel ?? input.shipmentInfo.serviceLevel },
    trackingNumber: result.trackingNumber,
    references: input.references ?? {},
    trackingUrl: result.trackingUrl ?? trackingUrl(shipment.carrier, result.trackingNumber),
  };
}

export const searchShipments: Handler<'searchShipments'> = ({ body }, { db }) => {
  const pageSize = body.pageSize ?? 20;
  if (pageSize > LIMITS.maxPageSize) throw new ServiceFailure('InvalidRequest', `pageSize must be at most ${LIMITS.maxPageSize}`);
  const page = body.pageNumber ?? 1;
  const { shipments, totalCount } = querySearch(db, {
    page,
    pageSize,
    ...(body.searchTerm === undefined ? {} : { searchTerm: body.searchTerm }),
    filter: body.filter ?? [],
    orderBy: body.orderdBy ?? [],
  });
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    success: true,
    shipments: shipments.map(toSearchRecord),
    pageIndex: page,
    pageSize,
    totalCount,
    totalPages,
    hasPreviousPage: page > 1,
    hasNextPage: page < totalPages,
  };
};

/** Runs one batch item; a failure becomes that item's answer and the others go on. */
function perItem<T>(id: string, run: () => T): T | FailedItem {
  try {
    return run();
  } catch (error) {
    if (error instanceof ServiceFailure) return failedItem(id, error);
    throw error;
  }
}

type FailedItem = ReturnType<typeof failedItem>;

const failedItem = (id: string, failure: ServiceFailure) => ({
  success: false as const,
  shipment_Id: id,
  message: failure.items.map((item) => item.message).join('; '),
  errors: [...failure.items],
});

export const cancelShipments: Handler<'cancelShipments'> = ({ body, principal, now }, services) => {
  checkBatch(body.shipments.length);
  const results = body.shipments.map((item): CancelResult =>
    perItem(
      item.id,
      () => {
        const saved = act(services, mustFind(services, item.id), 'cancel', principal.name, now, item.cancelReason);
        return { success: true, shipment_Id: saved.id, activity_Id: services.newId('act'), status: saved.status, trackingNumber: saved.result.trackingNumber };
      },
    ),
  );
  return { success: results.every((r) => r.success), shipments: results };
};

export const updateShipments: Handler<'updateShipments'> = ({ body, principal, now }, services) => {
  checkBatch(body.shipments.length);
  const results = body.shipments.map((item): UpdateResult =>
    perItem(
      item.id,
      () => {
        const shipment = mustFind(services, item.id);
        const input = item.references === undefined ? shipment.input : { ...shipment.input, references: { ...shipment.input.references, ...item.references } };
        const result = {
          ...shipment.result,
          ...(item.shipMethod === undefined ? {} : { shipMethod: item.shipMethod }),
          ...(item.carrierReferenceId === undefined ? {} : { shipmentReference: item.carrierReferenceId }),
          ...(item.discountedCost === undefined ? {} : { billingDetail: { ...shipment.result.billingDetail, totalDiscountFreight: item.discountedCost } }),
          references: input.references ?? {},
        };
        act(services, shipment, 'update', principal.name, now, undefined, { input, result });
        return { success: true, shipment_Id: item.id, message: `Shipment ${item.id} updated` };
      },
    ),
  );
  // Spec, Update Shipment: "no top-level `success` is given"; each item carries its own.
  return { shipments: results };
};

export const trackShipments: Handler<'trackShipments'> = ({ body, now }, services) => {
  checkBatch(body.shipments.length);
  const results = body.shipments.map((item): TrackingRecord => {
    const key = item.id ?? item.trackingNumber ?? '';
    const shipment = item.id !== undefined ? getShipment(services.db, item.id) : findByTrackingNumber(services.db, item.trackingNumber ?? '');
    if (shipment === undefined) {
      const failure = new ServiceFailure('ShipmentNotFound', `no shipment has ${item.id !== undefined ? 'id' : 'tracking number'} ${key}`);
      return { ...failedItem(item.id ?? '', failure), ...(item.trackingNumber === undefined ? {} : { trackingNumber: item.trackingNumber }) };
    }
    const events = historyOf(shipment, now);
    const trackingNumber = item.trackingNumber ?? shipment.result.trackingNumber;
    return {
      success: true,
      tracking_Id: `trk_${trackingNumber}`,
      shipment_Id: shipment.id,
      trackingNumber,
      lastUpdateOnUtc: events.at(-1)?.eventOn ?? shipment.createdOn,
      events,
      trackingUrl: trackingUrl(shipment.carrier, trackingNumber),
      ...(item.includeDocuments === true ? { documents: documentsOf(services.db, shipment.id) } : {}),
    };
  });
  return { success: results.every((r) => r.success), shipments: results };
};

function singleAction(action: 'block' | 'unblock' | 'archive'): Handler<'blockShipment' | 'unblockShipment' | 'archiveShipment'> {
  return ({ id, body, principal, now }, services) => {
    const reason = (body as { reason?: string } | undefined)?.reason;
    act(services, mustFind(services, id), action, principal.name, now, reason);
    return { success: true, message: `Shipment ${id} ${action === 'archive' ? 'archived' : `${action}ed`}` };
  };
}

export const blockShipment = singleAction('block') as Handler<'blockShipment'>;
export const unblockShipment = singleAction('unblock') as Handler<'unblockShipment'>;
export const archiveShipment = singleAction('archive') as Handler<'archiveShipment'>;

