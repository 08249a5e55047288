import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { ContractTier, ContractView } from '@wps/shared/schemas/agents';
import { call, insertTestMember, login, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { houseContractInForce } from './house-contract.test-support';

const DAILY = '/wps/relay/MCS2_processDailySalContract';
const PASSWORD = 'agent-pass-1';
const tiers = (rateBp: number): ContractTier[] => [{ minAmountMinor: '0', minActivePlayers: 0, rateBp }];

// Two contract actions at the same moment, on real connections: each pair must end in one of the
// states the two actions could reach one after the other, with a 4xx (never a 5xx) for the loser.
describePostgres('agent contracts: two actions at once [postgres]', () => {
  let t: TestApp;
  let admin: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = (await createTestOperator(t.app, 'admin')).token;
    finance = (await createTestOperator(t.app, 'finance')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  type Agent = { id: string; token: string };
  async function agent(upline: Agent | null): Promise<Agent> {
    const { id, account } = await insertTestMember(t, PASSWORD, {
      type: AccountType.AGENT_1,
      uplineId: upline?.id ?? null,
    });
    return { id, token: valueOf<LoginResult>(await login(t.app, account, PASSWORD)).token };
  }
  /** The operator's PUT as it answers: terms that pay less are in force at once, the rest wait. */
  const house = (a: Agent, rateBp: number) =>
    call(t.app, 'PUT', `/ops/agents/${a.id}/contracts/daily_salary`, {
      token: admin,
      payload: { tiers: tiers(rateBp), reason: 'agreed with the partner' },
    });
  /** A house contract in force: a new one, or higher terms, approved by finance. */
  const houseInForce = (a: Agent, rateBp: number) =>
    houseContractInForce(t, { asker: admin, approver: finance }, a.id, 'daily_salary', {
      tiers: tiers(rateBp),
      reason: 'agreed with the partner',
    });
  const process = (a: Agent, body: Record<string, unknown>) =>
    call(t.app, 'POST', DAILY, { token: a.token, payload: body });
  const offer = (from: Agent, to: Agent, rateBp: number) =>
    process(from, { action: 'offer', downlineId: to.id, tiers: tiers(rateBp) });
  const offered = async (from: Agent, to: Agent, rateBp: number) =>
    valueOf<ContractView>(await offer(from, to, rateBp)).changed!.id;
  const statuses = async (downline: Agent) =>
    (
      await sql<{ status: string; rate: number }>`
        SELECT status, (tiers->0->>'rateBp')::int AS rate FROM agent_contracts WHERE downline_id = ${downline.id}::bigint ORDER BY id`.execute(
        t.database.db,
      )
    ).rows;
  const codes = (answers: { statusCode: number }[]) => answers.map((r) => r.statusCode).sort();

  it('two offers to one downline: one stands, the other is refused as pending', async () => {
    const a = await agent(null);
    const b = await agent(a);
    await houseInForce(a, 300);
    const answers = await Promise.all([offer(a, b, 100), offer(a, b, 200)]);
    expect(codes(answers)).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().errorCode).toBe('AGENT_CONTRACT_PENDING');
    expect((await statuses(b)).map((r) => r.status)).toEqual(['offered']);
  });

  it('an offer accepted twice at once (a double click): one contract, the second answer a state error', async () => {
    const a = await agent(null);
    const b = await agent(a);
    await houseInForce(a, 300);
    const id = await offered(a, b, 200);
    const answers = await Promise.all([
      process(b, { action: 'accept', contractId: id }),
      process(b, { action: 'accept', contractId: id }),
    ]);
    expect(codes(answers)).toEqual([200, 409]);
    expect((await statuses(b)).map((r) => r.status)).toEqual(['active']);
  });

  it('two house contracts set at once: both answered, one live contract, the other replaced', async () => {
    const a = await agent(null);
    // Both lower than the live 500 (in force at once), unless the other one was set first.
    await houseInForce(a, 500);
    const answers = await Promise.all([house(a, 300), house(a, 400)]);
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    const rows = await statuses(a);
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'terminated')).toHaveLength(rows.length - 1);
  });

  it('a downline accepting while its upline is lowered under it never ends with the downline above the cap', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await agent(null);
      const b = await agent(a);
      await houseInForce(a, 300);
      const id = await offered(a, b, 250);
      const [accepted, lowered] = await Promise.all([process(b, { action: 'accept', contractId: id }), house(a, 200)]);
      expect(lowered.statusCode).toBe(200);
      expect([200, 409]).toContain(accepted.statusCode);
      // Either order is allowed; the end state is the same: B holds no live contract at 250 over A's 200.
      const live = (await statuses(b)).filter((r) => r.status === 'active' || r.status === 'termination_requested');
      expect(live).toEqual([]);
    }
  });

  it('both sides ask for termination at once: one request stands, the other is a state error', async () => {
    const a = await agent(null);
    const b = await agent(a);
    await houseInForce(a, 300);
    const id = await offered(a, b, 200);
    await process(b, { action: 'accept', contractId: id });
    const answers = await Promise.all([
      process(a, { action: 'requestTermination', contractId: id }),
      process(b, { action: 'requestTermination', contractId: id }),
    ]);
    expect(codes(answers)).toEqual([200, 409]);
    expect((await statuses(b)).map((r) => r.status)).toEqual(['termination_requested']);
  });
});
