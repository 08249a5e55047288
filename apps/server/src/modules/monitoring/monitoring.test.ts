import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodOf } from '@wps/shared/reward-period-windows';
import {
  MONITORING_DEFAULTS,
  type MonitoringRule,
  type OpsMonitoringFlagDetail,
  type OpsMonitoringPage,
} from '@wps/shared/schemas/monitoring';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { databaseTargets } from '../../../test/test-app';
import {
  createGatewayHarness,
  createPlayer,
  openSeamlessSession,
  type GatewayHarness,
  type Player,
} from '../gateway/gateway.test-support';
import { createPayer, fundMember, requestWithdrawal, type Payer } from '../withdrawal/withdrawal.test-support';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;
const DAY = 86_400_000;
const TZ = 'America/Sao_Paulo';

// Each rule's pattern made the way players and vendors make it (limits changed through the player's
// API, rounds through the sandbox vendor's signed callbacks, withdrawals requested and rejected
// through their APIs); only where a rule looks back over days are the rows moved back in time, as
// the days would have left them. A scan raises the flag when the pattern is there, not otherwise,
// and once per player, rule and period however often it runs.
for (const target of databaseTargets()) {
  describe(`behaviour monitoring [${target}]`, () => {
    let h: GatewayHarness;
    let support: string;
    let admin: string;

    beforeAll(async () => {
      h = await createGatewayHarness(target);
      support = (await createTestOperator(h.app, 'support')).token;
      admin = (await createTestOperator(h.app, 'admin')).token;
    });
    afterAll(async () => {
      await h?.close();
    });

    const scan = async () =>
      valueOf<{ raised: number }>(await call(h.app, 'POST', '/ops/monitoring/scan', { token: support })).raised;
    const flagsOf = async (memberId: string, rule?: MonitoringRule) =>
      valueOf<OpsMonitoringPage>(
        await call(h.app, 'GET', `/ops/monitoring/flags?memberId=${memberId}${rule ? `&rule=${rule}` : ''}`, {
          token: support,
        }),
      ).list;
    const setLimit = async (p: Player, value: string) =>
      valueOf(
        await call(h.app, 'PUT', '/wps/responsible-gaming/limits', {
          token: p.token,
          payload: { limits: [{ kind: 'deposit_day', value }] },
        }),
      );

    async function play(p: Player, sessionToken: string, stakeMinor: string, winMinor: string | null) {
      const base = { playerId: p.memberId, sessionToken };
      const round = id('r');
      const bet = id('b');
      const res = await h.sandbox.callbacks([
        {
          op: 'bet',
          body: { ...base, transactionId: bet, roundId: round, gameId: 'SBX-slot-01', amountMinor: stakeMinor },
        },
        winMinor === null
          ? { op: 'end-round', body: { ...base, roundId: round } }
          : {
              op: 'win',
              body: {
                ...base,
                transactionId: id('w'),
                roundId: round,
                betTransactionId: bet,
                amountMinor: winMinor,
                roundClosed: true,
              },
            },
      ]);
      expect(
        res.map((r) => r.status),
        JSON.stringify(res.map((r) => r.body)),
      ).toEqual([200, 200]);
    }

    /**
     * Move a player's rounds (newest first) to the given instants, as if played then. A settled
     * round refuses every change (migration 0600), so this fixture switches the triggers off for
     * the statement, as only a superuser could (as moveDeposits does for the ledger).
     */
    async function movePlayerRounds(memberId: string, instants: Date[]) {
      await h.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        const { rows } = await sql<{
          id: string;
        }>`SELECT id::text AS id FROM game_rounds WHERE member_id = ${memberId}::bigint ORDER BY id DESC`.execute(trx);
        for (const [i, at] of instants.entries())
          await sql`UPDATE game_rounds SET created_at = ${at}, settled_at = ${at} WHERE id = ${rows[i]!.id}::bigint`.execute(
            trx,
          );
      });
    }

    /**
     * Move a player's deposits (newest first) back in time. The ledger refuses changes to a posted
     * transaction, so this test fixture switches its triggers off for the statement, as only a
     * superuser could.
     */
    async function moveDeposits(memberId: string, instants: Date[]) {
      await h.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        const { rows } = await sql<{ id: string }>`
          SELECT t.id::text AS id FROM ledger_transactions t
          WHERE t.kind = 'deposit' AND EXISTS (SELECT 1 FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE e.transaction_id = t.id AND a.member_id = ${memberId}::bigint)
          ORDER BY t.id DESC`.execute(trx);
        for (const [i, at] of instants.entries())
          await sql`UPDATE ledger_transactions SET created_at = ${at} WHERE id = ${rows[i]!.id}::bigint`.execute(trx);
      });
    }

    it('limits raised often: three requests to raise a limit in 30 days raise one flag; two do not; a second scan adds nothing', async () => {
      const often = await createPlayer(h.app);
      const twice = await createPlayer(h.app);
      await setLimit(often, '100');
      await setLimit(twice, '100');
      for (const v of ['200', '300', '400']) await setLimit(often, v);
      for (const v of ['200', '300']) await setLimit(twice, v);
      await scan();
      const [flag, ...more] = await flagsOf(often.memberId, 'limits_raised');
      expect(more).toEqual([]);
      expect(flag).toMatchObject({
        rule: 'limits_raised',
        status: 'open',
        figures: { raises: 3, limits: ['deposit_day'], thresholdRaises: 3 },
        periodKey: expect.stringMatching(/^\d{4}-\d{2}$/),
      });
      expect(await flagsOf(twice.memberId, 'limits_raised')).toEqual([]);
      // Once per period: a fourth raise and another scan add no second flag.
      await setLimit(often, '500');
      await scan();
      expect(await flagsOf(often.memberId, 'limits_raised')).toHaveLength(1);
    });

    it('chasing losses: deposits and bigger stakes right after losing rounds raise a flag; the same money played without losses first does not', async () => {
      const chaser = await createPlayer(h.app, 30_000n);
      const calm = await createPlayer(h.app, 10_000n);
      const [chaserSession, calmSession] = [await openSeamlessSession(h, chaser), await openSeamlessSession(h, calm)];
      // Lose 100.00, deposit again; lose 50.00, then stake 100.00 (twice the lost stake) and lose; deposit again.
      await play(chaser, chaserSession, '10000', null);
      await fundMember(h.app, chaser.memberId, 10_000n);
      await play(chaser, chaserSession, '5000', null);
      await play(chaser, chaserSession, '10000', null);
      await fundMember(h.app, chaser.memberId, 5_000n);
      // A bigger stake after a round won is no chase.
      await play(chaser, chaserSession, '1000', '3000');
      await play(chaser, chaserSession, '5000', null);
      // The same deposits first, then equal stakes lost: no chase.
      await fundMember(h.app, calm.memberId, 10_000n);
      await fundMember(h.app, calm.memberId, 5_000n);
      for (let i = 0; i < 3; i++) await play(calm, calmSession, '5000', null);
      await scan();
      const [flag] = await flagsOf(chaser.memberId, 'loss_chasing');
      // Two deposits after a loss, and the 100.00 stake after the lost 50.00 (the 50.00 after the lost 100.00 is no raise).
      expect(flag?.figures).toMatchObject({
        chases: 3,
        depositsAfterLoss: 2,
        stakesRaisedAfterLoss: 1,
        netLossMinor: '28000',
        rounds: 5,
      });
      expect(flag?.periodKey).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await flagsOf(calm.memberId, 'loss_chasing')).toEqual([]);
      await scan();
      expect(await flagsOf(chaser.memberId, 'loss_chasing')).toHaveLength(1);
    });

    it('play at night: rounds on three nights of the last seven days raise a flag; two nights, or play by day, do not', async () => {
      const owl = await createPlayer(h.app, 10_000n);
      const twoNights = await createPlayer(h.app, 10_000n);
      const byDay = await createPlayer(h.app, 10_000n);
      const at = (daysAgo: number, hour: number) =>
        new Date(periodOf(new Date(Date.now() - daysAgo * DAY), 'daily', TZ).start.getTime() + hour * 3_600_000);
      for (const p of [owl, twoNights, byDay]) {
        const s = await openSeamlessSession(h, p);
        for (let i = 0; i < 3; i++) await play(p, s, '100', '50');
      }
      // 01:00 and 03:00 of one night are one night; 23:00 is outside 00:00-06:00.
      await movePlayerRounds(owl.memberId, [at(1, 3), at(2, 1), at(3, 5)]);
      await movePlayerRounds(twoNights.memberId, [at(1, 1), at(1, 3), at(2, 2)]);
      await movePlayerRounds(byDay.memberId, [at(1, 23), at(2, 12), at(3, 6)]);
      await scan();
      const [flag] = await flagsOf(owl.memberId, 'night_play');
      expect(flag?.figures).toMatchObject({ nights: 3, nightRounds: 3, nightStakesMinor: '300', thresholdNights: 3 });
      expect(flag?.periodKey).toMatch(/^\d{4}-W\d{2}$/);
      expect(await flagsOf(twoNights.memberId, 'night_play')).toEqual([]);
      expect(await flagsOf(byDay.memberId, 'night_play')).toEqual([]);
    });

    it('deposits rising fast: the last week at three times the usual week raises a flag; a steady week, or a first week, does not', async () => {
      const rising = await createPlayer(h.app);
      const steady = await createPlayer(h.app);
      const newcomer = await createPlayer(h.app);
      const now = Date.now();
      // Four usual weeks of 100.00, then 700.00 in the last seven days (7x the usual week); a steady
      // player's 550.00 is over the minimum but under three of their usual weeks of 200.00.
      for (let i = 0; i < 4; i++) await fundMember(h.app, rising.memberId, 10_000n);
      for (const amount of [30_000n, 40_000n]) await fundMember(h.app, rising.memberId, amount);
      for (let i = 0; i < 4; i++) await fundMember(h.app, steady.memberId, 20_000n);
      await fundMember(h.app, steady.memberId, 55_000n);
      await fundMember(h.app, newcomer.memberId, 90_000n);
      await moveDeposits(rising.memberId, [
        new Date(now - DAY),
        new Date(now - 2 * DAY),
        ...[9, 16, 23, 30].map((d) => new Date(now - d * DAY)),
      ]);
      await moveDeposits(steady.memberId, [
        new Date(now - DAY),
        ...[9, 16, 23, 30].map((d) => new Date(now - d * DAY)),
      ]);
      await scan();
      const [flag] = await flagsOf(rising.memberId, 'deposits_rising');
      expect(flag?.figures).toMatchObject({
        recentMinor: '70000',
        recentDeposits: 2,
        baselineMinor: '40000',
        baselineWeekMinor: '10000',
        risePercent: 700,
        thresholdPercent: 300,
      });
      expect(await flagsOf(steady.memberId, 'deposits_rising')).toEqual([]);
      expect(await flagsOf(newcomer.memberId, 'deposits_rising')).toEqual([]);
    });

    it('withdrawals reversed to play: two withdrawals returned and staked within a day raise a flag; returned and left alone do not', async () => {
      const finance = (await createTestOperator(h.app, 'finance')).token;
      const players: [Payer, Payer] = [await createPayer(h.app, 50_000n), await createPayer(h.app, 50_000n)];
      for (const p of players) {
        for (let i = 0; i < 2; i++) {
          const order = valueOf<{ id: string }>(await requestWithdrawal(h.app, p, '100'));
          valueOf(
            await call(h.app, 'POST', `/ops/withdrawals/${order.id}/reject`, {
              token: finance,
              payload: { reason: 'player asked' },
            }),
          );
        }
      }
      const [replayer, saver] = players;
      const s = await openSeamlessSession(h, replayer);
      await play(replayer, s, '5000', '1000');
      await scan();
      const [flag] = await flagsOf(replayer.memberId, 'withdrawals_reversed');
      expect(flag?.figures).toMatchObject({
        reversedAndPlayed: 2,
        reversals: 2,
        reversedMinor: '20000',
        playWithinHours: 24,
      });
      expect(await flagsOf(saver.memberId, 'withdrawals_reversed')).toEqual([]);
    });

    it('operators review a flag: notes, an outcome that closes it once (audited); the thresholds are the operator’s, switched off nothing is raised', async () => {
      const p = await createPlayer(h.app);
      await setLimit(p, '10');
      for (const v of ['20', '30', '40']) await setLimit(p, v);
      expect(await scan()).toBeGreaterThanOrEqual(1);
      const [flag] = await flagsOf(p.memberId);
      const url = `/ops/monitoring/flags/${flag!.id}`;
      // The player page's view: by member, open.
      expect(
        valueOf<OpsMonitoringPage>(
          await call(h.app, 'GET', `/ops/monitoring/flags?status=open&rule=limits_raised&memberId=${p.memberId}`, {
            token: support,
          }),
        ).total,
      ).toBe(1);
      const noted = valueOf<OpsMonitoringFlagDetail>(
        await call(h.app, 'POST', `${url}/notes`, {
          token: support,
          payload: { body: 'Called the player: wants higher limits for a trip.' },
        }),
      );
      expect(noted.noteList).toMatchObject([
        { body: 'Called the player: wants higher limits for a trip.', operator: expect.any(String) },
      ]);
      expect(noted.notes).toBe(1);
      expectFailure(
        await call(h.app, 'POST', `${url}/close`, { token: support, payload: { outcome: 'called', reason: 'done' } }),
        'VALIDATION_FAILED',
        400,
      );
      const closed = valueOf<OpsMonitoringFlagDetail>(
        await call(h.app, 'POST', `${url}/close`, {
          token: support,
          payload: { outcome: 'limits_suggested', reason: 'suggested a weekly limit' },
        }),
      );
      expect(closed).toMatchObject({
        status: 'closed',
        outcome: 'limits_suggested',
        closedBy: expect.any(String),
        closedAt: expect.any(String),
      });
      expectFailure(
        await call(h.app, 'POST', `${url}/close`, {
          token: support,
          payload: { outcome: 'no_action', reason: 'again' },
        }),
        'MONITORING_FLAG_CLOSED',
        409,
      );
      expectFailure(
        await call(h.app, 'GET', '/ops/monitoring/flags/999999999', { token: support }),
        'MONITORING_FLAG_NOT_FOUND',
        404,
      );
      const audit = await sql<{
        action: string;
        reason: string | null;
      }>`SELECT action, reason FROM audit_log WHERE subject_id = ${p.memberId} AND action LIKE 'monitoring.%' ORDER BY id`.execute(
        h.database.db,
      );
      expect(audit.rows).toEqual([
        { action: 'monitoring.note', reason: null },
        { action: 'monitoring.close', reason: 'suggested a weekly limit' },
      ]);

      // Support reviews, only an admin changes the thresholds; switched off, a scan raises nothing.
      expectFailure(
        await call(h.app, 'PUT', '/ops/monitoring/settings', { token: support, payload: MONITORING_DEFAULTS }),
        'OPERATOR_FORBIDDEN',
        403,
      );
      expectFailure(
        await call(h.app, 'PUT', '/ops/monitoring/settings', {
          token: admin,
          payload: { ...MONITORING_DEFAULTS, nightPlay: { startHour: 2, endHour: 2, minNights: 3 } },
        }),
        'VALIDATION_FAILED',
        400,
      );
      valueOf(
        await call(h.app, 'PUT', '/ops/monitoring/settings', {
          token: admin,
          payload: { ...MONITORING_DEFAULTS, enabled: false },
        }),
      );
      const off = await createPlayer(h.app);
      await setLimit(off, '10');
      for (const v of ['20', '30', '40']) await setLimit(off, v);
      expect(await scan()).toBe(0);
      expect(await flagsOf(off.memberId)).toEqual([]);
      // On again with a lower threshold but this rule's own switch off: the other rules run, this one raises nothing.
      valueOf(
        await call(h.app, 'PUT', '/ops/monitoring/settings', {
          token: admin,
          payload: { ...MONITORING_DEFAULTS, limitsRaised: { enabled: false, minRaises: 2 } },
        }),
      );
      await scan();
      expect(await flagsOf(off.memberId)).toEqual([]);
      // The rule on: two raises are enough now.
      const settings = valueOf(
        await call(h.app, 'PUT', '/ops/monitoring/settings', {
          token: admin,
          payload: { ...MONITORING_DEFAULTS, limitsRaised: { enabled: true, minRaises: 2 } },
        }),
      );
      expect(settings).toMatchObject({ enabled: true, limitsRaised: { enabled: true, minRaises: 2 } });
      expect(valueOf(await call(h.app, 'GET', '/ops/monitoring/settings', { token: support }))).toEqual(settings);
      await scan();
      expect(await flagsOf(off.memberId, 'limits_raised')).toHaveLength(1);
      valueOf(await call(h.app, 'PUT', '/ops/monitoring/settings', { token: admin, payload: MONITORING_DEFAULTS }));
    });
  });
}
