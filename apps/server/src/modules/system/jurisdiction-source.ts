import { jurisdictionRules, type JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { PublicJurisdictionRules } from '@wps/shared/schemas/system';

/**
 * The operator's jurisdiction profile as the registration settings show it (the licence module
 * keeps it; services.ts hands the getter over). What the site shows may be
 * up to `cacheMs` old, like the settings; what decides a registration reads it fresh (identity module).
 */
export function createJurisdictionSource({ now, cacheMs }: { now: () => number; cacheMs: number }) {
  // Until the composition root wires the licence, reading it fails: no default profile (fail closed).
  let source: () => Promise<JurisdictionProfile> = async () => {
    throw new Error('the licence profile was read before services.ts wired the licence module');
  };
  let cached: { profile: JurisdictionProfile; at: number } | undefined;

  return {
    setSource(next: () => Promise<JurisdictionProfile>): void {
      source = next;
      cached = undefined;
    },
    evict(): void {
      cached = undefined;
    },
    /** The profile's rules with its name, for the registration settings. */
    async rules(): Promise<PublicJurisdictionRules> {
      if (!cached || now() - cached.at >= cacheMs) cached = { profile: await source(), at: now() };
      const rules = jurisdictionRules(cached.profile);
      return {
        profile: cached.profile,
        ...rules,
        depositMethods: rules.depositMethods === 'any' ? 'any' : [...rules.depositMethods],
      };
    },
  };
}
