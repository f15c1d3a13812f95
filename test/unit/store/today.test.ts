/**
 * The day at a glance against a real store filled through the store's own write functions:
 * shipments over three weeks, five carriers, three currencies, every outbox end, cancelled and
 * discarded ones, other desks' shipments, tracking with problems of every kind, print jobs that
 * failed. Each figure is held against a computation of its own over what the test wrote, with
 * the periods written out by hand (a week in New York that starts on a DST change, and Tokyo,
 * where the test's moment is exactly midnight).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DayAtAGlance, DeliveryProblemStatus } from '../../../electron/api';
import type { ShipmentCreateResult, TrackingEvent } from '../../../electron/service/contract';
import { TODAY_SQL, dayAtAGlance, documents, openStationStore, outbox, periodsAround, printJobs, shipments, StoreInputError, type Db } from '../../../electron/store';
import { seededRandom } from '../../../electron/sandbox/seededRandom';
import { createResult, searchRecord, shipmentInput } from './support/samples';
import { openTempStore } from './support/tempStore';

/** Wednesday 12 March 2025, 11:00 in New York (EDT since Sunday), midnight in Tokyo. */
const NOW = Date.parse('2025-03-12T15:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const PERIODS = {
  'America/New_York': {
    day: { from: Date.parse('2025-03-12T04:00:00Z'), to: Date.parse('2025-03-13T04:00:00Z') },
    week: { from: Date.parse('2025-03-10T04:00:00Z'), to: Date.parse('2025-03-17T04:00:00Z') },
  },
  'Asia/Tokyo': {
    day: { from: Date.parse('2025-03-12T15:00:00Z'), to: Date.parse('2025-03-13T15:00:00Z') },
    week: { from: Date.parse('2025-03-09T15:00:00Z'), to: Date.parse('2025-03-16T15:00:00Z') },
  },
} as const;
type Zone = keyof typeof PERIODS;

const CARRIERS = ['UPS', 'FEDEX', 'USPS', 'DHL', 'ODFL'] as const;
const CURRENCIES = ['USD', 'CAD', 'EUR'] as const;
const ENDS = ['created', 'created', 'created', 'created', 'cancelled', 'queued', 'unsure', 'failed', 'needsReview', 'discarded', 'otherDesk'] as const;
type End = (typeof ENDS)[number];
const PROBLEMS = ['none', 'exception', 'returned', 'failed', 'delivered'] as const;
type Problem = (typeof PROBLEMS)[number];

/** What the test wrote about one shipment: the model every figure is computed from. */
interface Written {
  readonly stationRef: string;
  readonly createdAt: number;
  readonly end: End;
  readonly carrier: string;
  readonly trackingNumber: string | null;
  readonly orderNumber: string;
  /** The charge as written in cents, its currency, and the packages of the input; absent when not billed. */
  readonly charge?: { readonly cents: number; readonly currency: string | null; readonly packages: number };
  readonly problem?: { readonly status: DeliveryProblemStatus; readonly description: string; readonly eventOn: string };
}

const MARK = { kind: 'test', message: 'written by the test' };

interface Filled {
  readonly db: Db;
  readonly written: Written[];
  readonly outbox: { waiting: number; needsPerson: number };
  readonly printProblems: number;
}

function billingOf(random: () => number, cents: number, currency: string): { billingDetail?: ShipmentCreateResult['billingDetail'] } {
  const amount = cents / 100;
  const shape = Math.floor(random() * 4);
  if (shape === 0) return { billingDetail: { totalFreight: amount + 3.5, totalDiscountFreight: amount, currencyCode: currency } };
  if (shape === 1) return { billingDetail: { totalFreight: amount, currencyCode: currency } };
  // The spelling rates use: read as well.
  if (shape === 2) return { billingDetail: { totalDiscountFreight: amount, currencycode: currency } };
  return { billingDetail: { totalDiscountFreight: amount, baseCharge: amount } };
}

function eventsFor(problem: Problem, createdAt: number, random: () => number): { events: TrackingEvent[]; status?: DeliveryProblemStatus } {
  const at = (hours: number): string => new Date(createdAt + hours * HOUR + Math.floor(random() * 50) * 60_000).toISOString();
  const events: TrackingEvent[] = [
    { code: 'LABEL_CREATED', description: 'Label created', exception: false, eventOn: at(0) },
    { code: 'PICKED_UP', description: 'Picked up', exception: false, eventOn: at(5) },
  ];
  switch (problem) {
    case 'none':
      events.push({ code: 'ARRIVED_AT_FACILITY', description: 'Arrived at Facility: Hodgkins, IL', exception: false, eventOn: at(20) });
      return { events };
    case 'exception':
      events.push({ code: 'WEATHER_DELAY', description: 'Severe weather conditions have delayed delivery.', exception: true, eventOn: at(30) });
      return { events, status: 'Exception' };
    case 'returned':
      events.push({ code: 'RS', description: 'Returning package to shipper', eventOn: at(40) });
      return { events, status: 'Returned' };
    case 'failed':
      // Out of order on purpose: the latest by time is the failed attempt, not the last in the list.
      events.unshift({ code: 'ATTEMPT', description: 'Delivery attempted, no access to the building', eventOn: at(60) });
      return { events, status: 'DeliveryFailed' };
    case 'delivered':
      events.push({ code: 'DELIVERED', description: 'Delivered, Front Door/Porch', exception: false, eventOn: at(70) });
      return { events };
  }
}

/** Fills a store: about 300 shipments from 12 days before NOW to 3 days after, the period boundaries among them. */
function fill(db: Db, seed: number): Filled {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const written: Written[] = [];
  const counts = { waiting: 0, needsPerson: 0 };
  const boundaries = Object.values(PERIODS).flatMap((p) => [p.day.from, p.day.to, p.week.from, p.week.to]);
  const times = [
    ...boundaries,
    ...boundaries.map((at) => at - 1),
    ...Array.from({ length: 290 }, () => NOW - 12 * DAY + Math.floor(random() * 15 * DAY)),
  ];
  let printProblems = 0;

  times.forEach((createdAt, n) => {
    const end = pick(ENDS);
    const carrier = pick(CARRIERS);
    const orderNumber = `SO-${n}`;
    const trackingNumber = `TRK${String(n).padStart(8, '0')}`;
    const serviceId = `shp_${String(n).padStart(6, '0')}`;
    if (end === 'otherDesk') {
      // Seen in a search: counted by its shipment date, never billed here.
      shipments.upsertFromSearch(
        db,
        searchRecord({ id: serviceId, shipmentId: serviceId, shipmentDate: new Date(createdAt).toISOString(), trackingNumber, references: { orderNumber }, shipmentInfo: { carrier, shipMethod: 'Ground' } }),
        NOW,
      );
      written.push({ stationRef: `svc-${serviceId}`, createdAt, end, carrier, trackingNumber, orderNumber });
      return;
    }
    const stationRef = `PB-T-${String(n).padStart(4, '0')}`;
    const packages = 1 + Math.floor(random() * 3);
    const input = shipmentInput({
      shipmentInfo: { carrier, shipMethod: 'Ground' },
      packages: Array.from({ length: packages }, () => ({ weight: 2, length: 10, width: 8, height: 6 })),
      references: { orderNumber },
    });
    const item = outbox.queueShipment(db, { stationRef, input, now: createdAt });
    const base = { stationRef, createdAt, end, carrier, orderNumber };
    switch (end) {
      case 'queued':
        counts.waiting += 1;
        written.push({ ...base, trackingNumber: null });
        return;
      case 'unsure':
        outbox.markSending(db, item.id, createdAt);
        outbox.markUnknown(db, item.id, MARK, createdAt, createdAt + 1000);
        counts.waiting += 1;
        written.push({ ...base, trackingNumber: null });
        return;
      case 'failed':
        outbox.markFailed(db, item.id, MARK, createdAt);
        counts.needsPerson += 1;
        written.push({ ...base, trackingNumber: null });
        return;
      case 'needsReview':
        outbox.markNeedsReview(db, item.id, MARK, createdAt);
        counts.needsPerson += 1;
        written.push({ ...base, trackingNumber: null });
        return;
      case 'discarded':
        outbox.markFailed(db, item.id, MARK, createdAt);
        outbox.discard(db, item.id, createdAt);
        written.push({ ...base, trackingNumber: null });
        return;
      case 'created':
      case 'cancelled': {
        const cents = 500 + Math.floor(random() * 20_000);
        const currency = pick(CURRENCIES);
        const billing = billingOf(random, cents, currency);
        const result = createResult({ id: serviceId, carrier, trackingNumber, references: { orderNumber }, packages: [], ...billing });
        if (billing.billingDetail === undefined) delete result.billingDetail;
        outbox.markSending(db, item.id, createdAt);
        outbox.markDone(db, item.id, result, createdAt + 1);
        shipments.recordCreated(db, stationRef, result, createdAt + 1);
        const billed = billing.billingDetail?.totalDiscountFreight !== undefined || billing.billingDetail?.totalFreight !== undefined;
        const billedCurrency = billing.billingDetail?.currencyCode ?? (billing.billingDetail as { currencycode?: string } | undefined)?.currencycode ?? null;
        const problem = pick(PROBLEMS);
        const { events, status } = eventsFor(problem, createdAt, random);
        shipments.recordTracking(db, serviceId, { success: true, shipment_Id: serviceId, trackingNumber, events }, createdAt + 2);
        if (end === 'cancelled') shipments.setStatus(db, stationRef, 'Cancelled', createdAt + 3);
        const latest = events.reduce((a, b) => (Date.parse(b.eventOn) >= Date.parse(a.eventOn) ? b : a));
        written.push({
          ...base,
          trackingNumber,
          ...(billed && end === 'created' ? { charge: { cents, currency: billedCurrency, packages } } : {}),
          // A cancelled shipment's problems are nobody's concern any more.
          ...(status !== undefined && end === 'created' ? { problem: { status, description: latest.description ?? '', eventOn: latest.eventOn } } : {}),
        });
        if (random() < 0.2) {
          // Its label failed to print; some of those a person already dealt with.
          documents.saveDocuments(db, stationRef, [{ type: 'Label', mime: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]) }], createdAt + 2);
          const [job] = printJobs.handOffForPrinting(db, stationRef, createdAt + 2);
          if (job === undefined) throw new Error('no print job was made for the label');
          printJobs.markPrintFailed(db, job.id, 'the printer is out of labels', createdAt + 3);
          if (random() < 0.3) printJobs.resolveFailure(db, job.id, createdAt + 4);
          else printProblems += 1;
        }
        return;
      }
    }
  });
  return { db, written, outbox: counts, printProblems };
}

const inPeriod = (at: number, period: { from: number; to: number }): boolean => at >= period.from && at < period.to;
const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Spend per carrier and currency over the shipments written in `period`, ordered as the station orders it. */
function expectedSpend(written: readonly Written[], period: { from: number; to: number }) {
  const lines = new Map<string, { carrier: string; currency: string | null; cents: number; shipments: number }>();
  for (const shipment of written) {
    if (shipment.charge === undefined || !inPeriod(shipment.createdAt, period)) continue;
    const key = `${shipment.carrier}|${shipment.charge.currency ?? ''}`;
    const line = lines.get(key) ?? { carrier: shipment.carrier, currency: shipment.charge.currency, cents: 0, shipments: 0 };
    line.cents += shipment.charge.cents;
    line.shipments += 1;
    lines.set(key, line);
  }
  return [...lines.values()]
    .map((line) => ({ carrier: line.carrier, currency: line.currency, amount: line.cents / 100, shipments: line.shipments }))
    .sort((a, b) => b.amount - a.amount || a.carrier.localeCompare(b.carrier) || (a.currency ?? '').localeCompare(b.currency ?? ''));
}

function expectSameSpend(actual: DayAtAGlance['week']['spend'], expected: ReturnType<typeof expectedSpend>): void {
  expect(actual.map(({ carrier, currency, shipments }) => ({ carrier, currency, shipments }))).toEqual(expected.map(({ carrier, currency, shipments }) => ({ carrier, currency, shipments })));
  actual.forEach((line, i) => expect(line.amount).toBeCloseTo(expected[i]?.amount ?? Number.NaN, 6));
}

describe('the day at a glance, counted in SQL', () => {
  // One store for the whole block (a temp store of its own lives for one test only).
  const folder = mkdtempSync(join(tmpdir(), 'packbench-today-'));
  const store = openStationStore(join(folder, 'station.db'));
  const filled = fill(store.db, 20_250_312);
  afterAll(() => {
    store.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it.each(Object.keys(PERIODS) as Zone[])('in %s: today and this week, as written out by hand', (zone) => {
    const glance = dayAtAGlance(filled.db, { now: NOW, timeZone: zone });
    const { day, week } = PERIODS[zone];
    expect(glance).toMatchObject({ timeZone: zone, now: NOW, today: day, week });

    const counted = filled.written.filter((s) => s.end !== 'discarded');
    expect(glance.today.shipments).toBe(counted.filter((s) => inPeriod(s.createdAt, day)).length);
    expect(glance.week.shipments).toBe(counted.filter((s) => inPeriod(s.createdAt, week)).length);
    const unsent: readonly End[] = ['queued', 'unsure', 'failed', 'needsReview'];
    expect(glance.today.unsent).toBe(counted.filter((s) => inPeriod(s.createdAt, day) && unsent.includes(s.end)).length);
    // The data reaches into every figure, so none passes by being empty.
    expect(glance.today.shipments).toBeGreaterThan(glance.today.unsent);
    expect(glance.today.unsent).toBeGreaterThan(0);
    expect(glance.week.shipments).toBeGreaterThan(glance.today.shipments);

    expectSameSpend(glance.today.spend, expectedSpend(filled.written, day));
    expectSameSpend(glance.week.spend, expectedSpend(filled.written, week));
    expect(glance.today.spend.length).toBeGreaterThan(1);
    expect(new Set(glance.week.spend.map((line) => line.currency))).toEqual(new Set([...CURRENCIES, null]));

    const perCurrency = new Map<string | null, { cents: number; packages: number }>();
    for (const s of filled.written) {
      if (s.charge === undefined || !inPeriod(s.createdAt, week)) continue;
      const line = perCurrency.get(s.charge.currency) ?? { cents: 0, packages: 0 };
      line.cents += s.charge.cents;
      line.packages += s.charge.packages;
      perCurrency.set(s.charge.currency, line);
    }
    expect(glance.week.costPerPackage.map((line) => line.currency).sort()).toEqual([...perCurrency.keys()].sort());
    for (const line of glance.week.costPerPackage) {
      const expected = perCurrency.get(line.currency);
      expect(line.packages).toBe(expected?.packages);
      expect(line.amount).toBeCloseTo((expected?.cents ?? Number.NaN) / 100, 6);
      // To the cent: at most half a cent from the exact average.
      expect(Math.abs(line.averagePerPackage - (expected?.cents ?? Number.NaN) / 100 / (expected?.packages ?? 1))).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(line.averagePerPackage).toBe(round2(line.averagePerPackage));
    }
  });

  it('outbox, print problems and delivery exceptions do not depend on the day', () => {
    const glance = dayAtAGlance(filled.db, { now: NOW, timeZone: 'America/New_York' });
    expect(glance.outbox).toEqual(filled.outbox);
    expect(glance.outbox.needsPerson).toBeGreaterThan(0);
    expect(glance.printProblems).toBe(filled.printProblems);
    expect(glance.printProblems).toBeGreaterThan(0);

    const problems = filled.written
      .flatMap((s) => (s.problem === undefined ? [] : [{ s, problem: s.problem }]))
      .sort((a, b) => Date.parse(b.problem.eventOn) - Date.parse(a.problem.eventOn));
    // More problems than are shown, of every kind: the list is capped at the 50 most recent.
    expect(problems.length).toBeGreaterThan(50);
    expect(new Set(problems.map((p) => p.problem.status))).toEqual(new Set(['Exception', 'Returned', 'DeliveryFailed']));
    expect(glance.deliveryExceptions).toEqual(
      problems.slice(0, 50).map(({ s, problem }) => ({
        stationRef: s.stationRef,
        trackingNumber: s.trackingNumber,
        orderNumber: s.orderNumber,
        carrier: s.carrier,
        status: problem.status,
        description: problem.description,
        eventOn: problem.eventOn,
      })),
    );
    expect(dayAtAGlance(filled.db, { now: NOW, timeZone: 'Asia/Tokyo' }).deliveryExceptions).toEqual(glance.deliveryExceptions);
  });

  it('an empty store: zeros and empty lists', () => {
    const { db } = openTempStore();
    expect(dayAtAGlance(db, { now: NOW, timeZone: 'UTC' })).toEqual({
      timeZone: 'UTC',
      now: NOW,
      today: { from: Date.parse('2025-03-12T00:00:00Z'), to: Date.parse('2025-03-13T00:00:00Z'), shipments: 0, unsent: 0, spend: [] },
      week: { from: Date.parse('2025-03-10T00:00:00Z'), to: Date.parse('2025-03-17T00:00:00Z'), shipments: 0, spend: [], costPerPackage: [] },
      outbox: { waiting: 0, needsPerson: 0 },
      deliveryExceptions: [],
      printProblems: 0,
    });
  });

  it('reads only the period\'s shipment rows, by rowid, and the moving shipments through their index', () => {
    const plan = (sql: string): string =>
      (filled.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ from: 0, to: 1, fromSeq: 0, dayFrom: 0, dayTo: 1 }) as { detail: string }[]).map((row) => row.detail).join('; ');
    for (const sql of [TODAY_SQL.counts, TODAY_SQL.spend, TODAY_SQL.costPerPackage]) {
      expect(plan(sql)).toMatch(/SEARCH shipments USING INTEGER PRIMARY KEY \(rowid>\?\)/);
      expect(plan(sql)).not.toMatch(/SCAN shipments/);
    }
    expect(plan(TODAY_SQL.exceptions)).toMatch(/SCAN shipments USING INDEX shipments_to_track/);
  });
});

describe('periods in a time zone', () => {
  it('a day that starts at 01:00 because the clocks skip midnight (Santiago, 7 September 2025)', () => {
    const periods = periodsAround(Date.parse('2025-09-07T15:00:00Z'), 'America/Santiago');
    expect(periods.day).toEqual({ from: Date.parse('2025-09-07T04:00:00Z'), to: Date.parse('2025-09-08T03:00:00Z') });
    expect(periods.week).toEqual({ from: Date.parse('2025-09-01T04:00:00Z'), to: Date.parse('2025-09-08T03:00:00Z') });
  });

  it('a Sunday belongs to the week that began the Monday before; a Monday starts one', () => {
    expect(periodsAround(Date.parse('2025-03-16T23:59:59Z'), 'UTC').week.from).toBe(Date.parse('2025-03-10T00:00:00Z'));
    expect(periodsAround(Date.parse('2025-03-17T00:00:00Z'), 'UTC').week.from).toBe(Date.parse('2025-03-17T00:00:00Z'));
  });

  it('refuses a zone the computer does not know, saying what to give', () => {
    expect(() => periodsAround(NOW, 'Mars/Olympus_Mons')).toThrow(StoreInputError);
    expect(() => periodsAround(NOW, 'Mars/Olympus_Mons')).toThrow(/IANA name such as Europe\/Berlin/);
  });
});
