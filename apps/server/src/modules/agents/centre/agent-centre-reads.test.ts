import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import { localDayKey } from '@wps/shared/reward-periods';
import type {
  CentreAnnouncements,
  CentreOverview,
  DownlinesPage,
  TeamBetsPage,
  TeamPage,
  TeamTransactionsPage,
  UserLossPage,
} from '@wps/shared/schemas/agent-centre';
import type { Contract } from '@wps/shared/schemas/agents';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  call,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  registerUser,
  valueOf,
} from '../../../../test/api-client';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { houseContractInForce } from '../house-contract.test-support';
import { fundMember } from '../../withdrawal/withdrawal.test-support';

const PASSWORD = 'agent-pass-1';
const CENTRE = '/wps/agent/centre';

describeEachDatabase('agent centre: the team reads', (target) => {
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
    await t?.close();
  });

  type Member = { id: string; account: string; token: string };
  async function member(upline: Member | null, type: number = AccountType.AGENT_1): Promise<Member> {
    const { id, account } = await insertTestMember(t, PASSWORD, { type, uplineId: upline?.id ?? null });
    const token = valueOf<LoginResult>(await login(t.app, account, PASSWORD)).token;
    return { id, account, token };
  }
  const get = <T>(m: Member, path: string, query: Record<string, string> = {}) =>
    call(t.app, 'GET', `${CENTRE}/${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`, {
      token: m.token,
    }).then((r) => valueOf<T>(r));

  /** A settled round of `bet` won `win`, written as the gateway writes it (the triggers count it). */
  let roundNo = 0;
  async function round(m: Member, bet: number, win: number, refund = 0) {
    const roundId = `centre-${target}-${++roundNo}`;
    await t.database.db
      .insertInto('game_rounds')
      .values({
        vassalage: 'inhouse',
        round_id: roundId,
        member_id: m.id,
        node_id: 'centre-game',
        currency: 'BRL',
        total_bet: String(bet),
      })
      .execute();
    await t.database.db
      .updateTable('game_rounds')
      .set({ total_win: String(win), total_refund: String(refund), status: 'settled', settled_at: new Date() })
      .where('round_id', '=', roundId)
      .execute();
    return roundId;
  }

  /** Top agent A; B an agent under A; players p1 under A, p2 and p3 under B; C an agent under B. */
  async function tree() {
    const a = await member(null);
    const b = await member(a, AccountType.AGENT_2);
    const p1 = await member(a, AccountType.MEMBER);
    const p2 = await member(b, AccountType.MEMBER);
    const p3 = await member(b, AccountType.MEMBER);
    const c = await member(b, AccountType.AGENT_2);
    return { a, b, c, p1, p2, p3 };
  }

  it('refuses every read to a player (AGENT_ONLY) and without a token', async () => {
    const player = await registerUser(t.app);
    for (const path of [
      'overview',
      'downlines',
      'team',
      'bets',
      'user-loss',
      'transactions',
      'announcements',
      'links',
    ]) {
      expectFailure(await call(t.app, 'GET', `${CENTRE}/${path}`, { token: player.result.token }), 'AGENT_ONLY', 403);
      expectFailure(await call(t.app, 'GET', `${CENTRE}/${path}`), 'UNAUTHORIZED', 401);
    }
  });

  it('overview: members, new, active, deposits, turnover and P&L for today, 7 and 30 days', async () => {
    const { a, b, p1, p2, p3 } = await tree();
    await round(p1, 1_000, 400);
    await round(p2, 2_500, 0);
    await round(p2, 500, 1_500, 0);
    await round(p3, 300, 0, 300);
    await fundMember(t.app, p1.id, 5_000n);
    // Deposits count when an order is credited: an order row moving to credited is what the trigger sees.
    const before = valueOf<CentreOverview>(await call(t.app, 'GET', `${CENTRE}/overview`, { token: a.token }));
    expect(before.today).toMatchObject({
      members: 5,
      newMembers: 5,
      activePlayers: 3,
      turnoverMinor: String(1_000 + 2_500 + 500),
      profitLossMinor: String(1_000 + 2_500 + 500 - 400 - 1_500),
      depositsMinor: '0',
    });
    expect(before.last7Days).toMatchObject({ members: 5, activePlayers: 3, turnoverMinor: '4000' });
    expect(before.last30Days.profitLossMinor).toBe('2100');
    // Kept 30 s per agent: a round played meanwhile shows on the next computation, not this one.
    await round(p1, 5_000, 0);
    const again = await get<CentreOverview>(a, 'overview');
    expect(again.asOf).toBe(before.asOf);
    expect(again.today.turnoverMinor).toBe(before.today.turnoverMinor);
    const ofB = await get<CentreOverview>(b, 'overview');
    expect(ofB.today).toMatchObject({ members: 3, activePlayers: 2, turnoverMinor: '3000', profitLossMinor: '1500' });
  });

  it('downlines: every depth with level and upline, filters, the account-prefix search, balances of direct downlines only', async () => {
    const { a, b, c, p1, p2 } = await tree();
    await fundMember(t.app, b.id, 777n);
    await fundMember(t.app, p2.id, 555n);
    await houseContractInForce(t, { asker: admin, approver: finance }, a.id, 'daily_salary', {
      tiers: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 100 }],
      reason: 'partner terms',
    });
    const offered = valueOf<{ changed: Contract }>(
      await call(t.app, 'POST', '/wps/relay/MCS2_processDailySalContract', {
        token: a.token,
        payload: {
          action: 'offer',
          downlineId: b.id,
          tiers: [{ minAmountMinor: '0', minActivePlayers: 0, rateBp: 50 }],
        },
      }),
    ).changed;
    await call(t.app, 'POST', '/wps/relay/MCS2_processDailySalContract', {
      token: b.token,
      payload: { action: 'accept', contractId: offered.id },
    });

    const all = await get<DownlinesPage>(a, 'downlines');
    expect(all.total).toBe(5);
    const byAccount = new Map(all.list.map((d) => [d.account, d]));
    expect(byAccount.get(b.account)).toMatchObject({
      level: 1,
      upline: a.account,
      isAgent: true,
      contracts: ['daily_salary'],
      balanceMinor: '777',
      status: 'active',
    });
    expect(byAccount.get(p2.account)).toMatchObject({
      level: 2,
      upline: b.account,
      isAgent: false,
      contracts: [],
      balanceMinor: null,
    });
    expect(byAccount.get(c.account)).toMatchObject({ level: 2, upline: b.account, type: AccountType.AGENT_2 });

    expect((await get<DownlinesPage>(a, 'downlines', { level: '1' })).list.map((d) => d.account).sort()).toEqual(
      [b.account, p1.account].sort(),
    );
    expect((await get<DownlinesPage>(a, 'downlines', { type: String(AccountType.AGENT_2) })).total).toBe(2);
    const found = await get<DownlinesPage>(a, 'downlines', { search: p2.account.slice(0, -1).toUpperCase() });
    expect(found.list.map((d) => d.account)).toContain(p2.account);
    expect(found.list.every((d) => d.account.startsWith(p2.account.slice(0, -1)))).toBe(true);
    expectFailure(
      await call(t.app, 'GET', `${CENTRE}/downlines?search=%25`, { token: a.token }),
      'VALIDATION_FAILED',
      400,
    );
    expect((await get<DownlinesPage>(a, 'downlines', { search: 'zz_' })).total).toBe(0);
    // B sees only its own branch.
    expect((await get<DownlinesPage>(b, 'downlines', { search: p1.account })).total).toBe(0);
    const paged = await get<DownlinesPage>(a, 'downlines', { pageSize: '2', page: '3' });
    expect(paged).toMatchObject({ total: 5, totalPages: 3, page: 3 });
    expect(paged.list).toHaveLength(1);
  });

  it('team: direct downlines with their team size, active players and turnover this month', async () => {
    const { a, b, p1, p2, p3 } = await tree();
    await round(p2, 1_000, 0);
    await round(p3, 2_000, 100, 500);
    await round(p1, 50, 0);
    const team = await get<TeamPage>(a, 'team');
    // This month in the operator's time zone (the agent centre's), not UTC's: they differ for a
    // few hours at the turn of every month.
    const zone = (await t.database.db.selectFrom('reward_settings').select('time_zone').executeTakeFirstOrThrow())
      .time_zone;
    expect(team.month).toBe(localDayKey(new Date(), zone).slice(0, 7));
    expect(team.total).toBe(2);
    const rowOf = (account: string) => team.list.find((r) => r.account === account);
    expect(rowOf(b.account)).toMatchObject({ teamSize: 3, activePlayers: 2, turnoverMinor: '2500', isAgent: true });
    expect(rowOf(p1.account)).toMatchObject({ teamSize: 0, activePlayers: 1, turnoverMinor: '50', isAgent: false });
  });

  it("bets: the team's rounds newest first, by member, never another team's", async () => {
    const { a, b, p1, p2 } = await tree();
    const outsider = await member(null, AccountType.MEMBER);
    await round(outsider, 9_999, 0);
    const first = await round(p1, 100, 0);
    const second = await round(p2, 200, 300);
    const bets = await get<TeamBetsPage>(a, 'bets');
    expect(bets.list.map((r) => r.roundId)).toEqual([second, first]);
    expect(bets.totals).toMatchObject({ rounds: 2, betMinor: '300', winMinor: '300' });
    expect(bets.list[0]).toMatchObject({ account: p2.account, betMinor: '200', winMinor: '300', status: 'settled' });
    expect((await get<TeamBetsPage>(a, 'bets', { member: p1.account })).list.map((r) => r.roundId)).toEqual([first]);
    expectFailure(
      await call(t.app, 'GET', `${CENTRE}/bets?member=${outsider.account}`, { token: a.token }),
      'AGENT_MEMBER_NOT_FOUND',
      404,
    );
    expectFailure(
      await call(t.app, 'GET', `${CENTRE}/bets?member=${p1.account}`, { token: b.token }),
      'AGENT_MEMBER_NOT_FOUND',
      404,
    );
    expect((await get<TeamBetsPage>(a, 'bets', { from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expectFailure(
      await call(t.app, 'GET', `${CENTRE}/bets?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z`, { token: a.token }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it('user loss: stakes, wins, bonuses and net per member with play', async () => {
    const { a, p1, p2 } = await tree();
    await round(p1, 1_000, 250);
    await round(p2, 400, 900, 100);
    await t.app.services.ledger.creditPlayerFromSystem({
      systemAccount: 'promotion_budget',
      memberId: p1.id,
      amountMinor: 70n,
      kind: 'reward_cash',
      idempotencyKey: `centre-bonus-${p1.id}`,
    });
    const loss = await get<UserLossPage>(a, 'user-loss');
    // Today in the operator's time zone (the agent centre's days), not UTC's: they differ for part of every day.
    const zone = (await t.database.db.selectFrom('reward_settings').select('time_zone').executeTakeFirstOrThrow())
      .time_zone;
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    expect(loss).toMatchObject({ from: today, to: today, total: 2 });
    expect(loss.list[0]).toMatchObject({
      account: p1.account,
      level: 1,
      stakesMinor: '1000',
      winsMinor: '250',
      bonusesMinor: '70',
      netMinor: '680',
    });
    expect(loss.list[1]).toMatchObject({
      account: p2.account,
      level: 2,
      stakesMinor: '300',
      winsMinor: '900',
      bonusesMinor: '0',
      netMinor: '-600',
    });
    expect((await get<UserLossPage>(a, 'user-loss', { from: '2020-01-01', to: '2020-01-31' })).total).toBe(0);
  });

  it("transactions: the team's deposits, transfers and bonuses, by type and member", async () => {
    const { a, b, p1, p2 } = await tree();
    await fundMember(t.app, p1.id, 1_000n);
    await fundMember(t.app, p2.id, 2_000n);
    await t.app.services.ledger.creditPlayerFromSystem({
      systemAccount: 'promotion_budget',
      memberId: p2.id,
      amountMinor: 30n,
      kind: 'reward_cash',
      idempotencyKey: `centre-tx-bonus-${p2.id}`,
    });
    const all = await get<TeamTransactionsPage>(a, 'transactions');
    expect(all.total).toBe(3);
    expect(all.list[0]).toMatchObject({
      account: p2.account,
      kind: 'reward_cash',
      amountMinor: '30',
      balanceAfterMinor: '2030',
    });
    expect(
      (await get<TeamTransactionsPage>(a, 'transactions', { type: 'deposit' })).list.map((x) => x.amountMinor),
    ).toEqual(['2000', '1000']);
    expect(
      (await get<TeamTransactionsPage>(a, 'transactions', { member: p1.account })).list.map((x) => x.kind),
    ).toEqual(['deposit']);
    expect((await get<TeamTransactionsPage>(b, 'transactions')).total).toBe(2);
    expectFailure(
      await call(t.app, 'GET', `${CENTRE}/transactions?type=bet`, { token: a.token }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it("announcements: the agents' type, which the players' list never shows", async () => {
    const a = await member(null);
    const translations = {
      PT: { title: 'Aviso aos agentes', bodyHtml: '<p>Novas taxas</p>' },
      EN: { title: 'Agents notice', bodyHtml: '<p>New rates</p>' },
    };
    const payload = {
      kind: 'announcement',
      groupCode: 'AG',
      sortOrder: 0,
      publishFrom: null,
      publishUntil: null,
      linkage: null,
      imageName: null,
      translations,
      reason: 'agents notice',
    };
    const created = valueOf<{ id: string }>(await call(t.app, 'PUT', '/ops/content', { token: admin, payload }));
    valueOf(
      await call(t.app, 'PUT', `/ops/content/${created.id}/status`, {
        token: admin,
        payload: { status: 'published', reason: 'ready' },
      }),
    );
    const list = await get<CentreAnnouncements>(a, 'announcements');
    expect(list.list.map((x) => x.title)).toContain('Aviso aos agentes');
    const players = valueOf<{ list: { type: string }[] }>(
      await call(t.app, 'POST', '/wps/relay/MCSFE_getListAnnouncements', { payload: { pageNo: 1, pageSize: 50 } }),
    );
    expect(players.list.some((x) => x.type === 'AG')).toBe(false);
    expectFailure(
      await call(t.app, 'POST', '/wps/relay/MCSFE_getListAnnouncements', { payload: { type: 'AG' } }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it("counts days in the operator's time zone, the days daily salaries are settled on", async () => {
    // A zone whose date differs from UTC's now: twelve hours behind before noon UTC, fourteen ahead after.
    const nowUtc = new Date();
    const zone = nowUtc.getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    const localToday = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(nowUtc);
    expect(localToday).not.toBe(nowUtc.toISOString().slice(0, 10));
    const previous = await t.database.db.selectFrom('reward_settings').select('time_zone').executeTakeFirstOrThrow();
    await t.database.db.updateTable('reward_settings').set({ time_zone: zone }).execute();
    try {
      const a = await member(null);
      const p = await member(a, AccountType.MEMBER);
      await round(p, 700, 0);
      const overview = await get<CentreOverview>(a, 'overview');
      expect(overview.today).toMatchObject({ from: localToday, to: localToday, newMembers: 1, turnoverMinor: '700' });
      const days = await t.database.db
        .selectFrom('agent_member_daily')
        .select(sql<string>`day::text`.as('day'))
        .where('member_id', '=', p.id)
        .execute();
      expect(days.map((d) => d.day)).toEqual([localToday]);
      const loss = await get<UserLossPage>(a, 'user-loss');
      expect(loss).toMatchObject({ from: localToday, to: localToday });
      expect(loss.list.map((r) => r.account)).toEqual([p.account]);
    } finally {
      await t.database.db.updateTable('reward_settings').set({ time_zone: previous.time_zone }).execute();
    }
  });
});
