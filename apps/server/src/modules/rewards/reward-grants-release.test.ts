import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpsGrant } from '@wps/shared/schemas/rewards';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceMinor, newPlayer } from '../deposit/deposit.test-support';
import { waitingIn } from '../reporting/queue-counts.test-support';
import type { RewardKind } from './reward-grants.types';

// Releasing a held grant of money (cash or bonus) asks the operator money policy: within the
// thresholds it is paid at once, as before; above them the grant stays held with the asker and
// the thresholds passed, until an operator other than the asker, holding adjustments.approve,
// approves the release (POST /ops/rewards/grants/:id/release/approve). Points are no money.
describeEachDatabase('releasing held grants and the operator money policy', (target) => {
  let t: TestApp;
  let marketing: TestOperator;
  let finance: TestOperator;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    [marketing, finance, admin] = await Promise.all([
      createTestOperator(t.app, 'marketing'),
      createTestOperator(t.app, 'finance'),
      createTestOperator(t.app, 'admin'),
    ]);
    valueOf(
      await call(t.app, 'PUT', '/ops/operator-money/limits', {
        token: admin.token,
        payload: {
          perRequestMinor: '10000',
          playerDayMinor: '200000',
          operatorDayMinor: '500000',
          setupItemMinor: '100000',
          setupPeriodMinor: '1000000',
          reason: 'four eyes above R$ 100',
        },
      }),
    );
  }, 180_000);
  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  /** A grant held for an operator (as a referral that looks abused is). */
  async function held(kind: RewardKind, amount: bigint) {
    const player = await newPlayer(t);
    const { grantId } = await t.database.db.transaction().execute((trx) =>
      t.app.services.rewards.grants.issue(trx, {
        memberId: player.memberId,
        kind,
        amount,
        source: 'referral',
        sourceRef: `test:${player.memberId}`,
        key: `test-held:${player.memberId}:${kind}`,
        delivery: 'hold',
        params: { holdReason: 'same device as the referrer' },
      }),
    );
    return { player, grantId };
  }
  const release = (op: TestOperator, id: string) =>
    call(t.app, 'POST', `/ops/rewards/grants/${id}/release`, { token: op.token, payload: { reason: 'looked fair' } });
  const approveRelease = (op: TestOperator, id: string) =>
    call(t.app, 'POST', `/ops/rewards/grants/${id}/release/approve`, {
      token: op.token,
      payload: { reason: 'second look done' },
    });
  const opsGrant = async (op: TestOperator, memberId: string) =>
    valueOf<{ list: OpsGrant[] }>(
      await call(t.app, 'GET', `/ops/rewards/grants?memberId=${memberId}`, { token: op.token }),
    ).list[0]!;

  it('releases at once within the thresholds, and held points are no money', async () => {
    const cash = await held('cash', 10_000n);
    const before = await balanceMinor(t, cash.player.token);
    expect(valueOf<OpsGrant>(await release(marketing, cash.grantId)).status).toBe('paid');
    expect(await balanceMinor(t, cash.player.token)).toBe(before + 10_000n);
    const points = await held('points', 1_000_000n);
    expect(valueOf<OpsGrant>(await release(marketing, points.grantId)).status).toBe('paid');
  });

  it('keeps a release above the thresholds waiting for another operator; the audit names both', async () => {
    const heldBefore = await waitingIn(t, finance.token, 'heldRewards');
    const { player, grantId } = await held('cash', 15_000n);
    // The sidebar's badge on the held rewards' queue counts it until it is paid.
    expect(await waitingIn(t, finance.token, 'heldRewards')).toBe(heldBefore + 1);
    const before = await balanceMinor(t, player.token);
    const asked = valueOf<OpsGrant>(await release(marketing, grantId));
    expect(asked).toMatchObject({
      status: 'held',
      releaseAskedBy: marketing.operatorId,
      releaseWaitReasons: ['per_request'],
    });
    expect(await opsGrant(finance, player.memberId)).toMatchObject({
      status: 'held',
      releaseAskedBy: marketing.operatorId,
    });
    expect(await balanceMinor(t, player.token)).toBe(before);
    expectFailure(await release(admin, grantId), 'GRANT_RELEASE_WAITING', 409);
    expectFailure(await approveRelease(marketing, grantId), 'OPERATOR_FORBIDDEN', 403);

    const paid = valueOf<OpsGrant>(await approveRelease(finance, grantId));
    expect(paid).toMatchObject({ status: 'paid', releaseAskedBy: marketing.operatorId });
    expect(await waitingIn(t, finance.token, 'heldRewards')).toBe(heldBefore);
    expect(await balanceMinor(t, player.token)).toBe(before + 15_000n);
    expectFailure(await approveRelease(admin, grantId), 'GRANT_NOT_HELD', 409);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('subject_type', '=', 'reward_grant')
      .where('subject_id', '=', grantId)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, String(a.actor_id)])).toEqual([
      ['reward.release_request', marketing.operatorId],
      ['reward.release', finance.operatorId],
    ]);
    expect(audit[1]!.after).toMatchObject({ askedBy: marketing.operatorId, approvedBy: finance.operatorId });
  });

  it('never lets the asker approve their own release; a waiting release can still be rejected', async () => {
    const bonus = await held('bonus', 30_000n);
    expect(valueOf<OpsGrant>(await release(admin, bonus.grantId)).status).toBe('held');
    expectFailure(await approveRelease(admin, bonus.grantId), 'MONEY_OWN_REQUEST', 403);
    const other = await held('cash', 12_000n);
    expectFailure(await approveRelease(finance, other.grantId), 'GRANT_RELEASE_NOT_WAITING', 409);
    valueOf(await release(marketing, other.grantId));
    const rejected = valueOf<OpsGrant>(
      await call(t.app, 'POST', `/ops/rewards/grants/${other.grantId}/reject`, {
        token: marketing.token,
        payload: { reason: 'abuse confirmed' },
      }),
    );
    expect(rejected.status).toBe('rejected');
    expectFailure(await approveRelease(finance, other.grantId), 'GRANT_NOT_HELD', 409);
  });
});
