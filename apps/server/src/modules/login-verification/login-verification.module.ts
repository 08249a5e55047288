import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { SystemService } from '../system/system.service';
import type { Notifier } from '../verification/notifier';
import type { RateLimiter } from '../verification/rate-limiter';
import { createLoginVerificationService } from './login-verification.service';

/** A password login from a device the account has not remembered waits for a code (docs/decisions.md). */
export function wireLoginVerification(
  ctx: AppContext,
  deps: {
    notifier: Notifier;
    rateLimiter: RateLimiter;
    audit: AuditService;
    system: SystemService;
    member: Pick<MemberService, 'findContacts' | 'countActiveWithoutContact'>;
  },
) {
  const { system, member } = deps;
  return createLoginVerificationService({
    ...ctx,
    notifier: deps.notifier,
    rateLimiter: deps.rateLimiter,
    audit: deps.audit,
    isEnabled: async () => (await system.getOperatorConfig()).newDeviceVerification,
    findContacts: (memberId) => member.findContacts(memberId),
    countWithoutContact: () => member.countActiveWithoutContact(),
  });
}
