import { describe, expect, it } from 'vitest';
import { addressKey, rateLimitClassOf, rateLimitKeyOf } from './rate-limit.js';

describe('rateLimitClassOf', () => {
  it('counts safe methods as reads and the rest as writes unless the route says otherwise', () => {
    expect(rateLimitClassOf('GET', undefined)).toBe('reads');
    expect(rateLimitClassOf('HEAD', undefined)).toBe('reads');
    expect(rateLimitClassOf('POST', undefined)).toBe('writes');
    expect(rateLimitClassOf('DELETE', undefined)).toBe('writes');
    expect(rateLimitClassOf('GET', 'login')).toBe('login');
    expect(rateLimitClassOf('POST', 'none')).toBe('none');
    expect(rateLimitClassOf('POST', 'webhook')).toBe('webhook');
  });

  it("spends an upload route's own budget on its writes only, one budget per upload kind", () => {
    for (const kind of ['reviewUploads', 'hunterPhotoUploads', 'editPhotoUploads', 'bookingPhotoUploads', 'avatarUploads', 'brandImageUploads'] as const) {
      expect(rateLimitClassOf('POST', kind)).toBe(kind);
      expect(rateLimitClassOf('PATCH', kind)).toBe(kind);
      expect(rateLimitClassOf('GET', kind)).toBe('reads');
    }
  });

  it('spends the contact budget on sending a message only', () => {
    expect(rateLimitClassOf('POST', 'contact')).toBe('contact');
    expect(rateLimitClassOf('GET', 'contact')).toBe('reads');
  });
});

describe('addressKey', () => {
  it('keys an IPv4 address as itself, in either of its spellings', () => {
    expect(addressKey('203.0.113.9')).toBe('ip:203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('ip:203.0.113.9');
  });

  it('keys IPv6 addresses by their /64, however they are written', () => {
    const key = addressKey('2001:db8:aa:bb:1:2:3:4');
    expect(key).toBe('ip6:2001:db8:aa:bb::/64');
    expect(addressKey('2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff')).toBe(key);
    expect(addressKey('2001:db8:aa:bb::1')).toBe(key);
    expect(addressKey('2001:db8:aa:bc::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('ip6:0:0:0:0::/64');
  });
});

describe('rateLimitKeyOf', () => {
  const member = { userId: 'u-1', clientIp: '198.51.100.7' };
  const guest = { userId: null, clientIp: '198.51.100.7' };

  it('counts a member under their own id, and a guest under their address', () => {
    expect(rateLimitKeyOf('writes', member)).toBe('user:u-1');
    expect(rateLimitKeyOf('reads', member)).toBe('user:u-1');
    expect(rateLimitKeyOf('writes', guest)).toBe('ip:198.51.100.7');
  });

  it('counts uploads under the member', () => {
    expect(rateLimitKeyOf('bookingPhotoUploads', member)).toBe('user:u-1');
  });

  it('counts sign-in, the contact form and webhook deliveries per address, signed in or not', () => {
    expect(rateLimitKeyOf('login', member)).toBe('ip:198.51.100.7');
    expect(rateLimitKeyOf('contact', member)).toBe('ip:198.51.100.7');
    expect(rateLimitKeyOf('webhook', member)).toBe('ip:198.51.100.7');
  });
});
