import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { SessionService } from '../session/session.service';
import type { SystemService } from '../system/system.service';
import type { VerificationModule } from '../verification/verification.module';
import { createMemberService } from './member.service';

/**
 * Players' accounts: registration, login, profile. The gates it asks (new devices, identity, the
 * password change's effects, the club labels) belong to modules built after it (services.ts).
 */
export function wireMember(
  ctx: AppContext,
  deps: VerificationModule & {
    system: SystemService;
    ledger: LedgerService;
    session: SessionService;
    changeFeed: ChangeFeed;
    licence: LicenceService;
  },
) {
  return createMemberService({
    ...ctx,
    // The licence's account.create door, asked only when an account is made.
    licence: deps.licence.policy,
    system: deps.system,
    ledger: deps.ledger,
    captcha: deps.captcha,
    otp: deps.otp,
    rateLimiter: deps.rateLimiter,
    session: deps.session,
    notifier: deps.notifier,
    changeFeed: deps.changeFeed,
  });
}
