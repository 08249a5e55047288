import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Rule, RuleInput } from '@wps/shared/schemas/rewards';
import { call, disableRegisterCaptcha, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newPlayer, operatorToken } from '../deposit/deposit.test-support';

// The rules consumer decides a whole batch's caps in memory, in stream order, and writes the
// players' slots and the rule's totals once. These check it against what one event at a time
// gives: each player's first events in the stream are the ones paid, the total cap stops the
// batch at the right event, and neither a replay, a batch cut in two (a crash between batches) nor
// two drains racing (two instances) pays an event twice or skips one.
describeEachDatabase('rewards engine: a batch of events against capped rules', (target) => {
  let t: TestApp;
  let marketing: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await operatorToken(t, 'marketing');
  });
  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  const liveRule = async (input: RuleInput) => {
    const rule = valueOf<Rule>(await call(t.app, 'POST', '/ops/rewards/rules', { token: marketing, payload: input }));
    return valueOf<Rule>(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing,
        payload: { status: 'live', version: rule.version },
      }),
    );
  };
  const endRule = async (id: string) => {
    const now = valueOf<Rule>(await call(t.app, 'GET', `/ops/rewards/rules/${id}`, { token: marketing }));
    await call(t.app, 'POST', `/ops/rewards/rules/${id}/status`, {
      token: marketing,
      payload: { status: 'ended', version: now.version },
    });
  };
  /** Logins of these players, `rounds` times over, interleaved, in one statement (so in this stream order). */
  const addLogins = async (memberIds: string[], rounds: number) => {
    const order = Array.from({ length: rounds }, () => memberIds).flat();
    const { rows } = await sql<{ id: string; member_id: string }>`
      INSERT INTO reward_events (kind, member_id, data)
      SELECT 'login', m, '{}'::jsonb FROM unnest(${order}::bigint[]) WITH ORDINALITY AS u (m, n) ORDER BY n
      RETURNING id::text AS id, member_id::text AS member_id`.execute(t.database.db);
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  };
  /** The events each of the rule's grants was made for. */
  const grantedEvents = async (ruleId: string) =>
    (
      await t.database.db
        .selectFrom('reward_grants')
        .select(['key'])
        .where('source', '=', 'rule')
        .where('source_ref', '=', ruleId)
        .execute()
    )
      .map((g) => g.key.split(':')[2]!)
      .sort((a, b) => Number(a) - Number(b));
  /** Events the rules consumer set aside: a batch that broke a cap's guard falls back to them. */
  const setAside = async () =>
    t.database.db.selectFrom('reward_event_failures').select('event_id').where('subscriber', '=', 'rules').execute();
  const ruleTotals = async (ruleId: string) =>
    t.database.db
      .selectFrom('reward_rules')
      .select(['granted_count', 'granted_amount'])
      .where('id', '=', ruleId)
      .executeTakeFirstOrThrow();

  it('pays each player their first events up to the cap, stops at the total cap, and repeats nothing', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => newPlayer(t)));
    // The registrations' own logins are applied before the rule exists.
    await t.app.services.rewardEvents.drain();
    const rule = await liveRule({
      name: 'Batch login coin',
      trigger: 'login',
      reward: { kind: 'cash', amount: '100' },
      perPlayerCap: 3,
      capPeriod: 'daily',
      totalCapCount: 10,
    });
    const events = await addLogins(
      players.map((p) => p.memberId),
      4,
    );
    await t.app.services.rewardEvents.drain();

    // One event at a time: rounds 1 and 2 pay all five players (10, the total cap); round 3 takes
    // the players' third slots but the total cap refuses them; round 4 finds the slots full.
    expect(await grantedEvents(rule.id)).toEqual(events.slice(0, 10).map((e) => e.id));
    expect(await ruleTotals(rule.id)).toMatchObject({ granted_count: 10, granted_amount: '1000' });
    const usage = await t.database.db
      .selectFrom('reward_rule_usage')
      .select(['member_id', 'grants'])
      .where('rule_id', '=', rule.id)
      .execute();
    expect(usage.map((u) => u.grants)).toEqual([3, 3, 3, 3, 3]);
    expect(await setAside()).toEqual([]);

    // Replayed from the start, the whole stream in one batch: nothing new.
    await sql`UPDATE reward_event_cursors SET last_tx = '0'::xid8, last_id = 0 WHERE subscriber = 'rules'`.execute(
      t.database.db,
    );
    await t.app.services.rewardEvents.drain();
    expect(await grantedEvents(rule.id)).toEqual(events.slice(0, 10).map((e) => e.id));
    expect(await ruleTotals(rule.id)).toMatchObject({ granted_count: 10 });
    await endRule(rule.id);
  });

  it('gives the same grants when the batch is cut by a crash and when two drains race', async () => {
    const players = await Promise.all([1, 2, 3].map(() => newPlayer(t)));
    await t.app.services.rewardEvents.drain();
    const rule = await liveRule({
      name: 'Batch login cap 2',
      trigger: 'login',
      reward: { kind: 'cash', amount: '7' },
      perPlayerCap: 2,
      capPeriod: 'daily',
    });
    const ids = players.map((p) => p.memberId);
    const first = await addLogins(ids, 3);
    await t.app.services.rewardEvents.drain();
    // Each player's first two logins: events 0–5 of the nine.
    expect(await grantedEvents(rule.id)).toEqual(first.slice(0, 6).map((e) => e.id));

    // A crash after the batch that applied the first four events committed: the cursor there, the rest again.
    const { rows } = await sql<{
      tx: string;
    }>`SELECT tx::text AS tx FROM reward_events WHERE id = ${first[3]!.id}`.execute(t.database.db);
    await sql`UPDATE reward_event_cursors SET last_tx = ${rows[0]!.tx}::xid8, last_id = ${first[3]!.id}::bigint WHERE subscriber = 'rules'`.execute(
      t.database.db,
    );
    const more = await addLogins(ids, 2);
    // Two instances at once (on PostgreSQL the cursor's lock makes one wait or skip).
    await Promise.all([t.app.services.rewardEvents.drain(), t.app.services.rewardEvents.drain()]);
    expect(await grantedEvents(rule.id)).toEqual(first.slice(0, 6).map((e) => e.id));
    expect(await ruleTotals(rule.id)).toMatchObject({ granted_count: 6, granted_amount: '42' });
    expect(more).toHaveLength(6);
    expect(await setAside()).toEqual([]);
    await endRule(rule.id);
  });
});
