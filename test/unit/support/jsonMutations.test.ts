/**
 * The fuzz's body mutations: repeats that nest stay within what a request body can be, so a
 * seed that draws a long value and two repeats around it sends a "too large" body instead of
 * failing to write one.
 */
import { expect, it } from 'vitest';
import { applyMutation, raw, toJsonText } from '../../support/jsonMutations';

const LONG = 'x'.repeat(10_000);

it('repeats a long value inside a repeated array up to a few megabytes, not to more than a string can hold', () => {
  let body: unknown = { packages: [{ items: [{ name: 'a' }] }] };
  body = applyMutation(body, { kind: 'replace', at: 4, value: LONG });
  body = applyMutation(body, { kind: 'repeat', at: 3, times: 500 });
  body = applyMutation(body, { kind: 'repeat', at: 1, times: 500 });
  const text = toJsonText(body);
  // 500 × 500 × 10 KB uncapped; capped, still well over the services' 1 MB limit.
  expect(text.length).toBeGreaterThan(1024 * 1024);
  expect(text.length).toBeLessThanOrEqual(5 * 1024 * 1024);
});

it('measures a repeat by the text it writes: 20 characters of raw nesting write 40,000', () => {
  // Measured by its marker, 500 copies of 20,000 nested arrays were let through: a 20 MB body.
  const body = applyMutation({ ids: [raw('deepArray:20000')] }, { kind: 'repeat', at: 1, times: 500 });
  const text = toJsonText(body);
  expect(text.length).toBeGreaterThan(1024 * 1024);
  expect(text.length).toBeLessThanOrEqual(5 * 1024 * 1024);
});

it('repeats a small array as many times as asked', () => {
  const body = applyMutation({ tags: ['a', 'b'] }, { kind: 'repeat', at: 1, times: 101 }) as { tags: string[] };
  expect(body.tags).toHaveLength(101);
  expect(body.tags.slice(0, 4)).toEqual(['a', 'b', 'a', 'b']);
});
