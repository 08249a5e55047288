import { allowsSignUpBonus } from '@wps/shared/rewards-jurisdiction';
import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import { createKeyService } from './key.service';
import { createSiteSettings } from './site-settings';
import { createSystemService } from './system.service';

/**
 * The operator's configuration (cached per instance), the encryption keys and the back office's
 * site settings, under the licence in force.
 */
export function wireSystem(
  ctx: AppContext,
  deps: { audit: AuditService; jurisdiction: () => Promise<JurisdictionProfile> },
) {
  const { audit, jurisdiction } = deps;
  const system = createSystemService(ctx);
  // The registration bonus is a site setting, paid at account creation; the licence's profile decides whether it may be.
  system.setSignUpBonusPolicy(async () => allowsSignUpBonus(await jurisdiction()));
  system.setJurisdictionSource(jurisdiction);
  const keys = createKeyService(ctx);
  // The back office's site settings; a change drops this instance's configuration copy at once.
  const siteSettings = createSiteSettings({
    db: ctx.db,
    audit,
    evict: system.invalidateCache,
    signUpBonusAllowed: system.isSignUpBonusAllowed,
    // The identification the licence requires, and the domain it wants the site under.
    profile: jurisdiction,
    publicUrl: ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`,
  });
  return { system, keys, siteSettings };
}
