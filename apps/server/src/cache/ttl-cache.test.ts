import { describe, expect, it } from 'vitest';
import { createTtlCache } from './ttl-cache';

type Row = { sessionId: string; memberId: string };

describe('ttl cache', () => {
  it('trusts a value only for the TTL', () => {
    let now = 1_000;
    const cache = createTtlCache<Row>({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    cache.set('h1', { sessionId: '1', memberId: '10' });
    now += 4_999;
    expect(cache.get('h1')?.sessionId).toBe('1');
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts by key and by predicate', () => {
    const cache = createTtlCache<Row>({ ttlMs: 5_000, maxEntries: 10, now: () => 0 });
    cache.set('a', { sessionId: '1', memberId: '10' });
    cache.set('b', { sessionId: '2', memberId: '10' });
    cache.set('c', { sessionId: '3', memberId: '20' });
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.evictWhere((row) => row.memberId === '10');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.clear();
    expect(cache.get('c')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = createTtlCache<Row>({ ttlMs: 5_000, maxEntries: 2, now: () => 0 });
    cache.set('a', { sessionId: '1', memberId: '10' });
    cache.set('b', { sessionId: '2', memberId: '20' });
    cache.set('c', { sessionId: '3', memberId: '30' });
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('drops a value read before an eviction that happened during the read', () => {
    const cache = createTtlCache<Row>({ ttlMs: 5_000, maxEntries: 10, now: () => 0 });
    const readVersion = cache.version;
    cache.evictWhere((row) => row.memberId === '10');
    cache.set('a', { sessionId: '1', memberId: '10' }, readVersion);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', { sessionId: '1', memberId: '10' }, cache.version);
    expect(cache.get('a')).toBeDefined();
  });
});
