import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import type { PlayerBonuses } from '@wps/shared/schemas/bonus';
import type { LoginResult } from '@wps/shared/schemas/common';
import { call, callEncrypted, expectFailure, insertTestMember, login, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { bonusBalance, giveBonus } from '../bonus/bonus.test-support';
import { PAYMENT_PASSWORD, balanceOf, fundMember, newKey } from '../withdrawal/withdrawal.test-support';

// Money sent to an upline or a downline leaves the sender as a withdrawal does, so a running bonus
// is treated alike: the transfer is refused until the sender confirms, then forfeits the bonus in
// its own transaction; a confirmed transfer refused for funds leaves the bonus running.
describeEachDatabase('transfers to an upline or a downline while a bonus runs', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Member = { id: string; token: string };
  async function member(uplineId: string | null, type: number): Promise<Member> {
    const { id, account } = await insertTestMember(t, 'bonus-pass-1', { type, uplineId });
    const token = valueOf<LoginResult>(await login(t.app, account, 'bonus-pass-1')).token;
    await t.app.services.security.setPaymentPassword(id, {
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
    return { id, token };
  }
  const statuses = async (m: Member) =>
    valueOf<PlayerBonuses>(await call(t.app, 'GET', '/wps/bonuses', { token: m.token })).bonuses.map((b) => b.status);

  type Send = (amount: string, extra?: Record<string, unknown>) => ReturnType<typeof callEncrypted>;
  const cases: [string, () => Promise<{ sender: Member; receiver: Member; send: Send }>][] = [
    [
      'a player to the upline agent',
      async () => {
        const receiver = await member(null, AccountType.AGENT_1);
        const sender = await member(receiver.id, AccountType.MEMBER);
        const send: Send = (amount, extra = {}) =>
          callEncrypted(
            t.app,
            'POST',
            '/wps/member/transfer/upline',
            { amount, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey(), ...extra },
            { token: sender.token },
          );
        return { sender, receiver, send };
      },
    ],
    [
      'an agent to a direct downline',
      async () => {
        const sender = await member(null, AccountType.AGENT_1);
        const receiver = await member(sender.id, AccountType.MEMBER);
        const send: Send = (amount, extra = {}) =>
          callEncrypted(
            t.app,
            'POST',
            '/wps/agent/centre/transfer',
            { memberId: receiver.id, amount, paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey(), ...extra },
            { token: sender.token },
          );
        return { sender, receiver, send };
      },
    ],
  ];

  it.each(cases)('%s: asks first, then forfeits the running bonus with the transfer', async (_, setUp) => {
    const { sender, receiver, send } = await setUp();
    await fundMember(t.app, sender.id, 10_000n);
    await giveBonus(t.app, sender.id, 3_000n);
    await giveBonus(t.app, sender.id, 2_000n); // queued behind the first: forfeited with it

    // Unconfirmed: refused with the running bonuses, nothing moves.
    const refused = expectFailure(await send('20.00'), 'BONUS_FORFEIT_CONFIRMATION_REQUIRED', 409);
    expect((refused.value as { bonuses: unknown[] }).bonuses).toHaveLength(2);
    expect(await balanceOf(t.app, sender.id)).toBe(10_000n);
    expect(await balanceOf(t.app, receiver.id)).toBe(0n);
    expect(await statuses(sender)).toEqual(['queued', 'active']);

    // Confirmed but refused for funds: the bonuses keep running.
    expectFailure(await send('500.00', { forfeitBonus: true }), 'INSUFFICIENT_FUNDS', 409);
    expect(await bonusBalance(t.app, sender.id)).toBe(3_000n);
    expect(await statuses(sender)).toEqual(['queued', 'active']);

    // Confirmed: the money moves and every running bonus ends forfeited, its money back to the budget.
    const key = newKey();
    valueOf(await send('20.00', { forfeitBonus: true, idempotencyKey: key }));
    expect(await balanceOf(t.app, sender.id)).toBe(8_000n);
    expect(await balanceOf(t.app, receiver.id)).toBe(2_000n);
    expect(await bonusBalance(t.app, sender.id)).toBe(0n);
    expect(await statuses(sender)).toEqual(['forfeited', 'forfeited']);
    const ended = await t.database.db
      .selectFrom('bonuses')
      .select(['end_reason', 'returned'])
      .where('member_id', '=', sender.id)
      .orderBy('id')
      .execute();
    expect(ended).toEqual([
      { end_reason: 'transfer', returned: '3000' },
      { end_reason: 'transfer', returned: '0' },
    ]);

    // A replay of the made transfer moves nothing and forfeits nothing, even under a new bonus.
    await giveBonus(t.app, sender.id, 1_000n);
    valueOf(await send('20.00', { forfeitBonus: true, idempotencyKey: key }));
    expect(await balanceOf(t.app, sender.id)).toBe(8_000n);
    expect(await statuses(sender)).toEqual(['active', 'forfeited', 'forfeited']);

    // The receiver's own bonus is not touched by money coming in.
    await giveBonus(t.app, receiver.id, 500n);
    valueOf(await send('1.00', { forfeitBonus: true }));
    expect(await statuses(receiver)).toEqual(['active']);
  });
});
