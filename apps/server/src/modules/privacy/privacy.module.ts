import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import { identityDataOf } from '../identity/identity-data';
import type { KycService } from '../kyc/kyc.service';
import { createMemberAdmin } from '../member/member-admin';
import type { MemberService } from '../member/member.service';
import type { PlayersService } from '../players/players.service';
import type { SessionService } from '../session/session.service';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import { createPrivacyService } from './privacy.service';

/** The player's rights over their data: a copy of it, and closing the account (docs/compliance.md, "Player rights"). */
export function wirePrivacy(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    member: MemberService;
    session: SessionService;
    players: PlayersService;
    kyc: KycService;
    withdrawal: WithdrawalService;
  },
) {
  return createPrivacyService({
    db: ctx.db,
    audit: deps.audit,
    member: deps.member,
    memberAdmin: createMemberAdmin(),
    session: deps.session,
    players: deps.players,
    kyc: deps.kyc,
    identityOf: (memberId) => identityDataOf(ctx.db, memberId),
    withdrawal: deps.withdrawal,
    now: Date.now,
  });
}
