/**
 * The Ship screen's state, without a browser, against a fake station: each finding the desk was
 * tried with (a scan keeping the previous customer, "Standard Shipping" buying overnight, stale
 * rates bought, an unknown order silent, an invalid address shipped on Enter, a void half done,
 * offline unable to ship, items never verified) as the sequence a packer makes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SoundName } from '../lib/sounds';
import { FakeStation } from '../testing/fakeStation';
import { SettingsState } from './settings.svelte';
import { ShipSession } from './shipSession.svelte';

const CHICAGO = { companyName: 'Packbench Demo Warehouse', address1: '233 S Wacker Dr', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' };

const sessions: ShipSession[] = [];

async function desk(options: { online?: boolean; settings?: Partial<FakeStation['settings']> } = {}) {
  const station = new FakeStation();
  station.settings = { ...station.settings, ...options.settings };
  const settings = new SettingsState(station);
  await settings.load();
  const sounds: SoundName[] = [];
  const state = { online: options.online ?? true };
  const session = new ShipSession(station, { settings, online: () => state.online, sounds: { play: (name) => sounds.push(name) } });
  session.form.setShipFrom('loc_chicago', CHICAGO);
  sessions.push(session);
  return { station, session, sounds, state };
}

/** A box and a weight on package 1, as a packer would. */
function pack(session: ShipSession, weight = '2'): void {
  session.pickPreset(0, '2');
  session.form.setPackageField(0, 'weight', weight);
}

/** Scans every item of the order into the box. */
function scanAllItems(session: ShipSession): void {
  for (const line of session.pack.lines) for (let i = 0; i < line.quantity; i += 1) session.scanItem(line.barcode ?? line.sku ?? '');
}

afterEach(() => {
  // Stops following shipments (their backstop timers).
  for (const session of sessions.splice(0)) session.nextOrder();
});

describe('a scan is a clean start', () => {
  it('an order left half done gives nothing to the next one: its address, weight and rates go', async () => {
    const { station, session } = await desk();
    expect(await session.scan('#1004')).toBe('loaded');
    pack(session, '7.5');
    await session.fetchRates();
    expect(session.rates.list.length).toBeGreaterThan(0);

    expect(await session.scan('#1001')).toBe('loaded');
    expect(session.form.shipTo.contactName).toBe('Dana Whitfield');
    expect(session.form.packages).toEqual([{ preset: '', weight: '1.32', length: '', width: '', height: '', declaredValue: '' }]);
    expect(session.rates.list).toEqual([]);
    expect(session.form.check).toEqual(expect.objectContaining({ status: 'Valid' }));

    pack(session);
    scanAllItems(session);
    expect(await session.ship()).toBe('rated');
    expect(await session.ship()).toBe('shipped');
    const [made] = station.ships;
    expect(made?.input.shipment.references?.orderNumber).toBe('#1001');
    expect(made?.input.shipment.shipTo).toMatchObject({ contactName: 'Dana Whitfield', zipPostalCode: '94105' });
    expect(made?.input.shipment.packages[0]?.weight).toBe(2);
  });

  it('"1002" scanned for "#1002" is that order; a number no order has leaves no previous customer behind, and says so with a sound', async () => {
    const { session, sounds } = await desk();
    await session.scan('#1004');
    pack(session, '3');
    expect(await session.scan(' 1002 ')).toBe('loaded');
    expect(session.form.orderNumber).toBe('#1002');
    expect(session.form.shipTo.city).toBe('Chicago');

    sounds.length = 0;
    expect(await session.scan('ZZ-404')).toBe('unknown');
    expect(session.form.orderNumber).toBe('ZZ-404');
    expect(session.form.shipTo.contactName).toBe('');
    expect(session.form.packages[0]?.weight).toBe('');
    expect(session.message?.text).toBe('No imported order is numbered ZZ-404: check the number on the packing slip, or type the address to ship it by hand');
    expect(sounds).toEqual(['error']);
  });

  it('an answer for an order no longer on screen is dropped', async () => {
    const { station, session } = await desk();
    const held: (() => void)[] = [];
    station.deliver = (answer) => new Promise((resolve) => held.push(() => resolve(answer)));
    const first = session.scan('#1001');
    const second = session.scan('#1002');
    // The second order's answer comes first, the first's after it.
    held[1]?.();
    held[0]?.();
    expect(await second).toBe('loaded');
    expect(await first).toBe('superseded');
    expect(session.form.orderNumber).toBe('#1002');
    expect(session.form.shipTo.contactName).toBe('Sam Ortiz');
  });
});

describe('the requested service', () => {
  it('"Standard Shipping" gets the cheapest rate, and the choice says why', async () => {
    const { session } = await desk();
    await session.scan('#1001');
    pack(session);
    await session.fetchRates();
    expect(session.rates.chosen?.serviceName).toBe('USPS_GROUND_ADVANTAGE');
    expect(session.rates.chosen?.price).toBe(Math.min(...session.rates.list.map((r) => r.price)));
    expect(session.rates.reason).toBe('Cheapest service: what “Standard Shipping” asks for');
  });

  it('"Express" never gets a ground rate', async () => {
    const { session } = await desk();
    await session.scan('#1002');
    pack(session);
    await session.fetchRates();
    expect(session.rates.chosen?.shipMethod).toBe('Express');
    expect(session.rates.chosen?.serviceName).toBe('USPS_PRIORITY_MAIL');
  });
});

describe('a rate belongs to the shipment it was quoted for', () => {
  it('a change makes the rates out of date, and Ship asks again instead of buying at the old price', async () => {
    const { station, session } = await desk();
    await session.scan('#1001');
    pack(session);
    scanAllItems(session);
    await session.fetchRates();
    expect(session.ratesCurrent).toBe(true);
    session.form.setPackageField(0, 'weight', '9');
    expect(session.ratesStale).toBe(true);
    expect(await session.ship()).toBe('rated');
    expect(station.ships).toEqual([]);
    expect(session.message?.text).toMatch(/^The shipment changed since those rates/);
    expect(session.ratesCurrent).toBe(true);
    expect(await session.ship()).toBe('shipped');
    expect(station.ships[0]?.input.shipment.packages[0]?.weight).toBe(9);
  });
});

describe('the address check', () => {
  it('an imported order with an invalid address is held until the packer ships to it on purpose, and that is kept with the shipment', async () => {
    const { station, session } = await desk();
    await session.scan('#1004');
    await Promise.resolve();
    expect(session.form.check?.status).toBe('Invalid');
    expect(session.addressBlocked).toBe(true);
    pack(session);
    scanAllItems(session);
    await session.fetchRates();
    expect(await session.ship()).toBe('held');
    expect(session.message?.text).toMatch(/^The address check says this address is invalid/);
    session.overrideAddress('');
    expect(await session.ship()).toBe('shipped');
    expect(station.ships[0]?.input.overrides).toEqual([{ kind: 'invalidAddress', note: 'The address check said Invalid; shipped as it is: shipped to the address as it is' }]);
  });

  it('an address corrected after an invalid check is checked again before Ship', async () => {
    const { session } = await desk();
    await session.scan('#1004');
    await Promise.resolve();
    session.form.setAddressField('zipPostalCode', '62701');
    session.form.setAddressField('stateProvince', 'IL');
    pack(session);
    scanAllItems(session);
    expect(await session.ship()).toBe('held');
    expect(session.message?.text).toMatch(/check it again/);
    await session.validateAddress();
    expect(session.form.check?.status).toBe('Valid');
    expect(await session.ship()).toBe('rated');
  });
});

describe('offline', () => {
  it("a new order ships with the desk's service without rates, queued, and the choice is kept with the shipment", async () => {
    const { station, session } = await desk({ online: false });
    station.offline = true;
    await session.scan('#1001');
    pack(session);
    scanAllItems(session);
    expect(session.serviceWithoutRates.displayName).toBe('UPS Ground');
    expect(await session.ship()).toBe('shipped');
    const [made] = station.ships;
    expect(made?.input.shipment.shipmentInfo).toEqual({ shipMethod: 'Ground', carrier: 'UPS', serviceLevel: 'UPS_GROUND' });
    expect(made?.input.overrides?.[0]).toMatchObject({ kind: 'serviceWithoutRates' });
  });

  it('an order asking for Express ships offline with the service its rule names, never the ground default', async () => {
    const { station, session } = await desk({ online: false });
    station.offline = true;
    await session.scan('#1002');
    pack(session);
    scanAllItems(session);
    expect(await session.ship()).toBe('shipped');
    expect(station.ships[0]?.input.shipment.shipmentInfo.serviceLevel).toBe('UPS_2ND_DAY_AIR');
  });

  it('the header said online but the service is unreachable: Ship still ships, without rates', async () => {
    const { station, session } = await desk({ online: true });
    station.offline = true;
    await session.scan('ZZ-404');
    session.form.setAddressField('contactName', 'Lee Park');
    session.form.setAddressField('address1', '1 Market St');
    session.form.setAddressField('city', 'San Francisco');
    session.form.setAddressField('stateProvince', 'CA');
    session.form.setAddressField('zipPostalCode', '94105');
    pack(session);
    expect(await session.ship()).toBe('shipped');
    expect(station.ships[0]?.input.shipment.shipmentInfo.serviceLevel).toBe('UPS_GROUND');
  });
});

describe('pack verification', () => {
  it('shows the items; a wrong item or one too many is refused in words and with a sound; Ship waits for every item', async () => {
    const { station, session, sounds } = await desk();
    await session.scan('#1001');
    expect(session.pack.active).toBe(true);
    expect(session.pack.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['TS-BLU-M', 2],
      ['MUG-ENM', 1],
    ]);
    pack(session);
    await session.fetchRates();
    expect(await session.ship()).toBe('held');
    expect(session.message?.text).toBe('Scan every item into the box first: 0 of 3 scanned (or "Ship without scanning every item", Alt+I)');

    sounds.length = 0;
    expect(session.scanItem('TS-BLU-M').kind).toBe('packed');
    expect(session.scanItem('NOPE-1')).toEqual({ kind: 'notInOrder', code: 'NOPE-1' });
    expect(session.message?.text).toBe('NOPE-1 is not an item of order #1001: take it out of the box');
    expect(session.scanItem('ts-blu-m').kind).toBe('packed');
    expect(session.scanItem('TS-BLU-M').kind).toBe('tooMany');
    expect(session.message?.text).toBe('One T-shirt too many: order #1001 has 2, take one out');
    // The mug by its UPC-A, scanned as an EAN-13 (a zero in front).
    expect(session.scanItem('0036000291452')).toMatchObject({ kind: 'packed', complete: true });
    expect(sounds).toEqual(['ok', 'error', 'ok', 'error', 'ok']);
    expect(await session.ship()).toBe('shipped');
    expect(station.ships[0]?.input.overrides).toBeUndefined();
  });

  it('an override ships without every item, and says which were not scanned', async () => {
    const { station, session } = await desk();
    await session.scan('#1001');
    pack(session);
    await session.fetchRates();
    session.scanItem('TS-BLU-M');
    session.overrideItems('');
    expect(await session.ship()).toBe('shipped');
    expect(station.ships[0]?.input.overrides).toEqual([{ kind: 'unverifiedItems', note: 'Not scanned into the box: TS-BLU-M ×1, MUG-ENM ×1. shipped without scanning every item' }]);
  });

  it('an order whose items have no code to scan: the items are shown and Ship does not wait', async () => {
    const { session } = await desk();
    await session.scan('A-77');
    expect(session.pack.active).toBe(false);
    expect(session.pack.lines).toHaveLength(1);
    expect(session.pack.satisfied).toBe(true);
  });

  it('off at the desk: the items are shown, and Ship does not wait for them', async () => {
    const { station, session } = await desk({ settings: { packVerification: false } });
    await session.scan('#1001');
    expect(session.pack.active).toBe(false);
    expect(session.pack.lines).toHaveLength(2);
    pack(session);
    await session.fetchRates();
    expect(await session.ship()).toBe('shipped');
    expect(station.ships).toHaveLength(1);
  });

  it('sounds are muted by the setting', async () => {
    const { session, sounds } = await desk({ settings: { sounds: false } });
    await session.scan('ZZ-404');
    await session.scan('#1001');
    session.scanItem('NOPE');
    expect(sounds).toEqual([]);
  });
});

describe('a void', () => {
  it('the voided order, scanned again, starts a new shipment instead of offering the voided label', async () => {
    const { station, session } = await desk();
    await session.scan('#1001');
    pack(session);
    scanAllItems(session);
    await session.ship();
    await session.ship();
    const voided = station.ships[0]?.stationRef ?? '';
    expect(await session.scan('#1001')).toBe('shippedBefore');
    station.voidShipment(voided);
    expect(await session.scan('#1001')).toBe('loaded');
    expect(session.form.shippedBefore).toEqual([]);
    expect(session.shipped).toBe(false);
  });
});
