/**
 * Orders from a shop's file: received (whole, or in pieces), previewed and imported into the
 * active connection's store by a worker thread that reads the file while the station goes on
 * answering (orderFiles.ts), listed and looked up, and the column mappings made by hand for a
 * shop's files kept by name. The file is read in the main process's worker every time: an import
 * never trusts a preview the page holds. Scanning an order for the Ship screen is shipping's
 * (shipping/scanOrder.ts); shipping it is `ship` with the order's number in `references.orderNumber`.
 */
import type { ImportPreview, OrderImportResult, OrderPage, ParsedInput, SavedOrderMapping, StoredOrder } from '../api';
import { StationError } from '../api';
import { deskCountry } from '../locations/locations';
import type { Store } from '../store';
import type { OrderFiles } from './orderFiles';
import type { SharedOrders } from './sharedOrders';

/** What the orders' use cases need of the connection: its store, its clock and its name, and the warehouse's orders when one is linked. */
export interface OrdersParts {
  readonly store: Store;
  now(): number;
  readonly profile: { readonly name: string };
  readonly sharedOrders?: Pick<SharedOrders, 'uploadBatch'>;
}

type FileInput = { readonly text?: string | undefined; readonly fileId?: string | undefined };

const count = (n: number): string => n.toLocaleString('en-US');

/** Lets the event loop take what waits (the desk's calls, events, the outbox) between two batches. */
const breathe = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `work` on the file the input names: its text given whole, or the file sent in pieces. */
function onFile<T>(files: OrderFiles, input: FileInput, work: (fileId: string, fileField: string) => Promise<T>): Promise<T> {
  return input.text !== undefined ? files.withText(input.text, (fileId) => work(fileId, 'text')) : work(input.fileId ?? '', 'fileId');
}

export function previewOrderImport(files: OrderFiles, input: ParsedInput<'previewOrderImport'>): Promise<ImportPreview> {
  return onFile(files, input, (fileId, fileField) => files.read(fileId, { fileField, ...(input.mapping === undefined ? {} : { mapping: input.mapping }), ...(input.encoding === undefined ? {} : { encoding: input.encoding }) }));
}

/**
 * The file's orders into `parts`' store, a batch per transaction. `stillActive` says whether that
 * connection is still the desk's: a switch midway stops the import and says what was stored where.
 */
export function importOrders(files: OrderFiles, parts: OrdersParts, stillActive: () => boolean, input: ParsedInput<'importOrders'>): Promise<OrderImportResult> {
  const counts = { created: 0, updated: 0, unchanged: 0, keptShipped: 0, cancelled: 0 };
  const storedWords = (): string => `${count(counts.created + counts.updated + counts.unchanged + counts.keptShipped)} orders were stored (${count(counts.created)} new, ${count(counts.updated)} updated)`;
  return onFile(files, input, async (fileId, fileField) => {
    const found = await files.read(fileId, {
      fileField,
      ...(input.mapping === undefined ? {} : { mapping: input.mapping }),
      ...(input.encoding === undefined ? {} : { encoding: input.encoding }),
      store: async (batch) => {
        if (!stillActive()) {
          throw new StationError('conflict', `the connection changed while the file was imported: ${storedWords()} in “${parts.profile.name}”; switch back and import the file again to take the rest`);
        }
        const now = parts.now();
        const stored = parts.store.atomically((write) => write.storeImportBatch(batch, now));
        for (const key of Object.keys(counts) as (keyof typeof counts)[]) counts[key] += stored[key];
        // Then for every desk of the warehouse (the desk's own import stands whatever the warehouse answers).
        await parts.sharedOrders?.uploadBatch(batch);
        await breathe();
      },
      cancelledMessage: () => `the import was stopped: ${storedWords()}; import the file again to take the rest`,
    });
    const { orders: _shown, ...summary } = found;
    return { ...summary, ...counts };
  });
}

export function listOrders(parts: OrdersParts, { international, ...filters }: ParsedInput<'listOrders'>): OrderPage {
  const { read } = parts.store;
  return read.listOrders({ ...filters, ...(international === undefined ? {} : { international, homeCountry: deskCountry(read) }) });
}

export function getOrder(parts: OrdersParts, { orderNumber }: ParsedInput<'getOrder'>): StoredOrder {
  const order = parts.store.read.order(orderNumber);
  if (order === undefined) {
    throw new StationError('notFound', `there is no imported order ${orderNumber}: import the shop's file that holds it`, [{ field: 'orderNumber', message: 'orderNumber names no imported order' }]);
  }
  return order;
}

export function saveOrderMapping(parts: OrdersParts, { name, mapping }: ParsedInput<'saveOrderMapping'>): SavedOrderMapping {
  const now = parts.now();
  return parts.store.atomically((write) => write.saveOrderMapping(name, mapping, now));
}

export function deleteOrderMapping(parts: OrdersParts, { name }: ParsedInput<'deleteOrderMapping'>): { deleted: true } {
  if (parts.store.read.orderMapping(name) === undefined) throw new StationError('notFound', `there is no saved column mapping named "${name}"`, [{ field: 'name', message: 'name names no saved mapping' }]);
  parts.store.atomically((write) => write.deleteOrderMapping(name));
  return { deleted: true };
}
