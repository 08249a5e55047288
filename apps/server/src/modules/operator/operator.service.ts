import { OPS_ROLES, type OpsRole } from '@wps/shared/ops-permissions';
import type { AppConfig } from '../../config';
import type { AppContext } from '../../app-context';
import { createPasswordHasher } from '../member/password-hasher';
import type { AuditService } from '../audit/audit.service';
import type { RateLimiter } from '../verification/rate-limiter';
import { createOperatorLogin } from './operator-login';
import { createOperatorSessions } from './operator-session';
import { createOperatorAdmin } from './operator-admin';

export { OPERATOR_LIMITS, hashOperatorToken } from './operator-login';

/** An operator's role; what each may do is ROLE_PERMISSIONS in packages/shared/src/ops-permissions.ts. */
export type OperatorRole = OpsRole;

export type { SessionOperator } from './operator-session';

type OperatorContext = Pick<AppContext, 'db' | 'metrics' | 'calendarClock'> & {
  config: Pick<
    AppConfig,
    'scryptLogN' | 'operatorTotpKey' | 'operatorSessionIdleSeconds' | 'operatorSessionAbsoluteSeconds'
  >;
  rateLimiter: RateLimiter;
  audit: Pick<AuditService, 'record'>;
  now?: () => number;
};

export const OPERATOR_ROLES: readonly OperatorRole[] = OPS_ROLES;
export { OPERATOR_USERNAME_PATTERN } from './operator-admin';

/** Operator accounts (admin, finance, support, marketing) and their sessions, separate from members. */
export function createOperatorService(ctx: OperatorContext) {
  const { db, rateLimiter, audit } = ctx;
  const now = ctx.now ?? Date.now;
  const hasher = createPasswordHasher({ logN: ctx.config.scryptLogN });

  return {
    ...createOperatorLogin({
      db,
      rateLimiter,
      audit,
      hasher,
      now,
      clock: ctx.calendarClock,
      config: ctx.config,
      metrics: ctx.metrics,
    }),
    ...createOperatorAdmin({ db, audit, hasher, now }),
    ...createOperatorSessions({ db, config: ctx.config, now }),
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
