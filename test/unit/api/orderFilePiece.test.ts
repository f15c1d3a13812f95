/** A piece of an order file as the station takes it: base64 with its padding, nothing else. */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { ORDER_FILE_PIECE_BYTES, OrderFilePiece } from '../../../electron/api/orders';

describe('OrderFilePiece', () => {
  it('takes the base64 of any bytes, with each padding base64 has, up to a whole piece', () => {
    for (let length = 0; length <= 6; length += 1) {
      const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 97 + 250) % 256));
      expect(OrderFilePiece.safeParse(bytes.toString('base64')).success, `${String(length)} bytes`).toBe(true);
    }
    expect(OrderFilePiece.safeParse(Buffer.alloc(ORDER_FILE_PIECE_BYTES, 0xfb).toString('base64')).success).toBe(true);
  });

  it('refuses text that is not base64 as it is sent: a broken group, padding inside or too much of it, other alphabets, line breaks', () => {
    for (const text of ['QUJ', 'QUJDR', 'QU==QUJD', 'Q===', '====', 'QUJD=', 'QUJD\n', 'QU JD', '-_-_', 'QUJD!', 'ÄUJD']) {
      const parsed = OrderFilePiece.safeParse(text);
      expect(parsed.success, JSON.stringify(text)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe('must be base64');
    }
  });

  it('refuses a piece longer than a piece may be', () => {
    const parsed = OrderFilePiece.safeParse(Buffer.alloc(ORDER_FILE_PIECE_BYTES + 3).toString('base64'));
    expect(parsed.error?.issues[0]?.message).toBe(`must be at most ${String(ORDER_FILE_PIECE_BYTES)} bytes`);
  });
});
