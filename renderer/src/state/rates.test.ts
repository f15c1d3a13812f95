/**
 * The rates for the shipment on the form: every carrier's services in one list, sorted by price
 * or transit with the preferred carrier first among equals, the cheapest and fastest marked, one
 * chosen (as the order asked, at the desk, or by the business rules), and only the newest
 * request's answer kept.
 */
import { describe, expect, it } from 'vitest';
import type { MethodInput, StationResults, StationSettings } from '../../../electron/api';
import { FakeStation, refusal } from '../testing/fakeStation';
import { RatesState } from './rates.svelte';
import { SettingsState } from './settings.svelte';

type Answer = StationResults['rateShop'];
type Request = MethodInput<'rateShop'>['request'];

const REQUEST = {} as Request;
const rate = (serviceName: string, shipMethod: string, freight: number, transitDays?: string, discountFrieght?: number) => ({ serviceName, serviceDisplayName: serviceName.replace(/_/g, ' '), shipMethod, freight, currencycode: 'USD', ...(transitDays === undefined ? {} : { transitDays }), ...(discountFrieght === undefined ? {} : { discountFrieght }) });
const ANSWER = {
  responses: [
    { carrierName: 'UPS', carrierDisplayName: 'UPS', rates: [rate('UPS_GROUND', 'Ground', 12, '3', 9), rate('UPS_2ND_DAY_AIR', 'Express', 24, '2')] },
    { carrierName: 'USPS', rates: [rate('USPS_GROUND_ADVANTAGE', 'Ground', 9, '4'), rate('USPS_MEDIA', 'Ground', 30)] },
    { carrierName: 'FEDEX', rates: [rate('FEDEX_STANDARD_OVERNIGHT', 'Express', 70, '1')] },
  ],
} as unknown as Answer;

async function desk(answer: Answer = ANSWER) {
  const station = new FakeStation().answer('rateShop', () => answer).answer('previewRules', () => ({ ruleId: 'R7', ruleName: 'Heavy goes express', shipMethod: '2nd Day Air' }));
  station.answer('updateSettings', (patch) => (station.settings = { ...station.settings, ...patch } as StationSettings));
  const settings = new SettingsState(station);
  await settings.load();
  return { station, settings, rates: new RatesState(station, () => settings.current?.preferredCarrier ?? null) };
}

const ids = (rates: RatesState) => rates.list.map((r) => r.id);

describe('the rates', () => {
  it('are one list of every carrier’s services at the price the desk pays, the cheapest and fastest marked', async () => {
    const { rates } = await desk();
    expect(await rates.fetch(REQUEST, 'form-1')).toEqual({ ok: true });
    expect(rates.list.find((r) => r.id === 'UPS:UPS_GROUND')).toMatchObject({ price: 9, currency: 'USD', transitDays: 3, carrierDisplayName: 'UPS', serviceDisplayName: 'UPS GROUND' });
    expect(rates.list.find((r) => r.id === 'USPS:USPS_MEDIA')?.transitDays).toBeUndefined();
    expect(rates.cheapestId).toBe('UPS:UPS_GROUND');
    expect(rates.fastestId).toBe('FEDEX:FEDEX_STANDARD_OVERNIGHT');
    expect(rates.quotedFor).toBe('form-1');
  });

  it('sort by price with the preferred carrier first among equals, or by transit with unknown days last', async () => {
    const { settings, rates } = await desk();
    await rates.fetch(REQUEST, 'form-1');
    expect(ids(rates)).toEqual(['UPS:UPS_GROUND', 'USPS:USPS_GROUND_ADVANTAGE', 'UPS:UPS_2ND_DAY_AIR', 'USPS:USPS_MEDIA', 'FEDEX:FEDEX_STANDARD_OVERNIGHT']);
    await settings.update({ preferredCarrier: 'USPS' });
    expect(ids(rates).slice(0, 2)).toEqual(['USPS:USPS_GROUND_ADVANTAGE', 'UPS:UPS_GROUND']);
    rates.setSort('transit');
    expect(ids(rates)).toEqual(['FEDEX:FEDEX_STANDARD_OVERNIGHT', 'UPS:UPS_2ND_DAY_AIR', 'UPS:UPS_GROUND', 'USPS:USPS_GROUND_ADVANTAGE', 'USPS:USPS_MEDIA']);
  });

  it('one is chosen as the order asked, at the desk, or by moving along the list as shown', async () => {
    const { settings, rates } = await desk();
    await rates.fetch(REQUEST, 'form-1');
    rates.chooseFor(undefined, []);
    expect([rates.chosen?.id, rates.reason]).toEqual(['UPS:UPS_GROUND', 'Cheapest']);
    rates.chooseFor('Express', settings.current?.serviceRules ?? []);
    expect(rates.chosen?.id).toBe('UPS:UPS_2ND_DAY_AIR');
    rates.step(1);
    expect([rates.chosen?.id, rates.reason]).toEqual(['USPS:USPS_MEDIA', 'Chosen at the desk']);
    rates.step(1);
    rates.step(1);
    expect(rates.chosen?.id).toBe('FEDEX:FEDEX_STANDARD_OVERNIGHT');
    rates.choose('DHL:NOT_OFFERED');
    expect(rates.chosen?.id).toBe('FEDEX:FEDEX_STANDARD_OVERNIGHT');
  });

  it('the business rules choose the cheapest rate of the service they name, and say which rule', async () => {
    const { station, rates } = await desk();
    await rates.fetch(REQUEST, 'form-1');
    await rates.applyRule({} as MethodInput<'previewRules'>['shipment']);
    expect(rates.chosen?.id).toBe('UPS:UPS_2ND_DAY_AIR');
    expect(rates.reason).toBe('The business rule Heavy goes express chose 2nd Day Air');
    station.answer('previewRules', () => {
      throw refusal('offline', 'the service cannot be reached');
    });
    expect((await rates.applyRule({} as MethodInput<'previewRules'>['shipment'])).error?.code).toBe('offline');
  });

  it('only the newest request’s answer fills the list; a clear drops any answer still on its way', async () => {
    const { station, rates } = await desk();
    const held = station.holdAnswers();
    const older = rates.fetch(REQUEST, 'form-1');
    const newer = rates.fetch(REQUEST, 'form-2');
    held.release(1);
    expect(await newer).toEqual({ ok: true });
    held.release(0);
    expect(await older).toEqual({ ok: false, superseded: true });
    expect(rates.quotedFor).toBe('form-2');
    const cleared = rates.fetch(REQUEST, 'form-3');
    rates.clear();
    held.releaseAll();
    expect(await cleared).toEqual({ ok: false, superseded: true });
    expect(rates.list).toEqual([]);
    expect(rates.loading).toBe(false);
  });

  it('says why there are none: the station’s words, or no carrier offering a service', async () => {
    const { station, rates } = await desk({ responses: [] });
    await rates.fetch(REQUEST, 'form-1');
    expect(rates.problem).toBe('No carrier offers a service for this shipment');
    station.answer('rateShop', () => {
      throw refusal('rejected', 'packages[0].weight exceeds every parcel service’s limit');
    });
    const answer = await rates.fetch(REQUEST, 'form-2');
    expect(answer).toMatchObject({ ok: false, error: { code: 'rejected' } });
    expect(rates.problem).toBe('Weight of package 1 exceeds every parcel service’s limit');
    expect(rates.quotedFor).toBeUndefined();
  });
});
