import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import { call, expectFailure, insertTestMember } from '../../../../test/api-client';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describePostgres, type TestApp } from '../../../../test/test-app';

// An agent made a member must have nobody under it: a registration under the agent that is not
// committed yet when the change starts must not slip in between the check and the new type.
describePostgres('account type change under a concurrent registration [postgres]', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = (await createTestOperator(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('waits for a registration under the agent in flight, then refuses to make it a member', async () => {
    const agent = (await insertTestMember(t, 'agent-pass-1', { type: AccountType.AGENT_1, uplineId: null })).id;
    let answered = false;
    let change: Promise<Awaited<ReturnType<typeof call>>> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      // The registration's foreign key only key-shares the agent's row: the tree lock is what holds the change back.
      await sql`INSERT INTO members (account, password_hash, upline_id) VALUES (${`late${Date.now()}`}, 'locked', ${agent}::bigint)`.execute(
        trx,
      );
      change = call(t.app, 'PUT', `/ops/agents/${agent}/type`, {
        token: admin,
        payload: { type: AccountType.MEMBER, reason: 'no longer a partner' },
      }).then((r) => {
        answered = true;
        return r;
      });
      // Long enough for the change to finish if nothing held it back.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answered).toBe(false);
    });
    expectFailure(await change!, 'AGENT_HAS_DOWNLINES', 409);
    const row = await t.database.db
      .selectFrom('members')
      .select('type')
      .where('id', '=', agent)
      .executeTakeFirstOrThrow();
    expect(Number(row.type)).toBe(AccountType.AGENT_1);
  });
});
