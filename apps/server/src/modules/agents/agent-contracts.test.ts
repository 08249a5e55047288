import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { Contract, ContractTier, ContractView } from '@wps/shared/schemas/agents';
import type { ConsolidatedFunds } from '@wps/shared/schemas/transfer';
import {
  call,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  registerUser,
  valueOf,
} from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { houseContractInForce } from './house-contract.test-support';

const DAILY = '/wps/relay/MCS2_processDailySalContract';
const PASSWORD = 'agent-pass-1';

/** One tier at `rateBp` from the first unit of turnover, and one higher tier from 10 000.00 and 5 active players. */
const tiers = (rateBp: number, upperBp = rateBp): ContractTier[] => [
  { minAmountMinor: '0', minActivePlayers: 0, rateBp },
  { minAmountMinor: '1000000', minActivePlayers: 5, rateBp: upperBp },
];

describeEachDatabase('agent contracts: the process calls, the rate cap and its automatic terminations', (target) => {
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

  type Agent = { id: string; account: string; token: string };
  async function agent(upline: Agent | null): Promise<Agent> {
    const { id, account } = await insertTestMember(t, PASSWORD, {
      type: AccountType.AGENT_1,
      uplineId: upline?.id ?? null,
    });
    const token = valueOf<LoginResult>(await login(t.app, account, PASSWORD)).token;
    return { id, account, token };
  }
  /** A house contract in force: set by an admin, approved by finance when it waits (a new one, or higher terms). */
  const house = (a: Agent, rateBp: number, upperBp = rateBp) =>
    houseContractInForce(t, { asker: admin, approver: finance }, a.id, 'daily_salary', {
      tiers: tiers(rateBp, upperBp),
      reason: 'agreed with the partner',
    });
  const process = (a: Agent, body: Record<string, unknown>, path = DAILY) =>
    call(t.app, 'POST', path, { token: a.token, payload: body });
  const offer = async (from: Agent, to: Agent, rateBp: number, upperBp = rateBp) =>
    valueOf<ContractView>(await process(from, { action: 'offer', downlineId: to.id, tiers: tiers(rateBp, upperBp) }))
      .changed!;
  const act = async (a: Agent, action: string, contract: Contract, extra: Record<string, unknown> = {}) =>
    valueOf<ContractView>(await process(a, { action, contractId: contract.id, ...extra })).changed!;
  const flags = async (a: Agent) =>
    valueOf<ConsolidatedFunds>(await call(t.app, 'GET', '/wps/member/info/funds/consolidated', { token: a.token }));
  const viewOf = async (a: Agent) => valueOf<ContractView>(await process(a, { action: 'view' }));

  /** A → B → C with daily-salary contracts at the given rates (A's with the house). */
  async function chain(rates: [number, number, number]) {
    const a = await agent(null);
    const b = await agent(a);
    const c = await agent(b);
    await house(a, rates[0]);
    await act(b, 'accept', await offer(a, b, rates[1]));
    await act(c, 'accept', await offer(b, c, rates[2]));
    return { a, b, c };
  }

  it('refuses the four calls to a non-agent (AGENT_ONLY) and without a token', async () => {
    const player = await registerUser(t.app);
    for (const path of [
      DAILY,
      '/wps/relay/MCS2_processDividendReq',
      '/wps/relay/MCS2_processContractHourSalary',
      '/wps/relay/MCSFE_processRealTimeSalaryContract',
    ]) {
      expectFailure(
        await call(t.app, 'POST', path, { token: player.result.token, payload: { action: 'view' } }),
        'AGENT_ONLY',
        403,
      );
      expectFailure(await call(t.app, 'POST', path, { payload: { action: 'view' } }), 'UNAUTHORIZED', 401);
    }
  });

  it('offer, reject, offer again, accept: the views and the consolidated flags follow', async () => {
    const a = await agent(null);
    const b = await agent(a);
    const top = await house(a, 100, 150);
    expect(top).toMatchObject({ upline: null, downline: a.account, status: 'active', period: 'day' });
    expect(await flags(a)).toMatchObject({
      hasDailySalaryContract: true,
      dailysalreqtype: 0,
      hasDividendContract: false,
    });

    const first = await offer(a, b, 60, 90);
    expect(first).toMatchObject({ status: 'offered', upline: a.account, downline: b.account });
    expect(await flags(b)).toMatchObject({ dailysalreqtype: 1, hasDailySalaryContract: false });
    expect((await viewOf(b)).offer?.id).toBe(first.id);
    expectFailure(
      await process(a, { action: 'offer', downlineId: b.id, tiers: tiers(50) }),
      'AGENT_CONTRACT_PENDING',
      409,
    );
    expectFailure(await process(a, { action: 'accept', contractId: first.id }), 'AGENT_CONTRACT_NOT_FOUND', 404);
    expect((await act(b, 'reject', first)).status).toBe('rejected');
    expect(await flags(b)).toMatchObject({ dailysalreqtype: 0, hasDailySalaryContract: false });

    const second = await offer(a, b, 60, 90);
    const accepted = await act(b, 'accept', second);
    expect(accepted).toMatchObject({ status: 'active' });
    expect(accepted.answeredAt).not.toBeNull();
    expect(await flags(b)).toMatchObject({ dailysalreqtype: 0, hasDailySalaryContract: true });
    expect((await viewOf(a)).downlines.map((c) => c.id)).toEqual([second.id]);
    expect((await viewOf(b)).current?.id).toBe(second.id);
    expectFailure(await process(b, { action: 'accept', contractId: second.id }), 'AGENT_CONTRACT_STATE', 409);
    // Another type is another contract: none here.
    expect(
      valueOf<ContractView>(await process(b, { action: 'view' }, '/wps/relay/MCS2_processDividendReq')).current,
    ).toBeNull();
  });

  it("refuses an offer above the upline's rate anywhere on its tiers, to a non-direct downline, and from an agent without a contract", async () => {
    const { b, c } = await chain([100, 60, 50]);
    const d = await agent(c);
    expectFailure(
      await process(b, { action: 'offer', downlineId: d.id, tiers: tiers(50) }),
      'AGENT_NOT_DIRECT_DOWNLINE',
      409,
    );
    const c2 = await agent(b);
    expectFailure(
      await process(b, { action: 'offer', downlineId: c2.id, tiers: tiers(61) }),
      'AGENT_RATE_ABOVE_UPLINE',
      409,
    );
    // Under B's rate on the lower tier, above it once the team reaches the upper tier's thresholds.
    expectFailure(
      await process(b, { action: 'offer', downlineId: c2.id, tiers: tiers(10, 61) }),
      'AGENT_RATE_ABOVE_UPLINE',
      409,
    );
    expect((await offer(b, c2, 60)).status).toBe('offered');
    // D holds no daily-salary contract, so it has no rate to give.
    const e = await agent(d);
    expectFailure(
      await process(d, { action: 'offer', downlineId: e.id, tiers: tiers(0, 1) }),
      'AGENT_RATE_ABOVE_UPLINE',
      409,
    );
  });

  it('a termination requested by one side is accepted by the other; the side that asked cannot accept it', async () => {
    const { b, c } = await chain([100, 60, 50]);
    const current = (await viewOf(c)).current!;
    const requested = await act(c, 'requestTermination', current);
    expect(requested).toMatchObject({ status: 'termination_requested', terminationRequestedBy: 'downline' });
    expect(await flags(b)).toMatchObject({ dailysalreqtype: 2 });
    expect(await flags(c)).toMatchObject({ dailysalreqtype: 0, hasDailySalaryContract: true });
    expectFailure(
      await process(c, { action: 'acceptTermination', contractId: current.id }),
      'AGENT_CONTRACT_STATE',
      409,
    );
    expect((await act(b, 'rejectTermination', current)).status).toBe('active');
    await act(b, 'requestTermination', current);
    expect(await flags(c)).toMatchObject({ dailysalreqtype: 2 });
    expect(await act(c, 'acceptTermination', current)).toMatchObject({ status: 'terminated', endReason: 'agreed' });
    expect(await flags(c)).toMatchObject({ dailysalreqtype: 0, hasDailySalaryContract: false });
  });

  it("an upline whose rate drops under a downline's ends that contract and everything under it, and tells them", async () => {
    const { a, b, c } = await chain([100, 60, 50]);
    const bContract = (await viewOf(b)).current!;
    const cContract = (await viewOf(c)).current!;
    await house(a, 40);
    expect((await viewOf(b)).current).toBeNull();
    expect((await viewOf(c)).current).toBeNull();
    const ended = await t.database.db
      .selectFrom('agent_contracts')
      .select(['id', 'status', 'end_reason'])
      .where('id', 'in', [bContract.id, cContract.id])
      .orderBy('id')
      .execute();
    expect(ended.map((r) => [r.status, r.end_reason])).toEqual([
      ['terminated', 'rate_cap'],
      ['terminated', 'rate_cap'],
    ]);
    const notices = await t.database.db
      .selectFrom('member_notices')
      .select(['member_id', 'params'])
      .where('kind', '=', 'agent_contract_terminated')
      .where('member_id', 'in', [b.id, c.id])
      .execute();
    expect(notices.map((n) => String(n.member_id)).sort()).toEqual([b.id, c.id].sort());
    expect(notices[0]!.params).toMatchObject({ contractType: 'daily_salary', reason: 'rate_cap' });
    expect(await flags(b)).toMatchObject({ hasDailySalaryContract: false });
    // A raise leaves the downlines alone.
    const again = await chain([100, 60, 50]);
    await house(again.a, 200);
    expect((await viewOf(again.c)).current?.status).toBe('active');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'agent.contract.house')
      .where('subject_id', '=', a.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect((audit.after as { endedContracts: string[] }).endedContracts.sort()).toEqual(
      [bContract.id, cContract.id].sort(),
    );
  });

  it('accepting lower terms asks for confirmation naming the downlines it would end; confirmed, they end', async () => {
    const { a, b, c } = await chain([100, 60, 50]);
    const lower = await offer(a, b, 30);
    const refused = expectFailure(
      await process(b, { action: 'accept', contractId: lower.id }),
      'AGENT_CONTRACT_CONFIRM_CASCADE',
      409,
    );
    expect(refused.value).toEqual({ affected: [{ contractId: (await viewOf(c)).current!.id, downline: c.account }] });
    expect((await viewOf(b)).offer?.id).toBe(lower.id);
    expect((await viewOf(c)).current?.status).toBe('active');
    const accepted = await act(b, 'accept', lower, { confirm: true });
    expect(accepted.status).toBe('active');
    expect((await viewOf(b)).current?.id).toBe(lower.id);
    expect((await viewOf(c)).current).toBeNull();
    const replaced = await t.database.db
      .selectFrom('agent_contracts')
      .select(['end_reason'])
      .where('downline_id', '=', b.id)
      .where('status', '=', 'terminated')
      .execute();
    expect(replaced.map((r) => r.end_reason)).toEqual(['replaced']);
  });

  it("a moved agent's contract with its old upline ends (moved), and so do those under it", async () => {
    const { b, c } = await chain([100, 60, 50]);
    const other = await agent(null);
    valueOf(
      await call(t.app, 'POST', `/ops/agents/${b.id}/move`, {
        token: admin,
        payload: { uplineId: other.id, reason: 'joined another partner' },
      }),
    );
    const rows = await t.database.db
      .selectFrom('agent_contracts')
      .select(['downline_id', 'status', 'end_reason'])
      .where('downline_id', 'in', [b.id, c.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [String(r.downline_id), r.status, r.end_reason])).toEqual([
      [b.id, 'terminated', 'moved'],
      [c.id, 'terminated', 'rate_cap'],
    ]);
  });

  it('refuses bad tiers (same thresholds twice, rate over 100 %) and a house contract for an agent under another agent', async () => {
    const a = await agent(null);
    const b = await agent(a);
    await house(a, 100);
    const twice = [tiers(10)[0], tiers(20)[0]];
    expectFailure(await process(a, { action: 'offer', downlineId: b.id, tiers: twice }), 'VALIDATION_FAILED', 400);
    expectFailure(
      await process(a, { action: 'offer', downlineId: b.id, tiers: tiers(10_001) }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await call(t.app, 'PUT', `/ops/agents/${b.id}/contracts/daily_salary`, {
        token: admin,
        payload: { tiers: tiers(10), reason: 'agreed with the partner' },
      }),
      'AGENT_CONTRACT_STATE',
      409,
    );
  });
});
