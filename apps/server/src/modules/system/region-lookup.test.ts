import { describe, expect, it } from 'vitest';
import { isCidr, isLocalAddress, normaliseIp } from './region-lookup';

describe('region lookup helpers', () => {
  it('normalises IPv4-mapped addresses and refuses non-IPs', () => {
    expect(normaliseIp('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseIp(' 2001:DB8::1 ')).toBe('2001:db8::1');
    expect(normaliseIp('not-an-ip')).toBeNull();
    expect(normaliseIp('')).toBeNull();
    expect(normaliseIp('1.2.3.4; DROP TABLE x')).toBeNull();
  });

  it('treats loopback and private ranges as local', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.0.5',
      '100.64.1.1',
      '::1',
      'fd00::1',
      'fe80::1',
    ]) {
      expect(isLocalAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '203.0.113.9', '172.32.0.1', '2001:db8::1', 'garbage']) {
      expect(isLocalAddress(ip), ip).toBe(false);
    }
  });
});

describe('isCidr', () => {
  it('accepts blocks and bare addresses, refuses the rest', () => {
    for (const c of ['203.0.113.0/24', '10.0.0.1', '2001:db8::/32', '0.0.0.0/0']) expect(isCidr(c), c).toBe(true);
    for (const c of ['203.0.113.0/33', '2001:db8::/129', 'x/24', '1.2.3.4/24/1', '1.2.3.4/-1', ''])
      expect(isCidr(c), c).toBe(false);
  });
});
