import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { isLocalAddress, normaliseIp } from './region-lookup';
import { findCountryForIp } from './system.repository';

export type Location = { ip: string; country: string | null };

/** The cache holds at most this many callers; past it, it starts again empty (a bound, not an LRU). */
const MAX_CACHED_CALLERS = 10_000;

/**
 * Where a caller is, from the operator's CIDR table. The access gate asks on every API call, so
 * each caller's country is remembered for `cacheMs` (as fresh as the operator's configuration):
 * a player's clicks then cost no CIDR lookup.
 */
export function createCallerLocator(db: Kysely<Database>, now: () => number, cacheMs: number) {
  const countryCache = new Map<string, { country: string | null; at: number }>();

  async function locate(ip: string): Promise<Location> {
    const address = normaliseIp(ip);
    if (!address || isLocalAddress(address)) return { ip: address ?? ip, country: null };
    return { ip: address, country: await findCountryForIp(db, address) };
  }

  return {
    /** The caller's country, read from the table now; null for local or unknown addresses. */
    locate,

    /** The caller's country, from the cache when fresh. */
    async locateCached(ip: string): Promise<string | null> {
      const hit = countryCache.get(ip);
      if (hit && now() - hit.at < cacheMs) return hit.country;
      const { country } = await locate(ip);
      if (countryCache.size >= MAX_CACHED_CALLERS) countryCache.clear();
      countryCache.set(ip, { country, at: now() });
      return country;
    },

    /** The cached country when fresh at `at` (null: none or unknown); undefined when only a lookup can tell. */
    cachedCountry(ip: string, at: number): string | null | undefined {
      const hit = countryCache.get(ip);
      if (!hit || at - hit.at >= cacheMs) return undefined;
      return hit.country;
    },
  };
}
