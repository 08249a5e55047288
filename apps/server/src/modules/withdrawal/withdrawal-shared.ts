import type { BonusService } from '../bonus/bonus.service';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import { maskPixKey, type PixKeyType } from '@wps/shared/pix-key';
import type { OpsRole } from '@wps/shared/ops-permissions';
import type { OpsWithdrawalOrder, WithdrawalOrder, WithdrawalSettings } from '@wps/shared/schemas/withdrawal';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { LedgerService } from '../ledger/ledger.service';
import type { LicencePolicy } from '../licence/licence-policy';
import type { MemberService } from '../member/member.service';
import type { AuditService } from '../audit/audit.service';
import type { SystemService } from '../system/system.service';
import type { OperatorMoneyPolicy } from '../operator-money/operator-money-policy';
import type { PayoutAlert, PayoutChecks } from '../operator-money/operator-money-withdrawals';
import { findOrder, type WithdrawalRow } from './withdrawal.repository';

export type Db = Kysely<Database>;

export type BankAccount = {
  id: string;
  bankCode: string;
  bankName: string;
  accountNumber: string;
  holderName: string;
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
};

/** What this module needs from the security centre (built by the security module). */
export type SecurityPort = {
  verifyPaymentPassword(memberId: string, password: string, trx?: Db): Promise<unknown>;
  getBankAccount(memberId: string, bankAccountId: string): Promise<BankAccount>;
  listBankAccounts(memberId: string): Promise<BankAccount[]>;
  hasPaymentPassword(memberId: string): Promise<boolean>;
};

/** The audit log and player notices, both written in the caller's transaction. */
export type AuditPort = Pick<AuditService, 'record'>;
export type MessagesPort = {
  notify(trx: Db, input: { memberId: string; kind: string; params: Record<string, string> }): Promise<void>;
};

/**
 * Who acts on an order from the operator side: an operator, or the system (the auto-receipt job,
 * the CLI). An operator's role as their session holds it now: the operator money policy checks it
 * when they complete another operator's approval.
 */
export type WithdrawalActor = { actorType: 'operator' | 'system'; actorId: string | null; role?: OpsRole };

export type WithdrawalContext = Pick<AppContext, 'db' | 'log' | 'metrics'> & {
  dataDir: string;
  system: Pick<SystemService, 'getOperatorConfig' | 'getBrand' | 'updateSetting'>;
  ledger: LedgerService;
  security: SecurityPort;
  audit: AuditPort;
  messages: MessagesPort;
  /** The member module answers the account names the operators' views show. */
  member: Pick<MemberService, 'findAccountNames'>;
  /**
   * The operator money policy: an approval asks it in the transaction that pays (kind
   * 'withdrawal', direction 'payout'). Required, never defaulted: a guard of money fails closed.
   */
  moneyPolicy: Pick<OperatorMoneyPolicy, 'decide'>;
  /** The policy's alert on an operator paying out to a player they credited, and the CLI's ceiling. */
  payoutChecks: PayoutChecks;
  /** Operators' usernames, for who asked an approval and who raised an alert. */
  operatorNames: (ids: string[]) => Promise<Map<string, string>>;
  /** A withdrawal forfeits the player's running bonuses, only once the player confirmed it. */
  bonus: Pick<BonusService, 'prepareForfeit'>;
  /**
   * Whether this player must verify their identity before money leaves (the licence asks for it
   * and no check of theirs passed: docs/compliance.md, "KYC"). Absent: never.
   */
  identityCheckPending?: (memberId: string) => Promise<boolean>;
  /**
   * The licence port: a player's withdrawal request asks the money.out door in the transaction
   * that holds the money (docs/compliance.md, "The licence as one policy"). The composition root
   * always passes it; tests that build the module alone leave it out.
   */
  licence?: Pick<LicencePolicy, 'ask'>;
  /** Clock in epoch ms, injectable for tests. */
  now?: () => number;
};

export type ProofUpload = { data: Buffer };

/** The last four digits only: the full number never leaves the server after binding. */
export function maskAccountNumber(n: string): string {
  return n.length <= 4 ? n : `${'*'.repeat(Math.min(n.length - 4, 8))}${n.slice(-4)}`;
}

/** Start of the UTC day that contains `at`: the daily count limit resets at 00:00 UTC. */
export function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

export function present(row: WithdrawalRow, scale: number): WithdrawalOrder {
  return {
    id: row.id,
    amount: formatMinor(row.amount, scale),
    amountMinor: row.amount.toString(),
    currency: row.currency,
    status: row.status,
    confirmation: row.confirmation,
    bankName: row.bankName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
    pixKeyType: row.pixKeyType,
    pixKeyMasked: row.pixKeyType && row.pixKey ? maskPixKey(row.pixKeyType, row.pixKey) : null,
    rejectReason: row.rejectReason,
    proofCount: row.proofCount,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.status === 'rejected' ? null : (row.decidedAt?.toISOString() ?? null),
    rejectedAt: row.status === 'rejected' ? (row.decidedAt?.toISOString() ?? null) : null,
    confirmDeadline: row.confirmDeadline?.toISOString() ?? null,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
  };
}

/** What the operator's view adds from elsewhere: the player's account name, operators' names, the order's alerts. */
export type OperatorViewExtras = {
  account: string;
  operatorNames: Map<string, string>;
  alerts: PayoutAlert[];
  /** The clock the review deadline is judged by. */
  now: Date;
};

/** The operator's view of an order: the player's view plus who decided, the full bank details, a waiting approval and alerts. */
export function presentForOperator(row: WithdrawalRow, scale: number, extras: OperatorViewExtras): OpsWithdrawalOrder {
  const { account, operatorNames, alerts, now } = extras;
  return {
    ...present(row, scale),
    memberId: row.memberId,
    account,
    bankCode: row.bankCode,
    accountNumber: row.accountNumber,
    // The operator pays to the key itself.
    pixKey: row.pixKey,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    resolutionNote: row.resolutionNote,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    secondApproval:
      row.approvalAskedBy && row.approvalAskedAt
        ? {
            askedBy: row.approvalAskedBy,
            askedByName: operatorNames.get(row.approvalAskedBy) ?? null,
            askedAt: row.approvalAskedAt.toISOString(),
            waitReasons: row.approvalWaitReasons,
          }
        : null,
    alerts: alerts.map((a) => ({
      kind: a.kind,
      operatorId: a.operatorId,
      operatorName: operatorNames.get(a.operatorId) ?? null,
      raisedAt: a.raisedAt.toISOString(),
      creditCount: a.figures.creditCount,
      creditedMinor: a.figures.creditedMinor,
      lastCreditAt: a.figures.lastCreditAt,
      days: a.figures.days,
    })),
    origin: row.origin,
    reviewDueAt: row.reviewDueAt?.toISOString() ?? null,
    reviewOverdue: row.status === 'pending' && row.reviewDueAt !== null && row.reviewDueAt < now,
  };
}

/** A snapshot for the audit log (bigint as string). */
export function snapshot(row: WithdrawalRow) {
  return {
    status: row.status,
    confirmation: row.confirmation,
    amountMinor: row.amount.toString(),
    holdId: row.holdId,
    approvalAskedBy: row.approvalAskedBy,
  };
}

/** What every use case of the module shares: the clock, retried transactions, settings, ownership. */
export function createWithdrawalCore(ctx: WithdrawalContext) {
  const { db, system } = ctx;
  return {
    now: (): Date => new Date((ctx.now ?? Date.now)()),

    /** A new transaction, run again as a whole on 40001/40P01 (the one retry policy in db/run-in-transaction.ts). */
    inTransaction: <T>(fn: (trx: Db) => Promise<T>): Promise<T> => runInTransaction(db, fn),

    async getSettings(): Promise<WithdrawalSettings> {
      return (await system.getOperatorConfig()).withdrawal;
    },

    /** The member's own order, or WITHDRAWAL_NOT_FOUND (also for another member's order: no enumeration). */
    async requireOwnOrder(memberId: string, id: string): Promise<WithdrawalRow> {
      const row = await findOrder(db, id);
      if (!row || row.memberId !== String(memberId))
        throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
      return row;
    },
  };
}

export type WithdrawalCore = ReturnType<typeof createWithdrawalCore>;
