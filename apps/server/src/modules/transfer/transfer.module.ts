import type { AppContext } from '../../app-context';
import type { AgentsService } from '../agents/agents.service';
import type { BonusService } from '../bonus/bonus.service';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicenceService } from '../licence/licence.service';
import type { MemberService } from '../member/member.service';
import type { SecurityService } from '../security/security.service';
import type { SystemService } from '../system/system.service';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import { createTransferService } from './transfer.service';

/** Transfers between players, under the agents' contracts and the licence's money.transfer door. */
export function wireTransfer(
  ctx: AppContext,
  deps: {
    system: SystemService;
    ledger: LedgerService;
    security: SecurityService;
    withdrawal: WithdrawalService;
    member: MemberService;
    agents: AgentsService;
    bonus: BonusService;
    licence: LicenceService;
  },
) {
  return createTransferService({
    ...ctx,
    system: deps.system,
    ledger: deps.ledger,
    security: deps.security,
    withdrawal: deps.withdrawal,
    member: deps.member,
    contracts: deps.agents.contracts,
    bonus: deps.bonus,
    licence: deps.licence.policy,
  });
}
