/**
 * A station for the renderer's state classes under test, at the seam they already have
 * (StationClient): a few imported orders, an address check that knows a bad ZIP, rates that
 * depend on every part of the shipment, and `ship` that records what it was sent. A test scripts
 * any other method's answer (`answer`, throwing `refusal(...)` for a typed error), sends the
 * station's events (`emit`) and reads what each call was sent (`inputsOf`). Every answer goes
 * through `deliver`, which a test can hand to fast-check's scheduler, or to `holdAnswers`, so
 * answers come back in any order. Used by tests only.
 */
import type { ApiError, ApiResult, MethodInput, OrderClaim, OrderScan, SettingsView, ShipmentSummary, StationEvent, StationMethod, StationResults, StationSettings, StoredOrder, RequestBudgetMode, WarehouseView } from '../../../electron/api';
import type { EventOf, StationClient } from '../lib/station';
import { StationCallError } from '../lib/station';

type Ship = MethodInput<'ship'>;
type RateRequest = MethodInput<'rateShop'>['request'];

const address = (name: string, address1: string, city: string, stateProvince: string, zipPostalCode: string, country = 'US') => ({
  name,
  company: null,
  address1,
  address2: null,
  city,
  stateProvince,
  zipPostalCode,
  country,
  phone: null,
  email: null,
});

const order = (orderNumber: string, shipTo: StoredOrder['shipTo'], items: StoredOrder['items'], requestedService: string | null, grams: number | null): StoredOrder => ({
  orderNumber,
  status: 'open',
  shipTo,
  items,
  requestedService,
  currency: 'USD',
  note: null,
  giftMessage: null,
  estimatedWeightGrams: grams,
  format: 'shopify',
  importedAt: 1,
  updatedAt: 1,
  stationRef: null,
  shippedAt: null,
  claim: null,
});

const item = (sku: string | null, barcode: string | null, description: string, quantity: number): StoredOrder['items'][number] => ({ sku, barcode, description, quantity, unitPrice: 12, unitWeightGrams: 200 });

/** The orders the fake station holds: a standard one, an express one, one abroad, one with a bad address. */
export const FAKE_ORDERS: readonly StoredOrder[] = [
  order('#1001', address('Dana Whitfield', '500 Howard St', 'San Francisco', 'CA', '94105'), [item('TS-BLU-M', null, 'T-shirt', 2), item('MUG-ENM', '036000291452', 'Mug', 1)], 'Standard Shipping', 600),
  order('#1002', address('Sam Ortiz', '233 S Wacker Dr', 'Chicago', 'IL', '60606'), [item('NB-1', '4006381333931', 'Notebook', 1)], 'Express', 200),
  order('A-77', address('Avery Singh', '100 King St W', 'Toronto', 'ON', 'M5X 1A9', 'CA'), [item(null, null, 'Socks', 3)], null, 600),
  order('#1004', address('Ada Stone', '1 Main St', 'Springfield', 'ZZ', '00000'), [item('TS-2', null, 'T-shirt', 1)], 'Free Shipping', null),
];

const scanKey = (text: string): string => text.normalize('NFKC').replace(/\s+/g, '').replace(/^#/, '').toUpperCase();

/** The address check's verdict: a ZIP of zeros or a state ZZ is not an address. */
export const isBadAddress = (to: { zipPostalCode?: string; stateProvince?: string }): boolean => to.zipPostalCode === '00000' || to.stateProvince === 'ZZ';

/** What rates depend on in a request: everything but the date (the key the fake quotes under). */
export const rateKeyOf = (request: Pick<RateRequest, 'shipFrom' | 'shipTo' | 'packages' | 'unitOfWeight' | 'unitOfLength' | 'internationalDetail'>): string =>
  JSON.stringify([request.shipFrom, request.shipTo, request.packages, request.unitOfWeight, request.unitOfLength, request.internationalDetail ?? null]);

const SERVICES = [
  { carrierName: 'USPS', serviceName: 'USPS_GROUND_ADVANTAGE', shipMethod: 'Ground', days: 4, base: 8 },
  { carrierName: 'UPS', serviceName: 'UPS_GROUND', shipMethod: 'Ground', days: 3, base: 9 },
  { carrierName: 'USPS', serviceName: 'USPS_PRIORITY_MAIL', shipMethod: 'Express', days: 2, base: 11 },
  { carrierName: 'UPS', serviceName: 'UPS_2ND_DAY_AIR', shipMethod: 'Express', days: 2, base: 24 },
  { carrierName: 'FEDEX', serviceName: 'FEDEX_STANDARD_OVERNIGHT', shipMethod: 'Express', days: 1, base: 70 },
] as const;
const ABROAD = [{ carrierName: 'DHL', serviceName: 'DHL_EXPRESS_WORLDWIDE', shipMethod: 'Express', days: 3, base: 55 }] as const;

export const FAKE_SETTINGS: StationSettings = {
  deskId: 'DESK1',
  labelRetentionDays: 30,
  autoPrintLabels: true,
  autoPrintDocuments: true,
  defaultLocationId: null,
  unitSystem: 'imperial',
  boxPresets: [
    { code: 'BOX-S', name: 'Small box', length: 8, width: 6, height: 4, unitOfLength: 'IN' },
    { code: 'BOX-M', name: 'Medium box', length: 12, width: 10, height: 8, unitOfLength: 'IN' },
  ],
  preferredCarrier: null,
  scale: { connection: 'usb', protocol: 'sics', baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1, serialPort: null },
  serviceRules: [
    { names: ['Standard', 'Free', 'Ground'], choice: { kind: 'cheapest', withinDays: null, expressOnly: false }, offline: null },
    { names: ['Express'], choice: { kind: 'cheapest', withinDays: 3, expressOnly: true }, offline: { carrier: 'UPS', shipMethod: 'Express', serviceLevel: 'UPS_2ND_DAY_AIR', displayName: 'UPS 2nd Day Air' } },
  ],
  defaultService: { carrier: 'UPS', shipMethod: 'Ground', serviceLevel: 'UPS_GROUND', displayName: 'UPS Ground' },
  packVerification: true,
  sounds: true,
  packingSlips: false,
};

/** A desk that works alone (warehouse mode off), as a new desk starts. */
export const FAKE_BUDGET_OWN: RequestBudgetMode = { kind: 'own', words: "This desk alone keeps to the credential's 100 requests a minute." };
export const FAKE_WAREHOUSE_OFF: WarehouseView = { link: null, hasPassword: false, status: { state: 'notConfigured', words: 'Warehouse mode is off: this desk works alone.' } };

/** What a scripted answer throws for the station to answer with a typed error. */
export class Refusal extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/** A typed error for a scripted answer to throw: `throw refusal('offline', 'the service cannot be reached')`. */
export function refusal(code: ApiError['code'], message: string, fields: ApiError['fields'] = []): Refusal {
  return new Refusal({ code, message, fields, retryable: code === 'offline' || code === 'rateLimited' });
}

/** A test's own answer to a method: its value, or a thrown `refusal`. */
export type Answer<M extends StationMethod> = (input: MethodInput<M>) => StationResults[M];

/** Answers held back until a test lets them through, in the order it chooses. */
export interface HeldAnswers {
  /** How many answers are waiting. */
  readonly waiting: number;
  /** Lets the answer at `index` (in the order they were held) through. */
  release(index: number): void;
  /** Lets every waiting answer through, first held first, and answers at once from now on. */
  releaseAll(): void;
}

/** Lets every answer and reload already on its way finish (the fake answers at once). */
export function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export interface ShipCall {
  readonly input: Ship;
  readonly stationRef: string;
}

export class FakeStation implements StationClient {
  /** Orders as the fake holds them (status and shipment change with ships and voids). */
  readonly orders = new Map<string, StoredOrder>(FAKE_ORDERS.map((o) => [o.orderNumber, o]));
  readonly ships: ShipCall[] = [];
  /** Every rate answer, by what it was quoted for: the services it offered. */
  readonly quotes = new Map<string, readonly string[]>();
  readonly calls: StationMethod[] = [];
  /** Every call with its input, in order. */
  readonly sent: { readonly method: StationMethod; readonly input: unknown }[] = [];
  /** In warehouse mode: what the warehouse says of an order when it is scanned (none: a desk alone). */
  readonly claims = new Map<string, OrderClaim>();
  /** The service cannot be reached: rates and checks fail as offline; ship still queues. */
  offline = false;
  settings: SettingsView = FAKE_SETTINGS;
  /** Every answer passes through here on its way back: a test may delay and reorder them. */
  deliver: <T>(answer: T) => Promise<T> = (answer) => Promise.resolve(answer);
  readonly #shipments = new Map<string, ShipmentSummary>();
  readonly #listeners = new Set<(event: StationEvent) => void>();
  readonly #answers = new Map<StationMethod, (input: never) => unknown>();
  #next = 1;

  /** Answers `method` with `answer` from now on (in place of the fake's own answer, if it has one). */
  answer<M extends StationMethod>(method: M, answer: Answer<M>): this {
    this.#answers.set(method, answer);
    return this;
  }

  /** The inputs `method` was called with, in order. */
  inputsOf<M extends StationMethod>(method: M): MethodInput<M>[] {
    return this.sent.filter((call) => call.method === method).map((call) => call.input as MethodInput<M>);
  }

  /** Tells every listener of the page an event, as the station does. */
  emit(event: StationEvent): void {
    for (const listener of [...this.#listeners]) listener(event);
  }

  /** How many listeners follow the station's events (a state class that stopped following has none left). */
  get listening(): number {
    return this.#listeners.size;
  }

  /** Holds every answer from now on until the test releases it. */
  holdAnswers(): HeldAnswers {
    const waiting: (() => void)[] = [];
    const released = new Set<number>();
    let open = false;
    this.deliver = <T>(answer: T) => (open ? Promise.resolve(answer) : new Promise<T>((resolve) => waiting.push(() => resolve(answer))));
    return {
      get waiting() {
        return waiting.length - released.size;
      },
      release(index) {
        if (released.has(index)) return;
        released.add(index);
        waiting[index]?.();
      },
      releaseAll() {
        open = true;
        waiting.forEach((release, index) => {
          if (!released.has(index)) release();
        });
        waiting.forEach((_, index) => released.add(index));
      },
    };
  }

  #summary(stationRef: string, input: Ship['shipment']): ShipmentSummary {
    return {
      stationRef,
      serviceId: null,
      status: 'Created',
      trackingNumber: `1Z${String(this.#next).padStart(16, '0')}`,
      carrier: input.shipmentInfo.carrier,
      shipToName: input.shipTo.contactName ?? null,
      shipToCompany: input.shipTo.companyName ?? null,
      shipToCity: input.shipTo.city,
      orderNumber: input.references?.orderNumber ?? null,
      customerPo: null,
      carrierServiceLevel: input.shipmentInfo.serviceLevel ?? null,
      cost: 10,
      currency: 'USD',
      locationId: null,
      packages: input.packages.length,
      shipDate: null,
      createdAt: 1,
      updatedAt: 1,
      delivered: false,
    };
  }

  /** The shipment was voided: its order is open again. */
  voidShipment(stationRef: string): void {
    const shipment = this.#shipments.get(stationRef);
    if (shipment === undefined) return;
    this.#shipments.set(stationRef, { ...shipment, status: 'Cancelled' });
    for (const [number, stored] of this.orders) if (stored.stationRef === stationRef) this.orders.set(number, { ...stored, status: 'open', stationRef: null, shippedAt: null });
  }

  #find(scanned: string): { order?: StoredOrder; ambiguous: string[] } {
    const exact = this.orders.get(scanned.trim());
    if (exact !== undefined) return { order: exact, ambiguous: [] };
    const found = [...this.orders.values()].filter((o) => scanKey(o.orderNumber) === scanKey(scanned));
    return found.length === 1 ? { order: found[0], ambiguous: [] } : { ambiguous: found.length > 1 ? found.map((o) => o.orderNumber) : [] };
  }

  #answer<M extends StationMethod>(method: M, input: MethodInput<M>): ApiResult<StationResults[M]> {
    const ok = <T>(value: T): ApiResult<T> => ({ ok: true, value });
    const offline = { ok: false as const, error: { code: 'offline' as const, message: 'the service cannot be reached', fields: [], retryable: true } };
    switch (method) {
      case 'getSettings':
        return ok(this.settings) as ApiResult<StationResults[M]>;
      case 'getWarehouse':
        return ok(FAKE_WAREHOUSE_OFF) as ApiResult<StationResults[M]>;
      case 'getRequestBudget':
        return ok(FAKE_BUDGET_OWN) as ApiResult<StationResults[M]>;
      case 'countWarehouseConflicts':
        return ok(0) as ApiResult<StationResults[M]>;
      case 'scanOrder': {
        const { scanned, shipFromCountry } = input as MethodInput<'scanOrder'>;
        const { order: found, ambiguous } = this.#find(scanned);
        const orderNumber = found?.orderNumber ?? scanned.trim();
        const scan: OrderScan = {
          orderNumber,
          order: found ?? null,
          shippedBefore: [...this.#shipments.values()].filter((s) => s.orderNumber === orderNumber && s.status !== 'Cancelled'),
          draft:
            found === undefined
              ? null
              : {
                  orderNumber,
                  shipTo: {
                    contactName: found.shipTo.name,
                    address1: found.shipTo.address1,
                    city: found.shipTo.city,
                    stateProvince: found.shipTo.stateProvince,
                    zipPostalCode: found.shipTo.zipPostalCode,
                    country: found.shipTo.country,
                  },
                  weight: found.estimatedWeightGrams === null ? null : Math.round((found.estimatedWeightGrams / 453.59237) * 100) / 100,
                  unitOfWeight: 'LB',
                  currencyCode: 'USD',
                  commodities: found.items.map((i) => ({ description: i.description, quantity: i.quantity, unitPrice: i.unitPrice, unitWeight: 0.44, countryOfOrigin: shipFromCountry ?? 'US' })),
                },
          ambiguous,
          importedOrders: this.orders.size,
        };
        const claim = this.claims.get(orderNumber);
        return ok(claim === undefined ? scan : { ...scan, claim }) as ApiResult<StationResults[M]>;
      }
      case 'releaseOrder':
        this.claims.delete((input as MethodInput<'releaseOrder'>).orderNumber);
        return ok({ released: true }) as ApiResult<StationResults[M]>;
      case 'takeOverOrder': {
        const { orderNumber } = input as MethodInput<'takeOverOrder'>;
        const claim = this.claims.get(orderNumber);
        if (claim?.mayTakeOver !== true) return ok(claim ?? { orderNumber, state: 'notShared', words: `Order ${orderNumber} is not among the warehouse's orders`, mayShip: true, mayTakeOver: false }) as ApiResult<StationResults[M]>;
        const taken: OrderClaim = { orderNumber, state: 'claimed', words: `Order ${orderNumber} is claimed for Desk 1 (taken over): other desks see it being packed here`, mayShip: true, mayTakeOver: false };
        this.claims.set(orderNumber, taken);
        return ok(taken) as ApiResult<StationResults[M]>;
      }
      case 'validateAddress': {
        if (this.offline) return offline;
        const { address: to } = input as MethodInput<'validateAddress'>;
        const bad = isBadAddress(to);
        const standardized = { ...to, address1: to.address1.toUpperCase(), city: to.city.toUpperCase() };
        const errors = bad ? [{ code: 'InvalidAddress', message: 'the ZIP code is not a delivery area' }] : [];
        return ok({ status: bad ? 'Invalid' : 'Valid', addressType: 'Residential', validatedAddress: [standardized], errors }) as ApiResult<StationResults[M]>;
      }
      case 'rateShop': {
        if (this.offline) return offline;
        const { request } = input as MethodInput<'rateShop'>;
        const abroad = request.shipTo.country !== request.shipFrom.country;
        const weight = request.packages.reduce((sum, p) => sum + p.weight, 0);
        const zone = Number.parseInt(request.shipTo.zipPostalCode.replace(/\D/g, '').slice(0, 1) || '5', 10);
        const services = abroad ? ABROAD : SERVICES;
        this.quotes.set(rateKeyOf(request), services.map((s) => `${s.carrierName}:${s.serviceName}`));
        const responses = services.map((s) => ({
          carrierName: s.carrierName,
          carrierDisplayName: s.carrierName,
          rates: [{ serviceName: s.serviceName, serviceDisplayName: s.serviceName, shipMethod: s.shipMethod, freight: Math.round((s.base + weight * 1.3 + zone * 0.21) * 100) / 100, currencycode: 'USD', transitDays: String(s.days) }],
        }));
        return ok({ responses }) as unknown as ApiResult<StationResults[M]>;
      }
      case 'previewRules':
        if (this.offline) return offline;
        return ok({ ruleId: 'R1', ruleName: 'Ground by default', shipMethod: 'Ground' }) as unknown as ApiResult<StationResults[M]>;
      case 'ship': {
        const ship = input as Ship;
        const stationRef = `PB-DESK1-${String(this.#next++).padStart(4, '0')}`;
        this.ships.push({ input: ship, stationRef });
        this.#shipments.set(stationRef, this.#summary(stationRef, ship.shipment));
        const number = ship.shipment.references?.orderNumber;
        const stored = number === undefined ? undefined : this.orders.get(number);
        if (stored !== undefined && stored.status === 'open') this.orders.set(stored.orderNumber, { ...stored, status: 'shipped', stationRef, shippedAt: 1 });
        return ok({ stationRef, outboxId: this.#next, status: 'queued', repeated: false }) as ApiResult<StationResults[M]>;
      }
      case 'getShipment': {
        const { stationRef } = input as MethodInput<'getShipment'>;
        const summary = this.#shipments.get(stationRef);
        if (summary === undefined) return { ok: false, error: { code: 'notFound', message: `no shipment ${stationRef}`, fields: [], retryable: false } };
        return ok({ shipment: { ...summary, input: null, result: null, searchRecord: null, trackingRecord: null }, documents: [], printJobs: [], outbox: [], overrides: [] }) as ApiResult<StationResults[M]>;
      }
      default:
        return { ok: false, error: { code: 'unknownMethod', message: `the fake station does not answer ${method}`, fields: [], retryable: false } };
    }
  }

  #scripted<M extends StationMethod>(method: M, input: MethodInput<M>): ApiResult<StationResults[M]> | undefined {
    const answer = this.#answers.get(method) as Answer<M> | undefined;
    if (answer === undefined) return undefined;
    try {
      return { ok: true, value: answer(input) };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false, error: error.error };
      throw error;
    }
  }

  call<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<ApiResult<StationResults[M]>> {
    this.calls.push(method);
    this.sent.push({ method, input });
    return this.deliver(this.#scripted(method, input) ?? this.#answer(method, input));
  }

  async value<M extends StationMethod>(method: M, input: MethodInput<M>): Promise<StationResults[M]> {
    const result = await this.call(method, input);
    if (!result.ok) throw new StationCallError(method, result.error);
    return result.value;
  }

  on<T extends StationEvent['type']>(type: T, listener: (event: EventOf<T>) => void): () => void {
    return this.onAny((event) => {
      if (event.type === type) listener(event as EventOf<T>);
    });
  }

  onAny(listener: (event: StationEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
