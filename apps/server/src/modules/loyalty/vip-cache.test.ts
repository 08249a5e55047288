import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MemberInfo } from '@wps/shared/schemas/member';
import type { OpsVipSettings } from '@wps/shared/schemas/vip';
import type { App } from '../../app';
import { call, disableRegisterCaptcha, registerUser, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import {
  createTestApp,
  describeEachDatabase,
  describePostgres,
  openSecondInstance,
  type SecondInstance,
  type TestApp,
} from '../../../test/test-app';

/** Poll until `check` holds or two seconds pass (evictions from elsewhere arrive by NOTIFY). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

async function newPlayer(app: App): Promise<{ token: string; memberId: string }> {
  const { result } = await registerUser(app);
  const member = await app.services.session.resolve(result.token);
  if (!member) throw new Error('token does not resolve');
  return { token: result.token, memberId: member.memberId };
}

const info = async (app: App, token: string) =>
  valueOf<MemberInfo>(await call(app, 'GET', '/wps/member/info', { token }));

/** Rename every level through the back office, as an operator does. */
async function renameLevels(app: App, ops: string, prefix: string): Promise<void> {
  const settings = valueOf<OpsVipSettings>(await call(app, 'GET', '/ops/vip', { token: ops }));
  const levels = settings.levels.map((l) => ({ ...l, labelName: `${prefix}${l.rankLevel}` }));
  valueOf(await call(app, 'PUT', '/ops/vip', { token: ops, payload: { ...settings, levels } }));
}

async function createLabel(app: App, ops: string, labelName: string, color: string): Promise<string> {
  return valueOf<{ id: string }>(
    await call(app, 'PUT', '/ops/member-labels', { token: ops, payload: { labelName, color } }),
  ).id;
}

async function giveLabels(app: App, ops: string, memberId: string, labelIds: string[]): Promise<void> {
  valueOf(
    await call(app, 'PUT', `/ops/member-labels/members/${memberId}`, {
      token: ops,
      payload: { labelIds, reason: 'cache test' },
    }),
  );
}

describeEachDatabase("member info's VIP level and labels, kept in memory", (target) => {
  let t: TestApp;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    ops = (await createTestOperator(t.app, 'marketing')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a renamed level on the next read', async () => {
    const p = await newPlayer(t.app);
    expect((await info(t.app, p.token)).clubLabel).toMatchObject({ rankLevel: 0 });
    await renameLevels(t.app, ops, 'Nível ');
    expect((await info(t.app, p.token)).clubLabel).toMatchObject({ labelName: 'Nível 0', rankLevel: 0 });
    await renameLevels(t.app, ops, 'Degrau ');
    expect((await info(t.app, p.token)).clubLabel).toMatchObject({ labelName: 'Degrau 0', rankLevel: 0 });
  });

  it("shows a member's labels as soon as they are given, taken away or deleted", async () => {
    const p = await newPlayer(t.app);
    const other = await newPlayer(t.app);
    expect((await info(t.app, p.token)).memberLabel).toEqual([]);
    const gold = await createLabel(t.app, ops, 'Cache ouro', '#aa8800');
    const watch = await createLabel(t.app, ops, 'Cache observar', '#aa2222');
    await giveLabels(t.app, ops, p.memberId, [gold, watch]);
    await giveLabels(t.app, ops, other.memberId, [watch]);
    expect((await info(t.app, p.token)).memberLabel).toEqual([
      { labelName: 'Cache ouro', color: '#aa8800' },
      { labelName: 'Cache observar', color: '#aa2222' },
    ]);
    expect((await info(t.app, other.token)).memberLabel).toEqual([{ labelName: 'Cache observar', color: '#aa2222' }]);
    await giveLabels(t.app, ops, p.memberId, [gold]);
    expect((await info(t.app, p.token)).memberLabel).toEqual([{ labelName: 'Cache ouro', color: '#aa8800' }]);
    // Deleting a label takes it off every member who carried it.
    valueOf(await call(t.app, 'DELETE', `/ops/member-labels/${watch}`, { token: ops }));
    expect((await info(t.app, other.token)).memberLabel).toEqual([]);
  });

  it("shows a level the database changed, whoever wrote it (the table's notification)", async () => {
    const p = await newPlayer(t.app);
    expect((await info(t.app, p.token)).clubLabel).toMatchObject({ rankLevel: 0 });
    // As the consumer's upgrade does, in a transaction this instance's loyalty module never sees.
    await sql`INSERT INTO vip_members (member_id, rank_level) VALUES (${p.memberId}, 2)`.execute(t.database.db);
    expect(await eventually(async () => (await info(t.app, p.token)).clubLabel?.rankLevel === 2)).toBe(true);
    await sql`UPDATE vip_members SET rank_level = 1 WHERE member_id = ${p.memberId}`.execute(t.database.db);
    expect(await eventually(async () => (await info(t.app, p.token)).clubLabel?.rankLevel === 1)).toBe(true);
  });

  it('is served from memory once read: a change no notification announces is not seen', async () => {
    const p = await newPlayer(t.app);
    expect((await info(t.app, p.token)).clubLabel).toMatchObject({ rankLevel: 0 });
    await t.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`INSERT INTO vip_members (member_id, rank_level) VALUES (${p.memberId}, 3)`.execute(trx);
    });
    expect((await info(t.app, p.token)).clubLabel).toMatchObject({ rankLevel: 0 });
    // Any announced change of the member drops the copy.
    await sql`UPDATE vip_members SET rank_level = 4 WHERE member_id = ${p.memberId}`.execute(t.database.db);
    expect(await eventually(async () => (await info(t.app, p.token)).clubLabel?.rankLevel === 4)).toBe(true);
  });
});

describePostgres("member info's VIP copies across instances", () => {
  let t: TestApp;
  let second: SecondInstance;
  let ops: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    second = await openSecondInstance(t);
    ops = (await createTestOperator(t.app, 'marketing')).token;
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('shows on one instance what an operator changed on the other', async () => {
    const p = await newPlayer(t.app);
    // Both instances hold the member's standing and the levels.
    expect((await info(t.app, p.token)).memberLabel).toEqual([]);
    expect((await info(second.app, p.token)).memberLabel).toEqual([]);
    const label = await createLabel(t.app, ops, 'Entre instâncias', '#123456');
    await giveLabels(t.app, ops, p.memberId, [label]);
    expect(
      await eventually(async () => (await info(second.app, p.token)).memberLabel[0]?.labelName === 'Entre instâncias'),
    ).toBe(true);
    await renameLevels(t.app, ops, 'Outra ');
    expect(await eventually(async () => (await info(second.app, p.token)).clubLabel?.labelName === 'Outra 0')).toBe(
      true,
    );
  });
});
