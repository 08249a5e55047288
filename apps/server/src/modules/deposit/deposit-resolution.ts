import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { DepositOrderStatus, DepositPayer } from '@wps/shared/schemas/deposit';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { LedgerEntryInput } from '../ledger/ledger.types';
import { insertOrderPayer } from './deposit-payers.repository';
import { findUnreturnedOrderIds } from './deposit-returns.repository';
import {
  findOrder,
  findOverdueOrderIds,
  lockOrder,
  resolveOrder,
  sumMemberOrders,
  type OrderRow,
} from './deposit.repository';
import { payerRefusal, returnToPayer } from './deposit-payer';
import { orderSnapshot } from './deposit-views';
import { SYSTEM_ACTOR, type DepositActor, type DepositContext } from './deposit.types';
import type { GatewayProvider } from './gateway-provider';

type Db = Kysely<Database>;

/** Overdue orders handled per sweep; the next read or run continues. */
const SWEEP_BATCH = 50;

function resolvedByOf(actor: DepositActor, via: string): string {
  if (actor.actorType === 'operator') return `operator:${actor.actorId ?? '?'}`;
  return actor.actorId ? `system:${actor.actorId}` : via;
}

/** What resolving orders borrows from the deposit service. */
export type DepositResolutionDeps = Pick<
  DepositContext,
  'db' | 'system' | 'ledger' | 'audit' | 'messages' | 'metrics' | 'limits' | 'ownership'
> & {
  log?: Pick<DepositContext['log'], 'warn'>;
  now: () => number;
  gateways: Record<string, GatewayProvider>;
  inTransaction<T>(fn: (trx: Db) => Promise<T>): Promise<T>;
};

/**
 * Resolving an order, exactly once: credit it (one ledger transaction from gateway_clearing to
 * the player's main wallet, the fee to house_cash), or fail or expire it, each written together
 * with the order's new status, the player's notice and the audit entry.
 */
export function createDepositResolution(deps: DepositResolutionDeps) {
  const { db, system, ledger, audit, messages, now, gateways, inTransaction } = deps;

  async function requireOrder(dbOrTrx: Db, id: string): Promise<OrderRow> {
    const order = await findOrder(dbOrTrx, id);
    if (!order) throw new AppError(ErrorCode.DEPOSIT_ORDER_NOT_FOUND, 'No such deposit order', { id });
    return order;
  }

  /**
   * Credit an order exactly once: lock it, post the ledger transaction (key deposit:<id>), mark it
   * credited, notify the player and audit, all in one database transaction. `changed` is false
   * when the order was already resolved from a status it cannot be credited from. A manual
   * transfer's payer is recorded in the same transaction, whether the order is credited or a
   * deposit limit fails it (the money then goes back to that payer).
   */
  async function creditOrder(
    id: string,
    actor: DepositActor,
    opts: { via: string; from: readonly DepositOrderStatus[]; reason: string | null; payer?: DepositPayer | null },
  ): Promise<{ changed: boolean; order: OrderRow }> {
    const brand = await system.getBrand();
    const outcome = await inTransaction(async (trx) => {
      // The player's limits row first (its member never changes, so an unlocked read finds it), then the order.
      const unlocked = deps.limits ? await findOrder(trx, id) : undefined;
      if (deps.limits && unlocked) await deps.limits.lock(trx, unlocked.memberId);
      if (!(await lockOrder(trx, id)))
        throw new AppError(ErrorCode.DEPOSIT_ORDER_NOT_FOUND, 'No such deposit order', { id });
      const locked = await requireOrder(trx, id);
      if (!opts.from.includes(locked.status)) return { changed: false, order: locked };
      if (opts.payer) await insertOrderPayer(trx, locked.id, opts.payer, new Date(now()));
      // The audit's "before" is the order as it was; every later view carries the payer.
      const order = opts.payer ? { ...locked, payer: opts.payer } : locked;
      if (deps.limits) {
        // Counted again where the money arrives: a limit lowered since the order was opened refuses it.
        const refusal = await deps.limits.checkCredit(
          trx,
          order.memberId,
          order.amountMinor,
          order.createdAt,
          brand.currencyScale,
          (since) => sumMemberOrders(trx, order.memberId, since, { exceptId: order.id }),
        );
        if (refusal)
          return failWithin(trx, order, actor, {
            via: opts.via,
            failureReason: 'deposit_limit',
            reason: opts.reason,
            scale: brand.currencyScale,
            before: locked,
          });
      }
      const walletId = await ledger.ensurePlayerWallet(trx, order.memberId, order.currency);
      const clearingId = await ledger.ensureSystemAccount('gateway_clearing', order.currency, trx);
      const entries: LedgerEntryInput[] = [
        { accountId: clearingId, amountMinor: -order.amountMinor },
        { accountId: walletId, amountMinor: order.creditMinor },
      ];
      if (order.feeMinor > 0n) {
        entries.push({
          accountId: await ledger.ensureSystemAccount('house_cash', order.currency, trx),
          amountMinor: order.feeMinor,
        });
      }
      const posted = await ledger.postTransaction(
        {
          kind: 'deposit',
          idempotencyKey: `deposit:${order.id}`,
          reference: `deposit_order:${order.id}`,
          metadata: {
            orderId: order.id,
            channelId: order.channelId,
            via: opts.via,
            feeMinor: order.feeMinor.toString(),
          },
          entries,
        },
        trx,
      );
      const resolvedBy = resolvedByOf(actor, opts.via);
      if (
        !(await resolveOrder(trx, order.id, [order.status], {
          status: 'credited',
          ledgerTransactionId: posted.transactionId,
          resolvedBy,
          at: new Date(now()),
        }))
      ) {
        throw new Error(`deposit: order ${order.id} changed despite the row lock`);
      }
      await messages.notify(trx, {
        memberId: order.memberId,
        kind: 'deposit_credited',
        params: {
          orderId: order.id,
          amount: formatMinor(order.creditMinor, brand.currencyScale),
          currency: order.currency,
          referenceCode: order.referenceCode,
        },
      });
      await audit.record(trx, {
        ...actor,
        action: 'deposit.credit',
        subjectType: 'deposit_order',
        subjectId: order.id,
        reason: opts.reason,
        before: orderSnapshot(locked),
        after: orderSnapshot(order, { status: 'credited', ledgerTransactionId: posted.transactionId, resolvedBy }),
      });
      return {
        changed: true,
        order: { ...order, status: 'credited' as const, ledgerTransactionId: posted.transactionId, resolvedBy },
      };
    });
    // Counted once committed.
    if (outcome.changed) deps.metrics?.depositCredited(outcome.order.creditMinor);
    return outcome;
  }

  /**
   * A payment arrived: credit it, or, when the licence takes only the player's own money and it
   * came from another CPF (or from none the gateway named), mark the order returned instead. The
   * return is one transaction (the order, the player's notice, the audit entry) and moves no
   * money: the payment never reaches the player's balance, and the gateway sends it back
   * (returnToPayer, after the commit).
   */
  async function settlePaid(
    id: string,
    actor: DepositActor,
    opts: { via: string; from: readonly DepositOrderStatus[]; payerCpf: string | undefined },
  ): Promise<{ changed: boolean; order: OrderRow }> {
    const order = await requireOrder(db, id);
    const refusal = await payerRefusal(deps.ownership, order, opts.payerCpf);
    if (!refusal) return creditOrder(id, actor, { via: opts.via, from: opts.from, reason: null });
    const brand = await system.getBrand();
    return inTransaction(async (trx) => {
      if (!(await lockOrder(trx, id)))
        throw new AppError(ErrorCode.DEPOSIT_ORDER_NOT_FOUND, 'No such deposit order', { id });
      const locked = await requireOrder(trx, id);
      if (!opts.from.includes(locked.status)) return { changed: false, order: locked };
      const resolvedBy = resolvedByOf(actor, opts.via);
      const patch = {
        status: 'returned' as const,
        failureReason: refusal.reason,
        payerCpfMasked: refusal.payerCpfMasked,
        resolvedBy,
      };
      if (!(await resolveOrder(trx, id, [locked.status], { ...patch, at: new Date(now()) })))
        throw new Error(`deposit: order ${id} changed despite the row lock`);
      const params = {
        orderId: id,
        amount: formatMinor(locked.amountMinor, brand.currencyScale),
        currency: locked.currency,
        referenceCode: locked.referenceCode,
        reason: refusal.reason,
      };
      await messages.notify(trx, { memberId: locked.memberId, kind: 'deposit_failed', params });
      await audit.record(trx, {
        ...actor,
        action: 'deposit.return',
        subjectType: 'deposit_order',
        subjectId: id,
        reason: null,
        before: orderSnapshot(locked),
        after: orderSnapshot(locked, patch),
      });
      return { changed: true, order: { ...locked, ...patch } };
    });
  }

  /** Fail an order a deposit limit refuses to credit, in the crediting transaction (the gateway returns the money). */
  async function failWithin(
    trx: Db,
    order: OrderRow,
    actor: DepositActor,
    opts: { via: string; failureReason: string; reason: string | null; scale: number; before?: OrderRow },
  ): Promise<{ changed: boolean; order: OrderRow }> {
    const resolvedBy = resolvedByOf(actor, opts.via);
    if (
      !(await resolveOrder(trx, order.id, [order.status], {
        status: 'failed',
        failureReason: opts.failureReason,
        resolvedBy,
        at: new Date(now()),
      }))
    ) {
      throw new Error(`deposit: order ${order.id} changed despite the row lock`);
    }
    const params = {
      orderId: order.id,
      amount: formatMinor(order.amountMinor, opts.scale),
      currency: order.currency,
      referenceCode: order.referenceCode,
      reason: opts.failureReason,
    };
    await messages.notify(trx, { memberId: order.memberId, kind: 'deposit_failed', params });
    await audit.record(trx, {
      ...actor,
      action: 'deposit.fail',
      subjectType: 'deposit_order',
      subjectId: order.id,
      reason: opts.reason,
      before: orderSnapshot(opts.before ?? order),
      after: orderSnapshot(order, { status: 'failed', failureReason: opts.failureReason, resolvedBy }),
    });
    return {
      changed: true,
      order: { ...order, status: 'failed' as const, failureReason: opts.failureReason, resolvedBy },
    };
  }

  /** Fail or expire a pending order once, with the player's notice and the audit entry. */
  async function closeOrder(
    id: string,
    actor: DepositActor,
    opts: { status: 'failed' | 'expired'; via: string; failureReason: string; reason: string | null },
  ): Promise<{ changed: boolean; order: OrderRow }> {
    const brand = await system.getBrand();
    return inTransaction(async (trx) => {
      if (!(await lockOrder(trx, id)))
        throw new AppError(ErrorCode.DEPOSIT_ORDER_NOT_FOUND, 'No such deposit order', { id });
      const order = await requireOrder(trx, id);
      if (order.status !== 'pending') return { changed: false, order };
      const resolvedBy = resolvedByOf(actor, opts.via);
      if (
        !(await resolveOrder(trx, order.id, ['pending'], {
          status: opts.status,
          failureReason: opts.failureReason,
          resolvedBy,
          at: new Date(now()),
        }))
      ) {
        throw new Error(`deposit: order ${order.id} changed despite the row lock`);
      }
      const params: Record<string, string> = {
        orderId: order.id,
        amount: formatMinor(order.amountMinor, brand.currencyScale),
        currency: order.currency,
        referenceCode: order.referenceCode,
        reason: opts.failureReason,
      };
      if (opts.reason) params.note = opts.reason.slice(0, 200);
      await messages.notify(trx, { memberId: order.memberId, kind: 'deposit_failed', params });
      await audit.record(trx, {
        ...actor,
        action: opts.status === 'expired' ? 'deposit.expire' : 'deposit.fail',
        subjectType: 'deposit_order',
        subjectId: order.id,
        reason: opts.reason,
        before: orderSnapshot(order),
        after: orderSnapshot(order, { status: opts.status, failureReason: opts.failureReason, resolvedBy }),
      });
      return { changed: true, order: { ...order, status: opts.status, failureReason: opts.failureReason, resolvedBy } };
    });
  }

  /**
   * Resolve overdue pending orders: a gateway order is first checked with its gateway (an unknown
   * outcome stays pending until then), everything else expires. Idempotent; safe to run anywhere.
   */
  async function sweepOverdue(
    limit = SWEEP_BATCH,
  ): Promise<{ expired: number; credited: number; failed: number; returned: number }> {
    const counts = { expired: 0, credited: 0, failed: 0, returned: 0 };
    for (const id of await findOverdueOrderIds(db, new Date(now()), limit)) {
      const order = await findOrder(db, id);
      if (!order || order.status !== 'pending') continue;
      const provider = order.provider ? gateways[order.provider] : undefined;
      if (provider && order.providerRef) {
        // Outside any transaction: the gateway is another party.
        const status = await provider.queryStatus(order.providerRef);
        if (
          status.status === 'succeeded' &&
          status.amountMinor === order.amountMinor &&
          status.currency === order.currency
        ) {
          const settled = await settlePaid(id, SYSTEM_ACTOR, {
            via: `status-check:${provider.name}`,
            from: ['pending'],
            payerCpf: status.payerCpf,
          });
          if (settled.changed && settled.order.status === 'credited') counts.credited++;
          if (settled.changed && settled.order.status === 'returned') counts.returned++;
          if (settled.order.status === 'returned') await retryReturn(settled.order, provider);
          continue;
        }
        if (status.status === 'failed') {
          const r = await closeOrder(id, SYSTEM_ACTOR, {
            status: 'failed',
            via: `status-check:${provider.name}`,
            failureReason: 'gateway_failed',
            reason: null,
          });
          if (r.changed) counts.failed++;
          continue;
        }
      }
      const r = await closeOrder(id, SYSTEM_ACTOR, {
        status: 'expired',
        via: 'system:expiry',
        failureReason: 'expired',
        reason: null,
      });
      if (r.changed) counts.expired++;
    }
    return counts;
  }

  /** Ask the gateway to take back a returned payment; a failure is logged and left for a later try. */
  async function retryReturn(order: OrderRow, provider: GatewayProvider): Promise<boolean> {
    try {
      await returnToPayer(db, provider, order);
      return true;
    } catch (err) {
      deps.log?.warn({ err, orderId: order.id }, 'deposit: the gateway did not take back a returned payment yet');
      return false;
    }
  }

  /**
   * Returned payments the gateway has not confirmed as sent back (it was unreachable when the
   * order was returned): asked again. The gateway's retried webhook does the same for one
   * order; this covers a gateway that gave up (the deposit:expire command runs it).
   */
  async function retryReturns(limit = SWEEP_BATCH): Promise<{ returned: number; pending: number }> {
    const counts = { returned: 0, pending: 0 };
    for (const id of await findUnreturnedOrderIds(db, limit)) {
      const order = await findOrder(db, id);
      const provider = order?.provider ? gateways[order.provider] : undefined;
      if (order && provider && (await retryReturn(order, provider))) counts.returned++;
      else counts.pending++;
    }
    return counts;
  }

  return { requireOrder, creditOrder, settlePaid, closeOrder, sweepOverdue, retryReturns };
}
