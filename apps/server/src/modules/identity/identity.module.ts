import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import { PLAYER_MAIN, type LedgerService } from '../ledger/ledger.service';
import type { MemberService } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import type { SessionService } from '../session/session.service';
import type { WithdrawalService } from '../withdrawal/withdrawal.service';
import { createBarredRefunds } from './barred-refund';
import { loadBarredListSettings } from './identity-settings';
import { createIdentityService } from './identity.service';
import { createSandboxBarredList } from './sandbox-barred-list';

/**
 * Identity under the licence (CPF, age, the barred-persons list; docs/compliance.md): checked at
 * registration and login through the member module's gate, the base swept every 15 days.
 */
export function wireIdentity(
  ctx: AppContext,
  deps: {
    audit: AuditService;
    jurisdiction: () => Promise<JurisdictionProfile>;
    session: SessionService;
    messages: MessagesService;
    ledger: LedgerService;
    member: MemberService;
    timeZone: (db: AppContext['db']) => Promise<string>;
  },
) {
  const { audit, session, messages, ledger, member } = deps;
  const barredListSandbox = loadBarredListSettings().isSandboxEnabled
    ? createSandboxBarredList({ db: ctx.db, audit })
    : null;
  const identity = createIdentityService({
    db: ctx.db,
    log: ctx.log,
    audit,
    jurisdiction: deps.jurisdiction,
    provider: barredListSandbox?.provider ?? null,
    endSessions: async (trx, memberId) => void (await session.revokeOthers(memberId, undefined, trx, 'operator')),
    clearIdentityRequired: (trx, memberId) => session.clearIdentityRequired(memberId, trx),
    notify: (trx, notice) => messages.notify(trx, notice),
    balance: async (memberId, trx = ctx.db) =>
      ledger.getMemberAccountBalance(memberId, PLAYER_MAIN, await ledger.getOperatorCurrency(trx), trx),
    accountNames: (ids) => member.findAccountNames(ids),
    timeZone: deps.timeZone,
    now: ctx.calendarClock,
  });
  return { identity, barredListSandbox };
}

/** A barred player's refund: a PIX payout through the withdrawal module, linked from the hit (barred-refund.ts). */
export function wireBarredRefunds(ctx: AppContext, deps: { audit: AuditService; withdrawal: WithdrawalService }) {
  return createBarredRefunds({
    db: ctx.db,
    audit: deps.audit,
    payouts: deps.withdrawal,
    now: ctx.calendarClock ?? Date.now,
  });
}
