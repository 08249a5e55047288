import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import { createDepositMemberViews } from '../deposit/deposit-member-views';
import { createMemberViews } from '../member/member-views';
import type { SystemService } from '../system/system.service';
import { createMessagesService } from './messages.service';

/** The inbox: notices and platform messages (a segment reads the member and deposit modules' views). */
export function wireMessages(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    system: SystemService;
    /** Players left out of platform messages (responsible gambling's time-outs and self-exclusions). */
    optOut: (memberId: string) => Promise<boolean>;
  },
) {
  return createMessagesService({
    ...ctx,
    audit: deps.audit,
    system: deps.system,
    memberViews: createMemberViews(ctx),
    depositViews: createDepositMemberViews(ctx),
    optOut: deps.optOut,
  });
}
