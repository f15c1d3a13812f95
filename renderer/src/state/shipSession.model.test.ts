/**
 * The Ship workflow as sequences, without a browser: fast-check drives the Ship screen's state
 * (scans of known and unknown orders and of numbers typed the way scanners type them, address
 * edits and checks, boxes and weights, rate fetches and choices, items scanned into the box,
 * overrides, going offline and back, voids, Ship presses, next order) against the fake station,
 * whose answers fast-check's scheduler hands back in any order, some while the next order is
 * already being scanned. Keys typed while an order loads are held and played after it, as the
 * screen does.
 *
 * Invariants, after every step and at every shipment:
 * - the screen shows the order scanned last: its number, and, while nobody touched them, its own
 *   address and weight (never another order's);
 * - rates shown as current were quoted for exactly the shipment the form makes now;
 * - every shipment made carries exactly the order, address, packages and service that were on
 *   screen at the Ship press, at a rate quoted for that state, or (offline) says it shipped without
 *   rates; an address the check called invalid, and items not all scanned in, ship only with
 *   their override; one shipment per scan.
 */
import { afterEach, assert, describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import type { MethodInput } from '../../../electron/api';
import { FakeStation, rateKeyOf } from '../testing/fakeStation';
import { SettingsState } from './settings.svelte';
import type { AddressField } from './shipForm.svelte';
import { ShipSession } from './shipSession.svelte';

const CHICAGO = { companyName: 'Packbench Demo Warehouse', address1: '233 S Wacker Dr', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' };
const UNITS = { weight: 'LB', length: 'IN' } as const;

interface Model {
  /** The order number the screen should show: the last scan's, as the station named it. */
  orderNumber: string;
  /** The imported order the last scan loaded, while its address and weight are untouched. */
  address: Record<string, string> | undefined;
  weight: string | undefined;
  /** A shipment was made since the last scan. */
  shipped: boolean;
  online: boolean;
}

interface Real {
  readonly station: FakeStation;
  readonly session: ShipSession;
  readonly scheduler: fc.Scheduler;
}

type Step = fc.AsyncCommand<Model, Real, false>;

/** Lets every answer on its way come back, in the order the scheduler picks. */
async function settle(real: Real, ...work: Promise<unknown>[]): Promise<void> {
  await real.scheduler.waitAll();
  await Promise.all(work);
  await real.scheduler.waitAll();
}

const EDITABLE: readonly AddressField[] = ['contactName', 'address1', 'city', 'stateProvince', 'zipPostalCode'];

/**
 * What the screen must show once nothing is on its way. Checked after every step of 10,000
 * sequences, so with Vitest's `assert` rather than `expect`: each `expect` call rebuilds Vitest's
 * assertion state, a large part of this file's time (its test took 18 s with `expect` and
 * 10 to 13 s with `assert`, on an idle 2-core machine).
 */
function checkScreen(model: Model, real: Real): void {
  const { session, station } = real;
  assert.strictEqual(session.busy, false, 'nothing is on its way');
  assert.strictEqual(session.form.orderNumber, model.orderNumber, 'the order scanned last');
  if (model.address !== undefined) for (const [field, value] of Object.entries(model.address)) assert.strictEqual(session.form.shipTo[field as AddressField], value, `the order's own ${field}`);
  if (model.weight !== undefined) assert.strictEqual(session.form.packages[0]?.weight, model.weight, "the order's own weight");
  if (session.ratesCurrent) {
    const built = session.form.build(UNITS, { shipMethod: 'Ground', carrier: 'UPS' }, { forRates: true });
    assert.ok(built.ok, 'rates shown as current are for a shipment the form can make');
    const offered = station.quotes.get(rateKeyOf(built.shipment));
    assert.ok(offered !== undefined, 'rates shown as current were quoted for this very shipment');
    for (const rate of session.rates.list) assert.include(offered, rate.id, 'rates shown as current were quoted for this very shipment');
  }
}

/** What was on screen at the press of Ship, to hold the shipment made to. */
function atPress(real: Real) {
  const { session } = real;
  const built = session.form.build(UNITS, { shipMethod: 'Ground', carrier: 'UPS' });
  return {
    built,
    orderNumber: session.form.orderNumber,
    chosen: session.ratesCurrent ? session.rates.chosen : undefined,
    checkedInvalid: session.form.check?.status === 'Invalid',
    packIncomplete: session.pack.active && !session.pack.complete,
    shipments: real.station.ships.length,
  };
}

function checkShipment(model: Model, real: Real, press: ReturnType<typeof atPress>): void {
  const made = real.station.ships.slice(press.shipments);
  expect(made.length, 'one press buys at most one label').toBeLessThanOrEqual(1);
  const [ship] = made;
  if (ship === undefined) return;
  expect(model.shipped, 'one shipment per scan').toBe(false);
  const shipment: MethodInput<'ship'>['shipment'] = ship.input.shipment;
  expect(press.built.ok).toBe(true);
  if (!press.built.ok) return;
  // Exactly what was on screen: the order, the address, the packages.
  expect(shipment.references?.orderNumber).toBe(press.orderNumber);
  expect(press.orderNumber).toBe(model.orderNumber);
  expect(shipment.shipTo).toEqual(press.built.shipment.shipTo);
  expect(shipment.packages).toEqual(press.built.shipment.packages);
  if (model.address !== undefined) for (const [field, value] of Object.entries(model.address)) expect(shipment.shipTo[field as AddressField], `no other order's ${field}`).toBe(value);
  const kinds = (ship.input.overrides ?? []).map((o) => o.kind);
  if (press.chosen !== undefined) {
    // The service chosen on screen, at a rate quoted for this very shipment.
    expect(shipment.shipmentInfo).toEqual({ shipMethod: press.chosen.shipMethod, carrier: press.chosen.carrierName, serviceLevel: press.chosen.serviceName });
    expect(real.station.quotes.get(rateKeyOf(shipment))).toContain(press.chosen.id);
    expect(kinds).not.toContain('serviceWithoutRates');
  } else {
    // No current rate: only when the service could not be reached, and said so.
    expect(kinds).toContain('serviceWithoutRates');
    expect(!model.online || real.station.offline).toBe(true);
  }
  if (press.checkedInvalid) expect(kinds).toContain('invalidAddress');
  if (press.packIncomplete) expect(kinds).toContain('unverifiedItems');
  model.shipped = true;
}

/** A scan: of an imported order (as written, or as scanners type it), or of a number no order has. */
const scanned = fc.oneof(
  fc.constantFrom('#1001', '#1002', 'A-77', '#1004'),
  fc.constantFrom('1001', ' 1002', 'a-77', '#1004 '),
  fc.constantFrom('ZZ-404', 'NOPE-1'),
);

/** Starts a scan; the model follows once it settles. */
async function scan(model: Model, real: Real, text: string, alongside?: Promise<unknown>): Promise<void> {
  const outcome = real.session.scan(text);
  await settle(real, outcome, ...(alongside === undefined ? [] : [alongside]));
  const result = await outcome;
  const stored = [...real.station.orders.values()].find((o) => o.orderNumber === text.trim() || o.orderNumber.replace(/^#/, '').toUpperCase() === text.trim().replace(/^#/, '').toUpperCase());
  model.orderNumber = stored?.orderNumber ?? text.trim();
  model.shipped = false;
  if (result === 'loaded' && stored !== undefined) {
    const to = stored.shipTo;
    model.address = { contactName: to.name, address1: to.address1, city: to.city, stateProvince: to.stateProvince, zipPostalCode: to.zipPostalCode, country: to.country };
    model.weight = stored.estimatedWeightGrams === null ? '' : String(Math.round((stored.estimatedWeightGrams / 453.59237) * 100) / 100);
  } else {
    model.address = undefined;
    model.weight = undefined;
  }
}

const step = (name: string, run: (model: Model, real: Real) => Promise<void>, check: (model: Model) => boolean = () => true): Step => ({
  check,
  async run(model, real) {
    await run(model, real);
    checkScreen(model, real);
  },
  toString: () => name,
});

const scanStep = scanned.map((text) => step(`scan ${JSON.stringify(text)}`, (model, real) => scan(model, real, text)));

// What a packer does with an imported order, in one go: the box, every item into it.
const packStep = fc.constantFrom('1', '2').map((box) =>
  step(`pack in box ${box}`, async (_model, real) => {
    real.session.pickPreset(0, box);
    for (const line of real.session.pack.lines) for (let i = 0; i < line.quantity; i += 1) real.session.scanItem(line.barcode ?? line.sku ?? '');
    await settle(real);
  }),
);

const rateAndShipStep = fc.constant(
  step('get rates and ship', async (model, real) => {
    const rated = real.session.fetchRates();
    await settle(real, rated);
    const press = atPress(real);
    const shipped = real.session.ship();
    await settle(real, shipped);
    checkShipment(model, real, press);
  }),
);

const steps = [
  scanStep,
  packStep,
  rateAndShipStep,
  // Something still on its way when the next order is scanned: its answer must not reach the new order.
  fc
    .tuple(fc.constantFrom('rates', 'check', 'ship', 'scan'), scanned, scanned)
    .map(([first, earlier, text]) =>
      step(`${first} while ${JSON.stringify(text)} is scanned`, async (model, real) => {
        const { session } = real;
        const pending: Promise<unknown> = first === 'rates' ? session.fetchRates() : first === 'check' ? session.validateAddress() : first === 'ship' ? session.ship() : session.scan(earlier);
        const press = first === 'ship' ? atPress(real) : undefined;
        // A ship the station answers after the new scan: it was for the order on screen then.
        const before = { ...model };
        await scan(model, real, text, pending);
        if (press !== undefined) checkShipment({ ...before, shipped: before.shipped }, real, press);
      }),
    ),
  fc.tuple(fc.constantFrom(...EDITABLE), fc.constantFrom('', '1 Market St', 'Boston', 'MA', 'ZZ', '00000', '02108', 'Lee Park')).map(([field, value]) =>
    step(`type ${JSON.stringify(value)} in ${field}`, async (model, real) => {
      real.session.form.setAddressField(field, value);
      model.address = undefined;
      await settle(real);
    }),
  ),
  fc.constant(
    step('validate address', async (_model, real) => {
      const checked = real.session.validateAddress();
      await settle(real, checked);
    }),
  ),
  fc.constant(
    step('take the standardized address', async (model, real) => {
      if (real.session.form.check !== undefined) {
        real.session.form.acceptStandardized();
        model.address = undefined;
      }
      await settle(real);
    }),
  ),
  fc.constantFrom('1', '2').map((key) =>
    step(`box ${key}`, async (_model, real) => {
      real.session.pickPreset(0, key);
      await settle(real);
    }),
  ),
  fc.constantFrom('2', '0.5', '7.25', '', 'x').map((weight) =>
    step(`weight ${JSON.stringify(weight)}`, async (model, real) => {
      real.session.form.setPackageField(0, 'weight', weight);
      model.weight = undefined;
      await settle(real);
    }),
  ),
  fc.constant(
    step('get rates', async (_model, real) => {
      const rated = real.session.fetchRates();
      await settle(real, rated);
    }),
  ),
  fc.nat(6).map((index) =>
    step(`choose rate ${String(index)}`, async (_model, real) => {
      const rate = real.session.rates.list[index];
      if (rate !== undefined) real.session.rates.choose(rate.id);
      await settle(real);
    }),
  ),
  fc.constantFrom('TS-BLU-M', '036000291452', 'MUG-ENM', '4006381333931', 'TS-2', 'WRONG').map((code) =>
    step(`item ${code}`, async (_model, real) => {
      real.session.scanItem(code);
      await settle(real);
    }),
  ),
  fc.constantFrom('address', 'items').map((what) =>
    step(`override ${what}`, async (_model, real) => {
      if (what === 'address') real.session.overrideAddress('');
      else real.session.overrideItems('');
      await settle(real);
    }),
  ),
  fc.boolean().map((online) =>
    step(online ? 'back online' : 'offline', async (model, real) => {
      model.online = online;
      real.station.offline = !online;
      await settle(real);
    }),
  ),
  fc.constant(
    step('ship', async (model, real) => {
      const press = atPress(real);
      const shipped = real.session.ship();
      await settle(real, shipped);
      checkShipment(model, real, press);
    }),
  ),
  fc.constant(
    step('ship it again', async (model, real) => {
      if (real.session.form.shippedBefore.length > 0) {
        real.session.shipAgain();
        await settle(real);
        const stored = real.station.orders.get(model.orderNumber);
        if (stored !== undefined) {
          const to = stored.shipTo;
          model.address = { contactName: to.name, address1: to.address1, city: to.city, stateProvince: to.stateProvince, zipPostalCode: to.zipPostalCode, country: to.country };
          model.weight = undefined;
        }
      }
      await settle(real);
    }),
  ),
  fc.constant(
    step('void the last shipment', async (_model, real) => {
      const last = real.station.ships.at(-1);
      if (last !== undefined) real.station.voidShipment(last.stationRef);
      await settle(real);
    }),
  ),
  fc.constant(
    step('next order', async (model, real) => {
      real.session.nextOrder();
      model.orderNumber = '';
      model.address = undefined;
      model.weight = undefined;
      model.shipped = false;
      await settle(real);
    }),
  ),
];

/** The steps, the packer's usual ones (scan, pack, rate and ship) weighted up so most sequences reach a shipment. */
const weighted = [...steps, scanStep, scanStep, packStep, packStep, rateAndShipStep, rateAndShipStep];

/** 10,000 sequences; SHIP_MODEL_RUNS sets another number while working on the workflow. */
const RUNS = Number(process.env.SHIP_MODEL_RUNS ?? 10_000);
const tally = { sequences: 0, steps: 0, shipments: 0, withoutRates: 0 };

const running: ShipSession[] = [];
afterEach(() => {
  for (const session of running.splice(0)) session.nextOrder();
});

describe('the Ship workflow as sequences', () => {
  it('never ships anything but the order, address, packages and quoted service on screen at the press', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.commands(weighted, { maxCommands: 30, size: 'medium' }), async (scheduler, commands) => {
        const station = new FakeStation();
        station.deliver = (answer) => scheduler.schedule(Promise.resolve(answer));
        const settings = new SettingsState(station);
        const loaded = settings.load();
        await scheduler.waitAll();
        await loaded;
        const online = { value: true };
        const session = new ShipSession(station, { settings, online: () => online.value, sounds: { play: () => undefined } });
        running.push(session);
        session.form.setShipFrom('loc_chicago', CHICAGO);
        const model: Model = { orderNumber: '', address: undefined, weight: undefined, shipped: false, online: true };
        const real: Real = { station, session, scheduler };
        try {
          await fc.asyncModelRun(() => ({ model, real }), [...commands].map((command) => wrapOnline(command, online)));
        } finally {
          session.nextOrder();
          tally.sequences += 1;
          tally.steps += [...commands].length;
          tally.shipments += station.ships.length;
          tally.withoutRates += station.ships.filter((made) => made.input.overrides?.some((o) => o.kind === 'serviceWithoutRates') === true).length;
        }
      }),
      { numRuns: RUNS },
    );
    console.log(`ship workflow: ${String(tally.sequences)} sequences, ${String(tally.steps)} steps, ${String(tally.shipments)} shipments (${String(tally.withoutRates)} without rates)`);
    // Not hollow: a good share of the sequences reach a shipment, offline ones among them.
    expect(tally.shipments).toBeGreaterThan(RUNS / 20);
    expect(tally.withoutRates).toBeGreaterThan(0);
    // 10,000 sequences take 15 to 20 s on a quiet 2-core machine and over a minute beside three
    // busy loops: the timeout only guards against a hang.
  }, 10 * 60_000);
});

/** The desk's online state follows the model's (the header and the station agree). */
function wrapOnline(command: Step, online: { value: boolean }): Step {
  return {
    check: (model) => command.check(model),
    async run(model, real) {
      await command.run(model, real);
      online.value = model.online;
    },
    toString: () => command.toString(),
  };
}
