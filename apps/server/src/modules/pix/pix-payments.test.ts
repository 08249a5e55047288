import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePixCharge } from '@wps/shared/pix-br-code';
import type { DepositChannel, DepositOrder, Paged } from '@wps/shared/schemas/deposit';
import type { KycStartResult } from '@wps/shared/schemas/kyc';
import type { BankAccountSummary } from '@wps/shared/schemas/security';
import type { OpsWithdrawalOrder, WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import {
  balanceMinor,
  createOrder,
  createOrderCall,
  depositTransactionCount,
  paymentRefOf,
  saveChannel,
  sendWebhook,
  webhookBody,
} from '../deposit/deposit.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { PAYMENT_PASSWORD, requestWithdrawal } from '../withdrawal/withdrawal.test-support';
import { createPayoutOwnership } from '../security/payout-ownership';
import { SANDBOX_PIX_DIRECTORY_PATH } from './sandbox-pix-directory.routes';
import { confirmContactByEmail, setLicence } from '../licence/licence-fixtures';

// PIX under the BR profile, end to end through the API: the channels the licence allows, a PIX
// charge's BR Code, a payment from the player's own CPF credited and one from another CPF
// returned (once, however often the webhook comes), and payout accounts only under the player's
// own CPF, as the PIX directory names their owners.

type BrPlayer = { token: string; memberId: string; cpf: string };

describeEachDatabase('PIX payments under the BR profile', (target) => {
  let t: TestApp;
  let admin: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
    finance = (await createTestOperator(t.app, 'finance')).token;
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t?.close();
  });

  const setJurisdiction = async (jurisdiction: 'BR' | 'permissive') => await setLicence(t.app, jurisdiction);
  const form = (url: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
  const channels = async (token: string) =>
    valueOf<DepositChannel[]>(await call(t.app, 'GET', '/wps/deposit/channels', { token }));
  const pixChannel = async (token: string) => (await channels(token)).find((c) => c.method === 'pix')!;
  const myOrder = async (token: string, id: string) =>
    valueOf<Paged<DepositOrder>>(await call(t.app, 'GET', '/wps/deposit/orders', { token })).list.find(
      (o) => o.id === id,
    )!;

  /** A BR player (CPF, birth date) with the limits the licence asks before a deposit. */
  async function brPlayer(): Promise<BrPlayer> {
    const cpf = newCpf();
    const { result } = await registerUser(t.app, { cpf, birthDate: '1990-03-14' });
    const memberId = (await t.app.services.session.resolve(result.token))!.memberId;
    for (const limit of [
      { kind: 'deposit_month', value: '5000' },
      { kind: 'daily_time', value: '600' },
      { kind: 'loss_month', value: '100000' },
    ]) {
      valueOf(
        await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
          token: result.token,
          payload: { limits: [limit] },
        }),
      );
    }
    await confirmContactByEmail(t.app, { token: result.token, memberId });
    return { token: result.token, memberId, cpf };
  }

  /** The player passes the sandbox identity check (the payee name becomes the document's) and sets a payment password. */
  async function verify(p: BrPlayer, name: string): Promise<void> {
    const { url } = valueOf<KycStartResult>(
      await call(t.app, 'POST', '/wps/kyc/checks', { token: p.token, payload: { returnUrl: '/' } }),
    );
    const steps: Record<string, string>[] = [
      { step: 'document', documentName: name },
      { step: 'selfie' },
      { step: 'liveness' },
      { step: 'outcome', outcome: 'passed' },
    ];
    for (const step of steps) {
      expect((await form(url, step)).statusCode).toBe(303);
    }
    await t.app.services.security.setPaymentPassword(p.memberId, {
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
  }

  /** Pay a sandbox charge from a CPF (the charge's own payer when none is given), as the pay page's buttons do. */
  async function pay(order: DepositOrder, payerCpf?: string) {
    const res = await form(order.payUrl!, payerCpf ? { outcome: 'succeeded', payerCpf } : { outcome: 'succeeded' });
    expect(res.statusCode, res.body).toBe(303);
  }

  const listInDirectory = (entry: Record<string, string>) => form(SANDBOX_PIX_DIRECTORY_PATH, entry);

  describe('deposits', () => {
    beforeAll(() => setJurisdiction('BR'));
    afterAll(() => setJurisdiction('permissive'));

    it('shows and takes only PIX and bank transfers; cards, crypto and other kinds are hidden and refused', async () => {
      const p = await brPlayer();
      const card = await saveChannel(t, admin, {
        name: 'Cartão de crédito',
        type: 'gateway',
        provider: 'sandbox',
        method: 'card',
        currency: 'BRL',
        minMinor: '500',
        maxMinor: '100000',
      });
      const crypto = await saveChannel(t, admin, {
        name: 'Cripto',
        type: 'gateway',
        provider: 'sandbox',
        method: 'crypto',
        currency: 'BRL',
        minMinor: '500',
        maxMinor: '100000',
      });
      const seen = await channels(p.token);
      expect(new Set(seen.map((c) => c.method))).toEqual(new Set(['pix', 'bank_transfer']));
      expectFailure(await createOrderCall(t, p.token, card.id, '10'), 'DEPOSIT_METHOD_NOT_ALLOWED', 403);
      expectFailure(await createOrderCall(t, p.token, crypto.id, '10'), 'DEPOSIT_METHOD_NOT_ALLOWED', 403);
      const sandboxPay = (await t.app.services.deposits.listOpsChannels()).find((c) => c.name === 'Sandbox Pay')!;
      expectFailure(await createOrderCall(t, p.token, sandboxPay.id, '10'), 'DEPOSIT_METHOD_NOT_ALLOWED', 403);
      // An operator's edit that does not name the method keeps it.
      const pix = (await t.app.services.deposits.listOpsChannels()).find((c) => c.method === 'pix')!;
      const edited = await saveChannel(t, admin, {
        id: pix.id,
        name: pix.name,
        type: 'gateway',
        provider: 'sandbox',
        currency: 'BRL',
        minMinor: pix.minMinor,
        maxMinor: '2000000',
        sort: pix.sort,
      });
      expect(edited).toMatchObject({ method: 'pix', maxMinor: '2000000' });
      // A PIX channel is in reais.
      expectFailure(
        await call(t.app, 'PUT', '/ops/deposit-channels', {
          token: admin,
          payload: {
            name: 'PIX USD',
            type: 'gateway',
            provider: 'sandbox',
            method: 'pix',
            currency: 'USD',
            minMinor: '1',
            maxMinor: '2',
            reason: 'test',
          },
        }),
        'VALIDATION_FAILED',
        400,
      );
      // Outside BR every kind is offered, as before.
      await setJurisdiction('permissive');
      try {
        expect((await channels(p.token)).map((c) => c.id)).toEqual(
          expect.arrayContaining([card.id, crypto.id, sandboxPay.id]),
        );
      } finally {
        await setJurisdiction('BR');
      }
    });

    it("issues a BR Code with a valid CRC; a payment from the player's own CPF is credited", async () => {
      const p = await brPlayer();
      const order = await createOrder(t, p.token, (await pixChannel(p.token)).id, '20.00');
      expect(order).toMatchObject({ method: 'pix', status: 'pending', returnedAt: null, payerCpfMasked: null });
      const read = decodePixCharge(order.pixCode!);
      expect(read).toMatchObject({
        ok: true,
        charge: { amount: '20.00', txid: order.referenceCode, singleUse: false },
      });
      // The pay page names the player's CPF, masked, as the payer it expects.
      const page = await t.app.inject({ method: 'GET', url: order.payUrl! });
      expect(page.body).toContain(`***.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-**`);
      expect(page.body).toContain(order.pixCode!);
      await pay(order);
      expect(await myOrder(p.token, order.id)).toMatchObject({ status: 'credited', pixCode: null });
      expect(await balanceMinor(t, p.token)).toBe(2000n);
    });

    it('a payment from another CPF is returned: never credited, the player told why, once however often the webhook comes', async () => {
      const p = await brPlayer();
      const stranger = newCpf();
      const order = await createOrder(t, p.token, (await pixChannel(p.token)).id, '30.00');
      await pay(order, stranger);
      const returned = await myOrder(p.token, order.id);
      expect(returned).toMatchObject({
        status: 'returned',
        failureReason: 'payer_not_owner',
        payerCpfMasked: `***.${stranger.slice(3, 6)}.${stranger.slice(6, 9)}-**`,
        pixCode: null,
        payUrl: null,
      });
      expect(returned.returnedAt).not.toBeNull();
      expect(await balanceMinor(t, p.token)).toBe(0n);
      expect(await depositTransactionCount(t, order.id)).toBe(0);
      // The gateway sent the money back to its payer.
      const payment = await sql<{
        payer_cpf: string;
        returned_at: Date | null;
      }>`SELECT payer_cpf, returned_at FROM sandbox_payments WHERE merchant_ref = ${order.id}`.execute(t.database.db);
      expect(payment.rows[0]).toMatchObject({ payer_cpf: stranger, returned_at: expect.any(Date) });

      // The webhook again, and again from the pay page: the same answer, nothing more written.
      const replay = await sendWebhook(t, webhookBody(order, { payerCpf: stranger }));
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toMatchObject({ value: { orderId: order.id, status: 'returned' } });
      await pay(order, stranger);
      // Even a forged webhook claiming the player's own CPF after the return changes nothing.
      expect((await sendWebhook(t, webhookBody(order, { payerCpf: p.cpf }))).json()).toMatchObject({
        value: { status: 'returned' },
      });
      expect(await balanceMinor(t, p.token)).toBe(0n);
      expect(await depositTransactionCount(t, order.id)).toBe(0);
      const audits = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM audit_log WHERE action = 'deposit.return' AND subject_id = ${order.id}`.execute(
        t.database.db,
      );
      expect(audits.rows[0]!.n).toBe('1');
      const notices = await sql<{
        params: Record<string, string>;
      }>`SELECT params FROM member_notices WHERE member_id = ${p.memberId}::bigint AND kind = 'deposit_failed'`.execute(
        t.database.db,
      );
      expect(notices.rows.map((r) => r.params.reason)).toEqual(['payer_not_owner']);
      // The operator sees it too.
      const ops = valueOf<Paged<DepositOrder & { resolvedBy: string }>>(
        await call(t.app, 'GET', '/ops/deposits?status=returned&pageSize=100', { token: finance }),
      );
      expect(ops.list.find((o) => o.id === order.id)).toMatchObject({
        status: 'returned',
        failureReason: 'payer_not_owner',
        resolvedBy: 'webhook:sandbox',
      });
    });

    it('parallel webhooks from another CPF return the order once', async () => {
      const p = await brPlayer();
      const stranger = newCpf();
      const order = await createOrder(t, p.token, (await pixChannel(p.token)).id, '11.00');
      // The gateway took the money from the stranger (its own side), then sends its webhook five times at once.
      await t.app.services.deposits.sandbox.complete(paymentRefOf(order), 'succeeded', stranger);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => sendWebhook(t, webhookBody(order, { payerCpf: stranger }))),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((r) => (r.json() as { value: { status: string } }).value.status)).toEqual(
        Array(5).fill('returned'),
      );
      const audits = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM audit_log WHERE action = 'deposit.return' AND subject_id = ${order.id}`.execute(
        t.database.db,
      );
      expect(audits.rows[0]!.n).toBe('1');
      expect(await depositTransactionCount(t, order.id)).toBe(0);
      expect(await balanceMinor(t, p.token)).toBe(0n);
    });

    it('a payment whose payer the gateway does not name is returned too', async () => {
      const p = await brPlayer();
      const order = await createOrder(t, p.token, (await pixChannel(p.token)).id, '12.00');
      // A webhook with no payer, for a payment the sandbox has not taken yet: the order is returned
      // at once, but the gateway cannot send back money it does not hold, so the webhook is told to come again.
      expectFailure(await sendWebhook(t, webhookBody(order)), 'DEPOSIT_RETURN_PENDING', 503);
      expect(await myOrder(p.token, order.id)).toMatchObject({
        status: 'returned',
        failureReason: 'payer_unknown',
        payerCpfMasked: null,
        returnedAt: null,
      });
      // Asking again while the gateway still has nothing to send back changes nothing.
      expect((await t.app.services.deposits.retryReturns()).pending).toBeGreaterThanOrEqual(1);
      expect((await myOrder(p.token, order.id)).returnedAt).toBeNull();
      // The gateway's retry (here, the payment completing) finds the order returned and the return goes through; still nothing credited.
      await pay(order);
      expect((await myOrder(p.token, order.id)).returnedAt).not.toBeNull();
      expect(await balanceMinor(t, p.token)).toBe(0n);
      expect(await depositTransactionCount(t, order.id)).toBe(0);
    });

    it('outside BR a payment from another CPF is credited, as before', async () => {
      await setJurisdiction('permissive');
      try {
        const { result } = await registerUser(t.app);
        const channel = (await channels(result.token)).find((c) => c.method === 'pix')!;
        const order = await createOrder(t, result.token, channel.id, '15.00');
        expect(decodePixCharge(order.pixCode!).ok).toBe(true);
        await pay(order, newCpf());
        expect(await myOrder(result.token, order.id)).toMatchObject({ status: 'credited' });
        expect(await balanceMinor(t, result.token)).toBe(1500n);
      } finally {
        await setJurisdiction('BR');
      }
    });

    it('the webhook carries a valid payer CPF or none', async () => {
      const p = await brPlayer();
      const order = await createOrder(t, p.token, (await pixChannel(p.token)).id, '10.00');
      expectFailure(await sendWebhook(t, webhookBody(order, { payerCpf: '123' })), 'VALIDATION_FAILED', 400);
      expect(paymentRefOf(order)).toMatch(/^sbx_/);
    });
  });

  describe('payout accounts', () => {
    beforeAll(() => setJurisdiction('BR'));
    afterAll(() => setJurisdiction('permissive'));

    const bindKey = (p: BrPlayer, keyType: string, key: string) =>
      call(t.app, 'PUT', '/wps/member/pix-keys', { token: p.token, payload: { keyType, key } });
    const bindBank = (p: BrPlayer, accountNumber: string, holderName: string) =>
      call(t.app, 'PUT', '/wps/member/bank-accounts', {
        token: p.token,
        payload: { bankCode: '260', accountNumber, holderName },
      });

    it("binds only the player's own PIX keys and accounts, and a withdrawal goes to the key", async () => {
      const p = await brPlayer();
      expectFailure(await bindKey(p, 'cpf', p.cpf), 'PAYEE_NAME_REQUIRED', 409);
      await verify(p, 'Luana Ferreira Prado');
      const email = `luana-${p.memberId}@example.com`;

      // A CPF key of someone else: refused without asking the directory.
      expectFailure(await bindKey(p, 'cpf', newCpf()), 'PAYOUT_ACCOUNT_NOT_OWN', 403);
      // The player's own CPF key, not in the directory yet.
      expectFailure(await bindKey(p, 'cpf', p.cpf), 'PAYOUT_ACCOUNT_UNKNOWN', 422);
      // An e-mail key the directory lists under another CPF.
      expect(
        (
          await listInDirectory({
            ownerCpf: newCpf(),
            ownerName: 'Luana Ferreira Prado',
            bankCode: '260',
            accountNumber: '55501234',
            keyType: 'email',
            key: email,
          })
        ).statusCode,
      ).toBe(303);
      expectFailure(await bindKey(p, 'email', email.toUpperCase()), 'PAYOUT_ACCOUNT_NOT_OWN', 403);
      // A malformed key.
      expectFailure(await bindKey(p, 'phone', '12'), 'VALIDATION_FAILED', 400);
      // A bank account: unknown to the directory, then listed under another CPF, then the player's own.
      expectFailure(await bindBank(p, '77700001', 'Luana Ferreira Prado'), 'PAYOUT_ACCOUNT_UNKNOWN', 422);
      expect(
        (
          await listInDirectory({
            ownerCpf: newCpf(),
            ownerName: 'Outra Pessoa',
            bankCode: '260',
            accountNumber: '77700001',
          })
        ).statusCode,
      ).toBe(303);
      expectFailure(await bindBank(p, '77700001', 'Luana Ferreira Prado'), 'PAYOUT_ACCOUNT_NOT_OWN', 403);
      expect(
        (
          await listInDirectory({
            ownerCpf: p.cpf,
            ownerName: 'Luana Ferreira Prado',
            bankCode: '260',
            accountNumber: '77700002',
          })
        ).statusCode,
      ).toBe(303);
      valueOf(await bindBank(p, '77700002', 'Luana Ferreira Prado'));

      // The player's own CPF key, listed by their bank.
      expect(
        (
          await listInDirectory({
            ownerCpf: p.cpf,
            ownerName: 'Luana Ferreira Prado',
            bankCode: '260',
            accountNumber: '88800001',
            keyType: 'cpf',
            key: p.cpf,
          })
        ).statusCode,
      ).toBe(303);
      const accounts = valueOf<BankAccountSummary[]>(await bindKey(p, 'cpf', p.cpf));
      const key = accounts.find((a) => a.pixKeyType === 'cpf')!;
      expect(key).toMatchObject({
        bankCode: '260',
        holderName: 'Luana Ferreira Prado',
        pixKeyMasked: `***.${p.cpf.slice(3, 6)}.${p.cpf.slice(6, 9)}-**`,
        accountNumberMasked: '****0001',
      });
      expectFailure(await bindKey(p, 'cpf', p.cpf), 'BANK_ACCOUNT_DUPLICATE', 409);

      // Money in (from the player's own CPF), then out to the key.
      const order = await createOrder(t, p.token, (await pixChannel(p.token)).id, '40.00');
      await pay(order);
      const withdrawal = valueOf<WithdrawalOrder>(
        await requestWithdrawal(
          t.app,
          { token: p.token, memberId: p.memberId, username: '', bankAccountId: key.id },
          '25',
        ),
      );
      expect(withdrawal).toMatchObject({
        status: 'pending',
        pixKeyType: 'cpf',
        pixKeyMasked: key.pixKeyMasked,
        holderName: 'Luana Ferreira Prado',
        rejectedAt: null,
        approvedAt: null,
      });
      const queued = valueOf<{ list: OpsWithdrawalOrder[] }>(
        await call(t.app, 'GET', '/ops/withdrawals?status=pending&pageSize=100', { token: finance }),
      ).list.find((o) => o.id === withdrawal.id);
      expect(queued).toMatchObject({ pixKey: p.cpf, pixKeyType: 'cpf', bankCode: '260', accountNumber: '88800001' });
    });

    it('outside BR a PIX key is bound when its owner carries the payee name', async () => {
      await setJurisdiction('permissive');
      try {
        const { result } = await registerUser(t.app);
        const memberId = (await t.app.services.session.resolve(result.token))!.memberId;
        const p = { token: result.token, memberId, cpf: '' };
        await t.app.services.security.setPayeeName(memberId, 'Rafael Souza');
        const evp = '7d9f0c1e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
        expect(
          (
            await listInDirectory({
              ownerCpf: newCpf(),
              ownerName: 'Rafael Souza',
              bankCode: '341',
              accountNumber: '12340009',
              keyType: 'evp',
              key: evp,
            })
          ).statusCode,
        ).toBe(303);
        expect(
          valueOf<BankAccountSummary[]>(await bindKey(p, 'evp', evp.toUpperCase())).find((a) => a.pixKeyType === 'evp'),
        ).toMatchObject({ bankCode: '341', pixKeyMasked: '7d9f0c1e-****-4e5f' });
        const phone = '+5511975600001';
        expect(
          (
            await listInDirectory({
              ownerCpf: newCpf(),
              ownerName: 'Outra Pessoa',
              bankCode: '341',
              accountNumber: '12340010',
              keyType: 'phone',
              key: phone,
            })
          ).statusCode,
        ).toBe(303);
        expectFailure(await bindKey(p, 'phone', '(11) 97560-0001'), 'BANK_ACCOUNT_HOLDER_MISMATCH', 400);
      } finally {
        await setJurisdiction('BR');
      }
    });

    it('the sandbox directory refuses a bad entry and a key listed twice', async () => {
      const cpf = newCpf();
      expect(
        (await listInDirectory({ ownerCpf: '11111111111', ownerName: 'X', bankCode: '260', accountNumber: '12345678' }))
          .statusCode,
      ).toBe(400);
      expect(
        (
          await listInDirectory({
            ownerCpf: cpf,
            ownerName: 'X',
            bankCode: '260',
            accountNumber: '12345678',
            keyType: 'email',
            key: 'nope',
          })
        ).statusCode,
      ).toBe(400);
      expect(
        (
          await listInDirectory({
            ownerCpf: cpf,
            ownerName: 'X',
            bankCode: '260',
            accountNumber: '12345678',
            keyType: 'cpf',
            key: cpf,
          })
        ).statusCode,
      ).toBe(303);
      expect(
        (
          await listInDirectory({
            ownerCpf: cpf,
            ownerName: 'X',
            bankCode: '260',
            accountNumber: '12345679',
            keyType: 'cpf',
            key: cpf,
          })
        ).statusCode,
      ).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: SANDBOX_PIX_DIRECTORY_PATH })).body).toContain(
        `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
      );
    });
  });
});

describe('payout ownership without a directory', () => {
  it('refuses rather than guess: no directory, or one that fails, is PIX_DIRECTORY_UNAVAILABLE', async () => {
    const cpf = newCpf();
    const rules = async () => ({ ownAccountsOnly: true });
    const none = createPayoutOwnership(() => ({ rules, cpfOf: async () => cpf, directory: null }));
    await expect(none.resolveKey('1', 'cpf', cpf, 'A')).rejects.toMatchObject({
      errorCode: 'PIX_DIRECTORY_UNAVAILABLE',
    });
    await expect(none.checkBankAccount('1', '260', '12345678', 'A')).rejects.toMatchObject({
      errorCode: 'PIX_DIRECTORY_UNAVAILABLE',
    });
    const failing = createPayoutOwnership(() => ({
      rules,
      cpfOf: async () => cpf,
      directory: {
        name: 'down',
        lookupKey: () => Promise.reject(new Error('timeout')),
        lookupAccount: () => Promise.reject(new Error('timeout')),
      },
    }));
    await expect(failing.resolveKey('1', 'email', 'a@b.co', 'A')).rejects.toMatchObject({
      errorCode: 'PIX_DIRECTORY_UNAVAILABLE',
    });
    // A player with no CPF on file cannot show an account is theirs.
    const noCpf = createPayoutOwnership(() => ({ rules, cpfOf: async () => null, directory: null }));
    await expect(noCpf.resolveKey('1', 'cpf', cpf, 'A')).rejects.toMatchObject({ errorCode: 'OWN_CPF_REQUIRED' });
  });
});
