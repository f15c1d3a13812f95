/**
 * A stable id for a standardized address: the same address, however it was first written,
 * gets the same id on every call and every run. Two 32-bit FNV-1a hashes with different
 * seeds give 64 bits, plenty to keep a station's addresses apart; it is an identifier, not
 * a security measure, so no cryptographic hash (and no Node import) is needed.
 */
const FNV_PRIME = 0x01000193;

function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash >>> 0;
}

export interface AddressIdParts {
  readonly address1: string;
  readonly address2: string;
  readonly city: string;
  readonly stateProvince: string;
  readonly zipPostalCode: string;
  readonly country: string;
}

/** 16 lower-case hex digits. Names and contacts are left out: they are not the place. */
export function addressIdOf(parts: AddressIdParts): string {
  const key = [parts.address1, parts.address2, parts.city, parts.stateProvince, parts.zipPostalCode, parts.country].join('\u001f');
  const high = fnv1a(key, 0x811c9dc5);
  const low = fnv1a(key, 0x9e3779b9);
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}
