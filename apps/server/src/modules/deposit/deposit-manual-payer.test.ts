import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpfNumber, maskCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import type { DepositOrder, OpsDepositOrder, Paged } from '@wps/shared/schemas/deposit';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { COMMANDS } from '../../scripts/ops';
import { newCpf } from '../identity/identity-fixtures';
import { confirmContactByEmail, setBrLimits, setLicence } from '../licence/licence-fixtures';
import { setOrderExpiry } from './deposit.repository';
import { balanceMinor, createOrder, demoChannel, depositTransactionCount } from './deposit.test-support';

// Who paid a manual bank transfer (docs/compliance.md, "Manual bank transfers"), through the API on
// a real database: the confirming operator records the statement's payer with the order; under BR
// only the player's own CPF is credited, and anything else is refused with nothing written.
// Each failed before the change: the confirmation took a reason only, credited whoever paid and
// recorded no payer (the BR refusals answered 200 and credited the player).

type Player = { token: string; memberId: string; cpf: string };
type AuditEntry = { action: string; after: Record<string, unknown> | null };

describeEachDatabase('manual bank transfers: who paid', (target) => {
  let t: TestApp;
  let finance: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    finance = (await createTestOperator(t.app, 'finance')).token;
    admin = (await createTestOperator(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t?.close();
  });

  /** A player registered with a CPF, with the limits and the confirmed contact BR asks before a deposit. */
  async function playerWithCpf(): Promise<Player> {
    const cpf = newCpf();
    const { result } = await registerUser(t.app, { cpf, birthDate: '1990-03-14' });
    const memberId = (await t.app.services.session.resolve(result.token))!.memberId;
    await setBrLimits(t.app, { token: result.token });
    await confirmContactByEmail(t.app, { token: result.token, memberId });
    return { token: result.token, memberId, cpf };
  }

  const bankOrder = async (p: Player, amount = '50.00'): Promise<DepositOrder> =>
    createOrder(t, p.token, (await demoChannel(t, p.token, 'manual_bank')).id, amount);
  const confirm = (id: string, payload: Record<string, unknown>) =>
    call(t.app, 'POST', `/ops/deposits/${id}/confirm`, {
      token: finance,
      payload: { reason: 'on the statement', ...payload },
    });
  const payerRows = (id: string) =>
    t.database.db.selectFrom('deposit_order_payers').selectAll().where('order_id', '=', id).execute();
  const opsOrder = async (id: string) =>
    valueOf<Paged<OpsDepositOrder>>(
      await call(t.app, 'GET', '/ops/deposits?pageSize=100&order=desc', { token: finance }),
    ).list.find((o) => o.id === id);
  const auditOf = async (id: string) =>
    valueOf<{ list: AuditEntry[] }>(
      await call(t.app, 'GET', `/ops/audit?subjectType=deposit_order&subjectId=${id}`, { token: admin }),
    ).list;

  /** Nothing of a refused confirmation is written: the order waits, no money moved, no payer, no audit entry. */
  async function expectNothingWritten(p: Player, order: DepositOrder): Promise<void> {
    expect((await opsOrder(order.id))?.status).toBe('pending');
    expect(await depositTransactionCount(t, order.id)).toBe(0);
    expect(await balanceMinor(t, p.token)).toBe(0n);
    expect(await payerRows(order.id)).toEqual([]);
    expect(await auditOf(order.id)).toEqual([]);
  }

  describe('under BR', () => {
    beforeAll(() => setLicence(t.app, 'BR'));
    afterAll(() => setLicence(t.app, 'permissive'));

    it("refuses a confirmation without the payer's CPF, or with another CPF, and writes nothing", async () => {
      const p = await playerWithCpf();
      const order = await bankOrder(p);

      const unnamed = expectFailure(
        await confirm(order.id, { payerName: 'Maria Souza', bankReference: 'EXT-1' }),
        ErrorCode.DEPOSIT_PAYER_NOT_OWNER,
        403,
      );
      expect(unnamed.value).toMatchObject({ reason: 'payer_unknown' });
      await expectNothingWritten(p, order);

      const stranger = newCpf();
      const other = expectFailure(
        await confirm(order.id, { payerName: 'João Lima', payerCpf: stranger, bankReference: 'EXT-2' }),
        ErrorCode.DEPOSIT_PAYER_NOT_OWNER,
        403,
      );
      expect(other.value).toEqual({ reason: 'payer_not_owner', payerCpfMasked: maskCpf(stranger) });
      await expectNothingWritten(p, order);

      // A CPF whose check digits fail is no CPF at all.
      const wrongDigit = `${p.cpf.slice(0, 10)}${(Number(p.cpf[10]) + 1) % 10}`;
      expectFailure(await confirm(order.id, { payerCpf: wrongDigit }), ErrorCode.VALIDATION_FAILED, 400);
      await expectNothingWritten(p, order);

      // The operator rejects it instead (the money goes back from the bank); the order stays payer-less.
      valueOf(
        await call(t.app, 'POST', `/ops/deposits/${order.id}/reject`, {
          token: finance,
          payload: { reason: "paid from another person's account: returned to the payer" },
        }),
      );
      expect(await opsOrder(order.id)).toMatchObject({ status: 'failed', failureReason: 'rejected', payer: null });
    });

    it("credits a transfer from the player's own CPF and records who paid, the CPF masked", async () => {
      const p = await playerWithCpf();
      const order = await bankOrder(p);

      const confirmed = valueOf<OpsDepositOrder>(
        await confirm(order.id, {
          payerName: '  Maria Souza ',
          payerCpf: formatCpfNumber(p.cpf),
          bankReference: 'E0000000020261129ABC',
        }),
      );
      const payer = {
        name: 'Maria Souza',
        cpfMasked: maskCpf(p.cpf),
        isPlayer: true,
        bankReference: 'E0000000020261129ABC',
      };
      expect(confirmed).toMatchObject({ status: 'credited', payer });
      expect(confirmed.resolvedBy).toMatch(/^operator:\d+$/);
      expect(await balanceMinor(t, p.token)).toBe(5000n);
      expect(await opsOrder(order.id)).toMatchObject({ payer });

      // Stored masked: the whole CPF is the identity module's alone.
      const [row] = await payerRows(order.id);
      expect(row).toMatchObject({ payer_cpf_masked: maskCpf(p.cpf), payer_is_player: true });
      expect(JSON.stringify(row)).not.toContain(p.cpf);

      // The audit entry names the operator (its actor) and the payer.
      const [credit] = await auditOf(order.id);
      expect(credit).toMatchObject({ action: 'deposit.credit', after: { status: 'credited', payer } });

      // The queue's CSV carries the payer.
      const csv = await call(t.app, 'GET', '/ops/deposits/csv?status=credited&order=desc', { token: finance });
      expect(csv.statusCode).toBe(200);
      const [header, ...lines] = csv.body.trim().split('\n');
      expect(header).toContain('payer_name,payer_cpf_masked,payer_is_player,payer_bank_reference');
      expect(lines.find((l) => l.startsWith(`${order.id},`))).toContain(
        `Maria Souza,${maskCpf(p.cpf)},true,E0000000020261129ABC`,
      );
    });

    it('the ops console confirms with the payer too, and refuses without it', async () => {
      const p = await playerWithCpf();
      const order = await bankOrder(p, '12.00');
      const printed: unknown[] = [];
      const ctx = { database: t.database, print: (v: unknown) => printed.push(v) };
      await expect(COMMANDS['deposit:confirm']!.run(ctx, [order.id, 'seen'])).rejects.toMatchObject({
        errorCode: ErrorCode.DEPOSIT_PAYER_NOT_OWNER,
      });
      await expectNothingWritten(p, order);
      await COMMANDS['deposit:confirm']!.run(ctx, [order.id, `--payer-cpf=${p.cpf}`, '--bank-ref=X1', 'seen', 'today']);
      expect(printed[0]).toMatchObject({
        status: 'credited',
        payer: { name: null, cpfMasked: maskCpf(p.cpf), isPlayer: true, bankReference: 'X1' },
      });
    });
  });

  describe('under the generic licence', () => {
    it('confirms without a payer, as before, and records one when given (a late transfer too)', async () => {
      // Registered under BR, so the identity module holds the player's CPF to compare the payer's with.
      await setLicence(t.app, 'BR');
      const p = await playerWithCpf().finally(() => setLicence(t.app, 'permissive'));
      const plain = await bankOrder(p, '20.00');
      expect(valueOf<OpsDepositOrder>(await confirm(plain.id, {}))).toMatchObject({ status: 'credited', payer: null });
      expect(await payerRows(plain.id)).toEqual([]);

      // Someone else paid: recorded as such, and credited (the generic licence takes anyone's money).
      const stranger = newCpf();
      const late = await bankOrder(p, '30.00');
      await setOrderExpiry(t.database.db, late.id, new Date(Date.now() - 60_000));
      expect((await opsOrder(late.id))?.status).toBe('expired');
      const confirmed = valueOf<OpsDepositOrder>(
        await confirm(late.id, { payerName: 'João Lima', payerCpf: stranger, bankReference: '' }),
      );
      expect(confirmed).toMatchObject({
        status: 'credited',
        payer: { name: 'João Lima', cpfMasked: maskCpf(stranger), isPlayer: false, bankReference: null },
      });
      expect(await balanceMinor(t, p.token)).toBe(5000n);
    });
  });
});
