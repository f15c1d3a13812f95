/**
 * Bytes as base64 and back, the way the station API carries files (an order file's pieces, a
 * label's PDF). Made of `btoa` and `atob` alone, so the same code runs in the page and in tests.
 */

/** Characters handed to `String.fromCharCode` at once: far below any engine's argument limit. */
const CHUNK = 0x8000;

export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHUNK) binary += String.fromCharCode(...bytes.subarray(at, at + CHUNK));
  return btoa(binary);
}

export function bytesOf(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
