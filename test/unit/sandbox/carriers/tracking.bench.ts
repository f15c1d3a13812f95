/**
 * Micro-benchmark of tracking numbers and histories. Prints figures, asserts nothing:
 *   npx tsx test/unit/sandbox/carriers/tracking.bench.ts
 * `newTrackingNumber` runs on every shipment create (300 creates/s with labels on two cores),
 * `trackingHistory` on every track request.
 */
import { cpus } from 'node:os';
import { CARRIER_CODES } from '../../../../electron/sandbox/carriers/carriers';
import { carrierOfTrackingNumber, newTrackingNumber } from '../../../../electron/sandbox/carriers/trackingNumbers';
import { trackingHistory } from '../../../../electron/sandbox/carriers/trackingHistory';
import { seededRandom } from '../../../../electron/sandbox/seededRandom';
import { BERLIN, CHICAGO, NEW_YORK, SAN_FRANCISCO, TORONTO, baseInput } from './trackingFixtures';

function timeIt(run: (i: number) => unknown, iterations: number): { perSecond: number; microseconds: number } {
  for (let i = 0; i < Math.min(2000, iterations); i += 1) run(i);
  const started = performance.now();
  for (let i = 0; i < iterations; i += 1) run(i);
  const ms = performance.now() - started;
  return { perSecond: Math.round((iterations / ms) * 1000), microseconds: Math.round(((ms * 1000) / iterations) * 100) / 100 };
}

const random = seededRandom(1);
const numbers = Array.from({ length: 5000 }, (_, i) => newTrackingNumber(CARRIER_CODES[i % CARRIER_CODES.length] ?? 'UPS', 'Ground', random));
const destinations = [NEW_YORK, SAN_FRANCISCO, TORONTO, BERLIN];
const now = new Date('2025-06-04T12:00:00Z');

const rows: [string, { perSecond: number; microseconds: number }][] = [
  ['newTrackingNumber (all carriers)', timeIt((i) => newTrackingNumber(CARRIER_CODES[i % 5] ?? 'UPS', 'UPS Ground', random, 'A1B2C3'), 200_000)],
  ['carrierOfTrackingNumber', timeIt((i) => carrierOfTrackingNumber(numbers[i % numbers.length] ?? ''), 200_000)],
  [
    'trackingHistory (mid-transit, mixed lanes)',
    timeIt((i) => {
      const trackingNumber = numbers[i % numbers.length] ?? '';
      const carrier = CARRIER_CODES[i % CARRIER_CODES.length] ?? 'UPS';
      return trackingHistory(baseInput({ trackingNumber, carrier, from: CHICAGO, to: destinations[i % destinations.length] ?? NEW_YORK, now }));
    }, 20_000),
  ],
];

console.log(`CPU: ${cpus()[0]?.model ?? 'unknown'}, one thread`);
for (const [name, figure] of rows) console.log(`${name.padEnd(44)} ${String(figure.perSecond).padStart(10)} /s  ${String(figure.microseconds).padStart(8)} µs each`);
