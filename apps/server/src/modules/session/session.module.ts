import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { IdentityService } from '../identity/identity.service';
import type { LicenceService } from '../licence/licence.service';
import { createMemberViews } from '../member/member-views';
import type { SystemService } from '../system/system.service';
import type { RateLimiter } from '../verification/rate-limiter';
import { createExchangeCodeService } from './exchange-code.service';
import { createRefreshTokens } from './refresh-tokens';
import { createSessionService, type SessionService } from './session.service';

/** Sessions and the refresh cookie's sign-ins. */
export function wireSession(
  ctx: AppContext,
  deps: { system: SystemService; changeFeed: ChangeFeed; licence: LicenceService },
) {
  const { system, changeFeed, licence } = deps;
  // The session lookup reads the members table through the member module's views.
  const memberViews = createMemberViews(ctx);
  const session = createSessionService({
    ...ctx,
    system,
    memberViews,
    changeFeed,
    // The licence may end sessions sooner (BR: 30 minutes unused), read from its copy on this instance.
    licenceIdleSeconds: async () => {
      const minutes = (await licence.currentRules()).sessionIdleMinutes;
      return minutes === null ? null : minutes * 60;
    },
  });
  // The refresh cookie's sign-ins (docs/decisions.md, "Staying signed in: refresh tokens").
  const refreshTokens = createRefreshTokens({ ...ctx, session });
  return { session, refreshTokens };
}

/**
 * The one-time login exchange codes (a provider's sign-in handed to the site). Built after the
 * identity module: a code's new session asks the barred-persons list like any login.
 */
export function wireLoginCodes(
  ctx: AppContext,
  deps: {
    session: SessionService;
    rateLimiter: RateLimiter;
    identity: { gate: Pick<IdentityService['gate'], 'beforeLogin'> };
  },
) {
  const { identity } = deps;
  return createExchangeCodeService({
    ...ctx,
    session: deps.session,
    rateLimiter: deps.rateLimiter,
    memberViews: createMemberViews(ctx),
    beforeOpen: (memberId) => identity.gate.beforeLogin(memberId),
  });
}
