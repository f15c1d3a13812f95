/**
 * Micro-benchmark of the sandbox's rating model. Prints figures, asserts nothing:
 *   npx tsx test/bench/rating.bench.ts
 * The sandbox aims at 1,500 rate shops/s over HTTP on two cores, so one `rateShop` call
 * should stay well under 0.2 ms; the mix below covers the lanes and shipment kinds.
 */
import { availableParallelism, cpus } from 'node:os';
import type { RateShopRequest } from '../../electron/service/contract';
import { quoteShipment, rateShop } from '../../electron/sandbox/rating';
import { address, BROOKLYN_HOME, CHICAGO, INTERNATIONAL_DETAIL, LONDON, NOW, rateRequest, shipment, US_ZIPS } from '../unit/sandbox/rating/fixtures';

const box = { weight: 12, length: 16, width: 12, height: 10 };

const MIX: readonly (readonly [string, RateShopRequest])[] = [
  ['US domestic, one box', rateRequest()],
  ['US domestic, residential, 3 boxes', rateRequest({ shipTo: BROOKLYN_HOME, packages: [box, { ...box, weight: 30 }, { ...box, count: 2 }] })],
  ['US to GB, in EUR', rateRequest({ shipTo: LONDON, internationalDetail: INTERNATIONAL_DETAIL, currencyCode: 'EUR' })],
  ['Canada domestic, with HST', rateRequest({ shipFrom: address('M5V 3L9', 'CA'), shipTo: address('K1A 0B1', 'CA', { companyName: 'A' }) })],
  ['LTL pallet with liftgate', rateRequest({ packages: [{ weight: 900, length: 48, width: 40, height: 48, freightClass: '70' }], specialService: { liftgateDelivery: true } })],
  ['preferred carrier (UPS)', rateRequest({ shipmentInfo: { carrier: 'UPS' } })],
];

function timeIt(run: (i: number) => unknown, iterations: number): { perSecond: number; microseconds: number } {
  for (let i = 0; i < Math.min(2000, iterations); i += 1) run(i);
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) run(i);
  const ms = performance.now() - started;
  return { perSecond: Math.round((iterations / ms) * 1000), microseconds: Math.round((ms * 1000) / iterations * 10) / 10 };
}

const ITERATIONS = 20_000;
console.log(`rating bench: node ${process.version}, ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}`);
console.log('one thread, one call at a time:');
for (const [name, request] of MIX) {
  const { perSecond, microseconds } = timeIt(() => rateShop(request, NOW), ITERATIONS);
  console.log(`  ${name.padEnd(36)} ${String(perSecond).padStart(7)} rate shops/s  ${microseconds} µs each`);
}

// Varying destinations, so nothing is served from a warm branch of one ZIP pair.
const varied = US_ZIPS.map((zip) => rateRequest({ shipTo: address(zip, 'US', { companyName: 'X' }) }));
const mixed = timeIt((i) => rateShop(varied[i % varied.length] ?? rateRequest(), NOW), ITERATIONS);
console.log(`  ${'US domestic, 30 destinations'.padEnd(36)} ${String(mixed.perSecond).padStart(7)} rate shops/s  ${mixed.microseconds} µs each`);

const all = [...MIX.map(([, request]) => request), ...varied];
const overall = timeIt((i) => rateShop(all[i % all.length] ?? rateRequest(), NOW), ITERATIONS);
console.log(`  ${'all of the above, interleaved'.padEnd(36)} ${String(overall.perSecond).padStart(7)} rate shops/s  ${overall.microseconds} µs each`);

const quote = timeIt(() => quoteShipment(shipment({ shipFrom: CHICAGO }), NOW), ITERATIONS);
console.log(`  ${'quoteShipment (UPS Ground)'.padEnd(36)} ${String(quote.perSecond).padStart(7)} quotes/s      ${quote.microseconds} µs each`);
