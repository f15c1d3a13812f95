/** What a test looks for when it checks that a secret was never written or sent anywhere. */

/** The forms a leaked secret could take on disk or on the wire. */
export function encodingsOf(text: string): { name: string; bytes: Buffer }[] {
  const utf8 = Buffer.from(text, 'utf8');
  return [
    { name: 'utf-8', bytes: utf8 },
    { name: 'utf-16le', bytes: Buffer.from(text, 'utf16le') },
    { name: 'base64', bytes: Buffer.from(utf8.toString('base64').replace(/=+$/, '')) },
    { name: 'base64url', bytes: Buffer.from(utf8.toString('base64url')) },
    { name: 'hex', bytes: Buffer.from(utf8.toString('hex')) },
    { name: 'HEX', bytes: Buffer.from(utf8.toString('hex').toUpperCase()) },
    { name: 'url-encoded', bytes: Buffer.from(encodeURIComponent(text)) },
  ];
}
