/**
 * Station references: the key the station gives a shipment before its first attempt to
 * create it, sent in `references.stationRef` so that after a lost answer a search finds
 * whether the create happened. `PB-<desk>-<ULID>`: unique across desks without a server,
 * and sortable by time, which support finds handy when reading logs.
 */
import { randomBytes } from 'node:crypto';

export { StationRef } from '../api/stationRef';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A ULID: 48-bit millisecond time then 80 random bits, in Crockford base 32. */
export function ulid(now: number, random: (bytes: number) => Uint8Array = randomBytes): string {
  let time = '';
  let rest = Math.max(0, Math.floor(now));
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD.charAt(rest % 32) + time;
    rest = Math.floor(rest / 32);
  }
  const bytes = random(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let tail = '';
  for (let i = 0; i < 16; i++) {
    tail = CROCKFORD.charAt(Number(bits & 31n)) + tail;
    bits >>= 5n;
  }
  return time + tail;
}

/** `PB-<desk>-<ULID>`; `deskId` is the station setting of that name. */
export function newStationRef(deskId: string, now: number, random?: (bytes: number) => Uint8Array): string {
  return `PB-${deskId}-${ulid(now, random)}`;
}
