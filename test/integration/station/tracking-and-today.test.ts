/**
 * Tracking that says when it changes, and the day at a glance, through the whole station over
 * the web host, against a standalone sandbox on loopback whose clock the test moves (its
 * tracking histories grow with that clock). The station refreshes the tracking of shipments not
 * yet delivered every 250 ms here (the app's is 2 minutes).
 *
 * Nothing here waits a fixed time: "no event" is asserted between events that prove the
 * refreshes ran (each refresh reports its progress after the changes it found).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayAtAGlance, StationEvent } from '../../../electron/api';
import type { RunningSandbox } from '../../../electron/sandbox/sandbox';
import { testClock } from '../../support/sandboxHarness';
import { SAN_FRANCISCO, requestKey, shipment } from '../../support/shipments';
import { startStationHarness, type EventOf, type StationHarness } from '../../support/stationHarness';

const DAY = 86_400_000;
/** Tuesday 10 June 2025, 10:00 in Chicago: shipped in the morning, picked up that afternoon or the next. */
const clock = testClock(new Date('2025-06-10T15:00:00Z'));

let station: StationHarness;
let service: RunningSandbox;
const shipped: string[] = [];

type TrackingChanged = EventOf<'trackingChanged'>;

const changesOf = (ref: string, from = 0): TrackingChanged[] =>
  station.events.slice(from).filter((e): e is TrackingChanged => e.type === 'trackingChanged' && e.stationRef === ref);

const isRefresh = (e: StationEvent): boolean => e.type === 'syncProgress' && e.phase === 'tracking';

/** Waits until `count` tracking refreshes have reported after event `from`: each ran through after whatever came before it. */
async function refreshesAfter(from: number, count: number): Promise<void> {
  await station.waitFor(() => (station.events.slice(from).filter(isRefresh).length >= count ? true : undefined), `${count} tracking refreshes after event ${from}`);
}

/** Ships at the sandbox's time and waits until the service created it. */
async function shipNow(orderNumber: string, overrides: Parameters<typeof shipment>[0] = {}): Promise<string> {
  const from = station.events.length;
  const { stationRef } = await station.value('ship', { shipment: shipment({ references: { orderNumber }, ...overrides }, clock()), requestKey: requestKey() });
  shipped.push(stationRef);
  await station.waitForEvent('outboxItem', (e) => e.stationRef === stationRef && e.kind === 'createShipment' && (e.state === 'done' || e.state === 'failed'), from);
  return stationRef;
}

async function changeDone(stationRef: string, kind: 'archiveShipment' | 'blockShipment', from: number): Promise<void> {
  await station.waitForEvent('outboxItem', (e) => e.stationRef === stationRef && e.kind === kind && e.state === 'done', from);
}

beforeAll(async () => {
  station = await startStationHarness({ tuning: { trackingEveryMs: 250 } });
  const apiKey = `tracking-${randomBytes(8).toString('hex')}`;
  service = await station.startServiceSandbox({ requestsPerMinute: 100_000, clock, credentials: { apiKey } });
  const profile = await station.value('saveProfile', { name: 'Tracking service', baseUrl: service.baseUrl, authUrl: service.authUrl, method: 'apiKey', tier: 'custom', requestsPerMinute: 100_000 });
  await station.value('setProfileSecret', { profileId: profile.id, secret: apiKey });
  await station.value('switchProfile', { profileId: profile.id });
  // Labels are not under test here: kept, not printed.
  await station.value('updateSettings', { autoPrintLabels: false, autoPrintDocuments: false });
  await station.waitFor(async () => ((await station.value('getConnection', {})).online ? true : undefined), 'the tracking service to be online');
}, 120_000);

afterAll(async () => {
  await station?.close();
});

describe('trackingChanged, from the station\'s own refresh', () => {
  let first = '';
  let second = '';

  it('tells each new shipment\'s first tracking once, then nothing while the carrier reports nothing new', async () => {
    first = await shipNow('SO-TRACK-1');
    second = await shipNow('SO-TRACK-2');
    for (const ref of [first, second]) {
      const event = await station.waitForEvent('trackingChanged', (e) => e.stationRef === ref);
      expect(event).toEqual({ type: 'trackingChanged', stationRef: ref, status: 'LabelCreated', delivered: false, events: 1 });
    }
    // The sandbox's clock stands still: refreshes run and find nothing new.
    const settled = station.events.length;
    await refreshesAfter(settled, 4);
    expect(changesOf(first)).toHaveLength(1);
    expect(changesOf(second)).toHaveLength(1);
  });

  it('tells the carrier\'s scans once when the sandbox\'s days move on', async () => {
    const from = station.events.length;
    // Thursday morning: picked up on Tuesday afternoon, or on Wednesday's when Tuesday's came too late.
    clock.advance(2 * DAY);
    const [a, b] = await Promise.all([first, second].map((ref) => station.waitForEvent('trackingChanged', (e) => e.stationRef === ref, from)));
    for (const event of [a, b]) {
      expect(event?.events).toBeGreaterThan(1);
      expect(event?.status).not.toBe('LabelCreated');
      expect(event?.delivered).toBe(false);
    }
    await refreshesAfter(station.events.length, 4);
    expect(changesOf(first, from)).toHaveLength(1);
    expect(changesOf(second, from)).toHaveLength(1);
    // What the event said is what the station keeps.
    const detail = await station.value('getShipment', { stationRef: first });
    expect(detail.shipment.trackingRecord?.events).toHaveLength(a?.events ?? -1);
  });

  it('tells the delivery once, and the delivered shipment leaves the refresh', async () => {
    const from = station.events.length;
    clock.advance(30 * DAY);
    for (const ref of [first, second]) {
      const event = await station.waitForEvent('trackingChanged', (e) => e.stationRef === ref && e.delivered, from);
      expect(event).toMatchObject({ status: 'Delivered', delivered: true });
      expect(changesOf(ref, from)).toEqual([event]);
    }
  });
});

let held = '';

describe('trackingChanged, from trackShipments', () => {
  beforeAll(async () => {
    // Another Tuesday morning in Chicago, so two days later the carrier has the parcels.
    clock.set(new Date('2025-07-15T15:00:00Z'));
    // Held at the shipper's request: its history stops there and ends in an exception, and the
    // station goes on refreshing it, so refreshes keep reporting.
    held = await shipNow('SO-TODAY-HELD');
    const from = station.events.length;
    await station.value('blockShipment', { stationRef: held, reason: 'address to confirm' });
    await changeDone(held, 'blockShipment', from);
    await station.waitForEvent('trackingChanged', (e) => e.stationRef === held && e.status === 'Exception', from);
  });

  it('tells a change the desk asked for once, and nothing when asking again finds nothing new', async () => {
    const ref = await shipNow('SO-TRACK-ASKED');
    await station.waitForEvent('trackingChanged', (e) => e.stationRef === ref);
    // Archived, it is no longer refreshed by the station: what follows comes from the desk's asking.
    let from = station.events.length;
    await station.value('archiveShipment', { stationRef: ref });
    await changeDone(ref, 'archiveShipment', from);
    await refreshesAfter(station.events.length, 2);

    from = station.events.length;
    clock.advance(2 * DAY);
    const [record] = await station.value('trackShipments', { stationRefs: [ref] });
    const told = await station.waitForEvent('trackingChanged', (e) => e.stationRef === ref, from);
    expect(told).toMatchObject({ stationRef: ref, delivered: false, events: record?.events?.length ?? -1 });
    expect(told.events).toBeGreaterThan(1);

    // Asked again with nothing new, then once more after the delivery: only the delivery is told.
    await station.value('trackShipments', { stationRefs: [ref] });
    clock.advance(30 * DAY);
    const [later] = await station.value('trackShipments', { stationRefs: [ref] });
    const next = await station.waitForEvent('trackingChanged', (e) => e.stationRef === ref && e !== told, from);
    expect(changesOf(ref, from)).toEqual([told, next]);
    expect(next).toMatchObject({ status: 'Delivered', delivered: true, events: later?.events?.length ?? -1 });
  });
});

describe('getToday over the station API', () => {
  let glance: DayAtAGlance;
  /** UTC, unless this week began there less than an hour ago (then nothing shipped here would be in it yet). */
  const zone = (() => {
    const now = new Date();
    return now.getUTCDay() === 1 && now.getUTCHours() === 0 ? 'America/Los_Angeles' : 'UTC';
  })();
  /** Weekday, hour and minute of an instant in `zone`. */
  const local = (at: number): string => new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

  beforeAll(async () => {
    // One the service refuses: it waits for a person, not sent.
    await shipNow('SO-TODAY-REFUSED', { shipTo: { ...SAN_FRANCISCO, zipPostalCode: '00000' } });
    glance = await station.value('getToday', { timeZone: zone });
  });

  it('counts today\'s and this week\'s shipments in the zone asked for, at the station\'s time', async () => {
    expect(glance.timeZone).toBe(zone);
    expect(local(glance.today.from)).toMatch(/ 00:00$/);
    expect(local(glance.today.to)).toMatch(/ 00:00$/);
    expect(glance.now).toBeGreaterThanOrEqual(glance.today.from);
    expect(glance.now).toBeLessThan(glance.today.to);
    expect(local(glance.week.from)).toBe('Mon 00:00');
    expect(local(glance.week.to)).toBe('Mon 00:00');
    expect(Math.round((glance.week.to - glance.week.from) / DAY)).toBe(7);
    expect(glance.week.from).toBeLessThanOrEqual(glance.today.from);

    const details = await Promise.all(shipped.map((stationRef) => station.value('getShipment', { stationRef })));
    const created = details.map((d) => d.shipment);
    const within = (period: { from: number; to: number }) => created.filter((s) => s.createdAt >= period.from && s.createdAt < period.to);
    expect(glance.today.shipments).toBe(within(glance.today).length);
    expect(glance.week.shipments).toBe(within(glance.week).length);
    expect(glance.today.unsent).toBe(within(glance.today).filter((s) => s.serviceId === null).length);

    // The week's spend, from each create's billing detail as the station kept it.
    const lines = new Map<string, { carrier: string | null; currency: string | null; amount: number; shipments: number; packages: number }>();
    for (const s of within(glance.week)) {
      const billing = s.result?.billingDetail;
      const amount = billing?.totalDiscountFreight ?? billing?.totalFreight;
      if (amount === undefined) continue;
      const key = `${s.carrier ?? ''}|${billing?.currencyCode ?? ''}`;
      const line = lines.get(key) ?? { carrier: s.carrier, currency: billing?.currencyCode ?? null, amount: 0, shipments: 0, packages: 0 };
      line.amount += amount;
      line.shipments += 1;
      line.packages += s.input?.packages.length ?? 0;
      lines.set(key, line);
    }
    expect(lines.size).toBeGreaterThan(0);
    expect(glance.week.spend.map(({ carrier, currency, shipments }) => ({ carrier, currency, shipments }))).toEqual(
      [...lines.values()].map(({ carrier, currency, shipments }) => ({ carrier, currency, shipments })),
    );
    for (const line of glance.week.spend) expect(line.amount).toBeCloseTo(lines.get(`${line.carrier ?? ''}|${line.currency ?? ''}`)?.amount ?? Number.NaN, 2);
    const [cost] = glance.week.costPerPackage;
    const [only] = [...lines.values()];
    expect(glance.week.costPerPackage).toHaveLength(1);
    expect(cost?.packages).toBe(only?.packages);
    expect(cost?.averagePerPackage).toBeCloseTo((only?.amount ?? Number.NaN) / (only?.packages ?? 1), 2);
  });

  it('lists the held shipment as a delivery exception, and counts the outbox and print problems', () => {
    expect(glance.deliveryExceptions).toEqual([
      expect.objectContaining({ stationRef: held, orderNumber: 'SO-TODAY-HELD', carrier: 'UPS', status: 'Exception', description: "Held at shipper's request", trackingNumber: expect.stringMatching(/^1Z/) }),
    ]);
    expect(glance.outbox).toEqual({ waiting: 0, needsPerson: 1 });
    expect(glance.printProblems).toBe(0);
  });

  it('counts in the computer\'s own zone when none is given, and takes no time from the caller', async () => {
    const local = await station.value('getToday', {});
    expect(local.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const withTime = await station.callAny('getToday', { now: 0 });
    expect(withTime).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'now', message: 'now is not a known field' }] } });
    const unknownZone = await station.call('getToday', { timeZone: 'Mars/Olympus_Mons' });
    expect(unknownZone).toMatchObject({ ok: false, error: { code: 'invalidInput', fields: [{ field: 'timeZone' }] } });
  });
});
