import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { ProductClass } from '@wps/shared/licence';
import { formatMinor } from '@wps/shared/money';
import type {
  MerchantWalletBody,
  MerchantWalletResult,
  VendorTransfer,
  VendorWallet,
  WalletTransferBody,
  WalletTransferResult,
} from '@wps/shared/schemas/gateway';
import { merchantWalletBodySchema, walletTransferBodySchema } from '@wps/shared/schemas/gateway';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { PLAYER_MAIN, type LedgerService } from '../ledger/ledger.service';
import type { SystemService } from '../system/system.service';
import type { AdapterRow } from './gateway.repository';
import {
  claimTransferRequest,
  findPendingTransfer,
  findStalePendingTransfers,
  findTransfer,
  findTransferByKey,
  insertTransfer,
  lockWallet,
  lossLimitRefusal,
  pendingTransferQueue,
  type TransferRequest,
  type TransferRow,
} from './transfer-wallet.repository';
import { createVendorWalletState, STATUS_CHECK_AFTER_MS, vendorWalletPurpose } from './transfer-wallet.state';
import type { BetGuard } from './seamless.service';
import { callVendor, type VendorTransferAnswer } from './vendor-client';

export { STATUS_CHECK_AFTER_MS, vendorWalletPurpose };

type Db = Kysely<Database>;

export type TransferWalletContext = Pick<AppContext, 'db' | 'log'> & {
  system: Pick<SystemService, 'getBrand'>;
  ledger: LedgerService;
  catalogue: { getVendor(vassalage: string): Promise<{ vassalage: string; name: string }> };
  findAdapter(vassalage: string): Promise<AdapterRow | undefined>;
  listTransferAdapters(): Promise<AdapterRow[]>;
  /** The player's loss limits, which money sent to a vendor counts against (responsible gaming). */
  betGuard?: Pick<BetGuard, 'transferLimits'>;
  /**
   * The products the licence allows (licence-products.ts): money sent to the wallet of a vendor
   * whose product a licence may forbid (a PVP vendor's P2P tables) asks the stake door first.
   */
  products?: {
    vendorClassOf(vassalage: string): Promise<ProductClass | null>;
    askStake(trx: Db, memberId: string, product: ProductClass | null): Promise<void>;
  };
};

/**
 * Joins a client key and a vendor into the key of that vendor's part of a transfer out of every
 * vendor. Client keys never contain it (idempotencyKeySchema allows only A–Z a–z 0–9 _ . : -), so
 * no client key can equal another request's per-vendor key and be answered with its transfer.
 */
export const PER_VENDOR_KEY_SEPARATOR = '#';

/** The key of one vendor's part of a transfer out of every vendor; a hash (still with the separator) past the stored 120 characters. */
export function perVendorKey(idempotencyKey: string, vassalage: string): string {
  const key = `${idempotencyKey}${PER_VENDOR_KEY_SEPARATOR}${vassalage}`;
  return key.length <= 120
    ? key
    : `${PER_VENDOR_KEY_SEPARATOR}${crypto.createHash('sha256').update(key).digest('hex')}`;
}

/** Whether a key's earlier request is this one: same direction, vendor and amount (not recorded before migration 0080). */
function isSameRequest(first: TransferRequest, now: TransferRequest): boolean {
  return (
    first.direction === now.direction &&
    first.vassalage === now.vassalage &&
    (first.requestedAmount === null || first.requestedAmount === now.requestedAmount)
  );
}

/**
 * The transfer wallet: we call the vendor. Each transfer records its intent with a ledger hold
 * first, then calls the vendor outside any database transaction, then records the outcome once.
 * An unknown outcome stays pending until the vendor's status answer resolves it.
 */
export function createTransferWalletService(ctx: TransferWalletContext) {
  const { db, log, system, ledger, catalogue } = ctx;
  // Every transaction here locks the player's vendor_wallets row first (transfer-wallet.repository.ts,
  // docs/architecture.md), and runs through the ledger's retry: a deadlock or serialization failure
  // is tried again as a whole, never answered 5xx.
  const inTransaction = ledger.transaction;
  const { applyOutcome, checkStatus, syncVendorBalance, clearPending } = createVendorWalletState(ctx);

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

  /**
   * The responsible-gaming limits on money sent to a vendor. The vendor's bets never reach us, and
   * none can stake more than the vendor's wallet holds: the stake limit bounds what it holds after
   * this transfer (our copy, synced from the vendor just before). The loss limits count the money
   * as staked until it comes back (rg_bet_refusal, migration 0500).
   */
  async function refuseOverLimits(t: Db, memberId: string, vassalage: string, amount: bigint): Promise<void> {
    const limits = await ctx.betGuard?.transferLimits(t, String(memberId));
    if (!limits) return;
    const { currency, scale } = await money();
    if (limits.stakeMaxMinor !== null) {
      const max = BigInt(limits.stakeMaxMinor);
      const held = await ledger.getMemberAccountBalance(memberId, vendorWalletPurpose(vassalage), currency, t);
      if (held + amount > max) {
        throw new AppError(
          ErrorCode.RG_VENDOR_WALLET_OVER_STAKE_LIMIT,
          'A vendor would hold more than your stake limit',
          {
            limit: formatMinor(max, scale),
            limitMinor: max.toString(),
            held: formatMinor(held, scale),
            heldMinor: held.toString(),
          },
        );
      }
    }
    const refusal = await lossLimitRefusal(t, String(memberId), amount, { ...limits, stakeMaxMinor: null }, scale);
    if (refusal) throw new AppError(refusal.error.errorCode as ErrorCode, refusal.error.message, refusal.error.value);
  }

  /** A transfer made under a key again: the same transfer, its outcome checked when still pending. */
  const replay = (t: TransferRow) => (t.status === 'pending' ? checkStatus(t) : t);

  /** One transfer: intent with a hold, the vendor call, the outcome. */
  async function transferOne(
    memberId: string,
    adapter: AdapterRow,
    direction: 'in' | 'out',
    amountInput: bigint | 'all',
    idempotencyKey: string,
  ): Promise<TransferRow> {
    const existing = await findTransferByKey(db, memberId, idempotencyKey);
    if (existing) return replay(existing);
    const { currency } = await money();
    await clearPending(memberId, adapter.vassalage);
    // A vendor that cannot be read now leaves our copy as it is: it still refuses a withdraw it
    // cannot cover, and an unknown outcome stays pending like any other (docs/vendor-api.md "Transfer-wallet API").
    // Under a stake limit, what the vendor holds (its wins included) is read before a transfer in;
    // an unreadable vendor leaves our copy, as for a transfer out.
    if (direction === 'in' && (await ctx.betGuard?.transferLimits(db, String(memberId)))?.stakeMaxMinor)
      await syncVendorBalance(memberId, adapter, currency);
    if (direction === 'out' && !(await syncVendorBalance(memberId, adapter, currency))) {
      log.info(
        { vassalage: adapter.vassalage },
        'vendor balance unreadable before a transfer out; going on with our copy',
      );
    }
    const sourcePurpose = direction === 'in' ? PLAYER_MAIN : vendorWalletPurpose(adapter.vassalage);
    // Money sent in is staked on the vendor's games: its class of product, if a licence may forbid it.
    const product = direction === 'in' ? ((await ctx.products?.vendorClassOf(adapter.vassalage)) ?? null) : null;
    const transferRef = `wps-${crypto.randomUUID()}`;
    let made: { transfer: TransferRow; isNew: boolean };
    try {
      made = await inTransaction(async (t) => {
        await lockWallet(t, memberId, adapter.vassalage);
        // Under the wallet lock: a concurrent twin of this request has committed or not started.
        const twin = await findTransferByKey(t, memberId, idempotencyKey);
        if (twin) return { transfer: twin, isNew: false };
        if (await findPendingTransfer(t, memberId, adapter.vassalage)) {
          throw new AppError(ErrorCode.TRANSFER_PENDING, 'A transfer with this vendor is still being confirmed');
        }
        // The stake door, in the transaction that takes the money (refused: no hold, nothing moves).
        // Every deposit to a vendor is a stake: the door also checks the bettor (identity, kyc).
        if (direction === 'in') await ctx.products?.askStake(t, memberId, product);
        const source =
          direction === 'in'
            ? await ledger.ensurePlayerWallet(t, memberId, currency)
            : await ledger.ensureMemberAccount(t, memberId, sourcePurpose, currency);
        const amount =
          amountInput === 'all'
            ? await ledger.getMemberAccountBalance(memberId, sourcePurpose, currency, t)
            : amountInput;
        if (amount <= 0n)
          throw new AppError(ErrorCode.AMOUNT_INVALID, 'There is nothing to transfer', {
            vassalage: adapter.vassalage,
          });
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
        // Money sent to a vendor counts against the stake and loss limits until it comes back,
        // decided under the wallet's row lock the hold just took, as a bet's stake is (migration 0500).
        if (direction === 'in') await refuseOverLimits(t, memberId, adapter.vassalage, amount);
        const row = await insertTransfer(t, {
          transferRef,
          memberId: String(memberId),
          vassalage: adapter.vassalage,
          direction,
          amount,
          currency,
          idempotencyKey,
          holdId: hold.holdId,
        });
        if (!row) throw new KeyTaken();
        return { transfer: row, isNew: true };
      });
    } catch (err) {
      if (err instanceof KeyTaken) {
        const again = await findTransferByKey(db, memberId, idempotencyKey);
        if (again) return replay(again);
      }
      // Another transfer with this vendor became pending at the same moment.
      if ((err as { code?: string }).code === '23505') {
        throw new AppError(ErrorCode.TRANSFER_PENDING, 'A transfer with this vendor is still being confirmed');
      }
      throw err;
    }
    if (!made.isNew) return replay(made.transfer);
    const created = made.transfer;
    const outcome = await callVendor<VendorTransferAnswer>(
      adapter,
      direction === 'in' ? '/wallet/deposit' : '/wallet/withdraw',
      {
        transferId: transferRef,
        playerId: String(memberId),
        currency,
        amountMinor: created.amount.toString(),
      },
    );
    if (outcome.kind === 'unknown')
      log.warn({ transferId: created.id, error: outcome.error }, 'vendor transfer outcome unknown; left pending');
    return applyOutcome(created, outcome);
  }

  /**
   * Bind a client key to what it asks for, before anything moves: the same request again is a
   * replay, anything else under the key is IDEMPOTENCY_CONFLICT.
   */
  async function claimKey(memberId: string, idempotencyKey: string, request: TransferRequest): Promise<void> {
    const first = await claimTransferRequest(db, String(memberId), idempotencyKey, request);
    if (!isSameRequest(first, request)) {
      throw new AppError(
        ErrorCode.IDEMPOTENCY_CONFLICT,
        'This idempotency key was already used for a different transfer',
        {
          idempotencyKey,
          direction: first.direction,
          vassalage: first.vassalage,
          ...(first.requestedAmount === null ? {} : { amountMinor: first.requestedAmount }),
        },
      );
    }
  }

  async function mainBalance(memberId: string) {
    const m = await money();
    const value = await ledger.getPlayerBalance(memberId, m.currency);
    return { mainBalance: formatMinor(value, m.scale), mainBalanceMinor: value.toString() };
  }

  return {
    /** The back office's queue of transfers with an unknown outcome (count, oldest). */
    pendingQueue: () => pendingTransferQueue(db),

    /** POST /wps/relay/GCS_walletTransfer. A retry with the same idempotency key moves nothing new. */
    async walletTransfer(memberId: string, body: WalletTransferBody): Promise<WalletTransferResult> {
      const input = walletTransferBodySchema.parse(body);
      const m = await money();
      const transfers: TransferRow[] = [];
      if (input.vassalage) {
        await catalogue.getVendor(input.vassalage);
        const adapter = await requireTransferAdapter(input.vassalage);
        const amount: bigint | 'all' =
          input.amount === undefined ? 'all' : amountFromWire(input.amount, { field: 'body.amount', scale: m.scale });
        await claimKey(memberId, input.idempotencyKey, {
          direction: input.direction,
          vassalage: adapter.vassalage,
          requestedAmount: amount.toString(),
        });
        transfers.push(await transferOne(memberId, adapter, input.direction, amount, input.idempotencyKey));
      } else {
        await claimKey(memberId, input.idempotencyKey, { direction: 'out', vassalage: null, requestedAmount: 'all' });
        // Out of every vendor: one transfer each, keyed per vendor; a vendor with nothing is skipped.
        for (const adapter of await ctx.listTransferAdapters()) {
          try {
            transfers.push(
              await transferOne(memberId, adapter, 'out', 'all', perVendorKey(input.idempotencyKey, adapter.vassalage)),
            );
          } catch (err) {
            if (
              err instanceof AppError &&
              [ErrorCode.AMOUNT_INVALID, ErrorCode.TRANSFER_PENDING].includes(err.errorCode as never)
            ) {
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
        const balance = await ledger.getMemberAccountBalance(
          memberId,
          vendorWalletPurpose(adapter.vassalage),
          m.currency,
        );
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
