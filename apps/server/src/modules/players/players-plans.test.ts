import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodes, type PlanNode } from '../../../test/plan-nodes';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { ledgerEntriesQuery } from '../ledger/ledger-history';
import { memberSearchQuery, type MemberSearchCriteria } from '../member/member-search';
import { memberIdsByAccountSuffixQuery } from '../security/bank-account-search';

// The player search and the deep ledger history must be served by indexes at scale, whatever the
// key. On PostgreSQL with 200,000 members (each with a bound bank account) and a player with
// 20,000 ledger entries on two accounts, after ANALYZE, each statement's plan is read: no sequential scan of the
// big tables, and the index meant for it is used. Timings are printed for the record.

const MEMBERS = 200_000;
const HISTORY = 10_000;

describePostgres('player search and ledger plans at scale [postgres]', () => {
  let t: TestApp;
  let heavyMember: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    // Seeding only: rows go in without their triggers (reporting rollups, ledger balance checks,
    // which count every row one at a time); the ledger rows below are balanced anyway.
    await t.database.db.transaction().execute(async (db) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(db);
      await sql`
        INSERT INTO members (account, password_hash, dialing_code, mobile, email)
        SELECT 'plan' || lpad(i::text, 7, '0'), 'x', '55', '119' || lpad(i::text, 8, '0'), 'Plan' || i || '@Example.com'
        FROM generate_series(1, ${MEMBERS}) AS i`.execute(db);
      await sql`
        INSERT INTO member_bank_accounts (member_id, bank_code, account_number, holder_name)
        SELECT id, '001', lpad(((id * 7919) % 10000000000)::text, 10, '0'), 'Plan Holder' FROM members WHERE account LIKE 'plan%'`.execute(
        db,
      );
      heavyMember = (
        await db.selectFrom('members').select('id').where('account', '=', 'plan0000001').executeTakeFirstOrThrow()
      ).id;
      // A long history on two accounts of one player, between other players' entries.
      await sql`
        INSERT INTO ledger_accounts (currency, purpose, member_id, is_player)
        VALUES ('BRL', 'player_main', ${heavyMember}::bigint, true), ('BRL', 'player_vendor_plan', ${heavyMember}::bigint, true)`.execute(
        db,
      );
      await sql`
        INSERT INTO ledger_accounts (currency, purpose, member_id, is_player)
        SELECT 'BRL', 'player_main', id, true FROM members WHERE account LIKE 'plan%' AND id <> ${heavyMember}::bigint AND id % 20 = 0`.execute(
        db,
      );
      await sql`
        WITH tx AS (
          INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, currency, result)
          SELECT 'plan_test', 'plan-' || i, 'h', 'BRL', '{"balances":{}}'::jsonb FROM generate_series(1, ${HISTORY * 3}) AS i
          RETURNING id
        ), heavy AS (
          SELECT array_agg(id ORDER BY id) AS ids FROM ledger_accounts WHERE member_id = ${heavyMember}::bigint
        ), others AS (
          SELECT array_agg(id ORDER BY id) AS ids FROM ledger_accounts WHERE is_player AND member_id <> ${heavyMember}::bigint
        ), house AS (
          SELECT id FROM ledger_accounts WHERE purpose = 'house_cash' AND member_id IS NULL AND currency = 'BRL'
        )
        INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
        SELECT tx.id,
               CASE WHEN tx.id % 3 = 2 THEN others.ids[1 + (tx.id % array_length(others.ids, 1))] ELSE heavy.ids[1 + tx.id % 3] END,
               1, 'BRL'
        FROM tx, heavy, others
        UNION ALL
        SELECT tx.id, house.id, -1, 'BRL' FROM tx, house`.execute(db);
    });
    const db = t.database.db;
    await sql`ANALYZE`.execute(db);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
  });

  async function explain(compiled: CompiledQuery): Promise<{ plan: PlanNode; ms: number }> {
    const db = t.database.db;
    const res = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${compiled.sql}`, [...compiled.parameters]),
    );
    const [root] = res.rows[0]!['QUERY PLAN'];
    return { plan: root.Plan, ms: root['Execution Time'] };
  }

  const member = (criteria: MemberSearchCriteria) => memberSearchQuery(t.database.db, criteria, 0, 20);
  const cases: { name: string; query: () => { compile(): CompiledQuery }; index: string }[] = [
    {
      name: 'username prefix',
      query: () => member({ key: 'username', prefix: 'plan01234' }),
      index: 'members_account_prefix_idx',
    },
    { name: 'mobile', query: () => member({ key: 'mobile', e164: '+551100012345' }), index: 'members_mobile_key' },
    {
      name: 'email',
      query: () => member({ key: 'email', email: 'plan12345@example.com' }),
      index: 'members_email_lower_idx',
    },
    { name: 'member id', query: () => member({ key: 'id', memberId: '12345' }), index: 'members_pkey' },
    {
      name: 'bank last digits',
      query: () => memberIdsByAccountSuffixQuery(t.database.db, '7919', 0, 20),
      index: 'member_bank_accounts_reversed_number_idx',
    },
  ];

  for (const c of cases) {
    it(`search by ${c.name} uses ${c.index}, no sequential scan`, async () => {
      const { plan, ms } = await explain(c.query().compile());
      const all = nodes(plan);
      expect(all.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
      expect(all.map((n) => n['Index Name']).filter(Boolean)).toContain(c.index);
      console.log(`plan: search by ${c.name}: ${ms.toFixed(2)} ms at ${MEMBERS} members`);
    });
  }

  it('the ledger page deep in a long history walks the account index backwards, no sort of the history', async () => {
    const db = t.database.db;
    const ids = await sql<{ id: string }>`
      SELECT e.id::text AS id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE a.member_id = ${heavyMember}::bigint ORDER BY e.id LIMIT 1 OFFSET 50`.execute(db);
    const deepCursor = ids.rows[0]!.id;
    const accounts = await db
      .selectFrom('ledger_accounts')
      .select(['id', 'purpose'])
      .where('member_id', '=', heavyMember)
      .orderBy('id')
      .execute();
    for (const cursor of [undefined, deepCursor]) {
      const { plan, ms } = await explain(ledgerEntriesQuery(accounts, { cursor, limit: 50 }).compile(db));
      const all = nodes(plan);
      const entryScans = all.filter((n) => n['Relation Name']?.startsWith('ledger_entries'));
      // ledger_entries is partitioned by month: each month's copy of ledger_entries_account_idx
      // (account_id, id) is named after its partition. An empty month (the next one, _default)
      // may be scanned any way, as long as it reads nothing.
      const reading = entryScans.filter((n) => (n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0) > 0);
      expect(reading.map((n) => n['Index Name'] ?? n['Node Type'])).toEqual(
        reading.map(() => expect.stringMatching(/^ledger_entries_.*account_id_id_idx$/)),
      );
      expect(reading.length).toBeGreaterThan(0);
      // At most a page (and one more) per account read, nothing sorted but the page itself.
      expect(
        entryScans.reduce((sum, n) => sum + (n['Actual Rows'] ?? 0) * (n['Actual Loops'] ?? 1), 0),
      ).toBeLessThanOrEqual(accounts.length * 51);
      for (const sort of all.filter((n) => n['Node Type'] === 'Sort')) {
        expect(sort['Actual Rows'] ?? 0).toBeLessThanOrEqual(accounts.length * 51);
      }
      console.log(`plan: ledger page (${cursor ? 'deep' : 'first'}): ${ms.toFixed(2)} ms`);
    }
  });
});
