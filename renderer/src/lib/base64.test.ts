/** Bytes to base64 and back, over the chunk boundary, as a file's pieces and a label's PDF travel. */
import { expect, it } from 'vitest';
import { base64Of, bytesOf } from './base64';

it('gives back every byte value it was given, across the chunks it encodes in', () => {
  const bytes = Uint8Array.from({ length: 0x8000 * 2 + 17 }, (_, i) => (i * 31) % 256);
  expect(bytesOf(base64Of(bytes))).toEqual(bytes);
  expect(base64Of(new TextEncoder().encode('Order,Name\n#1001,Dana'))).toBe('T3JkZXIsTmFtZQojMTAwMSxEYW5h');
});
