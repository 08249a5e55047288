import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { PlayerBonuses } from '@wps/shared/schemas/bonus';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { bonusBalance, giveBonus } from '../bonus/bonus.test-support';
import { balanceOf, createPayer, requestWithdrawal } from './withdrawal.test-support';

// A withdrawal forfeits the player's running bonuses only when it is accepted: one refused at the
// money step (not enough money, the day's count reached) leaves them running, whatever the player
// confirmed. The forfeit is written in the transaction that creates the order, after its checks.
describeEachDatabase('withdrawals and running bonuses', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const bonusesOf = async (token: string) =>
    valueOf<PlayerBonuses>(await call(t.app, 'GET', '/wps/bonuses', { token })).bonuses;

  it('a confirmed withdrawal refused for funds keeps the bonus running; an accepted one forfeits it', async () => {
    const payer = await createPayer(t.app, 1_000n);
    await giveBonus(t.app, payer.memberId, 3_000n);

    expectFailure(await requestWithdrawal(t.app, payer, '50.00', { forfeitBonus: true }), 'INSUFFICIENT_FUNDS', 409);
    expect(await bonusBalance(t.app, payer.memberId)).toBe(3_000n);
    expect((await bonusesOf(payer.token)).map((b) => b.status)).toEqual(['active']);
    expect(await balanceOf(t.app, payer.memberId)).toBe(1_000n);

    valueOf(await requestWithdrawal(t.app, payer, '10.00', { forfeitBonus: true }));
    expect(await bonusBalance(t.app, payer.memberId)).toBe(0n);
    expect((await bonusesOf(payer.token)).map((b) => b.status)).toEqual(['forfeited']);
    expect(await balanceOf(t.app, payer.memberId)).toBe(0n);
  });
});
