/**
 * The Ship screen's state in warehouse mode, against a fake station: an order another desk holds
 * or shipped is said in the station's words and Ship buys nothing for it; an order whose desk
 * stopped renewing its claim is taken over with the packer's reason and then loads as a scan
 * does; Next order gives this desk's claim back; a desk alone behaves as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderClaim } from '../../../electron/api';
import type { SoundName } from '../lib/sounds';
import { FakeStation } from '../testing/fakeStation';
import { SettingsState } from './settings.svelte';
import { ShipSession } from './shipSession.svelte';

const CHICAGO = { companyName: 'Packbench Demo Warehouse', address1: '233 S Wacker Dr', city: 'Chicago', stateProvince: 'IL', zipPostalCode: '60606', country: 'US' };
const sessions: ShipSession[] = [];

async function desk() {
  const station = new FakeStation();
  const settings = new SettingsState(station);
  await settings.load();
  const sounds: SoundName[] = [];
  const session = new ShipSession(station, { settings, online: () => true, sounds: { play: (name) => sounds.push(name) } });
  session.form.setShipFrom('loc_chicago', CHICAGO);
  sessions.push(session);
  return { station, session, sounds };
}

afterEach(() => {
  for (const session of sessions.splice(0)) session.nextOrder();
});

const held: OrderClaim = { orderNumber: '#1001', state: 'heldElsewhere', words: 'Order #1001 is being packed at Desk 3 since 10:42: this desk cannot buy a label for it', mayShip: false, mayTakeOver: false };
const expired: OrderClaim = {
  orderNumber: '#1001',
  state: 'leaseExpired',
  words: 'Order #1001 was being packed at Desk 3 since 10:42; its claim ran out at 10:44 (the desk stopped renewing it), so it can be taken over: take it over (with the reason) to pack it here',
  mayShip: false,
  mayTakeOver: true,
};

describe('an order another desk holds', () => {
  it('is said in the station words with an error sound, and Ship buys nothing for it, however often it is pressed', async () => {
    const { station, session, sounds } = await desk();
    station.claims.set('#1001', held);
    expect(await session.scan('1001')).toBe('claimedElsewhere');
    expect(session.claim).toEqual(held);
    expect(session.claimBlocks).toBe(true);
    expect(sounds).toEqual(['error']);
    expect(await session.ship()).toBe('held');
    expect(await session.ship()).toBe('held');
    expect(session.message).toEqual({ text: held.words, tone: 'problem' });
    expect(station.inputsOf('ship')).toEqual([]);
    expect(station.inputsOf('rateShop')).toEqual([]);
  });

  it('can be taken over once its lease ran out: the reason goes to the station, and the order then loads as a scan', async () => {
    const { station, session } = await desk();
    station.claims.set('#1001', expired);
    expect(await session.scan('#1001')).toBe('claimedElsewhere');
    expect(session.claim?.mayTakeOver).toBe(true);
    expect(await session.takeOver('Desk 3 is down; the parcel moved here')).toBe('loaded');
    expect(station.inputsOf('takeOverOrder')).toEqual([{ orderNumber: '#1001', reason: 'Desk 3 is down; the parcel moved here' }]);
    expect(session.claim).toMatchObject({ state: 'claimed', mayShip: true });
    expect(session.claimBlocks).toBe(false);
    expect(session.form.shipTo.contactName).toBe('Dana Whitfield');
  });

  it('a live claim is not taken over: the answer replaces what the screen says', async () => {
    const { station, session } = await desk();
    station.claims.set('#1001', held);
    await session.scan('#1001');
    expect(await session.takeOver('Desk 3 is down')).toBe('refused');
    expect(station.inputsOf('takeOverOrder')).toEqual([]);
  });
});

describe("this desk's claim", () => {
  it('is given back on Next order, and only when the desk held it', async () => {
    const { station, session } = await desk();
    station.claims.set('#1001', { orderNumber: '#1001', state: 'claimed', words: 'Order #1001 is claimed for Desk 1: other desks see it being packed here', mayShip: true, mayTakeOver: false });
    expect(await session.scan('#1001')).toBe('loaded');
    expect(session.claimBlocks).toBe(false);
    session.nextOrder();
    expect(station.inputsOf('releaseOrder')).toEqual([{ orderNumber: '#1001' }]);
    expect(session.claim).toBeUndefined();

    station.claims.set('#1002', { ...held, orderNumber: '#1002' });
    await session.scan('#1002');
    session.nextOrder();
    expect(station.inputsOf('releaseOrder')).toHaveLength(1);
  });

  it('lost to a takeover while it was on screen is said at once, with an error sound, and Ship then buys nothing; a lost claim of another order changes nothing', async () => {
    const { station, session, sounds } = await desk();
    const stop = session.follow();
    station.claims.set('#1001', { orderNumber: '#1001', state: 'claimed', words: 'Order #1001 is claimed for Desk 1: other desks see it being packed here', mayShip: true, mayTakeOver: false });
    expect(await session.scan('#1001')).toBe('loaded');
    const lost: OrderClaim = {
      orderNumber: '#1001',
      state: 'heldElsewhere',
      words: 'Order #1001 was taken over while this desk could not renew its claim: it is being packed at Desk 3 since 10:47, so this desk cannot buy a label for it',
      mayShip: false,
      mayTakeOver: false,
    };
    station.emit({ type: 'claimLost', claim: { ...lost, orderNumber: '#2002' } });
    expect(session.claimBlocks).toBe(false);
    expect(sounds).not.toContain('error');

    station.emit({ type: 'claimLost', claim: lost });
    expect(session.claim).toEqual(lost);
    expect(session.claimBlocks).toBe(true);
    expect(sounds).toContain('error');
    expect(await session.ship()).toBe('held');
    expect(station.inputsOf('ship')).toEqual([]);
    // No longer followed: the screen keeps what it shows.
    stop();
    station.emit({ type: 'claimLost', claim: { ...lost, words: 'later words' } });
    expect(session.claim?.words).toBe(lost.words);
  });

  it('at a desk alone there is no claim: nothing is said, nothing given back', async () => {
    const { station, session } = await desk();
    expect(await session.scan('#1001')).toBe('loaded');
    expect(session.claim).toBeUndefined();
    session.nextOrder();
    expect(station.inputsOf('releaseOrder')).toEqual([]);
  });
});
