/**
 * Batches of imported orders: estimated, shipped in one step, followed. `shipBatch` queues a
 * shipment for every order that can ship in one transaction with the batch (and marks those
 * orders shipped, as `ship` does), so a crash leaves either the whole batch queued or nothing;
 * the outbox sends it at the connection's pace, and the batch's labels print as one job once every
 * shipment of it has settled (connection.ts, printing/printService.ts).
 *
 * A batch by rule asks the service's business rules about every order before anything is queued:
 * the rules are the service's, a create does not apply them (the sandbox takes the carrier's
 * cheapest service of the method it is sent), so their answer has to be in the create itself.
 */
import type { BatchEstimate, BatchOrderEstimate, BatchService, BatchView, ParsedInput, StationHandlers } from '../../api';
import { UNITS_OF, StationError } from '../../api';
import type { ShipmentAddress, ShipmentCreate, ShipmentInfo } from '../../service/contract';
import { ServiceError } from '../../service/client/errors';
import { batchCounts, batchIdOfKey, insertBatch, listBatches, readBatch, settleBatches, type BatchOrderToStore } from '../../store/batches';
import { getLocation, listLocations, upsertLocationDetail, type CachedLocation } from '../../store/locations';
import { followShipment, getOrder } from '../../store/orders';
import { queueShipment } from '../../store/outbox';
import { getSetting } from '../../store/settings';
import { atomically } from '../../store/statements';
import { newStationRef } from '../../store/stationRef';
import { RULE_PROBE, planOrder, refusalOf, type OrderPlan, type ShipFrom } from '../batchPlan';
import { BatchQuotes, cheapestOfMethod, inTurns, rateOfService, type OfferedRate, type RateAnswer } from '../batchQuotes';
import type { Connection } from '../connection';
import type { StationContext } from '../context';

type BatchMethods = 'estimateBatch' | 'batchServices' | 'shipBatch' | 'getBatch' | 'listBatches';
type PlanInput = Pick<ParsedInput<'shipBatch'>, 'orderNumbers' | 'box' | 'shipFromLocationId'> & { readonly service?: BatchService };
type ChosenService = Extract<BatchService, { kind: 'service' }>;
type ShippablePlan = Extract<OrderPlan, { ok: true }>;

/** Requests to the service a batch keeps in flight at once; the rate limiter paces them. */
const IN_FLIGHT = 4;

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** A cached location's address, as the Ship screen makes one of a location it is given. */
function addressOf(location: CachedLocation): ShipmentAddress | undefined {
  const detail = location.detail;
  if (detail !== null) {
    const a = detail.address;
    return {
      companyName: detail.locationName,
      address1: a.address1,
      city: a.city,
      stateProvince: a.stateProvince,
      zipPostalCode: a.zipPostalCode,
      country: a.country.toUpperCase(),
      ...(a.contactName === undefined ? {} : { contactName: a.contactName }),
      ...(a.address2 === undefined ? {} : { address2: a.address2 }),
      ...(a.phoneNumber1 === undefined ? {} : { phoneNumber1: a.phoneNumber1 }),
      ...(a.emailAddress === undefined ? {} : { emailAddress: a.emailAddress }),
    };
  }
  const r = location.listRecord;
  if (r?.address1 === undefined || r.city === undefined || r.zipPostalCode === undefined || r.country === undefined) return undefined;
  return {
    ...(r.locationName === undefined ? {} : { companyName: r.locationName }),
    ...(r.contactName === undefined ? {} : { contactName: r.contactName }),
    address1: r.address1,
    city: r.city,
    stateProvince: r.stateProvince ?? '',
    zipPostalCode: r.zipPostalCode,
    country: r.country.toUpperCase(),
  };
}

const FIELD = 'shipFromLocationId';

/** A location with its address: the station's copy, or the service's answer once when the copy is only a list entry. */
async function locationOf(connection: Connection, id: string, now: number): Promise<CachedLocation> {
  const db = connection.store.db;
  const cached = getLocation(db, id);
  if (cached !== undefined && cached.detail !== null) return cached;
  try {
    return upsertLocationDetail(db, await connection.service().getLocation(id), now);
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'notFound') {
      throw new StationError('notFound', `there is no ship-from location ${id}: choose another in the Locations screen or in settings`, [{ field: FIELD, message: `${FIELD} names no location` }]);
    }
    // The service cannot be asked now: the list entry the station has will do.
    if (cached !== undefined && (error instanceof ServiceError || error instanceof StationError)) return cached;
    if (error instanceof ServiceError && error.transient) {
      throw new StationError('offline', `the ship-from location ${id} is not known here yet and the service cannot be reached: ship when it is back`, [], true);
    }
    throw error;
  }
}

/**
 * Where the batch ships from: the location named, else the desk's default location, else the first
 * active one the station knows (as the Ship screen starts), from the station's copy, offline too.
 */
async function shipFromOf(connection: Connection, named: string | undefined, now: number): Promise<ShipFrom> {
  const db = connection.store.db;
  const id = named ?? getSetting(db, 'defaultLocationId') ?? listLocations(db)[0]?.id;
  if (id === undefined) {
    throw new StationError('conflict', "the station knows no ship-from location yet: name one, or set the desk's default location in settings once the service has been reached", [
      { field: FIELD, message: `${FIELD} is needed: the station knows no location to ship from` },
    ]);
  }
  const location = await locationOf(connection, id, now);
  if (location.deleted || !location.active) {
    throw new StationError('conflict', `the ship-from location ${location.locationName ?? id} is ${location.deleted ? 'deleted' : 'inactive'}: choose an active one`, [
      { field: FIELD, message: `${FIELD} names a location that is not active` },
    ]);
  }
  const address = addressOf(location);
  if (address === undefined) {
    throw new StationError('offline', `the address of the ship-from location ${location.locationName ?? id} is not known here yet: ship when the service can be reached`, [], true);
  }
  return { id, address };
}

/** Each order's shipment (in the batch's service, or the rules' starting point) or why it cannot ship. */
async function planBatch(connection: Connection, input: PlanInput, now: number): Promise<OrderPlan[]> {
  const db = connection.store.db;
  const shipFrom = await shipFromOf(connection, input.shipFromLocationId, now);
  const weightUnit = UNITS_OF[getSetting(db, 'unitSystem')].weight;
  const { service } = input;
  const shipmentInfo: ShipmentInfo = service?.kind === 'service' ? { carrier: service.carrier, serviceLevel: service.serviceLevel, shipMethod: service.shipMethod } : RULE_PROBE;
  return input.orderNumbers.map((orderNumber) => planOrder(orderNumber, getOrder(db, orderNumber), { shipFrom, box: input.box, weightUnit, shipmentInfo, now }));
}

/** Where an order ships to, in words, for a message. */
function destinationOf(create: ShipmentCreate): string {
  return `${create.shipTo.city} ${create.shipTo.zipPostalCode}, ${create.shipTo.country}`;
}

/** The ship method an order's rules chose, or why they could not judge it. */
type RuleMethod = { readonly ok: true; readonly shipMethod: string } | { readonly ok: false; readonly message: string };

/** The service a batch by rule ships an order with, or why none. */
function ruleChoice(orderNumber: string, rule: RuleMethod, rates: RateAnswer): OfferedRate | string {
  if (!rule.ok) return `the business rules could not judge order ${orderNumber}: ${rule.message}`;
  if (!rates.ok) return `order ${orderNumber} could not be rated: ${rates.message}`;
  return cheapestOfMethod(rates.rates, rule.shipMethod) ?? `the business rules chose ${rule.shipMethod} for order ${orderNumber}, and no carrier offers it for this box and weight`;
}

/** The service chosen for the batch, as offered for an order, or why it is not. */
function serviceChoice(plan: ShippablePlan, service: ChosenService, rates: RateAnswer): OfferedRate | string {
  if (!rates.ok) return `order ${plan.orderNumber} could not be rated: ${rates.message}`;
  return (
    rateOfService(rates.rates, service) ??
    `${service.carrier} ${service.serviceLevel} is not offered for order ${plan.orderNumber} (to ${destinationOf(plan.create)}, in this box at this weight)`
  );
}

const quotesByConnection = new WeakMap<Connection, BatchQuotes>();
const shippingByConnection = new WeakMap<Connection, Map<string, Promise<BatchView>>>();

export function batchHandlers(station: StationContext): Pick<StationHandlers, BatchMethods> {
  const quotesOf = (connection: Connection): BatchQuotes => {
    let quotes = quotesByConnection.get(connection);
    if (quotes === undefined) {
      quotes = new BatchQuotes(() => connection.service(), () => station.timers.now());
      quotesByConnection.set(connection, quotes);
    }
    return quotes;
  };

  /** What the rules say of each order (by its plan), asked a few at a time. */
  async function rulesFor(quotes: BatchQuotes, plans: readonly ShippablePlan[]): Promise<{ answers: Map<string, RuleMethod>; asked: number }> {
    const answers = new Map<string, RuleMethod>();
    let asked = 0;
    await inTurns(plans, IN_FLIGHT, async (plan) => {
      const ask = quotes.rule(plan.create);
      if (ask.asked) asked += 1;
      const answer = await ask.answer;
      // A rule that names no method keeps the shipment's own, as the service's rules do.
      answers.set(plan.orderNumber, answer.ok ? { ok: true, shipMethod: answer.rule.shipMethod ?? plan.create.shipmentInfo.shipMethod } : answer);
    });
    return { answers, asked };
  }

  /** The rates of every plan's key; keys beyond `budget` new requests are left out (undefined). */
  async function ratesFor(quotes: BatchQuotes, plans: readonly ShippablePlan[], budget: number): Promise<{ answers: Map<string, RateAnswer>; asked: number }> {
    const answers = new Map<string, RateAnswer>();
    const toAsk = new Map<string, ShippablePlan>();
    let newKeys = 0;
    for (const plan of plans) {
      if (toAsk.has(plan.rateKey)) continue;
      const kept = quotes.keptRate(plan.rateKey) !== undefined;
      if (!kept && newKeys >= budget) continue;
      if (!kept) newKeys += 1;
      toAsk.set(plan.rateKey, plan);
    }
    let asked = 0;
    await inTurns([...toAsk.values()], IN_FLIGHT, async (plan) => {
      const ask = quotes.rate(plan.rateKey, plan.rateRequest);
      if (ask.asked) asked += 1;
      answers.set(plan.rateKey, await ask.answer);
    });
    return { answers, asked };
  }

  function viewOf(connection: Connection, batchId: number, repeated: boolean): BatchView {
    const view = readBatch(connection.store.db, batchId);
    if (view === undefined) throw new StationError('notFound', `there is no batch ${String(batchId)}`, [{ field: 'batchId', message: 'batchId names no batch' }]);
    return repeated ? { ...view, repeated } : view;
  }

  async function shipNow(connection: Connection, input: ParsedInput<'shipBatch'>): Promise<BatchView> {
    const now = station.timers.now();
    const plans = await planBatch(connection, input, now);
    const { service } = input;
    // A batch by rule: each order's service, from the rules' method and the order's rates, before anything is queued.
    const chosen = new Map<string, ShipmentInfo | string>();
    if (service.kind === 'rule') {
      const quotes = quotesOf(connection);
      const shippable = plans.filter((plan) => plan.ok);
      try {
        const [rules, rates] = await Promise.all([rulesFor(quotes, shippable), ratesFor(quotes, shippable, Number.POSITIVE_INFINITY)]);
        for (const plan of shippable) {
          const rule = rules.answers.get(plan.orderNumber) ?? { ok: false, message: 'no answer' };
          const choice = ruleChoice(plan.orderNumber, rule, rates.answers.get(plan.rateKey) ?? { ok: false, message: 'no answer' });
          chosen.set(plan.orderNumber, typeof choice === 'string' ? choice : { carrier: choice.carrier, serviceLevel: choice.serviceLevel, shipMethod: choice.shipMethod });
        }
      } catch (error) {
        if (error instanceof ServiceError && error.transient) {
          throw new StationError('offline', `the business rules are the service's and it cannot be reached now (${error.message}): ship this batch with a chosen service, or again when the service is back`, [], true);
        }
        throw error;
      }
    }

    const { batchId, repeated } = connection.queue((db) =>
      atomically(db, () => {
        // Two presses that raced each other: the first one's batch.
        const made = batchIdOfKey(db, input.batchKey);
        if (made !== undefined) return { batchId: made, repeated: true };
        const deskId = getSetting(db, 'deskId');
        const orders: BatchOrderToStore[] = plans.map((plan) => {
          if (!plan.ok) return { orderNumber: plan.orderNumber, refused: plan.message };
          // Shipped from the Ship screen, or cancelled, while the rules were asked.
          const changed = refusalOf(plan.orderNumber, getOrder(db, plan.orderNumber));
          if (changed !== undefined) return { orderNumber: plan.orderNumber, refused: changed };
          const choice = chosen.get(plan.orderNumber);
          if (typeof choice === 'string') return { orderNumber: plan.orderNumber, refused: choice };
          const create: ShipmentCreate = choice === undefined ? plan.create : { ...plan.create, shipmentInfo: choice };
          const stationRef = newStationRef(deskId, now);
          queueShipment(db, { stationRef, input: create, now });
          followShipment(db, stationRef, plan.orderNumber, now);
          return { orderNumber: plan.orderNumber, stationRef };
        });
        const id = insertBatch(db, { batchKey: input.batchKey, box: input.box, service, shipFromLocationId: plans.find((p) => p.ok)?.create.location ?? input.shipFromLocationId ?? null, now, orders });
        // A batch whose every order was refused up front has nothing to wait for.
        settleBatches(db, now);
        return { batchId: id, repeated: false };
      }),
    );
    if (!repeated) station.emit({ type: 'batchProgress', batchId, ...batchCounts(connection.store.db, batchId) });
    return viewOf(connection, batchId, repeated);
  }

  return {
    estimateBatch: async (input) => {
      const connection = station.connection();
      const plans = await planBatch(connection, input, station.timers.now());
      const shippable = plans.filter((plan) => plan.ok);
      const quotes = quotesOf(connection);
      // At most a minute of the connection's limit: the estimate never holds the desk up for longer.
      const budget = connection.profile.requestsPerMinute;
      const { service } = input;
      const [rates, rules] = await Promise.all([ratesFor(quotes, shippable, budget), service.kind === 'rule' ? rulesFor(quotes, shippable) : Promise.resolve(undefined)]);

      const priced = plans.map((plan): { estimate: BatchOrderEstimate; currency: string | null } => {
        if (!plan.ok) return { estimate: { orderNumber: plan.orderNumber, price: null, message: plan.message }, currency: null };
        const answer = rates.answers.get(plan.rateKey);
        if (answer === undefined) {
          const message = `not estimated: an estimate asks for at most ${String(budget)} rates (a minute of this connection's limit) and order ${plan.orderNumber}'s destination and weight were not among them; estimate fewer orders, or ship the batch`;
          return { estimate: { orderNumber: plan.orderNumber, price: null, message }, currency: null };
        }
        const choice =
          service.kind === 'service'
            ? serviceChoice(plan, service, answer)
            : ruleChoice(plan.orderNumber, rules?.answers.get(plan.orderNumber) ?? { ok: false, message: 'no answer' }, answer);
        if (typeof choice === 'string') return { estimate: { orderNumber: plan.orderNumber, price: null, message: choice }, currency: null };
        return { estimate: { orderNumber: plan.orderNumber, price: choice.price, carrier: choice.carrier, serviceLevel: choice.serviceLevel }, currency: choice.currency };
      });

      // The total is in the currency most orders are priced in; an order priced in another says so.
      const orders = new Map<string, number>();
      for (const each of priced) if (each.estimate.price !== null && each.currency !== null) orders.set(each.currency, (orders.get(each.currency) ?? 0) + 1);
      const currency = [...orders].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      let total = 0;
      const perOrder = priced.map(({ estimate, currency: pricedIn }) => {
        if (estimate.price === null) return estimate;
        if (pricedIn === null || pricedIn === currency) {
          total += estimate.price;
          return estimate;
        }
        return { ...estimate, message: `priced in ${pricedIn}: not counted in the total, which is in ${currency ?? 'no currency'}` };
      });
      const estimate: BatchEstimate = { currency, total: round2(total), perOrder, rateRequests: rates.asked, ruleRequests: rules?.asked ?? 0 };
      return estimate;
    },

    shipBatch: async (input) => {
      const connection = station.connection();
      const made = batchIdOfKey(connection.store.db, input.batchKey);
      if (made !== undefined) return viewOf(connection, made, true);
      // The same key pressed again while the first press still asks the rules: one batch.
      let shipping = shippingByConnection.get(connection);
      if (shipping === undefined) {
        shipping = new Map();
        shippingByConnection.set(connection, shipping);
      }
      const running = shipping.get(input.batchKey);
      if (running !== undefined) return { ...(await running), repeated: true };
      const work = shipNow(connection, input);
      const map = shipping;
      map.set(input.batchKey, work);
      try {
        return await work;
      } finally {
        map.delete(input.batchKey);
      }
    },

    batchServices: async (input) => {
      const connection = station.connection();
      const plans = await planBatch(connection, input, station.timers.now());
      const first = plans.find((plan) => plan.ok);
      if (first === undefined) {
        const refused = plans.find((plan) => !plan.ok);
        return { orderNumber: null, services: [], message: refused === undefined ? 'no order was given' : `no order of the batch can ship: ${refused.message}` };
      }
      // Kept with the estimate's answers: an estimate right after asks nothing again for this order.
      const answer = await quotesOf(connection).rate(first.rateKey, first.rateRequest).answer;
      return answer.ok ? { orderNumber: first.orderNumber, services: answer.rates, message: null } : { orderNumber: first.orderNumber, services: [], message: answer.message };
    },

    getBatch: ({ batchId }) => viewOf(station.connection(), batchId, false),

    listBatches: ({ limit }) => listBatches(station.connection().store.db, limit),
  };
}
