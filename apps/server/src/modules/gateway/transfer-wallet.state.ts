import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { LedgerService } from '../ledger/ledger.service';
import type { AdapterRow } from './gateway.repository';
import {
  claimWalletAtVersion,
  findPendingTransfer,
  findTransfer,
  findWalletVersion,
  lockWallet,
  noteTransferAttempt,
  resolveTransfer,
  type TransferRow,
} from './transfer-wallet.repository';
import {
  callVendor,
  type VendorBalanceAnswer,
  type VendorCallOutcome,
  type VendorTransferAnswer,
} from './vendor-client';

/** The ledger purpose of a player's wallet at one vendor, so the ledger shows where the money is. */
export function vendorWalletPurpose(vassalage: string): string {
  return `player_vendor_${vassalage.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
}

/** A pending transfer this old is checked by the status job. */
export const STATUS_CHECK_AFTER_MS = 10_000;

export type VendorWalletStateContext = {
  db: Kysely<Database>;
  ledger: LedgerService;
  findAdapter(vassalage: string): Promise<AdapterRow | undefined>;
};

/**
 * What the vendor tells us about a player's wallet there: a transfer's outcome (from our own call
 * or a status check) and the balance (a sync). Each is recorded in one transaction that locks the
 * wallet's vendor_wallets row first (lock order: transfer-wallet.repository.ts) and is retried as
 * a whole on a deadlock or serialization failure (the ledger's retry), never answered 5xx.
 */
export function createVendorWalletState(ctx: VendorWalletStateContext) {
  const { db, ledger } = ctx;
  const inTransaction = ledger.transaction;

  /** Record what the vendor said about a pending transfer, exactly once. Returns the transfer as it now stands. */
  async function applyOutcome(
    transfer: TransferRow,
    outcome: VendorCallOutcome<VendorTransferAnswer>,
  ): Promise<TransferRow> {
    let status: 'succeeded' | 'failed' | undefined;
    let error: string | null = null;
    if (outcome.kind === 'ok' && outcome.value.status === 'succeeded') status = 'succeeded';
    else if (outcome.kind === 'ok' && (outcome.value.status === 'failed' || outcome.value.status === 'not_found')) {
      status = 'failed';
      error = `vendor status ${outcome.value.status}`;
    } else if (outcome.kind === 'refused') {
      status = 'failed';
      error = `${outcome.errorCode}: ${outcome.message}`;
    }
    if (!status) {
      await noteTransferAttempt(db, transfer.id, outcome.kind === 'unknown' ? outcome.error : 'unexpected answer');
      return (await findTransfer(db, transfer.id)) ?? transfer;
    }
    const final = status;
    await inTransaction(async (t) => {
      await lockWallet(t, transfer.memberId, transfer.vassalage);
      const locked = await findTransfer(t, transfer.id, { lock: true });
      if (!locked || locked.status !== 'pending') return;
      if (final === 'succeeded') {
        const destination =
          locked.direction === 'in'
            ? await ledger.ensureMemberAccount(
                t,
                locked.memberId,
                vendorWalletPurpose(locked.vassalage),
                locked.currency,
              )
            : await ledger.ensurePlayerWallet(t, locked.memberId, locked.currency);
        await ledger.postHold(
          {
            holdId: locked.holdId,
            destinationAccountId: destination,
            kind: `vendor_transfer_${locked.direction}`,
            idempotencyKey: `vendor-transfer:${locked.transferRef}:post`,
          },
          t,
        );
      } else {
        await ledger.voidHold(
          {
            holdId: locked.holdId,
            kind: 'vendor_transfer_void',
            idempotencyKey: `vendor-transfer:${locked.transferRef}:void`,
          },
          t,
        );
      }
      await resolveTransfer(t, locked.id, final, error);
    });
    return (await findTransfer(db, transfer.id)) ?? transfer;
  }

  /** Ask the vendor what became of a pending transfer and record it (on demand and from the job). */
  async function checkStatus(transfer: TransferRow, now = new Date()): Promise<TransferRow> {
    if (transfer.status !== 'pending') return transfer;
    const adapter = await ctx.findAdapter(transfer.vassalage);
    if (!adapter) return transfer;
    // Our own call may still be on its way: asking now could make the vendor refuse it (a status
    // query for an unknown id cancels that id), so a young transfer is just shown as pending.
    if (now.getTime() - transfer.createdAt.getTime() < adapter.requestTimeoutMs) return transfer;
    const outcome = await callVendor<VendorTransferAnswer>(adapter, '/wallet/status', {
      transferId: transfer.transferRef,
    });
    // A status call the vendor refuses says nothing about the transfer itself.
    if (outcome.kind === 'refused') {
      await noteTransferAttempt(db, transfer.id, `status refused: ${outcome.errorCode}`);
      return transfer;
    }
    return applyOutcome(transfer, outcome);
  }

  /**
   * Bring the ledger's copy of the player's vendor wallet to what the vendor reports: the
   * difference is the player's result at the vendor (kind vendor_result, against house_cash).
   * The answer is applied only when nothing moved the wallet since the version read before the
   * call (a transfer, an outcome, or another sync: each moves the version on), so a slow, stale
   * answer never overwrites a fresher one. Returns false when the vendor could not be read.
   */
  async function syncVendorBalance(memberId: string, adapter: AdapterRow, currency: string): Promise<boolean> {
    const version = await findWalletVersion(db, memberId, adapter.vassalage);
    // While a transfer is in flight the vendor's balance may or may not include it.
    if (await findPendingTransfer(db, memberId, adapter.vassalage)) return true;
    const outcome = await callVendor<VendorBalanceAnswer>(adapter, '/wallet/balance', {
      playerId: String(memberId),
      currency,
    });
    if (outcome.kind !== 'ok' || !/^\d{1,18}$/.test(String(outcome.value?.balanceMinor))) return false;
    const reported = BigInt(outcome.value.balanceMinor);
    await inTransaction(async (t) => {
      if (!(await claimWalletAtVersion(t, memberId, adapter.vassalage, version))) return;
      const purpose = vendorWalletPurpose(adapter.vassalage);
      const accountId = await ledger.ensureMemberAccount(t, memberId, purpose, currency);
      // Stable until commit: every writer of this account holds the wallet row we now hold.
      const ours = await ledger.getMemberAccountBalance(memberId, purpose, currency, t);
      const delta = reported - ours;
      if (delta === 0n) return;
      const houseId = await ledger.ensureSystemAccount('house_cash', currency, t);
      await ledger.postTransaction(
        {
          kind: 'vendor_result',
          // Syncs of one wallet are serialised by the row lock; each is its own transaction.
          idempotencyKey: `vendor-sync:${accountId}:${crypto.randomUUID()}`,
          reference: `vendor:${adapter.vassalage}`,
          metadata: { memberId: String(memberId), vassalage: adapter.vassalage, reportedMinor: reported.toString() },
          entries: [
            { accountId, amountMinor: delta },
            { accountId: houseId, amountMinor: -delta },
          ],
        },
        t,
      );
    });
    return true;
  }

  /** Resolve a pending transfer at this vendor if we can; TRANSFER_PENDING when it stays pending. */
  async function clearPending(memberId: string, vassalage: string): Promise<void> {
    const pending = await findPendingTransfer(db, memberId, vassalage);
    if (!pending) return;
    const after = await checkStatus(pending);
    if (after.status === 'pending') {
      throw new AppError(ErrorCode.TRANSFER_PENDING, 'A transfer with this vendor is still being confirmed', {
        transferId: after.id,
      });
    }
  }

  return { applyOutcome, checkStatus, syncVendorBalance, clearPending };
}
