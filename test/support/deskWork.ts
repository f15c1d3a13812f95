/**
 * A packing desk in a process of its own, for the warehouse's tests and bench: how it is set up
 * (its warehouse, its service client, the credential's budget shared or not) and what it sends
 * for one order (the create of its label carrying the order and the station reference, a rate
 * quote and an address check for the same parcel, the record the warehouse keeps of a purchase).
 */
import { randomUUID } from 'node:crypto';
import type { RateShopRequest, ShipmentCreate, AddressValidationRequest } from '../../electron/service/contract';
import { ServiceClient, type CallOptions, type ServiceClientOptions } from '../../electron/service/client/client';
import { SharedBudget, budgetCredentialKey, openWarehouse, shipmentFromCreate, type BudgetMode, type OpenWarehouseOptions, type RecordInput, type Warehouse, type WarehouseConnectionSettings } from '../../electron/warehouse';
import { CHICAGO, SAN_FRANCISCO } from './shipments';

/** What a desk process is started with (as JSON in its environment). */
export interface DeskSetup {
  readonly settings: WarehouseConnectionSettings;
  readonly password: string;
  readonly deskId: string;
  readonly deskName: string;
  readonly sandboxUrl: string;
  readonly apiKey: string;
  /** The credential's limit a minute (or a window, with `budget.windowMs`). */
  readonly limit: number;
  /** Share the limit through the warehouse; without it the client keeps its own limiter. */
  readonly budget: { readonly credentialId: string; readonly windowMs?: number; readonly probeMs?: number } | null;
}

export interface DeskServices {
  readonly warehouse: Warehouse;
  readonly budget: SharedBudget | undefined;
  readonly client: ServiceClient;
  close(): Promise<void>;
}

/** Opens the desk's warehouse (as the station would), its shared budget and its service client. */
export async function openDeskServices(
  setup: DeskSetup,
  options: { readonly pool: OpenWarehouseOptions['pool']; readonly listener?: OpenWarehouseOptions['listener']; readonly onModeChange?: (mode: BudgetMode) => void; readonly logger?: ServiceClientOptions['logger'] },
): Promise<DeskServices> {
  const warehouse = await openWarehouse({
    settings: setup.settings,
    desk: { id: setup.deskId, name: setup.deskName },
    vault: { get: () => Promise.resolve(setup.password) },
    ...(options.pool === undefined ? {} : { pool: options.pool }),
    ...(options.listener === undefined ? {} : { listener: options.listener }),
  });
  const budget =
    setup.budget === null
      ? undefined
      : await new SharedBudget({
          db: warehouse.db,
          deskId: setup.deskId,
          credential: budgetCredentialKey(setup.sandboxUrl, setup.budget.credentialId),
          limit: setup.limit,
          ...(setup.budget.windowMs === undefined ? {} : { windowMs: setup.budget.windowMs }),
          ...(setup.budget.probeMs === undefined ? {} : { probeMs: setup.budget.probeMs }),
          notifications: warehouse.listener,
          ...(options.onModeChange === undefined ? {} : { onModeChange: options.onModeChange }),
        }).open();
  const client = new ServiceClient({
    baseUrl: setup.sandboxUrl,
    authUrl: `${setup.sandboxUrl}/auth`,
    auth: { method: 'apiKey', apiKey: setup.apiKey },
    requestsPerMinute: setup.limit,
    ...(budget === undefined ? {} : { limiter: budget }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  return {
    warehouse,
    budget,
    client,
    async close() {
      await budget?.close();
      client.close();
      await warehouse.close();
    },
  };
}

const PARCEL = { weight: 2, length: 10, width: 8, height: 6 };

export function createFor(orderNumber: string, stationRef: string): ShipmentCreate {
  return {
    shipDate: new Date().toISOString(),
    shipFrom: CHICAGO,
    shipTo: SAN_FRANCISCO,
    shipmentInfo: { shipMethod: 'Ground', carrier: 'UPS' },
    packages: [PARCEL],
    references: { orderNumber, stationRef },
  };
}

export function quoteFor(): RateShopRequest {
  return { shipDate: new Date().toISOString(), shipFrom: CHICAGO, shipTo: SAN_FRANCISCO, packages: [PARCEL] };
}

export function addressCheckFor(): AddressValidationRequest {
  const { contactName: _name, address2: _line2, ...address } = SAN_FRANCISCO;
  return { address };
}

/** Buys the label of a guarded purchase; what the warehouse records of it (with the desk's `ship` entry). */
export async function buyLabel(client: ServiceClient, desk: { readonly name: string }, orderNumber: string, stationRef: string, options: CallOptions = {}): Promise<RecordInput> {
  const input = createFor(orderNumber, stationRef);
  const result = await client.createShipment(input, options);
  return {
    shipment: shipmentFromCreate({ stationRef, orderNumber, createdAt: Date.now(), input, result }),
    audit: { entryId: randomUUID(), action: 'ship', actor: desk.name, orderNumber, stationRef, detail: {}, happenedAt: Date.now() },
  };
}
