import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { HouseContractChanges } from '@wps/shared/schemas/agent-ops';
import type { ContractTier, ContractView, HouseContractChange, HouseContractResult } from '@wps/shared/schemas/agents';
import {
  call,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  valueOf,
} from '../../../../test/api-client';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';

const DAILY = '/wps/relay/MCS2_processDailySalContract';
const DIVIDEND = '/wps/relay/MCS2_processDividendReq';
const PASSWORD = 'agent-pass-1';
const tiers = (rateBp: number, upperBp = rateBp): ContractTier[] => [
  { minAmountMinor: '0', minActivePlayers: 0, rateBp },
  { minAmountMinor: '1000000', minActivePlayers: 5, rateBp: upperBp },
];

// A top agent's contract with the house sets what the house pays the whole chain under it, by rate
// and without bound: one admin could give a chosen agent 100 % of its team's stakes. A new contract,
// or terms that pay more, wait for an operator other than the asker holding adjustments.approve;
// terms that pay less are active at once.
describeEachDatabase('house contracts: a raise waits for a second operator', (target) => {
  let t: TestApp;
  let admin: { token: string; operatorId: string };
  let otherAdmin: { token: string; operatorId: string };
  let finance: { token: string; operatorId: string };
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    otherAdmin = await createTestOperator(t.app, 'admin');
    finance = await createTestOperator(t.app, 'finance');
    support = (await createTestOperator(t.app, 'support')).token;
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
    return { id, account, token: valueOf<LoginResult>(await login(t.app, account, PASSWORD)).token };
  }
  const house = (a: Agent, body: Record<string, unknown>, type = 'daily_salary', token = admin.token) =>
    call(t.app, 'PUT', `/ops/agents/${a.id}/contracts/${type}`, {
      token,
      payload: { tiers: tiers(100), reason: 'agreed with the partner', ...body },
    });
  const decide = (token: string, id: string, decision: 'approve' | 'reject') =>
    call(t.app, 'POST', `/ops/agents/contract-changes/${id}/${decision}`, {
      token,
      payload: { reason: `${decision} it` },
    });
  const view = async (a: Agent, path = DAILY) =>
    valueOf<ContractView>(await call(t.app, 'POST', path, { token: a.token, payload: { action: 'view' } }));

  it('a new house contract waits: the agent has none meanwhile, the asker and support cannot approve, finance can', async () => {
    const a = await agent(null);
    const b = await agent(a);
    const asked = valueOf<HouseContractResult>(await house(a, { tiers: tiers(100, 150) }));
    expect(asked.contract).toBeNull();
    expect(asked.waiting).toMatchObject({
      memberId: a.id,
      account: a.account,
      type: 'daily_salary',
      status: 'pending',
      current: null,
      requestedBy: admin.operatorId,
    });
    expect((await view(a)).current).toBeNull();
    // Without its own contract the agent can offer nothing to its downline.
    expectFailure(
      await call(t.app, 'POST', DAILY, {
        token: a.token,
        payload: { action: 'offer', downlineId: b.id, tiers: tiers(50) },
      }),
      ErrorCode.AGENT_RATE_ABOVE_UPLINE,
      409,
    );
    const listed = valueOf<HouseContractChanges>(
      await call(t.app, 'GET', '/ops/agents/contract-changes', { token: support }),
    ).list;
    expect(listed.map((c) => c.id)).toContain(asked.waiting!.id);
    expectFailure(await decide(admin.token, asked.waiting!.id, 'approve'), ErrorCode.MONEY_OWN_REQUEST, 403);
    expectFailure(await decide(support, asked.waiting!.id, 'approve'), ErrorCode.OPERATOR_FORBIDDEN, 403);

    const applied = valueOf<HouseContractChange>(await decide(finance.token, asked.waiting!.id, 'approve'));
    expect(applied).toMatchObject({ status: 'applied', decidedBy: finance.operatorId, contractId: expect.any(String) });
    expect((await view(a)).current).toMatchObject({ id: applied.contractId, status: 'active', tiers: tiers(100, 150) });
    expectFailure(
      await decide(otherAdmin.token, asked.waiting!.id, 'reject'),
      ErrorCode.SETUP_CHANGE_ALREADY_DECIDED,
      409,
    );
    expectFailure(await decide(finance.token, '999999999', 'approve'), ErrorCode.SETUP_CHANGE_NOT_FOUND, 404);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'after'])
      .where('subject_type', '=', 'member')
      .where('subject_id', '=', a.id)
      .where('action', 'like', 'agent.contract.%')
      .orderBy('id')
      .execute();
    expect(audit.map((e) => [e.action, String(e.actor_id)])).toEqual([
      ['agent.contract.house_request', admin.operatorId],
      ['agent.contract.house', finance.operatorId],
    ]);
    expect(audit[1]!.after).toMatchObject({ askedBy: admin.operatorId, approvedBy: finance.operatorId });
  });

  it('lower terms are active at once; higher terms wait with the live contract still paying; a new request supersedes', async () => {
    const a = await agent(null);
    const first = valueOf<HouseContractResult>(await house(a, { tiers: tiers(200, 300) }));
    valueOf(await decide(finance.token, first.waiting!.id, 'approve'));
    const live = (await view(a)).current!;

    const lowered = valueOf<HouseContractResult>(await house(a, { tiers: tiers(150, 300) }));
    expect(lowered.waiting).toBeNull();
    expect(lowered.contract).toMatchObject({ status: 'active', tiers: tiers(150, 300) });
    expect((await view(a)).current?.id).toBe(lowered.contract!.id);

    // Higher in one tier only (the upper one), lower in the other: a raise, it waits.
    const raised = valueOf<HouseContractResult>(await house(a, { tiers: tiers(100, 400) }));
    expect(raised.contract).toBeNull();
    expect(raised.waiting?.current).toMatchObject({ contractId: lowered.contract!.id, tiers: tiers(150, 300) });
    expect((await view(a)).current).toMatchObject({ id: lowered.contract!.id, tiers: tiers(150, 300) });
    expect(live.id).not.toBe(lowered.contract!.id);

    const again = valueOf<HouseContractResult>(await house(a, { tiers: tiers(150, 350) }));
    expectFailure(
      await decide(finance.token, raised.waiting!.id, 'approve'),
      ErrorCode.SETUP_CHANGE_ALREADY_DECIDED,
      409,
    );
    expect(valueOf<HouseContractChange>(await decide(otherAdmin.token, again.waiting!.id, 'reject')).status).toBe(
      'rejected',
    );
    expect((await view(a)).current).toMatchObject({ id: lowered.contract!.id, tiers: tiers(150, 300) });
  });

  it("another dividend period waits, even at the same rates; the asker's own change is decided by someone else", async () => {
    const a = await agent(null);
    const monthly = valueOf<HouseContractResult>(await house(a, { tiers: tiers(1000), period: 'monthly' }, 'dividend'));
    valueOf(await decide(otherAdmin.token, monthly.waiting!.id, 'approve'));
    expect((await view(a, DIVIDEND)).current).toMatchObject({ period: 'monthly' });
    const weekly = valueOf<HouseContractResult>(await house(a, { tiers: tiers(1000), period: 'weekly' }, 'dividend'));
    expect(weekly.waiting).toMatchObject({ period: 'weekly', current: { period: 'monthly' } });
    expect((await view(a, DIVIDEND)).current).toMatchObject({ period: 'monthly' });
  });
});
