import { jurisdictionRules, type JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { IdentityService } from '../identity/identity.service';
import type { PixModule } from '../pix/pix.module';
import type { SystemService } from '../system/system.service';
import type { VerificationModule } from '../verification/verification.module';
import { createSecurityService } from './security.service';

/**
 * The member's security centre. Payouts go only to the player's own accounts: the licence's rule,
 * the player's CPF (the identity module) and the PIX directory name each account's owner; a
 * contact confirmed by a code tells the identity module, in the link's transaction.
 */
export function wireSecurity(
  ctx: AppContext,
  deps: Pick<VerificationModule, 'otp' | 'rateLimiter' | 'notifier'> & {
    system: SystemService;
    changeFeed: ChangeFeed;
    jurisdiction: () => Promise<JurisdictionProfile>;
    identity: Pick<IdentityService, 'cpfOf' | 'contactConfirmed'>;
    pix: PixModule;
  },
) {
  const { jurisdiction, identity } = deps;
  const rules = async () => jurisdictionRules(await jurisdiction());
  return createSecurityService({
    ...ctx,
    databaseKind: ctx.database.kind,
    system: deps.system,
    otp: deps.otp,
    rateLimiter: deps.rateLimiter,
    notifier: deps.notifier,
    changeFeed: deps.changeFeed,
    payeeNameFromIdentity: async () => (await rules()).identity !== 'none',
    contactConfirmed: identity.contactConfirmed,
    payoutOwnership: {
      rules,
      cpfOf: (memberId) => identity.cpfOf(ctx.db, memberId),
      directory: deps.pix.directory,
    },
  });
}
