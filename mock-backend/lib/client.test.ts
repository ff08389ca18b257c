import { describe, expect, it } from 'vitest';
import { networkOf } from './client';

describe('networkOf', () => {
  it('When an address is given, then its network is the IPv4 /24 or the IPv6 /56, whatever its spelling; anything else is null', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:0:ff12::1')).toBe('2001:db8:0:ff00::/56');
    expect(networkOf('2001:0DB8:0000:FF99:1:2:3:4')).toBe('2001:db8:0:ff00::/56');
    expect(networkOf('2001:db8::')).toBe('2001:db8:0:0::/56');
    expect(networkOf('unknown')).toBeNull();
    expect(networkOf('')).toBeNull();
  });
});
