import { describe, expect, it } from 'vitest';
import { canonicalAddress } from './canonical-address';

describe('canonicalAddress', () => {
  it('When a banned Gmail address is written as a variant, then every variant is the same mailbox', () => {
    for (const variant of ['xy@gmail.com', 'x.y@gmail.com', 'xy+dating@gmail.com', 'XY@Gmail.Com', 'xy@googlemail.com']) {
      expect(canonicalAddress(variant), variant).toBe('xy@gmail.com');
    }
    expect(canonicalAddress('  X.Y@GoogleMail.com ')).toBe('xy@gmail.com');
    expect(canonicalAddress('"x.y+z"@gmail.com.')).toBe('xy@gmail.com');
    expect(canonicalAddress('ｘｙ@ｇｍａｉｌ.ｃｏｍ')).toBe('xy@gmail.com');
  });

  it('When "x"@gmail.com, x@gmail.com. and x.y+z@gmail.com are compared with the banned xy@gmail.com, then all three match', () => {
    expect(canonicalAddress('"xy"@gmail.com')).toBe(canonicalAddress('xy@gmail.com'));
    expect(canonicalAddress('xy@gmail.com.')).toBe(canonicalAddress('xy@gmail.com'));
    expect(canonicalAddress('x.y+z@gmail.com')).toBe(canonicalAddress('xy@gmail.com'));
  });

  it('When a provider keeps dots or hyphens, then they stay; its tags go as the provider reads them', () => {
    expect(canonicalAddress('x.y+dating@outlook.com')).toBe('x.y@outlook.com');
    expect(canonicalAddress('x.y@hotmail.com')).not.toBe(canonicalAddress('xy@hotmail.com'));
    expect(canonicalAddress('anna-lena@web.de')).toBe('anna-lena@web.de');
    expect(canonicalAddress('base-dating@yahoo.com')).toBe('base@yahoo.com');
    expect(canonicalAddress('x+y@gmx.de')).toBe('x@gmx.de');
    expect(canonicalAddress('x@me.com')).toBe('x@icloud.com');
    expect(canonicalAddress('x+tag@mac.com')).toBe('x@icloud.com');
  });

  it('When the domain is international, then both spellings are one; a quoted local part loses its escapes', () => {
    expect(canonicalAddress('x@bücher.de')).toBe('x@xn--bcher-kva.de');
    expect(canonicalAddress('x@XN--BCHER-KVA.DE.')).toBe('x@xn--bcher-kva.de');
    expect(canonicalAddress('"a\\"b"@example.com')).toBe('a"b@example.com');
  });

  it('When the text is no address, then it is only trimmed and lower-cased', () => {
    expect(canonicalAddress(' Nobody ')).toBe('nobody');
  });
});
