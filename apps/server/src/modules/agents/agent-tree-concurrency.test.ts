import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import { call, insertTestMember } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';

// Registrations under a branch while that branch moves back and forth, on real connections: the
// triggers' shared and exclusive tree lock must leave the closure table equal to upline_id.
describePostgres('agent tree under concurrent registrations and moves [postgres]', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = (await createTestOperator(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const pairs = async (query: ReturnType<typeof sql<{ a: string; d: string; depth: number }>>) =>
    (await query.execute(t.database.db)).rows.map((r) => `${r.a}>${r.d}@${Number(r.depth)}`).sort();

  const walk = () =>
    pairs(sql`
      WITH RECURSIVE chain (a, d, depth) AS (
        SELECT id, id, 0 FROM members
        UNION ALL
        SELECT m.upline_id, c.d, c.depth + 1 FROM chain AS c JOIN members AS m ON m.id = c.a WHERE m.upline_id IS NOT NULL
      )
      SELECT a::text AS a, d::text AS d, depth FROM chain`);
  const stored = () => pairs(sql`SELECT ancestor_id::text AS a, descendant_id::text AS d, depth FROM agent_tree`);

  it('a move started while a registration under the branch is not committed yet waits for it, and carries the new member', async () => {
    const agent = async (uplineId: string | null) =>
      (await insertTestMember(t, 'agent-pass-1', { type: AccountType.AGENT_1, uplineId })).id;
    const left = await agent(null);
    const right = await agent(null);
    const branch = await agent(left);
    // Under a member below the branch: the registration's foreign key locks that member's row, not
    // the branch's, so only the tree lock holds the move back.
    const leaf = await agent(branch);
    let moveAnswered = false;
    let move: Promise<unknown> = Promise.resolve();
    await t.database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO members (account, password_hash, upline_id) VALUES (${`late${Date.now()}`}, 'locked', ${leaf}::bigint)`.execute(
        trx,
      );
      move = call(t.app, 'POST', `/ops/agents/${branch}/move`, {
        token: admin,
        payload: { uplineId: right, reason: 'load balancing the teams' },
      }).then((r) => {
        moveAnswered = true;
        return r;
      });
      // Long enough for the move to finish if nothing held it back.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(moveAnswered).toBe(false);
    });
    await move;
    expect(await stored()).toEqual(await walk());
  });

  it('keeps the closure table equal to a fresh walk of upline_id', async () => {
    const agent = async (uplineId: string | null) =>
      (await insertTestMember(t, 'agent-pass-1', { type: AccountType.AGENT_1, uplineId })).id;
    const left = await agent(null);
    const right = await agent(null);
    const branch = await agent(left);
    const leaf = await agent(branch);
    const registrations = Array.from({ length: 40 }, (_, i) =>
      insertTestMember(t, 'player-pass-1', { uplineId: i % 2 === 0 ? branch : leaf }),
    );
    const moves = Array.from({ length: 6 }, (_, i) =>
      call(t.app, 'POST', `/ops/agents/${branch}/move`, {
        token: admin,
        payload: { uplineId: i % 2 === 0 ? right : left, reason: 'load balancing the teams' },
      }),
    );
    const [, answers] = await Promise.all([Promise.all(registrations), Promise.all(moves)]);
    expect(answers.map((r) => r.statusCode)).toEqual(answers.map(() => 200));
    expect(await stored()).toEqual(await walk());
  });
});
