import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import type { AgentMoveResult, AgentTeam } from '@wps/shared/schemas/agents';
import {
  call,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  registerUser,
  valueOf,
} from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { insertAffiliateCodeIfMissing } from '../member/member.repository';

type Pair = { ancestor: string; descendant: string; depth: number };

describeEachDatabase('agent tree: the closure table and the operator move', (target) => {
  let t: TestApp;
  let admin: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
    support = (await createTestOperator(t.app, 'support')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every pair of the closure table, sorted. */
  async function closure(): Promise<Pair[]> {
    const rows =
      await sql<Pair>`SELECT ancestor_id::text AS ancestor, descendant_id::text AS descendant, depth FROM agent_tree ORDER BY 1, 2`.execute(
        t.database.db,
      );
    return rows.rows.map((r) => ({ ...r, depth: Number(r.depth) }));
  }

  /** The same pairs computed afresh from members.upline_id by a recursive query. */
  async function walkedFromUplines(): Promise<Pair[]> {
    const rows = await sql<Pair>`
      WITH RECURSIVE chain (ancestor, descendant, depth) AS (
        SELECT id, id, 0 FROM members
        UNION ALL
        SELECT m.upline_id, c.descendant, c.depth + 1 FROM chain AS c JOIN members AS m ON m.id = c.ancestor WHERE m.upline_id IS NOT NULL
      )
      SELECT ancestor::text AS ancestor, descendant::text AS descendant, depth FROM chain ORDER BY 1, 2`.execute(
      t.database.db,
    );
    return rows.rows.map((r) => ({ ...r, depth: Number(r.depth) }));
  }

  async function agent(uplineId: string | null): Promise<{ id: string; code: string }> {
    const { id } = await insertTestMember(t, 'agent-pass-1', { type: AccountType.AGENT_1, uplineId });
    const code = `ag${crypto.randomBytes(4).toString('hex')}`;
    await insertAffiliateCodeIfMissing(t.database.db, { code, kind: 'affiliate', memberId: id, domain: null });
    return { id, code };
  }

  async function memberIdOf(account: string): Promise<string> {
    return String(
      (await t.database.db.selectFrom('members').select('id').where('account', '=', account).executeTakeFirstOrThrow())
        .id,
    );
  }

  const move = (memberId: string, uplineId: string | null, token = admin) =>
    call(t.app, 'POST', `/ops/agents/${memberId}/move`, {
      token,
      payload: { uplineId, reason: 'regional team reorganised' },
    });

  it('holds every ancestor pair of members registered under agents, at any depth', async () => {
    const top = await agent(null);
    const mid = await agent(top.id);
    const low = await agent(mid.id);
    const player = await registerUser(t.app, { affiliateCode: low.code });
    const playerId = await memberIdOf(player.username);
    expect(await closure()).toEqual(await walkedFromUplines());
    const team = valueOf<AgentTeam>(await call(t.app, 'GET', `/ops/agents/${playerId}`, { token: support }));
    expect(team.uplines.map((u) => u.id)).toEqual([low.id, mid.id, top.id]);
    const topTeam = valueOf<AgentTeam>(await call(t.app, 'GET', `/ops/agents/${top.id}`, { token: support }));
    expect(topTeam).toMatchObject({
      member: { id: top.id, isAgent: true },
      uplines: [],
      directDownlines: 1,
      teamSize: 3,
    });
  });

  it('moves a member with its whole team, audited; the closure table still matches upline_id', async () => {
    const a = await agent(null);
    const b = await agent(a.id);
    const c = await agent(b.id);
    const other = await agent(null);
    const player = await registerUser(t.app, { affiliateCode: c.code });
    const playerId = await memberIdOf(player.username);
    const moved = valueOf<AgentMoveResult>(await move(b.id, other.id));
    expect(moved).toEqual({ memberId: b.id, fromUplineId: a.id, toUplineId: other.id, movedMembers: 3 });
    expect(await closure()).toEqual(await walkedFromUplines());
    const team = valueOf<AgentTeam>(await call(t.app, 'GET', `/ops/agents/${playerId}`, { token: admin }));
    expect(team.uplines.map((u) => u.id)).toEqual([c.id, b.id, other.id]);
    expect(valueOf<AgentTeam>(await call(t.app, 'GET', `/ops/agents/${a.id}`, { token: admin })).teamSize).toBe(0);
    const entry = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'agent.move')
      .where('subject_id', '=', b.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      actor_type: 'operator',
      reason: 'regional team reorganised',
      before: { uplineId: a.id },
    });
    expect(entry.after).toMatchObject({ uplineId: other.id, movedMembers: 3 });
    // A registration under the moved branch afterwards gets the new chain.
    const late = await registerUser(t.app, { affiliateCode: c.code });
    const lateTeam = valueOf<AgentTeam>(
      await call(t.app, 'GET', `/ops/agents/${await memberIdOf(late.username)}`, { token: admin }),
    );
    expect(lateTeam.uplines.map((u) => u.id)).toEqual([c.id, b.id, other.id]);
    // To the top of the tree (no upline), and back.
    expect(valueOf<AgentMoveResult>(await move(b.id, null)).toUplineId).toBeNull();
    expect(await closure()).toEqual(await walkedFromUplines());
    valueOf<AgentMoveResult>(await move(b.id, a.id));
    expect(await closure()).toEqual(await walkedFromUplines());
  });

  it('refuses a cycle, a non-agent or unknown upline, an unknown member, and a role without agents.write; nothing changes', async () => {
    const a = await agent(null);
    const b = await agent(a.id);
    const c = await agent(b.id);
    const player = await registerUser(t.app, { affiliateCode: c.code });
    const playerId = await memberIdOf(player.username);
    const before = await closure();
    const audits = async () =>
      (await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'agent.move').execute()).length;
    const auditCount = await audits();
    expectFailure(await move(a.id, c.id), 'AGENT_TREE_CYCLE', 409);
    expectFailure(await move(a.id, a.id), 'AGENT_UPLINE_INVALID', 409);
    expectFailure(await move(b.id, playerId), 'AGENT_UPLINE_INVALID', 409);
    expectFailure(await move(b.id, '999999999'), 'AGENT_UPLINE_INVALID', 409);
    expectFailure(await move('999999999', a.id), 'AGENT_MEMBER_NOT_FOUND', 404);
    expectFailure(await move(c.id, null, support), 'OPERATOR_FORBIDDEN', 403);
    expectFailure(
      await call(t.app, 'POST', `/ops/agents/${c.id}/move`, { token: admin, payload: { uplineId: a.id, reason: '' } }),
      'VALIDATION_FAILED',
      400,
    );
    expect(await closure()).toEqual(before);
    expect(await audits()).toBe(auditCount);
    // The trigger is the last guard: a cycle written straight to members is refused too.
    await expect(
      t.database.db.updateTable('members').set({ upline_id: c.id }).where('id', '=', a.id).execute(),
    ).rejects.toThrow(/own downline/);
  });
});
