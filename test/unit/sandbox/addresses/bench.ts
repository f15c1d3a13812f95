/**
 * Prints how long address validation takes (run: npx tsx test/unit/sandbox/addresses/bench.ts).
 * A measurement for people, never an assertion: timings depend on the machine.
 */
import { performance } from 'node:perf_hooks';
import type { AddressInput } from '../../../../electron/service/contract';

const importStart = performance.now();
const { validateAddress, postalCodeIssues } = await import('../../../../electron/sandbox/addresses');
const importMs = performance.now() - importStart;

const samples: AddressInput[] = [
  { address1: '500 Howard Street Suite 300', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94105', country: 'US', companyName: 'Acme' },
  { address1: '1600 Pennsylvania Avenue Northwest', city: 'Washington', stateProvince: 'DC', zipPostalCode: '20500', country: 'US' },
  { address1: '500 Howard St', city: 'Oakland', stateProvince: 'CA', zipPostalCode: '94105', country: 'US' },
  { address1: '1 Main St', city: 'San Francisco', stateProvince: 'CA', zipPostalCode: '94113', country: 'US' },
  { address1: '100 King Street West', city: 'Toronto', stateProvince: 'Ontario', zipPostalCode: 'm5h1a1', country: 'CA' },
  { address1: 'Unter den Linden 77', city: 'Berlin', stateProvince: '', zipPostalCode: '10117', country: 'DE' },
];

function measure(label: string, rounds: number, run: (input: AddressInput) => unknown): void {
  for (let i = 0; i < 2_000; i++) run(samples[i % samples.length] as AddressInput);
  const start = performance.now();
  for (let i = 0; i < rounds; i++) run(samples[i % samples.length] as AddressInput);
  const micros = ((performance.now() - start) * 1000) / rounds;
  console.log(`${label}: ${micros.toFixed(1)} µs per call (${rounds} calls over ${samples.length} addresses)`);
}

console.log(`import (loads the ZIP data): ${importMs.toFixed(0)} ms`);
measure('validateAddress', 60_000, (input) => validateAddress(input));
measure('postalCodeIssues', 200_000, (input) => postalCodeIssues(input, 'shipTo'));
for (const input of samples) {
  const start = performance.now();
  for (let i = 0; i < 10_000; i++) validateAddress(input);
  console.log(`  ${((performance.now() - start) / 10).toFixed(1)} µs  ${input.address1}, ${input.city} ${input.zipPostalCode} ${input.country}`);
}
