import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { anonymiseClosedAccounts, yearsBefore } from './anonymisation';
import { recordsViewsOf } from './records-views';

describeEachDatabase('LGPD anonymisation of closed accounts after the retention', (target) => {
  let t: TestApp;
  let closed: Player;
  let closedWithMoney: Player;
  let open: Player;
  /** The closed player's CPF (an identity as a BR registration writes it). */
  const cpf = newCpf();
  const actor = { actorType: 'system' as const, actorId: 'ops-cli:test' };
  const run = (now: Date, apply: boolean) =>
    anonymiseClosedAccounts(
      { db: t.database.db, views: recordsViewsOf(t.database.db), audit: t.app.services.audit },
      { now, apply, actor },
    );
  /** Five years and a day from now: today's activity is then past the retention. */
  const later = () => new Date(yearsBefore(new Date(), -5).getTime() + 86_400_000);
  const member = (p: Player) =>
    t.database.db
      .selectFrom('members')
      .select(['account', 'email', 'mobile', 'nickname', 'register_ip', 'status'])
      .where('id', '=', p.memberId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(target);
    closed = await createPlayer(t.app);
    closedWithMoney = await createPlayer(t.app, 500n);
    open = await createPlayer(t.app);
    for (const p of [closed, closedWithMoney, open]) {
      await sql`UPDATE members SET email = ${`p${p.memberId}@example.com`}, nickname = 'Maria', register_ip = '203.0.113.9' WHERE id = ${p.memberId}`.execute(
        t.database.db,
      );
    }
    // With the residential address and gender a BR registration gives (migration 0670).
    await sql`INSERT INTO member_identities (member_id, cpf, birth_date, full_name, address_street, address_number,
      address_complement, address_district, address_city, address_state, address_cep, gender)
      VALUES (${closed.memberId}, ${cpf}, '1970-05-06', 'Maria da Silva', 'Rua Augusta', '900', 'Casa 2',
      'Consolação', 'São Paulo', 'SP', '01304001', 'female')`.execute(t.database.db);
    // Closed by an operator (disabled); the third stays open.
    for (const p of [closed, closedWithMoney])
      await sql`UPDATE members SET status = 'disabled' WHERE id = ${p.memberId}`.execute(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('touches nobody before the five years have passed', async () => {
    const fourYears = new Date(yearsBefore(new Date(), -4).getTime());
    const result = await run(fourYears, true);
    expect(result.candidates).not.toContain(closed.memberId);
    expect((await member(closed)).email).toBe(`p${closed.memberId}@example.com`);
  });

  it('after five years clears only closed accounts with nothing left, audited without the values, records kept', async () => {
    const dry = await run(later(), false);
    expect(dry.candidates).toContain(closed.memberId);
    expect(dry.candidates).not.toContain(closedWithMoney.memberId);
    expect(dry.candidates).not.toContain(open.memberId);
    expect(dry.anonymised).toEqual([]);
    expect((await member(closed)).account).not.toBe(`anon-${closed.memberId}`);

    const applied = await run(later(), true);
    expect(applied.anonymised).toContain(closed.memberId);
    expect(await member(closed)).toEqual({
      account: `anon-${closed.memberId}`,
      email: null,
      mobile: null,
      nickname: null,
      register_ip: null,
      status: 'disabled',
    });
    expect((await member(closedWithMoney)).email).toBe(`p${closedWithMoney.memberId}@example.com`);
    expect((await member(open)).email).toBe(`p${open.memberId}@example.com`);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'before', 'after', 'reason'])
      .where('action', '=', 'member.anonymise')
      .where('subject_id', '=', closed.memberId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.before).toEqual({
      fields: expect.arrayContaining(['account', 'email', 'nickname', 'register_ip']),
      identityFields: [
        'cpf',
        'birth_date',
        'full_name',
        'address_street',
        'address_number',
        'address_complement',
        'address_district',
        'address_city',
        'address_state',
        'address_cep',
        'gender',
      ],
    });
    expect(JSON.stringify(audit[0])).not.toMatch(/example\.com|Maria|203\.0\.113|Augusta|01304001/);
    expect(JSON.stringify(audit[0])).not.toContain(cpf);
    // The identity (LGPD): the CPF, date of birth, document name, address and gender are removed,
    // the row kept and marked; the open account's identity-less row is not touched.
    const identity = await sql<Record<string, unknown>>`
      SELECT cpf, birth_date::text, full_name, address_street, address_number, address_complement,
        address_district, address_city, address_state, address_cep, gender, anonymised_at IS NOT NULL AS anonymised
      FROM member_identities WHERE member_id = ${closed.memberId}`.execute(t.database.db);
    expect(identity.rows).toEqual([
      {
        cpf: null,
        birth_date: null,
        full_name: null,
        address_street: null,
        address_number: null,
        address_complement: null,
        address_district: null,
        address_city: null,
        address_state: null,
        address_cep: null,
        gender: null,
        anonymised: true,
      },
    ]);

    // Nothing twice (the row stays, under its id); the audit chain is whole.
    expect((await run(later(), true)).anonymised).toEqual([]);
    expect((await t.app.services.audit.verifyChain()).ok).toBe(true);
  });
});
