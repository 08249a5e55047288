import { describe, expect, it } from 'vitest';
import type { SessionRow } from './session.repository';
import { createSessionCache } from './session-cache';

function row(sessionId: string, memberId: string): SessionRow {
  return {
    sessionId,
    memberId,
    account: `m${memberId}`,
    type: 3,
    status: 'active',
    mustChangePassword: false,
    lastSeenAt: new Date(0),
    expiresAt: new Date(10_000_000),
    revokedAt: null,
  };
}

describe('session cache', () => {
  it('trusts a row only for the TTL', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    cache.set('h1', row('1', '10'));
    now += 4_999;
    expect(cache.get('h1')?.sessionId).toBe('1');
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts by session and by member', () => {
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 10, now: () => 0 });
    cache.set('a', row('1', '10'));
    cache.set('b', row('2', '10'));
    cache.set('c', row('3', '20'));
    cache.evictSession('1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.evictMember('10');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = createSessionCache({ ttlMs: 5_000, maxEntries: 2, now: () => 0 });
    cache.set('a', row('1', '10'));
    cache.set('b', row('2', '20'));
    cache.set('c', row('3', '30'));
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });
});
