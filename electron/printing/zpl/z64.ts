/**
 * The two ways ZPL carries a graphic's bytes in ^GF: Z64 (zlib deflate, then base64, then a CRC of
 * the base64 text) and plain ASCII hex. Z64 is what the station sends: a 4x6 label is a few
 * kilobytes instead of a hundred, and the printer checks the CRC, so a byte lost on a serial or
 * network link is refused by the printer rather than printed as a broken barcode.
 */
import { deflateSync } from 'node:zlib';

/**
 * CRC-16-CCITT as Zebra computes it for Z64: polynomial 0x1021, initial value 0x0000, bits not
 * reflected, no final XOR (the catalogue's CRC-16/XMODEM), over the base64 characters, not the
 * decoded bytes.
 */
export function crc16Ccitt(text: string): number {
  let crc = 0;
  // A byte at a time from a table of the 256 bytes' remainders: a label's base64 is 10 to 20 KB,
  // and a bit at a time took a millisecond of it on a desk machine.
  for (let i = 0; i < text.length; i += 1) crc = ((crc << 8) ^ (CRC_TABLE[((crc >> 8) ^ text.charCodeAt(i)) & 0xff] ?? 0)) & 0xffff;
  return crc;
}

/** Each byte's CRC-16-CCITT remainder, shifted through the polynomial bit by bit once. */
const CRC_TABLE = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  return crc;
});

/** Four uppercase hex digits, the form the printer compares. */
export function crcHex(text: string): string {
  return crc16Ccitt(text).toString(16).toUpperCase().padStart(4, '0');
}

/** `:Z64:<base64 of zlib deflate>:<CRC>`, the data field of ^GF. */
export function encodeZ64(bytes: Uint8Array): string {
  // Level 6 (zlib's default) compresses a label's long white runs almost as well as 9, in half the time.
  const base64 = deflateSync(bytes, { level: 6 }).toString('base64');
  return `:Z64:${base64}:${crcHex(base64)}`;
}

/** Two uppercase hex digits a byte: what older firmware and the bench's comparison use. */
export function encodeHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex').toUpperCase();
}
