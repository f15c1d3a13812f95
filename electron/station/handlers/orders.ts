/**
 * Orders from a shop's file: received (whole, or in pieces), previewed and imported into the
 * active connection's store by a worker thread that reads the file while the station goes on
 * answering, listed and looked up, and the column mappings made by hand for a shop's files kept by
 * name. The file is read in the main process's worker every time: an import never trusts a preview
 * the page holds. Shipping an order is `ship` with the order's number in `references.orderNumber`
 * (handlers/shipping.ts).
 */
import type { ImportPreview, OrderImportResult, StationHandlers } from '../../api';
import { getLocation, listLocations, type CachedLocation } from '../../store/locations';
import { countOrders, deleteOrderMapping, findOrderByScan, getOrder, getOrderMapping, listOrderMappings, listOrders, saveOrderMapping, storeImportBatch } from '../../store/orders';
import { findByOrderNumber } from '../../store/shipments';
import { orderShipmentDraft } from '../../shipping/orderShipment';
import { UNITS_OF } from '../../api';
import { getSetting } from '../../store/settings';
import type { Db } from '../../store/statements';
import { StationError } from '../dispatch';
import type { StationContext } from '../context';
import type { OrderFiles } from '../orderFiles';

type OrderMethods =
  | 'openOrderFile'
  | 'appendOrderFile'
  | 'previewOrderImport'
  | 'importOrders'
  | 'cancelOrderFile'
  | 'closeOrderFile'
  | 'listOrders'
  | 'getOrder'
  | 'scanOrder'
  | 'saveOrderMapping'
  | 'listOrderMappings'
  | 'deleteOrderMapping';

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

const count = (n: number): string => n.toLocaleString('en-US');

/** Lets the event loop take what waits (the desk's calls, events, the outbox) between two batches. */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export function orderHandlers(station: StationContext, orderFiles: OrderFiles): Pick<StationHandlers, OrderMethods> {
  const db = () => station.connection().store.db;

  /** Runs `work` on the file the input names: its text given whole, or the file sent in pieces. */
  function onFile<T>(input: { text?: string | undefined; fileId?: string | undefined }, work: (fileId: string, fileField: string) => Promise<T>): Promise<T> {
    return input.text !== undefined ? orderFiles.withText(input.text, (fileId) => work(fileId, 'text')) : work(input.fileId ?? '', 'fileId');
  }

  return {
    openOrderFile: async ({ name, size }) => ({ fileId: await orderFiles.openFile(name, size) }),
    appendOrderFile: ({ fileId, offset, data }) => orderFiles.append(fileId, offset, data),
    previewOrderImport: (input): Promise<ImportPreview> => onFile(input, (fileId, fileField) => orderFiles.read(fileId, { fileField, ...(input.mapping === undefined ? {} : { mapping: input.mapping }), ...(input.encoding === undefined ? {} : { encoding: input.encoding }) })),
    importOrders: (input): Promise<OrderImportResult> => {
      // The orders go to the store of the connection active when the import began, a batch per transaction.
      const connection = station.connection();
      const counts = { created: 0, updated: 0, unchanged: 0, keptShipped: 0, cancelled: 0 };
      const storedWords = (): string => `${count(counts.created + counts.updated + counts.unchanged + counts.keptShipped)} orders were stored (${count(counts.created)} new, ${count(counts.updated)} updated)`;
      return onFile(input, async (fileId, fileField) => {
        const found = await orderFiles.read(fileId, {
          fileField,
          ...(input.mapping === undefined ? {} : { mapping: input.mapping }),
          ...(input.encoding === undefined ? {} : { encoding: input.encoding }),
          store: async (batch) => {
            if (station.connection() !== connection) {
              throw new StationError('conflict', `the connection changed while the file was imported: ${storedWords()} in “${connection.profile.name}”; switch back and import the file again to take the rest`);
            }
            const stored = storeImportBatch(connection.store.db, batch, station.timers.now());
            for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += stored[key];
            await breathe();
          },
          cancelledMessage: () => `the import was stopped: ${storedWords()}; import the file again to take the rest`,
        });
        const { orders: _shown, ...summary } = found;
        return { ...summary, ...counts };
      });
    },
    cancelOrderFile: ({ fileId }) => ({ cancelled: orderFiles.cancel(fileId) }),
    closeOrderFile: async ({ fileId }) => {
      await orderFiles.closeFile(fileId);
      return { closed: true };
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
