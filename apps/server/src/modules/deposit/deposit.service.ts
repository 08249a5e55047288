import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type {
  ConfirmDepositValues,
  CreateDepositOrderBody,
  DepositChannel,
  DepositOrder,
  OpsDepositChannel,
  OpsDepositOrder,
  Paged,
  WebhookResult,
  depositChannelInputSchema,
} from '@wps/shared/schemas/deposit';
import type { z } from 'zod';
import { runInTransaction } from '../../db/run-in-transaction';
import { insertWithUniqueRetry } from '../../db/unique-violation';
import type { Database } from '../../db/schema';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import {
  findQueueExportPage,
  findQueuePage,
  queueCursorOf,
  type DepositQueueCursor,
  type DepositQueueFilter,
  type DepositQueueOrder,
} from './deposit-queue';
import { allowedChannels, assertChannelAllowed, manualPayer, returnToPayer } from './deposit-payer';
import { createDepositResolution } from './deposit-resolution';
import { channelSnapshot, paged, toChannelValues, toOpsChannel, toOpsOrderView, toOrderView } from './deposit-views';
import {
  findChannel,
  findChannels,
  findOrder,
  findOrderByIdempotencyKey,
  findOrders,
  insertChannel,
  insertOrder,
  pendingManualQueue,
  setOrderPayment,
  sumMemberOrders,
  updateChannel,
  type ChannelRow,
  type OrderRow,
} from './deposit.repository';
import { SYSTEM_ACTOR, type DepositActor, type DepositContext } from './deposit.types';
import type { GatewayProvider } from './gateway-provider';
import { createSandboxGateway } from './sandbox-gateway';

type Db = Kysely<Database>;

/** Orders a member may open per window: enough for any real player, not for a script. */
const ORDER_LIMIT = { limit: 30, windowSeconds: 10 * 60 };
/** Unambiguous characters for reference codes a player copies into a bank transfer. */
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const REFERENCE_CODE_DRAWS = 5;
const BPS_DENOMINATOR = 10_000n;

/** The fee of a deposit: fixed part plus basis points of the amount, rounded down. The player pays it. */
export function computeDepositFee(amountMinor: bigint, channel: Pick<ChannelRow, 'feeFixedMinor' | 'feeBps'>): bigint {
  return channel.feeFixedMinor + (amountMinor * BigInt(channel.feeBps)) / BPS_DENOMINATOR;
}

function newReferenceCode(): string {
  const bytes = crypto.randomBytes(10);
  let code = 'DP';
  for (const b of bytes) code += REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length];
  return code;
}

/**
 * Deposits: channels the operator configures, player orders, manual confirmation by an
 * operator, and payment gateways with signed, idempotent webhooks. Crediting, failing and
 * expiring an order live in deposit-resolution.ts.
 */
export function createDepositService(ctx: DepositContext) {
  const { db, log, system, ledger, audit, messages, rateLimiter, settings, member } = ctx;
  const now = ctx.now ?? Date.now;
  const sandbox = createSandboxGateway({ db, secret: settings.sandboxSecret, pixCity: settings.pixCity, now });
  // Only providers that may take payments here; channels of any other provider are closed.
  const gateways: Record<string, GatewayProvider> = settings.isSandboxEnabled ? { sandbox: sandbox.provider } : {};
  if (settings.isSandboxEnabled && settings.isSandboxSecretGenerated) {
    log.warn('SANDBOX_GATEWAY_SECRET is not set: the sandbox gateway signs with a random per-process secret');
  }

  /** A gateway channel is usable only while its provider may take payments. */
  function isUsable(channel: Pick<ChannelRow, 'type' | 'provider'>): boolean {
    return channel.type !== 'gateway' || (channel.provider !== null && gateways[channel.provider] !== undefined);
  }

  const inTransaction = <T>(fn: (trx: Db) => Promise<T>): Promise<T> => runInTransaction(db, fn);

  // The licence's payment rules and the players' CPFs (the identity module's).
  const { ownership } = ctx;

  const { requireOrder, creditOrder, settlePaid, closeOrder, sweepOverdue, retryReturns } = createDepositResolution({
    db,
    log,
    system,
    ledger,
    audit,
    messages,
    now,
    gateways,
    inTransaction,
    metrics: ctx.metrics,
    limits: ctx.limits,
    ownership,
  });

  /** One order as operators see it, with its member's account name. */
  async function toOpsView(order: OrderRow, scale: number): Promise<OpsDepositOrder> {
    const names = await member.findAccountNames([order.memberId]);
    return toOpsOrderView(order, scale, names.get(order.memberId) ?? '');
  }

  /** Orders as the operator sees them, with their players' account names read in one call. */
  async function opsViews(rows: OrderRow[], scale: number): Promise<OpsDepositOrder[]> {
    const names = await member.findAccountNames(rows.map((o) => o.memberId));
    return rows.map((o) => toOpsOrderView(o, scale, names.get(o.memberId) ?? ''));
  }

  /** Sweep before a read, without letting a sweep failure break the read. */
  async function sweepQuietly(): Promise<void> {
    try {
      await sweepOverdue();
    } catch (err) {
      log.warn({ err }, 'deposit: expiry sweep failed');
    }
  }

  /** A gateway order gets its payment (once); other orders are returned as they are. */
  async function ensurePayment(order: OrderRow, scale: number): Promise<DepositOrder> {
    if (order.channelType !== 'gateway' || order.providerRef || order.status !== 'pending')
      return toOrderView(order, scale);
    const provider = order.provider ? gateways[order.provider] : undefined;
    if (!provider) throw new Error(`deposit: no gateway provider ${order.provider ?? '(none)'}`);
    const payment = await provider.createPayment({
      merchantRef: order.id,
      amountMinor: order.amountMinor,
      currency: order.currency,
      returnUrl: `/?depositOrder=${order.id}`,
      method: order.method,
      reference: order.referenceCode,
      merchantName: (await system.getBrand()).brandName,
      // A PIX charge names its debtor: the player's own CPF, the only one whose payment is credited under BR.
      payerCpf: order.method === 'pix' ? await ownership.cpfOf(order.memberId) : null,
    });
    await setOrderPayment(db, order.id, payment.paymentRef, payment.payUrl, payment.pixCode);
    return toOrderView(await requireOrder(db, order.id), scale);
  }

  return {
    /** The gateways by provider name. */
    gateways,
    /** The sandbox gateway (pay page, signing); its routes answer 404 while it is disabled. */
    sandbox,
    isSandboxEnabled: settings.isSandboxEnabled,
    sweepOverdue,
    retryReturns,
    /** The back office's queue of manual orders awaiting confirmation (count, oldest). */
    pendingQueue: () => pendingManualQueue(db),

    /** GET /wps/deposit/channels: enabled channels in the operator currency. */
    async listChannels(): Promise<DepositChannel[]> {
      const brand = await system.getBrand();
      const scale = brand.currencyScale;
      const rows = await allowedChannels(
        ownership,
        (await findChannels(db, { enabledOnly: true, currency: brand.currency })).filter(isUsable),
      );
      return rows.map((c) => ({
        id: c.id,
        name: c.name,
        type: c.type,
        method: c.method,
        currency: c.currency,
        scale,
        min: formatMinor(c.minMinor, scale),
        minMinor: c.minMinor.toString(),
        max: formatMinor(c.maxMinor, scale),
        maxMinor: c.maxMinor.toString(),
        feeFixed: formatMinor(c.feeFixedMinor, scale),
        feeFixedMinor: c.feeFixedMinor.toString(),
        feeBps: c.feeBps,
      }));
    },

    /** GET /ops/deposit-channels: every channel with its receiving account. */
    async listOpsChannels(): Promise<OpsDepositChannel[]> {
      return (await findChannels(db, { enabledOnly: false })).map(toOpsChannel);
    },

    /** PUT /ops/deposit-channels: create or replace one channel, audited. */
    async saveChannel(
      actor: DepositActor,
      input: z.output<typeof depositChannelInputSchema>,
    ): Promise<OpsDepositChannel> {
      const brand = await system.getBrand();
      if (input.currency !== brand.currency) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, `Channels use the operator currency ${brand.currency}`, {
          fields: [{ field: 'body.currency', message: `must be ${brand.currency}` }],
        });
      }
      if (input.type === 'gateway' && (!input.provider || !gateways[input.provider])) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Unknown gateway provider', {
          fields: [{ field: 'body.provider', message: 'unknown provider' }],
        });
      }
      const values = toChannelValues(input);
      return inTransaction(async (trx) => {
        if (input.id) {
          const before = await findChannel(trx, input.id, true);
          if (!before)
            throw new AppError(ErrorCode.DEPOSIT_CHANNEL_NOT_FOUND, 'No such deposit channel', { id: input.id });
          // A form that does not say what the channel takes keeps what it took (the back office's form predates the method).
          const after = await updateChannel(
            trx,
            input.id,
            { ...values, method: input.method ?? before.method },
            new Date(now()),
          );
          await audit.record(trx, {
            ...actor,
            action: 'deposit_channel.update',
            subjectType: 'deposit_channel',
            subjectId: after.id,
            reason: input.reason ?? null,
            before: channelSnapshot(before),
            after: channelSnapshot(after),
          });
          return toOpsChannel(after);
        }
        const created = await insertChannel(trx, values);
        await audit.record(trx, {
          ...actor,
          action: 'deposit_channel.create',
          subjectType: 'deposit_channel',
          subjectId: created.id,
          reason: input.reason ?? null,
          before: null,
          after: channelSnapshot(created),
        });
        return toOpsChannel(created);
      });
    },

    /**
     * POST /wps/deposit/orders: open an order on a channel. A repeated idempotency key returns the
     * first order. For a gateway channel the payment is created with the gateway after the order
     * is stored (never inside a transaction), and the pay page URL is returned.
     */
    async createOrder(memberId: string, body: CreateDepositOrderBody): Promise<DepositOrder> {
      const brand = await system.getBrand();
      const scale = brand.currencyScale;
      // Zero is read as an amount: the channel's range refuses it with the range the form shows.
      const amountMinor = amountFromWire(body.amount, { field: 'body.amount', scale, allowZero: true });
      const existing = await findOrderByIdempotencyKey(db, memberId, body.idempotencyKey);
      if (existing) {
        if (existing.channelId !== body.channelId || existing.amountMinor !== amountMinor) {
          throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'This idempotency key was used for another deposit');
        }
        return ensurePayment(existing, scale);
      }
      await rateLimiter.consume('deposit-order', memberId, ORDER_LIMIT.limit, ORDER_LIMIT.windowSeconds);
      const channel = await findChannel(db, body.channelId);
      if (!channel || channel.currency !== brand.currency)
        throw new AppError(ErrorCode.DEPOSIT_CHANNEL_NOT_FOUND, 'No such deposit channel');
      if (!channel.enabled || !isUsable(channel))
        throw new AppError(ErrorCode.DEPOSIT_CHANNEL_DISABLED, 'This deposit channel is closed');
      await assertChannelAllowed(ownership, channel, memberId);
      const fee = computeDepositFee(amountMinor, channel);
      const range = {
        min: formatMinor(channel.minMinor, scale),
        minMinor: channel.minMinor.toString(),
        max: formatMinor(channel.maxMinor, scale),
        maxMinor: channel.maxMinor.toString(),
      };
      if (amountMinor < channel.minMinor || amountMinor > channel.maxMinor || amountMinor - fee <= 0n) {
        throw new AppError(
          ErrorCode.DEPOSIT_AMOUNT_OUT_OF_RANGE,
          `The amount must be between ${range.min} and ${range.max}`,
          range,
        );
      }
      // The promotions opted in to, before the order is written: a promotion that takes no opt-in is
      // refused with the order; an opt-in is the promotion's join for the period, which the rule
      // reads when this deposit is credited (a repeat of the same key returned above, joining nothing).
      if (body.optInPromotionIds?.length) {
        await ctx.optIn(memberId, body.optInPromotionIds);
      }
      const at = new Date(now());
      const ttlMinutes = channel.type === 'gateway' ? settings.gatewayTtlMinutes : settings.manualTtlMinutes;
      // A reference code collision (one in ~10^15) draws another.
      const id = await insertWithUniqueRetry(
        newReferenceCode,
        (referenceCode) =>
          inTransaction(async (trx) => {
            // The player's deposit limits: the limits row is locked first, so parallel orders are counted one by one.
            if (ctx.limits)
              await ctx.limits.checkOrder(trx, memberId, amountMinor, at, scale, (since) =>
                sumMemberOrders(trx, memberId, since, { pendingAt: at }),
              );
            // The licence's money.in door, after the limits row's lock and before the order is written,
            // so a refused player (BR: no CPF yet) gets no order and no pay page.
            if (ctx.licence) await ctx.licence.ask(trx, 'money.in', { memberId });
            return insertOrder(trx, {
              memberId,
              channelId: channel.id,
              channelType: channel.type,
              provider: channel.provider,
              currency: channel.currency,
              amountMinor,
              feeMinor: fee,
              creditMinor: amountMinor - fee,
              referenceCode,
              idempotencyKey: body.idempotencyKey,
              method: channel.method,
              createdAt: at,
              expiresAt: new Date(at.getTime() + ttlMinutes * 60_000),
            });
          }),
        { constraint: 'deposit_orders_reference_code_key', attempts: REFERENCE_CODE_DRAWS },
      );
      if (id === undefined) {
        // A concurrent request with the same key won: answer with its order.
        const raced = await findOrderByIdempotencyKey(db, memberId, body.idempotencyKey);
        if (!raced) throw new Error('deposit: idempotency conflict without an order');
        if (raced.channelId !== body.channelId || raced.amountMinor !== amountMinor) {
          throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT, 'This idempotency key was used for another deposit');
        }
        return ensurePayment(raced, scale);
      }
      return ensurePayment(await requireOrder(db, id), scale);
    },

    /** GET /wps/deposit/orders: the member's orders, newest first. */
    async listMemberOrders(memberId: string, page: number, pageSize: number): Promise<Paged<DepositOrder>> {
      await sweepQuietly();
      const brand = await system.getBrand();
      const { rows, total } = await findOrders(db, { memberId, offset: (page - 1) * pageSize, limit: pageSize });
      return paged(
        rows.map((o) => toOrderView(o, brand.currencyScale)),
        total,
        page,
        pageSize,
      );
    },

    /** GET /ops/deposits: the queue, filtered and sorted (oldest first unless asked otherwise). */
    async listOpsOrders(
      q: DepositQueueFilter & Partial<DepositQueueOrder> & { page: number; pageSize: number },
    ): Promise<Paged<OpsDepositOrder>> {
      await sweepQuietly();
      const brand = await system.getBrand();
      const { rows, total } = await findQueuePage(
        db,
        q,
        { sort: q.sort ?? 'createdAt', order: q.order ?? 'asc' },
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return paged(await opsViews(rows, brand.currencyScale), total, q.page, q.pageSize);
    },

    /** GET /ops/deposits/csv: the rows after a cursor, in the queue's order (the streamed export reads it page by page). */
    async exportOpsOrders(
      q: DepositQueueFilter & DepositQueueOrder,
      after: DepositQueueCursor | null,
      limit: number,
    ): Promise<{ view: OpsDepositOrder; cursor: DepositQueueCursor }[]> {
      const brand = await system.getBrand();
      const rows = await findQueueExportPage(db, q, q, after, limit);
      const views = await opsViews(rows, brand.currencyScale);
      return rows.map((row, i) => ({ view: views[i]!, cursor: queueCursorOf(row, q.sort) }));
    },

    /**
     * POST /ops/deposits/:id/confirm: the money of a manual transfer arrived. Allowed from pending
     * and from expired (a late transfer is still the player's money); exactly one resolution wins.
     * The payer read on the statement is recorded with it; under BR only the player's own CPF is
     * credited (manualPayer refuses anything else before anything is written).
     */
    async confirmManual(actor: DepositActor, id: string, body: ConfirmDepositValues): Promise<OpsDepositOrder> {
      const brand = await system.getBrand();
      const order = await requireOrder(db, id);
      if (order.channelType !== 'manual_bank')
        throw new AppError(
          ErrorCode.DEPOSIT_ORDER_NOT_FOUND,
          'Only manual bank-transfer orders are confirmed by an operator',
          { id },
        );
      const payer = await manualPayer(ownership, order, body);
      const result = await creditOrder(id, actor, {
        via: 'manual',
        from: ['pending', 'expired'],
        reason: body.reason,
        payer,
      });
      if (!result.changed)
        throw new AppError(ErrorCode.DEPOSIT_ORDER_RESOLVED, `This order is already ${result.order.status}`, {
          status: result.order.status,
        });
      return toOpsView(await requireOrder(db, id), brand.currencyScale);
    },

    /** POST /ops/deposits/:id/reject: the transfer never arrived. Only from pending; exactly one resolution wins. */
    async rejectManual(actor: DepositActor, id: string, reason: string): Promise<OpsDepositOrder> {
      const brand = await system.getBrand();
      const order = await requireOrder(db, id);
      if (order.channelType !== 'manual_bank')
        throw new AppError(
          ErrorCode.DEPOSIT_ORDER_NOT_FOUND,
          'Only manual bank-transfer orders are rejected by an operator',
          { id },
        );
      const result = await closeOrder(id, actor, {
        status: 'failed',
        via: 'manual',
        failureReason: 'rejected',
        reason,
      });
      if (!result.changed)
        throw new AppError(ErrorCode.DEPOSIT_ORDER_RESOLVED, `This order is already ${result.order.status}`, {
          status: result.order.status,
        });
      return toOpsView(await requireOrder(db, id), brand.currencyScale);
    },

    /**
     * POST /wps/deposit/webhook/<provider>: verify the signature over the raw body, match the
     * order and amount, then credit or fail it once. A replay answers with the order's state,
     * which is the first answer.
     */
    async handleWebhook(
      providerName: string,
      rawBody: Buffer,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<WebhookResult> {
      const provider = gateways[providerName];
      if (!provider) throw new AppError(ErrorCode.NOT_FOUND, 'Unknown gateway');
      const event = provider.verifyWebhook(rawBody, headers);
      const order = await findOrder(db, event.merchantRef);
      if (
        !order ||
        order.provider !== provider.name ||
        (order.providerRef !== null && order.providerRef !== event.paymentRef)
      ) {
        throw new AppError(ErrorCode.WEBHOOK_PAYMENT_UNKNOWN, 'No order matches this payment');
      }
      if (event.amountMinor !== order.amountMinor || event.currency !== order.currency) {
        log.warn(
          { orderId: order.id, paymentRef: event.paymentRef },
          'deposit webhook amount does not match its order',
        );
        throw new AppError(ErrorCode.WEBHOOK_AMOUNT_MISMATCH, 'The payment amount does not match the order');
      }
      const result =
        event.outcome === 'succeeded'
          ? await settlePaid(order.id, SYSTEM_ACTOR, {
              via: `webhook:${provider.name}`,
              from: ['pending', 'expired'],
              payerCpf: event.payerCpf,
            })
          : await closeOrder(order.id, SYSTEM_ACTOR, {
              status: 'failed',
              via: `webhook:${provider.name}`,
              failureReason: 'gateway_failed',
              reason: null,
            });
      if (result.order.status === 'returned') {
        // The decision is committed; the money goes back after it. A replayed webhook asks again
        // until the gateway confirms (so does the expiry sweep), and an error here tells the
        // gateway to retry.
        try {
          await returnToPayer(db, provider, result.order);
        } catch (err) {
          log.warn({ err, orderId: order.id }, 'deposit: the gateway did not take back a returned payment yet');
          throw new AppError(
            ErrorCode.DEPOSIT_RETURN_PENDING,
            'The payment is being returned to its payer; retry later',
          );
        }
      }
      return { orderId: order.id, status: result.order.status };
    },
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
