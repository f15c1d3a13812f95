/**
 * Batches of imported orders: estimated, shipped in one step, followed. `ship` queues a shipment
 * for every order that can ship in one transaction with the batch (and marks those orders
 * shipped, as the Ship key does), so a crash leaves either the whole batch queued or nothing; the
 * outbox sends it at the connection's pace, and the batch's labels print as one job once every
 * shipment of it has settled (station/coordinator.ts, printing/printPolicy.ts).
 *
 * A batch by rule asks the service's business rules about every order before anything is queued:
 * the rules are the service's, a create does not apply them (the sandbox takes the carrier's
 * cheapest service of the method it is sent), so their answer has to be in the create itself.
 *
 * One `Batches` belongs to each connection: the answers it keeps (quotes.ts) and the presses of
 * the Ship key it is working on are that connection's alone.
 */
import type { BatchEstimate, BatchOrderEstimate, BatchService, BatchSummary, BatchView, ParsedInput, StationEvent, StationResults } from '../api';
import { UNITS_OF, StationError } from '../api';
import { locationWithAddress, addressOf, type LocationsParts } from '../locations/locations';
import type { ServiceClient } from '../service/client/client';
import { ServiceError } from '../service/client/errors';
import type { ShipmentCreate, ShipmentInfo } from '../service/contract';
import { newStationRef, type BatchOrderToStore } from '../store';
import type { OrderClaims } from '../shipping/orderClaims';
import { queueNewShipment } from '../shipping/queueShipment';
import { RULE_PROBE, planOrder, refusalOf, type OrderPlan, type ShipFrom } from './plan';
import { BatchQuotes, cheapestOfMethod, inTurns, rateOfService, type OfferedRate, type RateAnswer } from './quotes';

type PlanInput = Pick<ParsedInput<'shipBatch'>, 'orderNumbers' | 'box' | 'shipFromLocationId'> & { readonly service?: BatchService };
type ChosenService = Extract<BatchService, { kind: 'service' }>;
type ShippablePlan = Extract<OrderPlan, { ok: true }>;

/** What batches need of the connection: its store, clock and service, its pace, and the desk's ear. */
export interface BatchParts extends LocationsParts {
  service(): Pick<ServiceClient, 'getLocation' | 'getLocations' | 'createLocation' | 'updateLocation' | 'deleteLocation' | 'rateShop' | 'applyRule'>;
  /** Requests a minute the connection may make: an estimate asks for at most a minute of them. */
  readonly requestsPerMinute: number;
  /** Something was queued: the outbox worker sends it at once if the service can be reached. */
  queued(): void;
  emit(event: StationEvent): void;
  /** In warehouse mode, each order passes the purchase guard before it is queued. */
  readonly claims: Pick<OrderClaims, 'forBatch'>;
}

/** Requests to the service a batch keeps in flight at once; the rate limiter paces them. */
const IN_FLIGHT = 4;

const round2 = (value: number): number => Math.round(value * 100) / 100;

const FIELD = 'shipFromLocationId';

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

export class Batches {
  private readonly quotes: BatchQuotes;
  /** Batches being shipped, by the key of the press: the same key pressed again joins the first press. */
  private readonly shipping = new Map<string, Promise<BatchView>>();

  constructor(private readonly parts: BatchParts) {
    this.quotes = new BatchQuotes(() => parts.service(), () => parts.now());
  }

  async estimate(input: ParsedInput<'estimateBatch'>): Promise<BatchEstimate> {
    const plans = await this.plan(input);
    const shippable = plans.filter((plan) => plan.ok);
    // At most a minute of the connection's limit: the estimate never holds the desk up for longer.
    const budget = this.parts.requestsPerMinute;
    const { service } = input;
    const [rates, rules] = await Promise.all([this.ratesFor(shippable, budget), service.kind === 'rule' ? this.rulesFor(shippable) : Promise.resolve(undefined)]);

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
  }

  /** Ships the batch once per key: a second press (or one racing the first) gets the first one's batch. */
  async ship(input: ParsedInput<'shipBatch'>): Promise<BatchView> {
    const made = this.parts.store.read.batchIdOfKey(input.batchKey);
    if (made !== undefined) return this.view(made, true);
    // The same key pressed again while the first press still asks the rules: one batch.
    const running = this.shipping.get(input.batchKey);
    if (running !== undefined) return { ...(await running), repeated: true };
    const work = this.shipNow(input);
    this.shipping.set(input.batchKey, work);
    try {
      return await work;
    } finally {
      this.shipping.delete(input.batchKey);
    }
  }

  /** The services the batch's first order can ship with, as the service offers them. */
  async services(input: ParsedInput<'batchServices'>): Promise<StationResults['batchServices']> {
    const plans = await this.plan(input);
    const first = plans.find((plan) => plan.ok);
    if (first === undefined) {
      const refused = plans.find((plan) => !plan.ok);
      return { orderNumber: null, services: [], message: refused === undefined ? 'no order was given' : `no order of the batch can ship: ${refused.message}` };
    }
    // Kept with the estimate's answers: an estimate right after asks nothing again for this order.
    const answer = await this.quotes.rate(first.rateKey, first.rateRequest).answer;
    return answer.ok ? { orderNumber: first.orderNumber, services: answer.rates, message: null } : { orderNumber: first.orderNumber, services: [], message: answer.message };
  }

  view(batchId: number, repeated = false): BatchView {
    const view = this.parts.store.read.readBatch(batchId);
    if (view === undefined) throw new StationError('notFound', `there is no batch ${String(batchId)}`, [{ field: 'batchId', message: 'batchId names no batch' }]);
    return repeated ? { ...view, repeated } : view;
  }

  list(limit: number): BatchSummary[] {
    return this.parts.store.read.listBatches(limit);
  }

  /**
   * A shipment's create settled, was resubmitted or was discarded: when it belongs to a batch, the
   * batch's counts are told (`batchProgress`). True when a batch settled by it: its labels print now.
   */
  itemChanged(stationRef: string): boolean {
    const place = this.parts.store.read.batchPlaceOf(stationRef);
    if (place === undefined) return false;
    const settled = this.settle();
    this.parts.emit({ type: 'batchProgress', batchId: place.batchId, ...this.parts.store.read.batchCounts(place.batchId) });
    return settled.length > 0;
  }

  /** Marks the batches none of whose shipments waits any more (after a crash or a switch too); their ids. */
  settle(): number[] {
    const now = this.parts.now();
    return this.parts.store.atomically((write) => write.settleBatches(now));
  }

  private async shipNow(input: ParsedInput<'shipBatch'>): Promise<BatchView> {
    const now = this.parts.now();
    const plans = await this.plan(input);
    const { service } = input;
    const chosen = service.kind === 'rule' ? await this.chooseByRule(plans) : new Map<string, ShipmentInfo | string>();
    const guarded = await this.guard(input.batchKey, plans, now);
    const { batchId, repeated } = this.parts.store.atomically((write) => {
      // Two presses that raced each other: the first one's batch.
      const made = write.batchIdOfKey(input.batchKey);
      if (made !== undefined) return { batchId: made, repeated: true };
      const deskId = write.deskSetting('deskId');
      const orders: BatchOrderToStore[] = plans.map((plan) => {
        if (!plan.ok) return { orderNumber: plan.orderNumber, refused: plan.message };
        // Shipped from the Ship screen, or cancelled, while the rules were asked.
        const changed = refusalOf(plan.orderNumber, write.order(plan.orderNumber));
        if (changed !== undefined) return { orderNumber: plan.orderNumber, refused: changed };
        const choice = chosen.get(plan.orderNumber);
        if (typeof choice === 'string') return { orderNumber: plan.orderNumber, refused: choice };
        const clearance = guarded.get(plan.orderNumber);
        if (clearance !== undefined && 'refused' in clearance) return { orderNumber: plan.orderNumber, refused: clearance.refused };
        const shipment: ShipmentCreate = choice === undefined ? plan.create : { ...plan.create, shipmentInfo: choice };
        const { stationRef } = queueNewShipment(write, { deskId, shipment, now, ...(clearance ?? {}) });
        return { orderNumber: plan.orderNumber, stationRef };
      });
      const id = write.insertBatch({ batchKey: input.batchKey, box: input.box, service, shipFromLocationId: plans.find((p) => p.ok)?.create.location ?? input.shipFromLocationId ?? null, now, orders });
      // A batch whose every order was refused up front has nothing to wait for.
      write.settleBatches(now);
      return { batchId: id, repeated: false };
    });
    this.parts.queued();
    if (!repeated) this.parts.emit({ type: 'batchProgress', batchId, ...this.parts.store.read.batchCounts(batchId) });
    return this.view(batchId, repeated);
  }

  /**
   * In warehouse mode, each order the batch can ship passes the purchase guard first (its key the
   * batch's and the order's, so a repeated press is the same intent): the reference to queue it
   * under, or why it is left out in words (another desk holds or shipped it).
   */
  private async guard(batchKey: string, plans: readonly OrderPlan[], now: number): Promise<Map<string, { readonly refused: string } | { readonly stationRef: string } | undefined>> {
    const deskId = this.parts.store.read.deskSetting('deskId');
    const guarded = new Map<string, { readonly refused: string } | { readonly stationRef: string } | undefined>();
    for (const plan of plans) {
      if (!plan.ok) continue;
      const clearance = await this.parts.claims.forBatch({ orderNumber: plan.orderNumber, stationRef: newStationRef(deskId, now), requestKey: `${batchKey}:${plan.orderNumber}` });
      guarded.set(plan.orderNumber, clearance.kind === 'refused' ? { refused: clearance.words } : clearance.kind === 'guarded' ? { stationRef: clearance.stationRef } : undefined);
    }
    return guarded;
  }

  /** A batch by rule: each order's service, from the rules' method and the order's rates, before anything is queued. */
  private async chooseByRule(plans: readonly OrderPlan[]): Promise<Map<string, ShipmentInfo | string>> {
    const chosen = new Map<string, ShipmentInfo | string>();
    const shippable = plans.filter((plan) => plan.ok);
    try {
      const [rules, rates] = await Promise.all([this.rulesFor(shippable), this.ratesFor(shippable, Number.POSITIVE_INFINITY)]);
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
    return chosen;
  }

  /** Each order's shipment (in the batch's service, or the rules' starting point) or why it cannot ship. */
  private async plan(input: PlanInput): Promise<OrderPlan[]> {
    const { read } = this.parts.store;
    const now = this.parts.now();
    const shipFrom = await this.shipFrom(input.shipFromLocationId);
    const weightUnit = UNITS_OF[read.warehouseSetting('unitSystem')].weight;
    const { service } = input;
    const shipmentInfo: ShipmentInfo = service?.kind === 'service' ? { carrier: service.carrier, serviceLevel: service.serviceLevel, shipMethod: service.shipMethod } : RULE_PROBE;
    return input.orderNumbers.map((orderNumber) => planOrder(orderNumber, read.order(orderNumber), { shipFrom, box: input.box, weightUnit, shipmentInfo, now }));
  }

  /**
   * Where the batch ships from: the location named, else the desk's default location, else the first
   * active one the station knows (as the Ship screen starts), from the station's copy, offline too.
   */
  private async shipFrom(named: string | undefined): Promise<ShipFrom> {
    const { read } = this.parts.store;
    const id = named ?? read.deskSetting('defaultLocationId') ?? read.listLocations()[0]?.id;
    if (id === undefined) {
      throw new StationError('conflict', "the station knows no ship-from location yet: name one, or set the desk's default location in settings once the service has been reached", [
        { field: FIELD, message: `${FIELD} is needed: the station knows no location to ship from` },
      ]);
    }
    const location = await locationWithAddress(this.parts, id, FIELD);
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

  /** What the rules say of each order (by its plan), asked a few at a time. */
  private async rulesFor(plans: readonly ShippablePlan[]): Promise<{ answers: Map<string, RuleMethod>; asked: number }> {
    const answers = new Map<string, RuleMethod>();
    let asked = 0;
    await inTurns(plans, IN_FLIGHT, async (plan) => {
      const ask = this.quotes.rule(plan.create);
      if (ask.asked) asked += 1;
      const answer = await ask.answer;
      // A rule that names no method keeps the shipment's own, as the service's rules do.
      answers.set(plan.orderNumber, answer.ok ? { ok: true, shipMethod: answer.rule.shipMethod ?? plan.create.shipmentInfo.shipMethod } : answer);
    });
    return { answers, asked };
  }

  /** The rates of every plan's key; keys beyond `budget` new requests are left out (undefined). */
  private async ratesFor(plans: readonly ShippablePlan[], budget: number): Promise<{ answers: Map<string, RateAnswer>; asked: number }> {
    const answers = new Map<string, RateAnswer>();
    const toAsk = new Map<string, ShippablePlan>();
    let newKeys = 0;
    for (const plan of plans) {
      if (toAsk.has(plan.rateKey)) continue;
      const kept = this.quotes.keptRate(plan.rateKey) !== undefined;
      if (!kept && newKeys >= budget) continue;
      if (!kept) newKeys += 1;
      toAsk.set(plan.rateKey, plan);
    }
    let asked = 0;
    await inTurns([...toAsk.values()], IN_FLIGHT, async (plan) => {
      const ask = this.quotes.rate(plan.rateKey, plan.rateRequest);
      if (ask.asked) asked += 1;
      answers.set(plan.rateKey, await ask.answer);
    });
    return { answers, asked };
  }
}
