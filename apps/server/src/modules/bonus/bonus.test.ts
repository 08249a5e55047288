import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { PlayerBonuses } from '@wps/shared/schemas/bonus';
import type { BalanceResult } from '@wps/shared/schemas/wallet';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer } from '../gateway/gateway.test-support';
import {
  balanceOf,
  createPayer,
  memberIdOf,
  operatorToken,
  requestWithdrawal,
} from '../withdrawal/withdrawal.test-support';
import { bonusBalance, giveBonus } from './bonus.test-support';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

describeEachDatabase('bonus money', (target) => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    ops = await operatorToken(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const seamless = () => t.app.services.gateway.seamless;
  /** A bet then its settling win on a vendor (SBX is RNG, ALV is LIVE in the demo catalogue). */
  async function playRound(memberId: string, vassalage: string, bet: bigint, win: bigint) {
    const roundId = id('r');
    const placed = await seamless().bet({
      vassalage,
      memberId,
      transactionId: id('b'),
      roundId,
      gameId: 'g-1',
      amountMinor: bet,
    });
    const paid = await seamless().win({
      vassalage,
      memberId,
      transactionId: id('w'),
      roundId,
      amountMinor: win,
      roundClosed: true,
    });
    return { roundId, placed, paid };
  }
  async function bonuses(token: string) {
    return valueOf<PlayerBonuses>(await call(t.app, 'GET', '/wps/bonuses', { token }));
  }

  it('a bonus is its own balance: shown apart in the wallet, together to the vendor, spent after real money', async () => {
    const p = await createPlayer(t.app, 1_000n);
    await giveBonus(t.app, p.memberId, 5_000n, { wageringMultiple: 10, maxStakeMinor: '2000' });
    const wallet = valueOf<BalanceResult>(await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: p.token }));
    expect([wallet.sumBalanceMinor, wallet.bonusBalanceMinor]).toEqual(['1000', '5000']);
    expect((await seamless().balance(p.memberId)).balanceMinor).toBe('6000');

    // Real money first: 1000 real + 500 bonus; the vendor is answered real + bonus.
    const roundId = id('r');
    const bet = await seamless().bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('b'),
      roundId,
      gameId: 'g-1',
      amountMinor: 1_500n,
    });
    expect(bet.balanceMinor).toBe('4500');
    expect([await balanceOf(t.app, p.memberId), await bonusBalance(t.app, p.memberId)]).toEqual([0n, 4_500n]);

    // Above the bonus's maximum stake: refused, stored like any refusal.
    const tooBig = id('b');
    await expect(
      seamless().bet({
        vassalage: 'SBX',
        memberId: p.memberId,
        transactionId: tooBig,
        roundId: id('r'),
        gameId: 'g-1',
        amountMinor: 2_001n,
      }),
    ).rejects.toMatchObject({ errorCode: 'BONUS_MAX_STAKE_EXCEEDED' });

    // The win is split as the stake was: 1000/1500 real (rounded down), the rest bonus.
    const win = await seamless().win({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('w'),
      roundId,
      amountMinor: 3_001n,
      roundClosed: true,
    });
    expect([await balanceOf(t.app, p.memberId), await bonusBalance(t.app, p.memberId)]).toEqual([2_000n, 5_501n]);
    expect(win.balanceMinor).toBe('7501');
  });

  it('wagering counts settled stakes less refunds times the category share, exactly, then converts once up to the cap', async () => {
    const p = await createPlayer(t.app, 0n);
    // Requirement 1000 × 3 = 3000; conversion capped at 1200.
    await giveBonus(t.app, p.memberId, 1_000n, {
      wageringMultiple: 3,
      maxStakeMinor: '1000',
      maxConversionMinor: '1200',
    });
    await t.app.services.rewardEvents.drain();

    // RNG (100 %): a 400 round with a 150 refund counts 250. LIVE (10 %): 705 counts 70.
    const roundId = id('r');
    const refunded = id('b');
    await seamless().bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('b'),
      roundId,
      gameId: 'g-1',
      amountMinor: 250n,
    });
    await seamless().bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: refunded,
      roundId,
      gameId: 'g-1',
      amountMinor: 150n,
    });
    await seamless().rollback({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('rb'),
      roundId,
      betTransactionId: refunded,
    });
    expect(await bonusBalance(t.app, p.memberId)).toBe(750n);
    await seamless().win({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('w'),
      roundId,
      amountMinor: 0n,
      roundClosed: true,
    });
    await playRound(p.memberId, 'ALV', 705n, 705n);
    await t.app.services.rewardEvents.drain();
    let view = await bonuses(p.token);
    expect(view.bonuses[0]).toMatchObject({
      status: 'active',
      requirementMinor: '3000',
      wageredMinor: String(250 + 70),
    });
    expect(view.wagers.map((w) => [w.category, w.turnoverMinor, w.percent, w.countedMinor])).toEqual([
      ['LIVE', '705', 10, '70'],
      ['RNG', '250', 100, '250'],
    ]);

    // Rounds that win keep the bonus growing; the one that passes 3000 converts it, capped at 1200.
    await playRound(p.memberId, 'SBX', 750n, 2_000n);
    await playRound(p.memberId, 'SBX', 1_000n, 1_500n);
    await t.app.services.rewardEvents.drain();
    expect((await bonuses(p.token)).bonuses[0]!.status).toBe('active');
    const before = await bonusBalance(t.app, p.memberId);
    await playRound(p.memberId, 'SBX', 1_000n, 0n);
    expect(await bonusBalance(t.app, p.memberId)).toBe(before - 1_000n);
    await t.app.services.rewardEvents.drain();
    await t.app.services.rewardEvents.drain();
    view = await bonuses(p.token);
    expect(before).toBe(2_500n);
    expect(view.bonuses[0]).toMatchObject({
      status: 'converted',
      wageredMinor: String(250 + 70 + 750 + 1000 + 1000),
      convertedMinor: '1200',
      returnedMinor: '300',
    });
    expect(await bonusBalance(t.app, p.memberId)).toBe(0n);
    expect(await balanceOf(t.app, p.memberId)).toBe(1_200n);
    // Further play moves nothing of the ended bonus.
    await playRound(p.memberId, 'SBX', 100n, 0n);
    await t.app.services.rewardEvents.drain();
    expect((await bonuses(p.token)).bonuses[0]!.wageredMinor).toBe(String(250 + 70 + 750 + 1000 + 1000));
  });

  it("one batch of many players' rounds: each counts once, the round that meets the requirement converts, the rounds after it count towards the queued bonus", async () => {
    const anna = await createPlayer(t.app, 5_000n);
    const ben = await createPlayer(t.app, 5_000n);
    const cleo = await createPlayer(t.app, 5_000n);
    // Anna: 2000 to wager, then a queued bonus; Ben: one bonus; Cleo: none.
    await giveBonus(t.app, anna.memberId, 1_000n, { wageringMultiple: 2, maxStakeMinor: '1000' });
    await giveBonus(t.app, anna.memberId, 1_000n, { wageringMultiple: 100, maxStakeMinor: '1000' });
    await giveBonus(t.app, ben.memberId, 1_000n, { wageringMultiple: 50, maxStakeMinor: '1000' });
    await t.app.services.rewardEvents.drain();
    // Interleaved, with no drain between: one batch of the consumer holds them all.
    for (const [p, vassalage, bet] of [
      [anna, 'SBX', 600n],
      [ben, 'SBX', 400n],
      [anna, 'SBX', 600n],
      [cleo, 'SBX', 900n],
      [anna, 'SBX', 600n],
      [ben, 'ALV', 705n],
      [anna, 'SBX', 500n],
      [anna, 'SBX', 300n],
      [cleo, 'ALV', 100n],
      [anna, 'ALV', 200n],
    ] as const)
      await playRound(p.memberId, vassalage, bet, 0n);
    await t.app.services.rewardEvents.drain();

    // Anna's fourth round brings 1800 to 2300: converted there; 300 and 200 × 10 % count towards the next.
    const annas = (await bonuses(anna.token)).bonuses;
    expect(annas.map((b) => [b.status, b.wageredMinor])).toEqual([
      ['active', '320'],
      ['converted', '2300'],
    ]);
    const bens = (await bonuses(ben.token)).bonuses;
    expect(bens.map((b) => [b.status, b.wageredMinor])).toEqual([['active', String(400 + 70)]]);
    expect((await bonuses(cleo.token)).bonuses).toEqual([]);
    const rows = await t.database.db
      .selectFrom('bonus_wagers')
      .select('turnover')
      .where(
        'bonus_id',
        'in',
        [...annas, ...bens].map((b) => b.id),
      )
      .execute();
    expect(rows.map((r) => Number(r.turnover)).reduce((a, b) => a + b, 0)).toBe(600 * 3 + 500 + 300 + 200 + 400 + 705);
  });

  it('a withdrawal while a bonus runs is refused until confirmed, then forfeits it: the bonus never reaches the main wallet', async () => {
    const payer = await createPayer(t.app, 10_000n);
    await giveBonus(t.app, payer.memberId, 3_000n, { maxStakeMinor: '5000' });
    // Stake partly bonus in an open round, so a later win's bonus part has nowhere to go.
    const roundId = id('r');
    await seamless().bet({
      vassalage: 'SBX',
      memberId: payer.memberId,
      transactionId: id('b'),
      roundId,
      gameId: 'g-1',
      amountMinor: 1_000n,
    });
    const { sumBalanceMinor } = valueOf<BalanceResult>(
      await call(t.app, 'GET', '/wps/v2/wallets/balance', { token: payer.token }),
    );
    expect(sumBalanceMinor).toBe('9000');

    const refused = expectFailure(
      await requestWithdrawal(t.app, payer, '10.00'),
      'BONUS_FORFEIT_CONFIRMATION_REQUIRED',
      409,
    );
    expect((refused.value as { bonuses: { status: string; amountMinor: string }[] }).bonuses).toMatchObject([
      { status: 'active', amountMinor: '3000' },
    ]);
    expect(await bonusBalance(t.app, payer.memberId)).toBe(3_000n);

    valueOf(await requestWithdrawal(t.app, payer, '10.00', { forfeitBonus: true }));
    expect(await bonusBalance(t.app, payer.memberId)).toBe(0n);
    expect(await balanceOf(t.app, payer.memberId)).toBe(8_000n);
    const view = await bonuses(payer.token);
    expect(view.bonuses[0]).toMatchObject({ status: 'forfeited', returnedMinor: '3000', convertedMinor: '0' });

    // The round's win: real money 1000/1000 of the stake, so all of it is real; the forfeited
    // bonus gets nothing and never becomes real money.
    await seamless().win({
      vassalage: 'SBX',
      memberId: payer.memberId,
      transactionId: id('w'),
      roundId,
      amountMinor: 500n,
      roundClosed: true,
    });
    expect([await balanceOf(t.app, payer.memberId), await bonusBalance(t.app, payer.memberId)]).toEqual([8_500n, 0n]);
  });

  it('the bonus part of a win or refund after the bonus ended stays with the house', async () => {
    const p = await createPlayer(t.app, 0n);
    await giveBonus(t.app, p.memberId, 2_000n, { maxStakeMinor: '2000' });
    const roundId = id('r');
    const second = id('b');
    await seamless().bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('b'),
      roundId,
      gameId: 'g-1',
      amountMinor: 800n,
    });
    await seamless().bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: second,
      roundId,
      gameId: 'g-1',
      amountMinor: 200n,
    });
    const [running] = (await bonuses(p.token)).bonuses;
    valueOf(
      await call(t.app, 'POST', `/ops/bonuses/${running!.id}/cancel`, {
        token: ops,
        payload: { reason: 'abuse checked' },
      }),
    );
    expectFailure(
      await call(t.app, 'POST', `/ops/bonuses/${running!.id}/cancel`, { token: ops, payload: { reason: 'again' } }),
      'BONUS_ALREADY_ENDED',
      409,
    );
    expect((await bonuses(p.token)).bonuses[0]).toMatchObject({ status: 'cancelled', returnedMinor: '1000' });
    await seamless().rollback({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('rb'),
      roundId,
      betTransactionId: second,
    });
    await seamless().win({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: id('w'),
      roundId,
      amountMinor: 5_000n,
      roundClosed: true,
    });
    expect([await balanceOf(t.app, p.memberId), await bonusBalance(t.app, p.memberId)]).toEqual([0n, 0n]);
    const audit = valueOf<{ list: { action: string; reason: string }[] }>(
      await call(t.app, 'GET', '/ops/audit?action=bonus.cancel', { token: ops }),
    );
    expect(audit.list[0]).toMatchObject({ action: 'bonus.cancel', reason: 'abuse checked' });
  });

  it('bonus first when the operator says so; a queued bonus starts when the one before it ends; expiry ends each once', async () => {
    const settings = valueOf<Record<string, unknown>>(await call(t.app, 'GET', '/ops/bonus-settings', { token: ops }));
    valueOf(
      await call(t.app, 'PUT', '/ops/bonus-settings', {
        token: ops,
        payload: { ...settings, spendOrder: 'bonus_first', reason: 'campaign rules' },
      }),
    );
    try {
      const p = await createPlayer(t.app, 1_000n);
      await giveBonus(t.app, p.memberId, 500n, { expiresInHours: 1 });
      await giveBonus(t.app, p.memberId, 700n, { expiresInHours: 3 });
      expect((await bonuses(p.token)).bonuses.map((b) => b.status)).toEqual(['queued', 'active']);
      const roundId = id('r');
      await seamless().bet({
        vassalage: 'SBX',
        memberId: p.memberId,
        transactionId: id('b'),
        roundId,
        gameId: 'g-1',
        amountMinor: 600n,
      });
      expect([await balanceOf(t.app, p.memberId), await bonusBalance(t.app, p.memberId)]).toEqual([900n, 0n]);
      await seamless().win({
        vassalage: 'SBX',
        memberId: p.memberId,
        transactionId: id('w'),
        roundId,
        amountMinor: 600n,
        roundClosed: true,
      });
      // 500 of 600 staked was bonus: 100 real, 500 bonus.
      expect([await balanceOf(t.app, p.memberId), await bonusBalance(t.app, p.memberId)]).toEqual([1_000n, 500n]);

      const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
      expect(await t.app.services.bonus.expireDue(inTwoHours)).toBe(1);
      expect(await t.app.services.bonus.expireDue(inTwoHours)).toBe(0);
      const view = await bonuses(p.token);
      expect(view.bonuses.map((b) => [b.status, b.returnedMinor])).toEqual([
        ['active', '0'],
        ['expired', '500'],
      ]);
      expect(await bonusBalance(t.app, p.memberId)).toBe(700n);
      expect(await t.app.services.bonus.expireDue(new Date(Date.now() + 4 * 3_600_000))).toBeGreaterThanOrEqual(1);
      expect(await bonusBalance(t.app, p.memberId)).toBe(0n);
      expect(await balanceOf(t.app, p.memberId)).toBe(1_000n);
    } finally {
      valueOf(
        await call(t.app, 'PUT', '/ops/bonus-settings', {
          token: ops,
          payload: { ...settings, reason: 'back to the default' },
        }),
      );
    }
  });

  it('the back office lists bonuses with filters and reports their cost by day and source', async () => {
    const p = await createPlayer(t.app, 0n);
    await giveBonus(t.app, p.memberId, 1_234n);
    const page = valueOf<{
      list: { memberId: string; amountMinor: string; status: string; username: string | null }[];
    }>(await call(t.app, 'GET', `/ops/bonuses?memberId=${p.memberId}&status=active`, { token: ops }));
    expect(page.list).toMatchObject([{ memberId: p.memberId, amountMinor: '1234', status: 'active' }]);
    expect(page.list[0]!.username).toBeTruthy();
    const day = new Date().toISOString().slice(0, 10);
    const report = valueOf<{ rows: { source: string; grantedMinor: string }[] }>(
      await call(t.app, 'GET', `/ops/reports/bonus-cost?from=${day}&to=${day}`, { token: ops }),
    );
    expect(BigInt(report.rows.find((r) => r.source === 'operator')!.grantedMinor)).toBeGreaterThanOrEqual(1_234n);
    const support = await operatorToken(t.app, 'support');
    expectFailure(
      await call(t.app, 'POST', `/ops/bonuses/1/cancel`, { token: support, payload: { reason: 'not mine' } }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expectFailure(
      await call(t.app, 'GET', `/ops/reports/bonus-cost?from=${day}&to=${day}&tz=Nowhere/Land`, { token: ops }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it('an operator gives a bonus through the rewards engine: one grant per key, paid at once, audited', async () => {
    await disableRegisterCaptcha(t.app);
    const user = await registerUser(t.app);
    const memberId = await memberIdOf(t.app, user.result.token);
    const body = {
      username: user.username,
      amount: '25.00',
      wageringMultiple: 5,
      maxStake: '3.00',
      reason: 'welcome back',
      idempotencyKey: `k-${crypto.randomUUID()}`,
    };
    const first = valueOf<{ grantId: string; created: boolean }>(
      await call(t.app, 'POST', '/ops/bonuses', { token: ops, payload: body }),
    );
    const again = valueOf<{ grantId: string; created: boolean }>(
      await call(t.app, 'POST', '/ops/bonuses', { token: ops, payload: body }),
    );
    expect([first.created, again.created, again.grantId]).toEqual([true, false, first.grantId]);
    expect(await bonusBalance(t.app, memberId)).toBe(2_500n);
    expect((await bonuses(user.result.token)).bonuses).toMatchObject([
      { status: 'active', amountMinor: '2500', requirementMinor: '12500', maxStakeMinor: '300', source: 'operator' },
    ]);
    const audit = valueOf<{ list: { action: string; reason: string }[] }>(
      await call(t.app, 'GET', '/ops/audit?action=bonus.grant', { token: ops }),
    );
    expect(audit.list[0]).toMatchObject({ action: 'bonus.grant', reason: 'welcome back' });
    expectFailure(
      await call(t.app, 'POST', '/ops/bonuses', {
        token: ops,
        payload: { ...body, username: 'nobody-here', idempotencyKey: `k-${crypto.randomUUID()}` },
      }),
      'PLAYER_NOT_FOUND',
      404,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/bonuses', {
        token: ops,
        payload: { ...body, amount: '0.001', idempotencyKey: `k-${crypto.randomUUID()}` },
      }),
      'VALIDATION_FAILED',
      400,
    );
  });
});
