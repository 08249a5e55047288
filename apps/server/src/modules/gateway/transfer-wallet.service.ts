import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor, parseMajor } from '@wps/shared/money';
import type {
  MerchantWalletBody,
  MerchantWalletResult,
  VendorTransfer,
  VendorWallet,
  WalletTransferBody,
  WalletTransferResult,
} from '@wps/shared/schemas/gateway';
import { merchantWalletBodySchema, walletTransferBodySchema } from '@wps/shared/schemas/gateway';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../services';
import { PLAYER_MAIN, type LedgerService } from '../ledger/ledger.service';
import type { SystemService } from '../system/system.service';
import {
  bumpWalletVersion,
  findPendingTransfer,
  findStalePendingTransfers,
  findTransfer,
  findTransferByKey,
  findWalletVersion,
  insertTransfer,
  lockWalletAtVersion,
  markWalletSynced,
  noteTransferAttempt,
  resolveTransfer,
  type AdapterRow,
  type TransferRow,
} from './gateway.repository';
import { callVendor, type VendorBalanceAnswer, type VendorCallOutcome, type VendorTransferAnswer } from './vendor-client';

export type TransferWalletContext = Pick<AppContext, 'db' | 'log'> & {
  system: Pick<SystemService, 'getBrand'>;
  ledger: LedgerService;
  catalogue: { getVendor(vassalage: string): Promise<{ vassalage: string; name: string }> };
  findAdapter(vassalage: string): Promise<AdapterRow | undefined>;
  listTransferAdapters(): Promise<AdapterRow[]>;
};

/** The ledger purpose of a player's wallet at one vendor, so the ledger shows where the money is. */
export function vendorWalletPurpose(vassalage: string): string {
  return `player_vendor_${vassalage.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`;
}

/** The key of one vendor's part of a transfer out of every vendor; stays within the stored 120 characters. */
function perVendorKey(idempotencyKey: string, vassalage: string): string {
  const key = `${idempotencyKey}:${vassalage}`;
  return key.length <= 120 ? key : `h:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

/** A pending transfer this old is checked by the status job. */
export const STATUS_CHECK_AFTER_MS = 10_000;

/**
 * The transfer wallet: we call the vendor. Each transfer records its intent with a ledger hold
 * first, then calls the vendor outside any database transaction, then records the outcome once.
 * An unknown outcome stays pending until the vendor's status answer resolves it.
 */
export function createTransferWalletService(ctx: TransferWalletContext) {
  const { db, log, system, ledger, catalogue } = ctx;

  async function money() {
    const b = await system.getBrand();
    return { currency: b.currency, scale: b.currencyScale };
  }

  async function requireTransferAdapter(vassalage: string): Promise<AdapterRow> {
    const adapter = await ctx.findAdapter(vassalage);
    if (!adapter || adapter.walletModel !== 'transfer') {
      throw new AppError(ErrorCode.VENDOR_NOT_CONNECTED, 'This vendor has no transfer wallet', { vassalage });
    }
    return adapter;
  }

  function view(t: TransferRow, scale: number): VendorTransfer {
    return {
      id: t.id,
      vassalage: t.vassalage,
      direction: t.direction,
      amount: formatMinor(t.amount, scale),
      amountMinor: t.amount.toString(),
      status: t.status,
      createdAt: t.createdAt.toISOString(),
    };
  }

  /** Record what the vendor said about a pending transfer, exactly once. Returns the transfer as it now stands. */
  async function applyOutcome(transfer: TransferRow, outcome: VendorCallOutcome<VendorTransferAnswer>): Promise<TransferRow> {
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
    await db.transaction().execute(async (t) => {
      const locked = await findTransfer(t, transfer.id, { lock: true });
      if (!locked || locked.status !== 'pending') return;
      if (final === 'succeeded') {
        const destination =
          locked.direction === 'in'
            ? await ledger.ensureMemberAccount(t, locked.memberId, vendorWalletPurpose(locked.vassalage), locked.currency)
            : await ledger.ensurePlayerWallet(t, locked.memberId, locked.currency);
        await ledger.postHold(
          { holdId: locked.holdId, destinationAccountId: destination, kind: `vendor_transfer_${locked.direction}`, idempotencyKey: `vendor-transfer:${locked.transferRef}:post` },
          t,
        );
      } else {
        await ledger.voidHold({ holdId: locked.holdId, kind: 'vendor_transfer_void', idempotencyKey: `vendor-transfer:${locked.transferRef}:void` }, t);
      }
      await resolveTransfer(t, locked.id, final, error);
      await bumpWalletVersion(t, locked.memberId, locked.vassalage);
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
    const outcome = await callVendor<VendorTransferAnswer>(adapter, '/wallet/status', { transferId: transfer.transferRef });
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
   * Applied only when no transfer moved in between (wallet version), under the wallet row lock.
   * Returns false when the vendor could not be read.
   */
  async function syncVendorBalance(memberId: string, adapter: AdapterRow, currency: string): Promise<boolean> {
    const version = await findWalletVersion(db, memberId, adapter.vassalage);
    if (await findPendingTransfer(db, memberId, adapter.vassalage)) return true;
    const outcome = await callVendor<VendorBalanceAnswer>(adapter, '/wallet/balance', { playerId: String(memberId), currency });
    if (outcome.kind !== 'ok' || !/^\d{1,18}$/.test(String(outcome.value?.balanceMinor))) return false;
    const reported = BigInt(outcome.value.balanceMinor);
    await db.transaction().execute(async (t) => {
      if (!(await lockWalletAtVersion(t, memberId, adapter.vassalage, version))) return;
      if (await findPendingTransfer(t, memberId, adapter.vassalage)) return;
      const purpose = vendorWalletPurpose(adapter.vassalage);
      const accountId = await ledger.ensureMemberAccount(t, memberId, purpose, currency);
      const ours = await ledger.getMemberAccountBalance(memberId, purpose, currency, t);
      const delta = reported - ours;
      if (delta !== 0n) {
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
      }
      await markWalletSynced(t, memberId, adapter.vassalage);
    });
    return true;
  }

  /** Resolve a pending transfer at this vendor if we can; TRANSFER_PENDING when it stays pending. */
  async function clearPending(memberId: string, vassalage: string): Promise<void> {
    const pending = await findPendingTransfer(db, memberId, vassalage);
    if (!pending) return;
    const after = await checkStatus(pending);
    if (after.status === 'pending') {
      throw new AppError(ErrorCode.TRANSFER_PENDING, 'A transfer with this vendor is still being confirmed', { transferId: after.id });
    }
  }

  /** One transfer: intent with a hold, the vendor call, the outcome. */
  async function transferOne(
    memberId: string,
    adapter: AdapterRow,
    direction: 'in' | 'out',
    amountInput: bigint | 'all',
    idempotencyKey: string,
  ): Promise<TransferRow> {
    const existing = await findTransferByKey(db, memberId, idempotencyKey);
    if (existing) return existing.status === 'pending' ? checkStatus(existing) : existing;
    const { currency } = await money();
    await clearPending(memberId, adapter.vassalage);
    if (direction === 'out' && !(await syncVendorBalance(memberId, adapter, currency))) {
      throw new AppError(ErrorCode.VENDOR_UNAVAILABLE, 'The vendor is not answering; nothing was moved', { vassalage: adapter.vassalage });
    }
    const sourcePurpose = direction === 'in' ? PLAYER_MAIN : vendorWalletPurpose(adapter.vassalage);
    const amount = amountInput === 'all' ? await ledger.getMemberAccountBalance(memberId, sourcePurpose, currency) : amountInput;
    if (amount <= 0n) throw new AppError(ErrorCode.AMOUNT_INVALID, 'There is nothing to transfer', { vassalage: adapter.vassalage });
    const transferRef = `wps-${crypto.randomUUID()}`;
    let created: TransferRow | undefined;
    try {
      created = await db.transaction().execute(async (t) => {
        const source =
          direction === 'in'
            ? await ledger.ensurePlayerWallet(t, memberId, currency)
            : await ledger.ensureMemberAccount(t, memberId, sourcePurpose, currency);
        const hold = await ledger.createHold(
          {
            sourceAccountId: source,
            amountMinor: amount,
            kind: 'vendor_transfer_hold',
            idempotencyKey: `vendor-transfer:${transferRef}:hold`,
            holdPurpose: 'vendor_transfer_hold',
            reference: `vendor-transfer:${transferRef}`,
            metadata: { memberId: String(memberId), vassalage: adapter.vassalage, direction },
          },
          t,
        );
        const row = await insertTransfer(t, { transferRef, memberId: String(memberId), vassalage: adapter.vassalage, direction, amount, currency, idempotencyKey, holdId: hold.holdId });
        if (!row) throw new KeyTaken();
        await bumpWalletVersion(t, memberId, adapter.vassalage);
        return row;
      });
    } catch (err) {
      if (err instanceof KeyTaken) {
        const again = await findTransferByKey(db, memberId, idempotencyKey);
        if (again) return again;
      }
      // Another transfer with this vendor became pending at the same moment.
      if ((err as { code?: string }).code === '23505') {
        throw new AppError(ErrorCode.TRANSFER_PENDING, 'A transfer with this vendor is still being confirmed');
      }
      throw err;
    }
    const outcome = await callVendor<VendorTransferAnswer>(adapter, direction === 'in' ? '/wallet/deposit' : '/wallet/withdraw', {
      transferId: transferRef,
      playerId: String(memberId),
      currency,
      amountMinor: amount.toString(),
    });
    if (outcome.kind === 'unknown') log.warn({ transferId: created.id, error: outcome.error }, 'vendor transfer outcome unknown; left pending');
    return applyOutcome(created, outcome);
  }

  async function mainBalance(memberId: string) {
    const m = await money();
    const value = await ledger.getPlayerBalance(memberId, m.currency);
    return { mainBalance: formatMinor(value, m.scale), mainBalanceMinor: value.toString() };
  }

  return {
    /** POST /wps/relay/GCS_walletTransfer. A retry with the same idempotency key moves nothing new. */
    async walletTransfer(memberId: string, body: WalletTransferBody): Promise<WalletTransferResult> {
      const input = walletTransferBodySchema.parse(body);
      const m = await money();
      const transfers: TransferRow[] = [];
      if (input.vassalage) {
        await catalogue.getVendor(input.vassalage);
        const adapter = await requireTransferAdapter(input.vassalage);
        let amount: bigint | 'all' = 'all';
        if (input.amount !== undefined) {
          try {
            amount = parseMajor(input.amount, m.scale);
          } catch {
            throw new AppError(ErrorCode.AMOUNT_INVALID, 'The amount is not valid');
          }
        }
        transfers.push(await transferOne(memberId, adapter, input.direction, amount, input.idempotencyKey));
      } else {
        // Out of every vendor: one transfer each, keyed per vendor; a vendor with nothing is skipped.
        for (const adapter of await ctx.listTransferAdapters()) {
          try {
            transfers.push(await transferOne(memberId, adapter, 'out', 'all', perVendorKey(input.idempotencyKey, adapter.vassalage)));
          } catch (err) {
            if (err instanceof AppError && [ErrorCode.AMOUNT_INVALID, ErrorCode.VENDOR_UNAVAILABLE, ErrorCode.TRANSFER_PENDING].includes(err.errorCode as never)) {
              log.info({ vassalage: adapter.vassalage, code: err.errorCode }, 'vendor skipped in transfer-all');
              continue;
            }
            throw err;
          }
        }
      }
      return { transfers: transfers.map((t) => view(t, m.scale)), ...(await mainBalance(memberId)) };
    },

    /** POST /wps/relay/GCS_merchantWallet: the player's wallet at each transfer vendor, read from the vendor. */
    async merchantWallet(memberId: string, body: MerchantWalletBody): Promise<MerchantWalletResult> {
      const input = merchantWalletBodySchema.parse(body);
      const m = await money();
      let adapters = await ctx.listTransferAdapters();
      if (input.isSingle && input.vassalage) adapters = adapters.filter((a) => a.vassalage === input.vassalage);
      const list: VendorWallet[] = [];
      for (const adapter of adapters) {
        let name = adapter.vassalage;
        try {
          name = (await catalogue.getVendor(adapter.vassalage)).name;
        } catch {
          // Under maintenance the wallet is still the player's money: show it under its code.
        }
        let pending = await findPendingTransfer(db, memberId, adapter.vassalage);
        if (pending) pending = await checkStatus(pending);
        const fresh = await syncVendorBalance(memberId, adapter, m.currency);
        const balance = await ledger.getMemberAccountBalance(memberId, vendorWalletPurpose(adapter.vassalage), m.currency);
        list.push({
          vassalage: adapter.vassalage,
          name,
          balance: formatMinor(balance, m.scale),
          balanceMinor: balance.toString(),
          state: fresh && pending?.status !== 'pending' ? 'ok' : 'stale',
          pending: pending && pending.status === 'pending' ? view(pending, m.scale) : null,
        });
      }
      return { currency: m.currency, scale: m.scale, ...(await mainBalance(memberId)), list };
    },

    /** The status-check job: resolve transfers left pending for a while. Returns how many were resolved. */
    async runStatusChecks(now = new Date(), limit = 50): Promise<number> {
      const stale = await findStalePendingTransfers(db, new Date(now.getTime() - STATUS_CHECK_AFTER_MS), limit);
      let resolved = 0;
      for (const t of stale) {
        const after = await checkStatus(t, now);
        if (after.status !== 'pending') resolved++;
      }
      return resolved;
    },

    /** Check one transfer now (tests, ops). */
    checkTransfer: async (id: string) => {
      const t = await findTransfer(db, id);
      if (!t) throw new AppError(ErrorCode.NOT_FOUND, 'No such transfer');
      return checkStatus(t);
    },
  };
}

class KeyTaken extends Error {}

export type TransferWalletService = ReturnType<typeof createTransferWalletService>;
