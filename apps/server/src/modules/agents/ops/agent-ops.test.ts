import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import type {
  AgentDownlinesPage,
  AgentReport,
  AgentSearchResult,
  AgentTypeResult,
  OpsContractDetail,
  OpsContractsPage,
} from '@wps/shared/schemas/agent-ops';
import type { AuditEntry } from '@wps/shared/schemas/operator';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { ContractView } from '@wps/shared/schemas/agents';
import { call, expectFailure, insertTestMember, login, valueOf } from '../../../../test/api-client';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { houseContractInForce } from '../house-contract.test-support';
import { createOrder, demoChannel } from '../../deposit/deposit.test-support';

const PASSWORD = 'agent-pass-1';
const DAILY = '/wps/relay/MCS2_processDailySalContract';
const REASON = 'regional team reorganised';
const tiers = (rateBp: number) => [{ minAmountMinor: '0', minActivePlayers: 0, rateBp }];

describeEachDatabase(
  'agent ops: the back office tree, type changes, contracts oversight and team reports',
  (target) => {
    let t: TestApp;
    let admin: string;
    let adminName: string;
    let support: string;
    let finance: string;

    beforeAll(async () => {
      t = await createTestApp(target);
      const adminOperator = await createTestOperator(t.app, 'admin');
      admin = adminOperator.token;
      adminName = adminOperator.username;
      support = (await createTestOperator(t.app, 'support')).token;
      finance = (await createTestOperator(t.app, 'finance')).token;
    });
    afterAll(async () => {
      await t?.close();
    });

    type Member = { id: string; account: string };
    const member = (uplineId: string | null, type: number = AccountType.AGENT_1): Promise<Member> =>
      insertTestMember(t, PASSWORD, { type, uplineId });
    const tokenOf = async (m: Member) => valueOf<LoginResult>(await login(t.app, m.account, PASSWORD)).token;
    const setType = (m: Member, type: number, token = admin) =>
      call(t.app, 'PUT', `/ops/agents/${m.id}/type`, { token, payload: { type, reason: REASON } });
    /** A house contract in force: set by an admin, approved by finance when it waits (a new one, or higher terms). */
    const house = (m: Member, rateBp: number) =>
      houseContractInForce(t, { asker: admin, approver: finance }, m.id, 'daily_salary', {
        tiers: tiers(rateBp),
        reason: 'agreed with the partner',
      });
    const audit = async (m: Member) =>
      valueOf<{ list: AuditEntry[] }>(await call(t.app, 'GET', `/ops/agents/${m.id}/audit`, { token: support })).list;
    const typeOf = async (m: Member) =>
      Number(
        (await t.database.db.selectFrom('members').select('type').where('id', '=', m.id).executeTakeFirstOrThrow())
          .type,
      );

    it('finds members by account prefix with their team sizes, and walks the direct downlines a level at a time', async () => {
      const top = await member(null);
      const mid = await member(top.id);
      const player = await member(mid.id, AccountType.MEMBER);
      await member(top.id, AccountType.MEMBER);

      const found = valueOf<AgentSearchResult>(
        await call(t.app, 'GET', `/ops/agents/search?account=${top.account.toUpperCase()}`, { token: support }),
      );
      expect(found.list[0]).toMatchObject({
        id: top.id,
        account: top.account,
        isAgent: true,
        status: 'active',
        uplineId: null,
        directDownlines: 2,
        teamSize: 3,
      });
      const agentsOnly = valueOf<AgentSearchResult>(
        await call(t.app, 'GET', `/ops/agents/search?account=${player.account}&agentsOnly=true`, { token: support }),
      );
      expect(agentsOnly.list).toEqual([]);
      // LIKE's wildcards are literal: "%" finds nobody rather than everybody.
      expect(
        valueOf<AgentSearchResult>(await call(t.app, 'GET', '/ops/agents/search?account=%25', { token: support })).list,
      ).toEqual([]);
      expectFailure(
        await call(t.app, 'GET', '/ops/agents/search?account=', { token: support }),
        'VALIDATION_FAILED',
        400,
      );

      const level1 = valueOf<AgentDownlinesPage>(
        await call(t.app, 'GET', `/ops/agents/${top.id}/downlines?sort=teamSize&order=desc`, { token: support }),
      );
      expect(level1.total).toBe(2);
      expect(level1.list.map((m) => [m.id, m.isAgent, m.teamSize])).toEqual([
        [mid.id, true, 1],
        [expect.any(String), false, 0],
      ]);
      const level2 = valueOf<AgentDownlinesPage>(
        await call(t.app, 'GET', `/ops/agents/${mid.id}/downlines`, { token: support }),
      );
      expect(level2.list.map((m) => m.id)).toEqual([player.id]);
      expectFailure(
        await call(t.app, 'GET', '/ops/agents/999999999/downlines', { token: support }),
        'AGENT_MEMBER_NOT_FOUND',
        404,
      );
    });

    it('changes an account type with the rules: relabel, promotion, demotion only without downlines, never a trial account; audited', async () => {
      const top = await member(null);
      const sub = await member(top.id);
      const player = await member(sub.id, AccountType.MEMBER);

      // Only admins hold agents.write; support reads.
      expectFailure(await setType(sub, AccountType.AGENT_41, support), 'OPERATOR_FORBIDDEN', 403);
      expectFailure(
        await call(t.app, 'PUT', `/ops/agents/${sub.id}/type`, {
          token: admin,
          payload: { type: AccountType.TRIAL, reason: REASON },
        }),
        'VALIDATION_FAILED',
        400,
      );
      expectFailure(
        await call(t.app, 'PUT', `/ops/agents/${sub.id}/type`, { token: admin, payload: { type: 41, reason: 'x' } }),
        'VALIDATION_FAILED',
        400,
      );

      expect(valueOf<AgentTypeResult>(await setType(sub, AccountType.AGENT_41))).toEqual({
        memberId: sub.id,
        fromType: 1,
        toType: 41,
        endedContracts: [],
      });
      expect(await typeOf(sub)).toBe(41);
      // An agent with someone under it stays an agent.
      expectFailure(await setType(sub, AccountType.MEMBER), 'AGENT_HAS_DOWNLINES', 409);
      expect(await typeOf(sub)).toBe(41);
      // A player becomes an agent, and back (nobody under it).
      expect(valueOf<AgentTypeResult>(await setType(player, AccountType.AGENT_2)).toType).toBe(2);
      expect(valueOf<AgentTypeResult>(await setType(player, AccountType.MEMBER)).toType).toBe(3);
      // The same type again changes nothing and writes no entry.
      expect(valueOf<AgentTypeResult>(await setType(player, AccountType.MEMBER))).toMatchObject({
        fromType: 3,
        toType: 3,
      });
      const trial = await member(null, AccountType.TRIAL);
      expectFailure(await setType(trial, AccountType.AGENT_1), 'AGENT_TYPE_INVALID', 409);
      expectFailure(
        await setType({ id: '999999999', account: 'nobody' }, AccountType.AGENT_1),
        'AGENT_MEMBER_NOT_FOUND',
        404,
      );

      const entries = await audit(player);
      expect(entries.map((e) => [e.action, e.before, (e.after as { type: number }).type, e.reason])).toEqual([
        ['agent.type', { type: 2 }, 3, REASON],
        ['agent.type', { type: 3 }, 2, REASON],
      ]);
      // The operator by username (the back office shows it), not only by id.
      expect(entries[0]).toMatchObject({
        actorType: 'operator',
        actorName: adminName,
        subjectType: 'member',
        subjectId: player.id,
      });
    });

    it('an agent made a member loses its contracts (ended by the operator, told by notice) and its offers; it can no longer use the agent side', async () => {
      const top = await member(null);
      const sub = await member(top.id);
      await house(top, 100);
      const offer = valueOf<ContractView>(
        await call(t.app, 'POST', DAILY, {
          token: await tokenOf(top),
          payload: { action: 'offer', downlineId: sub.id, tiers: tiers(50) },
        }),
      ).changed!;
      const subToken = await tokenOf(sub);
      valueOf<ContractView>(
        await call(t.app, 'POST', DAILY, { token: subToken, payload: { action: 'accept', contractId: offer.id } }),
      );

      const result = valueOf<AgentTypeResult>(await setType(sub, AccountType.MEMBER));
      expect(result.endedContracts).toEqual([offer.id]);
      const detail = valueOf<OpsContractDetail>(
        await call(t.app, 'GET', `/ops/agents/contracts/${offer.id}`, { token: support }),
      );
      expect(detail.contract).toMatchObject({
        status: 'terminated',
        endReason: 'operator',
        upline: top.account,
        downline: sub.account,
        uplineId: top.id,
        downlineId: sub.id,
      });
      expect(detail.events.map((e) => [e.event, e.by])).toEqual([
        ['offered', 'upline'],
        ['accepted', 'downline'],
        ['terminated', 'operator'],
      ]);
      const notices = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM member_notices WHERE member_id = ${sub.id}::bigint`.execute(t.database.db);
      expect(Number(notices.rows[0]?.n)).toBe(1);
      expectFailure(
        await call(t.app, 'POST', DAILY, { token: subToken, payload: { action: 'view' } }),
        'AGENT_ONLY',
        403,
      );
    });

    it('lists contracts by type, status and either party, with a detail of tiers, steps and the downline’s earlier contracts', async () => {
      const top = await member(null);
      const sub = await member(top.id);
      const first = await house(top, 100);
      const second = await house(top, 120);
      const topToken = await tokenOf(top);
      const offer = valueOf<ContractView>(
        await call(t.app, 'POST', DAILY, {
          token: topToken,
          payload: { action: 'offer', downlineId: sub.id, tiers: tiers(60) },
        }),
      ).changed!;

      const list = async (query: string) =>
        valueOf<OpsContractsPage>(await call(t.app, 'GET', `/ops/agents/contracts?${query}`, { token: support }));
      expect((await list(`downline=${top.account}`)).list.map((c) => [c.id, c.status, c.upline])).toEqual([
        [second.id, 'active', null],
        [first.id, 'terminated', null],
      ]);
      expect((await list(`downline=${top.account}&status=live`)).list.map((c) => c.id)).toEqual([second.id]);
      expect((await list(`upline=${top.account.toUpperCase()}`)).list.map((c) => [c.id, c.status, c.downline])).toEqual(
        [[offer.id, 'offered', sub.account]],
      );
      expect((await list(`upline=house&downline=${sub.account}`)).total).toBe(0);
      expect((await list(`type=dividend&downline=${top.account}`)).total).toBe(0);
      expect((await list('downline=nobody-here')).list).toEqual([]);
      expect((await list('upline=house&type=daily_salary&pageSize=100')).list.some((c) => c.id === second.id)).toBe(
        true,
      );
      expectFailure(
        await call(t.app, 'GET', '/ops/agents/contracts?status=paid', { token: support }),
        'VALIDATION_FAILED',
        400,
      );

      const detail = valueOf<OpsContractDetail>(
        await call(t.app, 'GET', `/ops/agents/contracts/${second.id}`, { token: support }),
      );
      expect(detail.contract.tiers).toEqual(tiers(120));
      expect(detail.events).toEqual([
        expect.objectContaining({ event: 'set_by_house', by: 'operator', operatorId: expect.any(String) }),
      ]);
      expect(detail.history.map((c) => [c.id, c.endReason])).toEqual([
        [second.id, null],
        [first.id, 'replaced'],
      ]);
      expectFailure(
        await call(t.app, 'GET', '/ops/agents/contracts/999999999', { token: support }),
        'AGENT_CONTRACT_NOT_FOUND',
        404,
      );
    });

    it('reports deposits, turnover, net loss, active players and settlement payouts of a team over a range, per branch; what lies outside it is left out', async () => {
      const top = await member(null);
      const branch = await member(top.id);
      const deep = await member(branch.id);
      const direct = await member(top.id, AccountType.MEMBER);
      const underBranch = await member(branch.id, AccountType.MEMBER);
      const underDeep = await member(deep.id, AccountType.MEMBER);
      const idle = await member(deep.id, AccountType.MEMBER);
      void idle;

      // Deposits go through the player's order and the operator's confirmation (credited now); rounds are written as a vendor's callbacks leave them.
      const now = Date.now();
      const inside = new Date(now - 30 * 60_000);
      const outside = new Date(now - 2 * 86_400_000);
      const from = new Date(now - 3_600_000).toISOString();
      const to = new Date(now + 3_600_000).toISOString();
      let round = 0;
      const play = async (
        m: Member,
        bet: number,
        win: number,
        at: Date,
        status: 'settled' | 'open' = 'settled',
        refund = 0,
      ) => {
        round += 1;
        await sql`INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, status, total_bet, total_win, total_refund, settled_at)
                VALUES ('TEST', ${`r-${target}-${round}-${m.id}`}, ${m.id}::bigint, 'n1', 'BRL', ${status}, ${bet}, ${win}, ${refund}, ${status === 'settled' ? at : null})`.execute(
          t.database.db,
        );
      };
      const channel = await demoChannel(t, await tokenOf(direct), 'manual_bank');
      const deposit = async (m: Member, amount: string, confirm = true) => {
        const order = await createOrder(t, await tokenOf(m), channel.id, amount);
        if (confirm)
          valueOf(
            await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
              token: admin,
              payload: { reason: 'checked statement' },
            }),
          );
        return order.id;
      };
      await play(direct, 10_000, 2_500, inside);
      await play(direct, 5_000, 9_000, inside);
      await play(underBranch, 20_000, 0, inside, 'settled', 5_000);
      await play(underDeep, 3_000, 1_000, inside);
      await play(branch, 1_000, 0, inside);
      await play(underDeep, 99_000, 0, outside);
      await play(underDeep, 7_000, 0, inside, 'open');
      await play(top, 50_000, 0, inside); // the agent's own play is not its team's
      await deposit(direct, '500');
      await deposit(underDeep, '200');
      await deposit(underDeep, '300', false);
      const earlier = await deposit(underBranch, '400');
      // A credited order refuses every change (migration 0600): the fixture moves it back in
      // time with the triggers off for the statement, as only a superuser could.
      await t.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE deposit_orders SET resolved_at = ${outside} WHERE id = ${earlier}::bigint`.execute(trx);
      });

      // Settlement statements as the settlement writes them: periods that started in the range count, paid apart from still to pay.
      const run = await sql<{
        id: string;
      }>`INSERT INTO agent_settlement_runs (stream, type, period_key, period_start, period_end, status)
      VALUES (${`test-${target}-${top.id}`}, 'daily_salary', 'p1', ${inside}, ${new Date(now)}, 'done') RETURNING id::text AS id`.execute(
        t.database.db,
      );
      let statement = 0;
      const statementOf = async (m: Member, amount: number, status: 'paid' | 'held' | 'pending', start: Date) => {
        statement += 1;
        const contract = await sql<{
          id: string;
        }>`INSERT INTO agent_contracts (type, upline_id, downline_id, tiers, period, status, offered_by_type, offered_by_id)
        VALUES ('hourly_salary', NULL, ${m.id}::bigint, '[]'::jsonb, 'hour', 'terminated', 'operator', '1') RETURNING id::text AS id`.execute(
          t.database.db,
        );
        await sql`INSERT INTO agent_statements (run_id, contract_id, member_id, type, period_key, period_start, period_end, team_base, active_players, tier_base, tier_active,
                  tier_rate_bp, rate_bp, gross_minor, downline_minor, amount_minor, lines, status, ledger_transaction_id, paid_at)
                VALUES (${run.rows[0]!.id}::bigint, ${contract.rows[0]!.id}::bigint, ${m.id}::bigint, 'hourly_salary', ${`p${statement}`}, ${start}, ${new Date(start.getTime() + 3_600_000)},
                  0, 0, 0, 0, 0, 0, ${amount}, 0, ${amount}, '[]'::jsonb, ${status}, ${status === 'paid' ? 1 : null}, ${status === 'paid' ? start : null})`.execute(
          t.database.db,
        );
      };
      await statementOf(branch, 1_234, 'paid', inside);
      await statementOf(deep, 500, 'held', inside);
      await statementOf(deep, 900, 'paid', outside);
      await statementOf(top, 700, 'pending', inside);

      const report = valueOf<AgentReport>(
        await call(t.app, 'GET', `/ops/agents/${top.id}/report?from=${from}&to=${to}`, { token: support }),
      );
      expect(report.member).toMatchObject({ id: top.id, isAgent: true });
      expect(report.team).toEqual({
        members: 6,
        activePlayers: 4,
        depositsMinor: '70000',
        depositCount: 2,
        turnoverMinor: '34000',
        netLossMinor: '21500',
        payoutsMinor: '1234',
        unpaidMinor: '500',
      });
      expect(report.own).toEqual({ payoutsMinor: '0', unpaidMinor: '700' });
      expect(report.directMembers).toEqual({
        members: 1,
        activePlayers: 1,
        depositsMinor: '50000',
        depositCount: 1,
        turnoverMinor: '15000',
        netLossMinor: '3500',
        payoutsMinor: '0',
        unpaidMinor: '0',
      });
      expect(report.branchCount).toBe(1);
      expect(report.branches).toEqual([
        {
          member: { id: branch.id, account: branch.account, type: 1, isAgent: true },
          figures: {
            members: 5,
            activePlayers: 3,
            depositsMinor: '20000',
            depositCount: 1,
            turnoverMinor: '19000',
            netLossMinor: '18000',
            payoutsMinor: '1234',
            unpaidMinor: '500',
          },
        },
      ]);

      const empty = valueOf<AgentReport>(
        await call(t.app, 'GET', `/ops/agents/${deep.id}/report?from=2026-04-01T00:00:00Z&to=2026-04-02T00:00:00Z`, {
          token: support,
        }),
      );
      expect(empty.team).toEqual({
        members: 2,
        activePlayers: 0,
        depositsMinor: '0',
        depositCount: 0,
        turnoverMinor: '0',
        netLossMinor: '0',
        payoutsMinor: '0',
        unpaidMinor: '0',
      });
      expectFailure(
        await call(t.app, 'GET', `/ops/agents/${top.id}/report?from=2026-03-11T00:00:00Z&to=2026-03-10T00:00:00Z`, {
          token: support,
        }),
        'VALIDATION_FAILED',
        400,
      );
      expectFailure(
        await call(t.app, 'GET', `/ops/agents/999999999/report?from=${from}&to=${to}`, { token: support }),
        'AGENT_MEMBER_NOT_FOUND',
        404,
      );
    });
  },
);
