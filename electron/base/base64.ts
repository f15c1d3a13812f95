/**
 * Strict base64: Node's decoder skips characters it does not know, so a damaged document
 * would come out as garbage on paper. This refuses anything that is not canonical base64
 * (whitespace and line breaks, which some services wrap their content with, are allowed).
 */
const ALPHABET = /^[A-Za-z0-9+/]*={0,2}$/;

export class Base64Error extends Error {
  override name = 'Base64Error';
}

export function decodeBase64Strict(text: string, what = 'document'): Uint8Array {
  const compact = text.replace(/[\r\n\t ]+/g, '');
  if (compact.length === 0) throw new Base64Error(`${what} is empty`);
  if (compact.length % 4 !== 0 || !ALPHABET.test(compact)) throw new Base64Error(`${what} is not valid base64`);
  const bytes = Buffer.from(compact, 'base64');
  // A round trip catches non-zero padding bits, which Node accepts silently.
  if (bytes.toString('base64') !== compact) throw new Base64Error(`${what} is not valid base64`);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
