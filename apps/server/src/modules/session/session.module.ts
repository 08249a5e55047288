import type { AppContext } from '../../app-context';
import type { ChangeFeed } from '../../db/change-feed';
import type { LicenceService } from '../licence/licence.service';
import { createMemberViews } from '../member/member-views';
import type { SystemService } from '../system/system.service';
import type { RateLimiter } from '../verification/rate-limiter';
import { createExchangeCodeService } from './exchange-code.service';
import { createRefreshTokens } from './refresh-tokens';
import { createSessionService } from './session.service';

/** Sessions, the refresh cookie's sign-ins and the one-time login exchange codes. */
export function wireSession(
  ctx: AppContext,
  deps: {
    system: SystemService;
    changeFeed: ChangeFeed;
    licence: LicenceService;
    rateLimiter: RateLimiter;
    /** Asked before a login code's new session opens, like any login (the identity module's gate). */
    beforeCodeSession: (memberId: string) => Promise<void>;
  },
) {
  const { system, changeFeed, licence, rateLimiter } = deps;
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
  const loginCodes = createExchangeCodeService({
    ...ctx,
    session,
    rateLimiter,
    memberViews,
    beforeOpen: deps.beforeCodeSession,
  });
  return { session, refreshTokens, loginCodes };
}
