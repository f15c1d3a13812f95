/**
 * Orders from a shop's file: previewed, imported into the active connection's store, listed and
 * looked up, and the column mappings made by hand for a shop's files kept by name. The file is
 * read here, in the main process, every time: an import never trusts a preview the page holds.
 * Shipping an order is `ship` with the order's number in `references.orderNumber`
 * (handlers/shipping.ts).
 */
import type { ColumnMapping, ImportPreview, StationHandlers } from '../../api';
import { OrderFileError, previewOrderFile } from '../../orders/orderFile';
import { getLocation, listLocations, type CachedLocation } from '../../store/locations';
import { countOrders, deleteOrderMapping, findOrderByScan, getOrder, getOrderMapping, importOrders, listOrderMappings, listOrders, saveOrderMapping } from '../../store/orders';
import { findByOrderNumber } from '../../store/shipments';
import { orderShipmentDraft } from '../../shipping/orderShipment';
import { UNITS_OF } from '../../api';
import { getSetting } from '../../store/settings';
import type { Db } from '../../store/statements';
import { StationError } from '../dispatch';
import type { StationContext } from '../context';

type OrderMethods = 'previewOrderImport' | 'importOrders' | 'listOrders' | 'getOrder' | 'scanOrder' | 'saveOrderMapping' | 'listOrderMappings' | 'deleteOrderMapping';

/** The country of a cached location, from its detail or its list record. */
function countryOf(location: CachedLocation | undefined): string | undefined {
  const country = location?.detail?.address?.country ?? location?.listRecord?.country;
  return typeof country === 'string' && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : undefined;
}

/** The desk's country: its default ship-from location's, else the first active location's, else the US. */
function deskCountry(db: Db): string {
  const chosen = getSetting(db, 'defaultLocationId');
  return countryOf(chosen === null ? undefined : getLocation(db, chosen)) ?? listLocations(db).map(countryOf).find((country) => country !== undefined) ?? 'US';
}

/** Shipments that no longer stand for their order: voided, refused, or given up before the service had them. */
const GONE_STATUSES: ReadonlySet<string> = new Set(['Cancelled', 'failed', 'discarded']);

/** Reads the file; a file that cannot be read as orders is the caller's to fix, named at its field. */
function readOrderFile(text: string, mapping: ColumnMapping | undefined): ImportPreview {
  try {
    return previewOrderFile(text, mapping);
  } catch (error) {
    if (error instanceof OrderFileError) {
      throw new StationError('invalidInput', `the order file cannot be imported: ${error.message}`, error.fields.map((field) => ({ field, message: error.message })));
    }
    throw error;
  }
}

export function orderHandlers(station: StationContext): Pick<StationHandlers, OrderMethods> {
  const db = () => station.connection().store.db;

  return {
    previewOrderImport: ({ text, mapping }) => readOrderFile(text, mapping),
    importOrders: ({ text, mapping }) => {
      const preview = readOrderFile(text, mapping);
      const counts = importOrders(db(), preview, station.timers.now());
      return { ...counts, format: preview.format, rowCount: preview.rowCount, problems: preview.problems };
    },
    listOrders: ({ international, ...filters }) => {
      const store = db();
      return listOrders(store, { ...filters, ...(international === undefined ? {} : { international, homeCountry: deskCountry(store) }) });
    },
    getOrder: ({ orderNumber }) => {
      const order = getOrder(db(), orderNumber);
      if (order === undefined) {
        throw new StationError('notFound', `there is no imported order ${orderNumber}: import the shop's file that holds it`, [{ field: 'orderNumber', message: 'orderNumber names no imported order' }]);
      }
      return order;
    },
    scanOrder: ({ scanned, shipFromCountry }) => {
      const store = db();
      const found = findOrderByScan(store, scanned);
      const order = found !== undefined && 'order' in found ? found.order : null;
      const orderNumber = order?.orderNumber ?? scanned;
      const weightUnit = UNITS_OF[getSetting(store, 'unitSystem')].weight;
      return {
        orderNumber,
        order,
        shippedBefore: findByOrderNumber(store, orderNumber).filter((s) => !GONE_STATUSES.has(s.status)),
        draft: order === null ? null : orderShipmentDraft(order, shipFromCountry?.toUpperCase() ?? deskCountry(store), weightUnit),
        ambiguous: found !== undefined && 'ambiguous' in found ? found.ambiguous : [],
        importedOrders: countOrders(store),
      };
    },
    saveOrderMapping: ({ name, mapping }) => saveOrderMapping(db(), name, mapping, station.timers.now()),
    listOrderMappings: () => listOrderMappings(db()),
    deleteOrderMapping: ({ name }) => {
      const store = db();
      if (getOrderMapping(store, name) === undefined) throw new StationError('notFound', `there is no saved column mapping named "${name}"`, [{ field: 'name', message: 'name names no saved mapping' }]);
      deleteOrderMapping(store, name);
      return { deleted: true };
    },
  };
}
