import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Base64Error, decodeBase64Strict } from '../../../electron/base/base64';

describe('strict base64', () => {
  it('decodes what Node encodes, for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), (bytes) => {
        expect([...decodeBase64Strict(Buffer.from(bytes).toString('base64'))]).toEqual([...bytes]);
      }),
    );
  });

  it('allows line breaks that some services wrap content with', () => {
    expect(Buffer.from(decodeBase64Strict('JVBE\r\nRi0x\nLjcK')).toString()).toBe('%PDF-1.7\n');
  });

  it.each([
    ['not base64 at all', 'this is not base64!'],
    ['a character outside the alphabet', 'JVBERi0x*jcK'],
    ['a wrong length', 'JVBERi0xLjc'],
    ['padding in the middle', 'JV==Ri0xLjcK'],
    ['non-zero padding bits', 'JVBERi0xLjd='],
    ['URL-safe characters', 'JVBER-_xLjcK'],
  ])('refuses %s', (_what, text) => {
    expect(() => decodeBase64Strict(text, 'Label 1')).toThrow(new Base64Error('Label 1 is not valid base64'));
  });

  it('refuses an empty document', () => {
    expect(() => decodeBase64Strict('  ', 'Label 1')).toThrow(new Base64Error('Label 1 is empty'));
  });
});
