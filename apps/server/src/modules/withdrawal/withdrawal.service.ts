import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor, parseMajor } from '@wps/shared/money';
import {
  PROOF_MAX_FILES,
  withdrawalSettingsSchema,
  type CreateWithdrawalBody,
  type WithdrawBankAccount,
  type WithdrawInfo,
  type WithdrawalOrder,
  type WithdrawalSettings,
  type WithdrawalStatus,
} from '@wps/shared/schemas/withdrawal';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../services';
import { isRetryableDatabaseError, type LedgerService } from '../ledger/ledger.service';
import type { SystemService } from '../system/system.service';
import { detectProofImageType, readProofFile, removeProofFiles, writeProofFile } from './proof-files';
import {
  countOrdersSince,
  findMemberOrders,
  findOrder,
  findOrderByKey,
  findOrders,
  findOverdueApprovedIds,
  findProofs,
  insertOrder,
  insertProof,
  lockMemberWithdrawals,
  lockOrder,
  updateOrderStatus,
  sumPendingAmount,
  type WithdrawalRow,
} from './withdrawal.repository';

type Db = Kysely<Database>;

export type BankAccount = { id: string; bankCode: string; bankName: string; accountNumber: string; holderName: string };

/** What this module needs from the security centre (built by the security module). */
export type SecurityPort = {
  verifyPaymentPassword(memberId: string, password: string, trx?: Db): Promise<unknown>;
  getBankAccount(memberId: string, bankAccountId: string): Promise<BankAccount>;
  listBankAccounts(memberId: string): Promise<BankAccount[]>;
  hasPaymentPassword(memberId: string): Promise<boolean>;
};

/** The audit log and player notices, both written in the caller's transaction. */
export type AuditPort = {
  record(
    trx: Db,
    input: {
      actorType: 'operator' | 'system' | 'member';
      actorId: string | null;
      action: string;
      subjectType: string;
      subjectId: string;
      reason: string | null;
      before: unknown;
      after: unknown;
    },
  ): Promise<void>;
};
export type MessagesPort = { notify(trx: Db, input: { memberId: string; kind: string; params: Record<string, string> }): Promise<void> };

/** Who acts on an order from the operator side: an operator, or the system (the auto-receipt job, the CLI). */
export type WithdrawalActor = { actorType: 'operator' | 'system'; actorId: string | null };

export type WithdrawalContext = Pick<AppContext, 'db' | 'log'> & {
  dataDir: string;
  system: Pick<SystemService, 'getOperatorConfig' | 'getBrand' | 'updateSetting'>;
  ledger: LedgerService;
  security: SecurityPort;
  audit: AuditPort;
  messages: MessagesPort;
  /** Clock in epoch ms, injectable for tests. */
  now?: () => number;
};

export type ProofUpload = { data: Buffer };

const MAX_ATTEMPTS = 5;
const RECENT_ORDERS = 20;
/** Where approved withdrawals are paid from: the house's own cash account (docs/decisions.md). */
const PAYOUT_ACCOUNT = 'house_cash' as const;

/** The last four digits only: the full number never leaves the server after binding. */
function maskAccountNumber(n: string): string {
  return n.length <= 4 ? n : `${'*'.repeat(Math.min(n.length - 4, 8))}${n.slice(-4)}`;
}

/** Start of the UTC day that contains `at`: the daily count limit resets at 00:00 UTC. */
function startOfUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** The stored order when a retry asks for the same withdrawal; IDEMPOTENCY_CONFLICT when the key was used for another. */
function sameRequestOrConflict(order: WithdrawalRow, amount: bigint, bankAccountId: string): WithdrawalRow {
  if (order.amount !== amount || order.bankAccountId !== bankAccountId) {
    throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'Idempotency key was already used for a different withdrawal');
  }
  return order;
}

/** Parse a major-unit amount into positive minor units, or fail with AMOUNT_INVALID. */
export function parsePositiveAmount(amount: string, scale: number): bigint {
  let minor: bigint;
  try {
    minor = parseMajor(amount, scale);
  } catch {
    throw new AppError(ErrorCode.AMOUNT_INVALID, `The amount must be a positive number with at most ${scale} decimals`, { field: 'amount' });
  }
  if (minor <= 0n) throw new AppError(ErrorCode.AMOUNT_INVALID, 'The amount must be positive', { field: 'amount' });
  return minor;
}

/** Withdrawals (issue 3 §3, spec §4): ledger holds, operator decisions, player confirmation, auto-receipt. */
export function createWithdrawalService(ctx: WithdrawalContext) {
  const { db, log, system, ledger, security, audit, messages } = ctx;
  const now = (): Date => new Date((ctx.now ?? Date.now)());

  async function inTransaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(fn);
      } catch (err) {
        if (attempt >= MAX_ATTEMPTS || !isRetryableDatabaseError(err)) throw err;
        await new Promise((r) => setTimeout(r, crypto.randomInt(5, 20) * attempt));
      }
    }
  }

  async function getSettings(): Promise<WithdrawalSettings> {
    return (await system.getOperatorConfig()).withdrawal;
  }

  function present(row: WithdrawalRow, scale: number): WithdrawalOrder {
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
      rejectReason: row.rejectReason,
      proofCount: row.proofCount,
      createdAt: row.createdAt.toISOString(),
      approvedAt: row.status === 'rejected' ? null : (row.decidedAt?.toISOString() ?? null),
      confirmDeadline: row.confirmDeadline?.toISOString() ?? null,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
    };
  }

  /** The operator's view of an order: the player's view plus who decided and the full bank details. */
  function presentForOperator(row: WithdrawalRow, scale: number) {
    return {
      ...present(row, scale),
      memberId: row.memberId,
      bankCode: row.bankCode,
      accountNumber: row.accountNumber,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
      resolutionNote: row.resolutionNote,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
    };
  }

  /** A snapshot for the audit log (bigint as string). */
  function snapshot(row: WithdrawalRow) {
    return { status: row.status, confirmation: row.confirmation, amountMinor: row.amount.toString(), holdId: row.holdId };
  }

  async function requireOwnOrder(memberId: string, id: string): Promise<WithdrawalRow> {
    const row = await findOrder(db, id);
    if (!row || row.memberId !== String(memberId)) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
    return row;
  }

  /** Mark one overdue approved order received; a no-op when it is no longer approved or not yet due. */
  async function settleOverdue(id: string, at: Date): Promise<boolean> {
    return inTransaction(async (trx) => {
      const row = await lockOrder(trx, id);
      if (!row || row.status !== 'approved' || !row.confirmDeadline || row.confirmDeadline > at) return false;
      await updateOrderStatus(trx, id, 'approved', { status: 'completed', confirmation: 'auto_received', confirmedAt: at });
      await audit.record(trx, {
        actorType: 'system',
        actorId: 'withdrawal-auto-receipt',
        action: 'withdrawal.auto_received',
        subjectType: 'withdrawal',
        subjectId: id,
        reason: 'not confirmed before the deadline (spec §4 forced receipt)',
        before: snapshot(row),
        after: { ...snapshot(row), status: 'completed', confirmation: 'auto_received' },
      });
      return true;
    });
  }

  /** Refuse a confirmation of an order that is not awaiting one; an overdue one is settled as received first. */
  async function assertConfirmable(row: WithdrawalRow, at: Date): Promise<void> {
    if (row.status === 'approved' && row.confirmDeadline && row.confirmDeadline <= at) {
      await settleOverdue(row.id, at);
      throw new AppError(ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE, 'The confirmation time is over: the withdrawal counts as received', {
        status: 'completed',
        confirmation: 'auto_received',
      });
    }
    if (row.status !== 'approved') {
      throw new AppError(ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE, 'This withdrawal is not awaiting your confirmation', {
        status: row.status,
        confirmation: row.confirmation,
      });
    }
  }

  /** Operator decision on a pending order: exactly one approve or reject ever wins. */
  async function decide(actor: WithdrawalActor, id: string, action: 'approve' | 'reject', reason: string | null) {
    const brand = await system.getBrand();
    const settings = await getSettings();
    const at = now();
    const row = await inTransaction(async (trx) => {
      const before = await lockOrder(trx, id);
      if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
      if (before.status !== 'pending') {
        throw new AppError(ErrorCode.WITHDRAWAL_ALREADY_RESOLVED, `Withdrawal is already ${before.status}`, { status: before.status });
      }
      const decidedBy = actor.actorId ? `${actor.actorType}:${actor.actorId}` : actor.actorType;
      if (action === 'approve') {
        const payoutId = await ledger.ensureSystemAccount(PAYOUT_ACCOUNT, before.currency, trx);
        await ledger.postHold(
          { holdId: before.holdId, destinationAccountId: payoutId, kind: 'withdrawal_payout', idempotencyKey: `withdrawal:${id}:approve`, metadata: { withdrawalId: id } },
          trx,
        );
        const deadline = new Date(at.getTime() + settings.autoReceiptMinutes * 60_000);
        await updateOrderStatus(trx, id, 'pending', { status: 'approved', decidedAt: at, decidedBy, confirmDeadline: deadline });
      } else {
        await ledger.voidHold(
          { holdId: before.holdId, kind: 'withdrawal_reversal', idempotencyKey: `withdrawal:${id}:reject`, metadata: { withdrawalId: id } },
          trx,
        );
        await updateOrderStatus(trx, id, 'pending', { status: 'rejected', decidedAt: at, decidedBy, rejectReason: reason ?? '' });
      }
      const after = await findOrder(trx, id);
      if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
      await audit.record(trx, {
        actorType: actor.actorType,
        actorId: actor.actorId,
        action: `withdrawal.${action}`,
        subjectType: 'withdrawal',
        subjectId: id,
        reason,
        before: snapshot(before),
        after: snapshot(after),
      });
      await messages.notify(trx, {
        memberId: before.memberId,
        kind: action === 'approve' ? 'withdrawal_approved' : 'withdrawal_rejected',
        params: {
          orderId: id,
          amount: formatMinor(before.amount, brand.currencyScale),
          currency: before.currency,
          ...(action === 'reject' && reason ? { reason: reason.slice(0, 200) } : {}),
        },
      });
      return after;
    });
    return presentForOperator(row, brand.currencyScale);
  }

  return {
    getSettings,

    /** GET /wps/withdraw/info: what the form needs, plus the player's recent orders. */
    async getInfo(memberId: string): Promise<WithdrawInfo> {
      const brand = await system.getBrand();
      const settings = await getSettings();
      const [balance, todayCount, accounts, hasPaymentPassword, orders] = await Promise.all([
        ledger.getPlayerBalance(memberId, brand.currency),
        countOrdersSince(db, memberId, startOfUtcDay(now())),
        security.listBankAccounts(memberId),
        security.hasPaymentPassword(memberId),
        findMemberOrders(db, memberId, RECENT_ORDERS),
      ]);
      const bankAccounts: WithdrawBankAccount[] = accounts.map((a) => ({
        id: a.id,
        bankCode: a.bankCode,
        bankName: a.bankName,
        accountNumberMasked: maskAccountNumber(a.accountNumber),
        holderName: a.holderName,
      }));
      return {
        currency: brand.currency,
        scale: brand.currencyScale,
        withdrawable: formatMinor(balance, brand.currencyScale),
        withdrawableMinor: balance.toString(),
        minAmount: formatMinor(BigInt(settings.minAmountMinor), brand.currencyScale),
        maxAmount: formatMinor(BigInt(settings.maxAmountMinor), brand.currencyScale),
        dailyCountLimit: settings.dailyCountLimit,
        todayCount,
        autoReceiptMinutes: settings.autoReceiptMinutes,
        hasPaymentPassword,
        bankAccounts,
        orders: orders.map((o) => present(o, brand.currencyScale)),
      };
    },

    /**
     * POST /wps/withdraw/orders: check the limits, the payment password and the bank account,
     * then move the amount into the withdrawal hold in one ledger transaction. The same
     * idempotency key returns the same order.
     */
    async createOrder(memberId: string, body: CreateWithdrawalBody): Promise<WithdrawalOrder> {
      const brand = await system.getBrand();
      const settings = await getSettings();
      const amount = parsePositiveAmount(body.amount, brand.currencyScale);
      const key = body.idempotencyKey.trim();

      const replay = await findOrderByKey(db, memberId, key);
      if (replay) return present(sameRequestOrConflict(replay, amount, body.bankAccountId), brand.currencyScale);
      if (amount < BigInt(settings.minAmountMinor)) {
        throw new AppError(ErrorCode.WITHDRAWAL_AMOUNT_BELOW_MIN, 'The amount is below the minimum', {
          min: formatMinor(BigInt(settings.minAmountMinor), brand.currencyScale),
        });
      }
      if (amount > BigInt(settings.maxAmountMinor)) {
        throw new AppError(ErrorCode.WITHDRAWAL_AMOUNT_ABOVE_MAX, 'The amount is above the maximum', {
          max: formatMinor(BigInt(settings.maxAmountMinor), brand.currencyScale),
        });
      }
      // Outside the transaction: the security centre counts wrong tries, and that count must stick.
      await security.verifyPaymentPassword(memberId, body.paymentPassword);
      const bank = await security.getBankAccount(memberId, body.bankAccountId);

      const row = await inTransaction(async (trx) => {
        await lockMemberWithdrawals(trx, memberId);
        // A parallel request with the same key may have committed while we checked the password.
        const existing = await findOrderByKey(trx, memberId, key);
        if (existing) return sameRequestOrConflict(existing, amount, body.bankAccountId);
        const todayCount = await countOrdersSince(trx, memberId, startOfUtcDay(now()));
        if (todayCount >= settings.dailyCountLimit) {
          throw new AppError(ErrorCode.WITHDRAWAL_DAILY_LIMIT_REACHED, 'The daily number of withdrawals is reached', {
            limit: settings.dailyCountLimit,
          });
        }
        const walletId = await ledger.ensurePlayerWallet(trx, memberId, brand.currency);
        const hold = await ledger.createHold(
          {
            sourceAccountId: walletId,
            amountMinor: amount,
            kind: 'withdrawal',
            idempotencyKey: `withdrawal:${memberId}:${key}`,
            holdPurpose: 'withdrawal_hold',
            reference: `withdrawal-request:${memberId}:${key}`,
            metadata: { memberId: String(memberId) },
          },
          trx,
        );
        const id = await insertOrder(trx, {
          memberId,
          idempotencyKey: key,
          amount,
          currency: brand.currency,
          holdId: hold.holdId,
          bankAccountId: bank.id,
          bankCode: bank.bankCode,
          bankName: bank.bankName,
          accountNumber: bank.accountNumber,
          holderName: bank.holderName,
          createdAt: now(),
        });
        const created = await findOrder(trx, id);
        if (!created) throw new Error(`withdrawal ${id} vanished inside its transaction`);
        return created;
      });
      return present(row, brand.currencyScale);
    },

    /** POST /wps/withdraw/orders/:id/confirm: received or fully paid closes an approved order. */
    async confirm(memberId: string, id: string, result: 'received' | 'fully_paid'): Promise<WithdrawalOrder> {
      const brand = await system.getBrand();
      const at = now();
      await assertConfirmable(await requireOwnOrder(memberId, id), at);
      const row = await inTransaction(async (trx) => {
        const before = await lockOrder(trx, id);
        if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
        if (before.status !== 'approved') {
          throw new AppError(ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE, 'This withdrawal is not awaiting your confirmation', { status: before.status });
        }
        await updateOrderStatus(trx, id, 'approved', { status: 'completed', confirmation: result, confirmedAt: at });
        const after = await findOrder(trx, id);
        if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
        await audit.record(trx, {
          actorType: 'member',
          actorId: String(memberId),
          action: `withdrawal.${result}`,
          subjectType: 'withdrawal',
          subjectId: id,
          reason: null,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
      return present(row, brand.currencyScale);
    },

    /**
     * POST /wps/withdraw/orders/:id/not-received: store 1–3 proof images (png or jpg by their
     * bytes) and put the order in dispute for the operator. No money moves: a dispute never refunds.
     */
    async reportNotReceived(memberId: string, id: string, files: ProofUpload[]): Promise<WithdrawalOrder> {
      const brand = await system.getBrand();
      const at = now();
      if (files.length === 0) throw new AppError(ErrorCode.PROOF_REQUIRED, 'Attach at least one proof image');
      if (files.length > PROOF_MAX_FILES) throw new AppError(ErrorCode.PROOF_TOO_MANY, `At most ${PROOF_MAX_FILES} images`);
      const typed = files.map((f, index) => {
        const type = detectProofImageType(f.data);
        if (!type) throw new AppError(ErrorCode.PROOF_TYPE_INVALID, 'Only png or jpg images are accepted', { index });
        return { data: f.data, type };
      });
      await assertConfirmable(await requireOwnOrder(memberId, id), at);

      // Files first (no transaction open while writing), rows second; a failed commit removes the files.
      const names: string[] = [];
      try {
        for (const f of typed) names.push(await writeProofFile(ctx.dataDir, f.data, f.type));
        const row = await inTransaction(async (trx) => {
          const before = await lockOrder(trx, id);
          if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
          if (before.status !== 'approved') {
            throw new AppError(ErrorCode.WITHDRAWAL_NOT_CONFIRMABLE, 'This withdrawal is not awaiting your confirmation', { status: before.status });
          }
          for (const [i, f] of typed.entries()) {
            await insertProof(trx, { withdrawalId: id, storedName: names[i]!, contentType: f.type.contentType, sizeBytes: f.data.length });
          }
          await updateOrderStatus(trx, id, 'approved', { status: 'disputed', confirmation: 'not_received', confirmedAt: at });
          const after = await findOrder(trx, id);
          if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
          await audit.record(trx, {
            actorType: 'member',
            actorId: String(memberId),
            action: 'withdrawal.not_received',
            subjectType: 'withdrawal',
            subjectId: id,
            reason: null,
            before: snapshot(before),
            after: { ...snapshot(after), proofs: names },
          });
          return after;
        });
        return present(row, brand.currencyScale);
      } catch (err) {
        await removeProofFiles(ctx.dataDir, names).catch((e: unknown) => log.warn({ err: e }, 'withdrawal: could not remove proof files'));
        throw err;
      }
    },

    /** GET /ops/withdrawals. */
    async listForOperator(filter: { status?: WithdrawalStatus | undefined; limit: number }) {
      const brand = await system.getBrand();
      return (await findOrders(db, filter)).map((o) => presentForOperator(o, brand.currencyScale));
    },

    /** POST /ops/withdrawals/:id/approve: post the hold to the payout account; the order awaits the player's confirmation. */
    approve: (actor: WithdrawalActor, id: string, reason: string | null = null) => decide(actor, id, 'approve', reason),

    /** POST /ops/withdrawals/:id/reject: void the hold, so the money returns to the player's wallet. */
    reject: (actor: WithdrawalActor, id: string, reason: string) => decide(actor, id, 'reject', reason),

    /**
     * POST /ops/withdrawals/:id/resolve: close a dispute after the operator checked the payout
     * (and re-sent it if needed). No money moves here; docs/decisions.md explains why.
     */
    async resolveDispute(actor: WithdrawalActor, id: string, note: string) {
      const brand = await system.getBrand();
      const at = now();
      const row = await inTransaction(async (trx) => {
        const before = await lockOrder(trx, id);
        if (!before) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
        if (before.status !== 'disputed') {
          throw new AppError(ErrorCode.WITHDRAWAL_NOT_DISPUTED, 'This withdrawal is not in dispute', { status: before.status });
        }
        await updateOrderStatus(trx, id, 'disputed', { status: 'completed', resolutionNote: note, resolvedAt: at });
        const after = await findOrder(trx, id);
        if (!after) throw new Error(`withdrawal ${id} vanished inside its transaction`);
        await audit.record(trx, {
          actorType: actor.actorType,
          actorId: actor.actorId,
          action: 'withdrawal.dispute_resolved',
          subjectType: 'withdrawal',
          subjectId: id,
          reason: note,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      });
      return presentForOperator(row, brand.currencyScale);
    },

    /** The proof images of an order (operator view): index, type, size, time. */
    async listProofs(id: string) {
      if (!(await findOrder(db, id))) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
      const proofs = await findProofs(db, id);
      return proofs.map((p, index) => ({ index, contentType: p.contentType, sizeBytes: p.sizeBytes, createdAt: p.createdAt.toISOString() }));
    },

    /** One proof image's bytes and type, by its index in listProofs. */
    async readProof(id: string, index: number): Promise<{ contentType: 'image/png' | 'image/jpeg'; data: Buffer }> {
      const proof = (await findProofs(db, id))[index];
      if (!proof) throw new AppError(ErrorCode.NOT_FOUND, 'Proof not found');
      return { contentType: proof.contentType, data: await readProofFile(ctx.dataDir, proof.storedName) };
    },

    /** One order with its proofs' count, for the operator. */
    async getForOperator(id: string) {
      const brand = await system.getBrand();
      const row = await findOrder(db, id);
      if (!row) throw new AppError(ErrorCode.WITHDRAWAL_NOT_FOUND, 'Withdrawal not found');
      return presentForOperator(row, brand.currencyScale);
    },

    /**
     * Spec §4 forced receipt: every approved order whose deadline passed counts as received.
     * Idempotent (each order moves at most once, under its row lock); returns how many moved.
     */
    async runAutoReceipt(at: Date = now()): Promise<number> {
      let settled = 0;
      for (;;) {
        const ids = await findOverdueApprovedIds(db, at, 200);
        let moved = 0;
        for (const id of ids) if (await settleOverdue(id, at)) moved++;
        settled += moved;
        if (ids.length < 200 || moved === 0) return settled;
      }
    },

    /** PUT /ops/withdrawal-settings: merge, validate, store, and audit. */
    async updateSettings(actor: WithdrawalActor, patch: Partial<WithdrawalSettings>, reason: string | null) {
      const before = await getSettings();
      const parsed = withdrawalSettingsSchema.safeParse({ ...before, ...patch });
      if (!parsed.success) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, parsed.error.issues.map((i) => i.message).join('; '), {
          fields: parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message })),
        });
      }
      const stored = await system.updateSetting('withdrawal', parsed.data);
      await db.transaction().execute((trx) =>
        audit.record(trx, {
          actorType: actor.actorType,
          actorId: actor.actorId,
          action: 'settings.withdrawal',
          subjectType: 'operator_setting',
          subjectId: 'withdrawal',
          reason,
          before,
          after: stored,
        }),
      );
      return stored;
    },

    /** Sum of the member's pending (held) withdrawals. */
    sumPending: (memberId: string) => sumPendingAmount(db, memberId),
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
