import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { Adjustment } from '@wps/shared/schemas/player-actions';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newCpf } from '../identity/identity-fixtures';
import { balanceOf } from '../withdrawal/withdrawal.test-support';
import { playerWithoutCpf, setLicence } from './licence-fixtures';

/*
 * Money an operator puts into an account asks the licence like the player's own deposit: a manual
 * credit (POST /ops/players/:memberId/adjustments, and its approval) asks the door money.in in the
 * transaction that stores and posts it. Under BR an account without a CPF (one from before the
 * switch) receives no credit: LICENCE_REFUSED naming the rule, nothing stored, the balance as it
 * was. A debit takes money out and asks nothing; once the account gives its CPF the credit posts.
 * It fails without the change: the credit posted to the account without a CPF.
 */

describeEachDatabase('an operator credit asks the licence', (target) => {
  let t: TestApp;
  let finance: TestOperator;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    [finance, admin] = await Promise.all([createTestOperator(t.app, 'finance'), createTestOperator(t.app, 'admin')]);
  }, 180_000);

  afterAll(async () => {
    if (t) {
      await setLicence(t.app, 'permissive');
      await expectLedgerHealthy(t.database);
    }
    await t?.close();
  });

  const adjust = (memberId: string, direction: 'credit' | 'debit', amountMinor: string) =>
    call(t.app, 'POST', `/ops/players/${memberId}/adjustments`, {
      token: finance.token,
      payload: {
        direction,
        kind: 'goodwill',
        amountMinor,
        reason: 'goodwill after an outage',
        idempotencyKey: `loc-${crypto.randomUUID()}`,
      },
    });

  const adjustments = async (memberId: string) =>
    (await t.database.db.selectFrom('player_adjustments').select('id').where('member_id', '=', memberId).execute())
      .length;

  it('under the generic licence an account without a CPF is credited as before', async () => {
    const p = await playerWithoutCpf(t.app);
    expect(valueOf<Adjustment>(await adjust(p.memberId, 'credit', '5000')).status).toBe('posted');
    expect(await balanceOf(t.app, p.memberId)).toBe(50_00n);
  });

  it('under BR no credit reaches an account without a CPF, asked or approved; a debit still goes; identified, it posts', async () => {
    const p = await playerWithoutCpf(t.app);
    valueOf(await adjust(p.memberId, 'credit', '5000'));
    // Above the amount of one request: it waits for a second operator, decided after the switch.
    const waiting = valueOf<Adjustment>(await adjust(p.memberId, 'credit', '150000'));
    expect(waiting.status).toBe('pending');
    await setLicence(t.app, 'BR');
    try {
      const before = await adjustments(p.memberId);
      const refused = expectFailure(await adjust(p.memberId, 'credit', '5000'), ErrorCode.LICENCE_REFUSED, 403);
      expect(refused.value).toMatchObject({ door: 'money.in', rule: 'identity' });
      expect(await adjustments(p.memberId)).toBe(before);

      const approval = await call(t.app, 'POST', `/ops/adjustments/${waiting.id}/approve`, {
        token: admin.token,
        payload: { reason: 'ticket checked' },
      });
      expectFailure(approval, ErrorCode.LICENCE_REFUSED, 403);
      expect(await balanceOf(t.app, p.memberId)).toBe(50_00n);

      expect(valueOf<Adjustment>(await adjust(p.memberId, 'debit', '1000')).status).toBe('posted');
      expect(await balanceOf(t.app, p.memberId)).toBe(40_00n);

      valueOf(
        await call(t.app, 'POST', '/wps/member/identity', {
          token: p.token,
          payload: { cpf: newCpf(), birthDate: '1990-04-12' },
        }),
      );
      expect(valueOf<Adjustment>(await adjust(p.memberId, 'credit', '5000')).status).toBe('posted');
      const approved = valueOf<Adjustment>(
        await call(t.app, 'POST', `/ops/adjustments/${waiting.id}/approve`, {
          token: admin.token,
          payload: { reason: 'ticket checked' },
        }),
      );
      expect(approved.status).toBe('posted');
      expect(await balanceOf(t.app, p.memberId)).toBe(1_590_00n);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });
});
