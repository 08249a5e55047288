import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { DepositOrder, OpsDepositChannel, OpsDepositOrder, Paged } from '@wps/shared/schemas/deposit';
import type { NoticeListResult } from '@wps/shared/schemas/messages';
import { call, callEncrypted, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { COMMANDS } from '../../scripts/ops';
import { setOrderExpiry } from './deposit.repository';
import { loadDepositSettings } from './deposit-settings';
import { createDepositService } from './deposit.service';
import {
  balanceMinor,
  createOrder,
  createOrderCall,
  demoChannel,
  depositTransactionCount,
  newPlayer,
  operatorToken,
  paymentRefOf,
  pressSandboxButton,
  saveChannel,
  sendWebhook,
  webhookBody,
} from './deposit.test-support';

describeEachDatabase('deposits', (target) => {
  let t: TestApp;
  let finance: string;
  let support: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    finance = await operatorToken(t, 'finance');
    support = await operatorToken(t, 'support');
    admin = await operatorToken(t, 'admin');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('channels', () => {
    it('lists the demo channels to players without the receiving account', async () => {
      const player = await newPlayer(t);
      const gateway = await demoChannel(t, player.token, 'gateway');
      const manual = await demoChannel(t, player.token, 'manual_bank');
      expect(gateway).toMatchObject({ currency: 'BRL', scale: 2, min: '5.00', minMinor: '500', feeBps: 0 });
      expect(manual).toMatchObject({ min: '10.00', max: '50000.00' });
      expect(manual).not.toHaveProperty('accountNumber');
    });

    it('lets finance and admin configure channels, audited with before and after; support only reads them; others are refused', async () => {
      const body = {
        name: 'PIX manual',
        type: 'manual_bank',
        currency: 'BRL',
        minMinor: '2000',
        maxMinor: '100000',
        feeFixedMinor: '100',
        feeBps: 250,
        bankName: 'Banco X',
        accountNumber: '123',
        accountHolder: 'Op Ltda',
      };
      const created = await saveChannel(t, finance, body);
      expect(created).toMatchObject({
        name: 'PIX manual',
        feeFixedMinor: '100',
        feeBps: 250,
        enabled: true,
        provider: null,
      });

      const updated = await saveChannel(t, admin, { ...body, id: created.id, enabled: false, reason: 'bank holiday' });
      expect(updated.enabled).toBe(false);
      const all = valueOf<OpsDepositChannel[]>(await call(t.app, 'GET', '/ops/deposit-channels', { token: finance }));
      expect(all.find((c) => c.id === created.id)).toMatchObject({ enabled: false, accountNumber: '123' });

      const audit = valueOf<{
        list: {
          action: string;
          reason: string | null;
          before: { enabled: boolean } | null;
          after: { enabled: boolean };
        }[];
      }>(await call(t.app, 'GET', `/ops/audit?subjectType=deposit_channel&subjectId=${created.id}`, { token: admin }));
      expect(audit.list.map((e) => e.action)).toEqual(['deposit_channel.update', 'deposit_channel.create']);
      expect(audit.list[0]).toMatchObject({
        reason: 'bank holiday',
        before: { enabled: true },
        after: { enabled: false },
      });

      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', { token: support, payload: body }),
        ErrorCode.OPERATOR_FORBIDDEN,
        403,
      );
      // Support reads money, payments setup included (payments.read), and changes none of it.
      expect(
        valueOf<OpsDepositChannel[]>(await call(t.app, 'GET', '/ops/deposit-channels', { token: support })),
      ).toEqual(valueOf<OpsDepositChannel[]>(await call(t.app, 'GET', '/ops/deposit-channels', { token: finance })));
      const player = await newPlayer(t);
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', { token: player.token, payload: body }),
        ErrorCode.OPERATOR_UNAUTHORIZED,
        401,
      );
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', { payload: body }),
        ErrorCode.OPERATOR_UNAUTHORIZED,
        401,
      );
    });

    it('refuses incomplete or inconsistent channels with field errors', async () => {
      const base = {
        name: 'X',
        type: 'manual_bank',
        currency: 'BRL',
        minMinor: '100',
        maxMinor: '1000',
        reason: 'new channel',
      };
      const missingBank = expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', { token: finance, payload: base }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expect(JSON.stringify(missingBank.value)).toContain('bankName');
      const gatewayBase = { ...base, type: 'gateway', provider: 'sandbox' };
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', {
          token: finance,
          payload: { ...gatewayBase, maxMinor: '50' },
        }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', {
          token: finance,
          payload: { ...gatewayBase, currency: 'USD' },
        }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', {
          token: finance,
          payload: { ...gatewayBase, provider: 'paypal' },
        }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', {
          token: finance,
          payload: { ...gatewayBase, minMinor: 100 },
        }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', {
          token: finance,
          payload: { ...gatewayBase, id: '999999' },
        }),
        ErrorCode.DEPOSIT_CHANNEL_NOT_FOUND,
        404,
      );
    });
  });

  describe('orders', () => {
    it('enforces min, max, decimals, disabled and unknown channels, and idempotency keys', async () => {
      const player = await newPlayer(t);
      const gateway = await demoChannel(t, player.token, 'gateway');
      const low = expectFailure(
        await createOrderCall(t, player.token, gateway.id, '4.99'),
        ErrorCode.DEPOSIT_AMOUNT_OUT_OF_RANGE,
        400,
      );
      expect(low.value).toMatchObject({ min: '5.00', max: '10000.00' });
      expectFailure(
        await createOrderCall(t, player.token, gateway.id, '10000.01'),
        ErrorCode.DEPOSIT_AMOUNT_OUT_OF_RANGE,
        400,
      );
      expectFailure(await createOrderCall(t, player.token, gateway.id, '10.001'), ErrorCode.VALIDATION_FAILED, 400);
      expectFailure(await createOrderCall(t, player.token, gateway.id, '-10'), ErrorCode.VALIDATION_FAILED, 400);
      expectFailure(await createOrderCall(t, player.token, gateway.id, '1e3'), ErrorCode.VALIDATION_FAILED, 400);
      expectFailure(await createOrderCall(t, player.token, '999999', '10'), ErrorCode.DEPOSIT_CHANNEL_NOT_FOUND, 404);

      const closed = await saveChannel(t, finance, {
        name: 'Closed',
        type: 'gateway',
        currency: 'BRL',
        minMinor: '100',
        maxMinor: '100000',
        provider: 'sandbox',
        enabled: false,
      });
      expectFailure(await createOrderCall(t, player.token, closed.id, '10'), ErrorCode.DEPOSIT_CHANNEL_DISABLED, 409);

      const first = valueOf<DepositOrder>(await createOrderCall(t, player.token, gateway.id, '25', 'same-key-123'));
      const again = valueOf<DepositOrder>(await createOrderCall(t, player.token, gateway.id, '25.00', 'same-key-123'));
      expect(again.id).toBe(first.id);
      expect(again.payUrl).toBe(first.payUrl);
      expectFailure(
        await createOrderCall(t, player.token, gateway.id, '26', 'same-key-123'),
        ErrorCode.IDEMPOTENCY_CONFLICT,
        409,
      );
      // Another player's identical key is theirs alone.
      const other = await newPlayer(t);
      expect(
        valueOf<DepositOrder>(await createOrderCall(t, other.token, gateway.id, '25', 'same-key-123')).id,
      ).not.toBe(first.id);
    });

    it('refuses trial accounts and callers without a token', async () => {
      const trial = valueOf<LoginResult>(
        await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${Math.random()}` }),
      );
      expectFailure(
        await call(t.app, 'GET', '/wps/deposit/channels', { token: trial.token }),
        ErrorCode.NEED_TRUE_ACCOUNT,
        403,
      );
      expectFailure(await createOrderCall(t, trial.token, '1', '10'), ErrorCode.NEED_TRUE_ACCOUNT, 403);
      expectFailure(
        await call(t.app, 'GET', '/wps/deposit/orders', { token: trial.token }),
        ErrorCode.NEED_TRUE_ACCOUNT,
        403,
      );
      expectFailure(await call(t.app, 'GET', '/wps/deposit/orders'), ErrorCode.UNAUTHORIZED, 401);
    });
  });

  describe('manual bank transfer', () => {
    it('shows the receiving account and a reference; finance confirms once; the player is credited and notified', async () => {
      const player = await newPlayer(t);
      const manual = await demoChannel(t, player.token, 'manual_bank');
      const order = await createOrder(t, player.token, manual.id, '150.50');
      expect(order).toMatchObject({
        status: 'pending',
        amount: '150.50',
        amountMinor: '15050',
        credit: '150.50',
        payUrl: null,
      });
      expect(order.bank).toEqual({
        bankName: 'Banco Demo S.A.',
        accountNumber: '0001 / 123456-7',
        accountHolder: 'Lumen Bet Pagamentos Ltda',
      });
      expect(order.referenceCode).toMatch(/^DP[A-Z2-9]{10}$/);

      const pending = valueOf<Paged<OpsDepositOrder>>(
        await call(t.app, 'GET', '/ops/deposits?status=pending&pageSize=100&order=desc', { token: support }),
      );
      expect(pending.list.find((o) => o.id === order.id)).toMatchObject({
        account: player.login.userInfo.userName,
        referenceCode: order.referenceCode,
      });

      expectFailure(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
          token: support,
          payload: { reason: 'checked' },
        }),
        ErrorCode.OPERATOR_FORBIDDEN,
        403,
      );
      expectFailure(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, { token: player.token, payload: {} }),
        ErrorCode.OPERATOR_UNAUTHORIZED,
        401,
      );
      expect(await balanceMinor(t, player.token)).toBe(0n);

      const confirmed = valueOf<OpsDepositOrder>(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
          token: finance,
          payload: { reason: 'seen in bank statement' },
        }),
      );
      expect(confirmed).toMatchObject({ status: 'credited' });
      expect(confirmed.resolvedBy).toMatch(/^operator:\d+$/);
      expect(await balanceMinor(t, player.token)).toBe(15050n);
      expectFailure(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
          token: finance,
          payload: { reason: 'checked' },
        }),
        ErrorCode.DEPOSIT_ORDER_RESOLVED,
        409,
      );
      expectFailure(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/reject`, { token: finance, payload: { reason: 'late' } }),
        ErrorCode.DEPOSIT_ORDER_RESOLVED,
        409,
      );
      expect(await balanceMinor(t, player.token)).toBe(15050n);
      expect(await depositTransactionCount(t, order.id)).toBe(1);

      expect(valueOf(await call(t.app, 'GET', '/wps/relay/CSP_unreadCount', { token: player.token }))).toBe(1);
      const notices = valueOf<NoticeListResult>(await call(t.app, 'GET', '/wps/messages', { token: player.token }));
      expect(notices.list[0]).toMatchObject({
        kind: 'deposit_credited',
        params: { orderId: order.id, amount: '150.50', currency: 'BRL' },
      });

      const audit = valueOf<{
        list: {
          action: string;
          actorType: string;
          reason: string;
          before: { status: string };
          after: { status: string };
        }[];
      }>(await call(t.app, 'GET', `/ops/audit?subjectType=deposit_order&subjectId=${order.id}`, { token: admin }));
      expect(audit.list).toHaveLength(1);
      expect(audit.list[0]).toMatchObject({
        action: 'deposit.credit',
        actorType: 'operator',
        reason: 'seen in bank statement',
        before: { status: 'pending' },
        after: { status: 'credited' },
      });

      const mine = valueOf<Paged<DepositOrder>>(
        await call(t.app, 'GET', '/wps/deposit/orders', { token: player.token }),
      );
      expect(mine.list.map((o) => [o.id, o.status])).toEqual([[order.id, 'credited']]);
    });

    it('rejects with a reason: no money moves and the player gets a deposit_failed notice', async () => {
      const player = await newPlayer(t);
      const manual = await demoChannel(t, player.token, 'manual_bank');
      const order = await createOrder(t, player.token, manual.id, '20');
      expectFailure(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/reject`, { token: finance, payload: {} }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      const rejected = valueOf<OpsDepositOrder>(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/reject`, {
          token: admin,
          payload: { reason: 'no transfer received' },
        }),
      );
      expect(rejected).toMatchObject({ status: 'failed', failureReason: 'rejected' });
      expectFailure(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
          token: finance,
          payload: { reason: 'checked' },
        }),
        ErrorCode.DEPOSIT_ORDER_RESOLVED,
        409,
      );
      expect(await balanceMinor(t, player.token)).toBe(0n);
      const notices = valueOf<NoticeListResult>(await call(t.app, 'GET', '/wps/messages', { token: player.token }));
      expect(notices.list[0]).toMatchObject({
        kind: 'deposit_failed',
        params: { reason: 'rejected', note: 'no transfer received', amount: '20.00' },
      });
      expectFailure(
        await call(t.app, 'POST', '/ops/deposits/999999/confirm', { token: finance, payload: { reason: 'checked' } }),
        ErrorCode.DEPOSIT_ORDER_NOT_FOUND,
        404,
      );
      expectFailure(
        await call(t.app, 'POST', '/ops/deposits/abc/confirm', { token: finance, payload: { reason: 'checked' } }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
    });

    it('takes the fee from the credit and books it to house_cash in the same transaction', async () => {
      const player = await newPlayer(t);
      const channel = await saveChannel(t, finance, {
        name: 'Fee bank',
        type: 'manual_bank',
        currency: 'BRL',
        minMinor: '1000',
        maxMinor: '1000000',
        feeFixedMinor: '150',
        feeBps: 200,
        bankName: 'B',
        accountNumber: '1',
        accountHolder: 'H',
      });
      // 100.00 → fee 1.50 + 2% = 3.50; credit 96.50.
      const order = await createOrder(t, player.token, channel.id, '100');
      expect(order).toMatchObject({ feeMinor: '350', fee: '3.50', creditMinor: '9650', credit: '96.50' });
      const house = await t.database.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('purpose', '=', 'house_cash')
        .where('member_id', 'is', null)
        .executeTakeFirstOrThrow();
      valueOf(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
          token: finance,
          payload: { reason: 'checked' },
        }),
      );
      expect(await balanceMinor(t, player.token)).toBe(9650n);
      const houseAfter = await t.database.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('purpose', '=', 'house_cash')
        .where('member_id', 'is', null)
        .executeTakeFirstOrThrow();
      expect(BigInt(houseAfter.balance) - BigInt(house.balance)).toBe(350n);
      // A fee that would eat the whole amount is refused at order time.
      const greedy = await saveChannel(t, finance, {
        name: 'Greedy',
        type: 'manual_bank',
        currency: 'BRL',
        minMinor: '100',
        maxMinor: '1000000',
        feeFixedMinor: '5000',
        bankName: 'B',
        accountNumber: '1',
        accountHolder: 'H',
      });
      expectFailure(
        await createOrderCall(t, player.token, greedy.id, '50'),
        ErrorCode.DEPOSIT_AMOUNT_OUT_OF_RANGE,
        400,
      );
    });

    it('expires overdue orders on read; a late confirmation still credits once', async () => {
      const player = await newPlayer(t);
      const manual = await demoChannel(t, player.token, 'manual_bank');
      const order = await createOrder(t, player.token, manual.id, '30');
      await setOrderExpiry(t.database.db, order.id, new Date(Date.now() - 1000));
      const mine = valueOf<Paged<DepositOrder>>(
        await call(t.app, 'GET', '/wps/deposit/orders', { token: player.token }),
      );
      expect(mine.list[0]).toMatchObject({ id: order.id, status: 'expired', failureReason: 'expired' });
      const notices = valueOf<NoticeListResult>(await call(t.app, 'GET', '/wps/messages', { token: player.token }));
      expect(notices.list[0]).toMatchObject({ kind: 'deposit_failed', params: { reason: 'expired' } });
      expectFailure(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/reject`, { token: finance, payload: { reason: 'x' } }),
        ErrorCode.DEPOSIT_ORDER_RESOLVED,
        409,
      );
      valueOf(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
          token: finance,
          payload: { reason: 'arrived late' },
        }),
      );
      expect(await balanceMinor(t, player.token)).toBe(3000n);
    });

    it('is served by npm run ops deposit:list / confirm / reject', async () => {
      const player = await newPlayer(t);
      const manual = await demoChannel(t, player.token, 'manual_bank');
      const a = await createOrder(t, player.token, manual.id, '11');
      const b = await createOrder(t, player.token, manual.id, '12');
      const printed: unknown[] = [];
      const ctx = { database: t.database, print: (v: unknown) => printed.push(v) };
      await COMMANDS['deposit:list']!.run(ctx, []);
      expect((printed[0] as { id: string }[]).map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id]));
      await COMMANDS['deposit:confirm']!.run(ctx, [a.id, 'cli', 'check']);
      expect(printed[1]).toMatchObject({ id: a.id, status: 'credited' });
      await COMMANDS['deposit:reject']!.run(ctx, [b.id, 'not', 'received']);
      expect(printed[2]).toMatchObject({ id: b.id, status: 'failed' });
      await expect(COMMANDS['deposit:reject']!.run(ctx, [b.id])).rejects.toThrow(/reason/);
      expect(await balanceMinor(t, player.token)).toBe(1100n);
    });
  });

  describe('sandbox gateway', () => {
    it('pays through the pay page: signed webhook, one credit, redirect back to the site', async () => {
      const player = await newPlayer(t);
      const gateway = await demoChannel(t, player.token, 'gateway');
      const order = await createOrder(t, player.token, gateway.id, '42.10');
      expect(order.payUrl).toMatch(/^\/sandbox-gateway\/pay\/sbx_[a-f0-9]{24}$/);
      expect(order.bank).toBeNull();

      const pagePay = await t.app.inject({ method: 'GET', url: order.payUrl! });
      expect(pagePay.statusCode).toBe(200);
      expect(pagePay.headers['content-type']).toContain('text/html');
      expect(pagePay.body).toContain('42.10 BRL');
      expect(pagePay.body).toContain('value="succeeded"');

      const redirect = await pressSandboxButton(t, order, 'succeeded');
      expect(redirect.headers.location).toBe(`/?depositOrder=${order.id}`);
      expect(await balanceMinor(t, player.token)).toBe(4210n);
      // Pressing again re-sends the same outcome: still one credit.
      await pressSandboxButton(t, order, 'succeeded');
      await pressSandboxButton(t, order, 'failed');
      expect(await balanceMinor(t, player.token)).toBe(4210n);
      expect(await depositTransactionCount(t, order.id)).toBe(1);
      const mine = valueOf<Paged<DepositOrder>>(
        await call(t.app, 'GET', '/wps/deposit/orders', { token: player.token }),
      );
      expect(mine.list[0]).toMatchObject({ id: order.id, status: 'credited', payUrl: null });
      expect(
        (await t.app.inject({ method: 'GET', url: '/sandbox-gateway/pay/sbx_000000000000000000000000' })).statusCode,
      ).toBe(404);
    });

    it('fails through the pay page: no money, a deposit_failed notice', async () => {
      const player = await newPlayer(t);
      const gateway = await demoChannel(t, player.token, 'gateway');
      const order = await createOrder(t, player.token, gateway.id, '9');
      await pressSandboxButton(t, order, 'failed');
      expect(await balanceMinor(t, player.token)).toBe(0n);
      const notices = valueOf<NoticeListResult>(await call(t.app, 'GET', '/wps/messages', { token: player.token }));
      expect(notices.list[0]).toMatchObject({
        kind: 'deposit_failed',
        params: { reason: 'gateway_failed', orderId: order.id },
      });
    });

    it('rejects forged, stale, tampered and mismatched webhooks; a replay credits once with the first answer', async () => {
      const player = await newPlayer(t);
      const gateway = await demoChannel(t, player.token, 'gateway');
      const order = await createOrder(t, player.token, gateway.id, '77');
      const body = webhookBody(order);

      const forgedSignature = `sha256=${'0'.repeat(64)}`;
      expectFailure(await sendWebhook(t, body, forgedSignature), ErrorCode.WEBHOOK_SIGNATURE_INVALID, 401);
      expectFailure(await sendWebhook(t, body, ''), ErrorCode.WEBHOOK_SIGNATURE_INVALID, 401);
      // Same JSON, different bytes: the signature is over the exact raw body.
      expectFailure(
        await sendWebhook(t, ` ${body}`, t.app.services.deposits.sandbox.sign(body)),
        ErrorCode.WEBHOOK_SIGNATURE_INVALID,
        401,
      );
      expectFailure(
        await sendWebhook(t, webhookBody(order, { timestamp: Math.floor(Date.now() / 1000) - 3600 })),
        ErrorCode.WEBHOOK_SIGNATURE_INVALID,
        401,
      );
      expectFailure(
        await sendWebhook(t, webhookBody(order, { amountMinor: '770000' })),
        ErrorCode.WEBHOOK_AMOUNT_MISMATCH,
        400,
      );
      expectFailure(
        await sendWebhook(t, webhookBody(order, { currency: 'USD' })),
        ErrorCode.WEBHOOK_AMOUNT_MISMATCH,
        400,
      );
      expectFailure(
        await sendWebhook(t, webhookBody(order, { merchantRef: '999999' })),
        ErrorCode.WEBHOOK_PAYMENT_UNKNOWN,
        404,
      );
      expectFailure(
        await sendWebhook(t, webhookBody(order, { paymentRef: 'sbx_other' })),
        ErrorCode.WEBHOOK_PAYMENT_UNKNOWN,
        404,
      );
      expectFailure(await sendWebhook(t, '{"event":'), ErrorCode.MALFORMED_JSON, 400);
      expectFailure(
        await sendWebhook(t, JSON.stringify({ event: 'payment.succeeded' })),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      expect(await balanceMinor(t, player.token)).toBe(0n);

      const answers = [];
      for (let i = 0; i < 3; i++) answers.push(valueOf(await sendWebhook(t, body)));
      expect(answers).toEqual([
        { orderId: order.id, status: 'credited' },
        { orderId: order.id, status: 'credited' },
        { orderId: order.id, status: 'credited' },
      ]);
      // A later "failed" for the same payment cannot undo the credit.
      expect(valueOf(await sendWebhook(t, webhookBody(order, { event: 'payment.failed' })))).toEqual({
        orderId: order.id,
        status: 'credited',
      });
      expect(await balanceMinor(t, player.token)).toBe(7700n);
      expect(await depositTransactionCount(t, order.id)).toBe(1);
      // Other JSON routes still parse bodies normally.
      expectFailure(
        await call(t.app, 'POST', '/wps/deposit/orders', { token: player.token, payload: { channelId: gateway.id } }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
    });

    it('is off in production unless allowed: no channel, no order, no webhook', async () => {
      expect(loadDepositSettings({ NODE_ENV: 'production' }).isSandboxEnabled).toBe(false);
      expect(loadDepositSettings({ NODE_ENV: 'production', ALLOW_SANDBOX_GATEWAY: '1' }).isSandboxEnabled).toBe(true);
      expect(loadDepositSettings({}).isSandboxEnabled).toBe(true);
      const s = t.app.services;
      const production = createDepositService({
        db: t.database.db,
        log: t.app.log as never,
        system: s.system,
        ledger: s.ledger,
        audit: s.audit,
        member: s.member,
        messages: s.messages,
        rateLimiter: s.rateLimiter,
        settings: loadDepositSettings({ NODE_ENV: 'production', SANDBOX_GATEWAY_SECRET: 'a-configured-secret-value' }),
        // A licence that lets every method through: what is refused here is the sandbox alone.
        ownership: { rules: async () => ({ depositMethods: 'any', ownAccountsOnly: false }), cpfOf: async () => null },
        optIn: async () => undefined,
      });
      const player = await newPlayer(t);
      const gateway = await demoChannel(t, player.token, 'gateway');
      const listed = await production.listChannels();
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((c) => c.type === 'manual_bank')).toBe(true);
      await expect(
        production.createOrder(player.memberId, { channelId: gateway.id, amount: '10', idempotencyKey: 'prod-key-1' }),
      ).rejects.toMatchObject({
        errorCode: ErrorCode.DEPOSIT_CHANNEL_DISABLED,
      });
      await expect(production.handleWebhook('sandbox', Buffer.from('{}'), {})).rejects.toMatchObject({
        errorCode: ErrorCode.NOT_FOUND,
      });
    });

    it('resolves an overdue gateway order by asking the gateway when the webhook never came', async () => {
      const player = await newPlayer(t);
      const gateway = await demoChannel(t, player.token, 'gateway');
      const paid = await createOrder(t, player.token, gateway.id, '15');
      const abandoned = await createOrder(t, player.token, gateway.id, '16');
      // The gateway completed the payment, but its webhook was lost.
      await t.app.services.deposits.sandbox.complete(paymentRefOf(paid), 'succeeded');
      await setOrderExpiry(t.database.db, paid.id, new Date(Date.now() - 1000));
      await setOrderExpiry(t.database.db, abandoned.id, new Date(Date.now() - 1000));
      const swept = await t.app.services.deposits.sweepOverdue();
      expect(swept.credited).toBeGreaterThanOrEqual(1);
      const mine = valueOf<Paged<DepositOrder>>(
        await call(t.app, 'GET', '/wps/deposit/orders', { token: player.token }),
      );
      expect(Object.fromEntries(mine.list.map((o) => [o.id, o.status]))).toEqual({
        [paid.id]: 'credited',
        [abandoned.id]: 'expired',
      });
      expect(await balanceMinor(t, player.token)).toBe(1500n);
      expect(await t.app.services.deposits.sweepOverdue()).toEqual({ expired: 0, credited: 0, failed: 0, returned: 0 });
    });
  });
});
