import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { LicenceChange, LicenceView } from '@wps/shared/schemas/licence';
import type { AuditEntry } from '@wps/shared/schemas/operator';
import { call, callEncrypted, expectFailure, insertTestMember, login, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { PAYMENT_PASSWORD, balanceOf, fundMember, newKey } from '../withdrawal/withdrawal.test-support';
import { makeVipLevelsBrReady, setLicence, switchOffForbiddenProducts } from './licence-fixtures';

/*
 * The operator's licence through the back office's API: a switch asked by one operator and
 * approved by another, refused with the list of live set-ups it would break, audited; and doors
 * asked through the one port (transfers between players refused under BR, a cash reward to an
 * account the licence cannot pay held instead of paid).
 */
describeEachDatabase('the licence as one policy', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let admin2: TestOperator;
  let marketing: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    [admin, admin2, marketing] = await Promise.all([
      createTestOperator(t.app, 'admin'),
      createTestOperator(t.app, 'admin'),
      createTestOperator(t.app, 'marketing'),
    ]);
    // The demo seed's P2P tables and foreign lottery draws would stand in the way of every switch
    // to BR here; licence-products.test.ts shows them doing so.
    await switchOffForbiddenProducts(t.app, 'BR');
    // So would the default VIP levels' cash bonuses on deposit thresholds (licence-offers.test.ts).
    await makeVipLevelsBrReady(t.app);
  }, 180_000);

  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  const view = async () => valueOf<LicenceView>(await call(t.app, 'GET', '/ops/licence', { token: admin.token }));
  const ask = (op: TestOperator, profile: 'BR' | 'permissive') =>
    call(t.app, 'POST', '/ops/licence/changes', {
      token: op.token,
      payload: { profile, reason: 'licence granted by SPA/MF' },
    });
  const decide = (op: TestOperator, id: string, action: 'approve' | 'reject') =>
    call(t.app, 'POST', `/ops/licence/changes/${id}/${action}`, { token: op.token, payload: { reason: 'checked' } });

  it('a switch waits for a second operator, who approves it; both steps are audited', async () => {
    expect((await view()).profile).toBe('permissive');
    expectFailure(await ask(marketing, 'BR'), 'OPERATOR_FORBIDDEN', 403);
    const asked = valueOf<LicenceChange>(await ask(admin, 'BR'));
    expect(asked).toMatchObject({ from: 'permissive', to: 'BR', status: 'pending', requestedBy: admin.operatorId });
    // Nothing changed yet, and a second switch cannot be asked meanwhile.
    expect((await view()).profile).toBe('permissive');
    expect((await view()).pending?.id).toBe(asked.id);
    expectFailure(await ask(admin2, 'BR'), 'LICENCE_CHANGE_PENDING', 409);
    // Never the asker's own.
    expectFailure(await decide(admin, asked.id, 'approve'), 'MONEY_OWN_REQUEST', 403);
    const applied = valueOf<LicenceChange>(await decide(admin2, asked.id, 'approve'));
    expect(applied).toMatchObject({ status: 'applied', decidedBy: admin2.operatorId });
    const after = await view();
    expect(after.profile).toBe('BR');
    expect(after.rules.find((r) => r.rule === 'transfersBetweenPlayers')).toMatchObject({
      value: false,
      source: expect.stringContaining('14.790'),
    });
    expectFailure(await decide(admin2, asked.id, 'approve'), 'LICENCE_CHANGE_ALREADY_DECIDED', 409);

    // Switching back is audited the same way; a rejected switch changes nothing.
    const back = valueOf<LicenceChange>(await ask(admin2, 'permissive'));
    valueOf(await decide(admin, back.id, 'reject'));
    expect((await view()).profile).toBe('BR');
    const again = valueOf<LicenceChange>(await ask(admin2, 'permissive'));
    valueOf(await decide(admin, again.id, 'approve'));
    expect((await view()).profile).toBe('permissive');

    const audit = valueOf<{ list: AuditEntry[] }>(
      await call(t.app, 'GET', '/ops/audit?subjectType=operator_licence&pageSize=50', { token: admin.token }),
    ).list.map((e) => e.action);
    expect(audit.filter((a) => a === 'licence.change_request')).toHaveLength(3);
    expect(audit.filter((a) => a === 'licence.change_approve')).toHaveLength(2);
    expect(audit.filter((a) => a === 'licence.change_reject')).toHaveLength(1);
  });

  it('a switch to BR is refused with the live set-ups it would break, and goes once they are changed', async () => {
    const rule = valueOf<{ id: string; version: number }>(
      await call(t.app, 'POST', '/ops/rewards/rules', {
        token: marketing.token,
        payload: { name: 'Reload 10%', trigger: 'deposit_credited', reward: { kind: 'cash', amount: '100' } },
      }),
    );
    const live = valueOf<{ version: number }>(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing.token,
        payload: { status: 'live', version: rule.version },
      }),
    );
    const refused = expectFailure(await ask(admin, 'BR'), 'LICENCE_SWITCH_BLOCKED', 409);
    expect((refused.value as { blockers: unknown[] }).blockers).toEqual([
      { kind: 'reward_rule', id: rule.id, label: 'Reload 10%', rule: 'forbiddenRewardTriggers' },
    ]);
    expect((await view()).pending).toBeNull();

    // A rule put live between the ask and the approval stops the approval, which is kept as refused.
    valueOf(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing.token,
        payload: { status: 'paused', version: live.version },
      }),
    );
    const asked = valueOf<LicenceChange>(await ask(admin, 'BR'));
    const paused = valueOf<{ version: number }>(
      await call(t.app, 'GET', `/ops/rewards/rules/${rule.id}`, { token: marketing.token }),
    );
    valueOf(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing.token,
        payload: { status: 'live', version: paused.version },
      }),
    );
    expectFailure(await decide(admin2, asked.id, 'approve'), 'LICENCE_SWITCH_BLOCKED', 409);
    expect((await view()).recent[0]).toMatchObject({ id: asked.id, status: 'refused' });
    expect((await view()).profile).toBe('permissive');

    // Ended, the rule no longer stands in the way.
    const current = valueOf<{ version: number }>(
      await call(t.app, 'GET', `/ops/rewards/rules/${rule.id}`, { token: marketing.token }),
    );
    valueOf(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing.token,
        payload: { status: 'ended', version: current.version },
      }),
    );
    const ok = valueOf<LicenceChange>(await ask(admin, 'BR'));
    valueOf(await decide(admin2, ok.id, 'approve'));
    expect((await view()).profile).toBe('BR');
    await setLicence(t.app, 'permissive');
  });

  it('a switch to BR is refused while the identification the licence requires on the site is blank', async () => {
    type View = { values: { operatorIdentity: Record<string, string> }; versions: { operatorIdentity: string } };
    const settings = async () => valueOf<View>(await call(t.app, 'GET', '/ops/site-settings', { token: admin.token }));
    const setIdentity = async (identity: Record<string, string>) =>
      valueOf(
        await call(t.app, 'PUT', '/ops/site-settings', {
          token: admin.token,
          payload: {
            changes: { operatorIdentity: { value: identity, version: (await settings()).versions.operatorIdentity } },
            reason: 'identification for the licence',
          },
        }),
      );
    const filled = (await settings()).values.operatorIdentity;
    await setIdentity({ ...filled, cnpj: '', authorisationNumber: '' });
    try {
      const refused = expectFailure(await ask(admin, 'BR'), 'LICENCE_SWITCH_BLOCKED', 409);
      expect((refused.value as { blockers: { id: string; rule: string }[] }).blockers).toEqual([
        expect.objectContaining({ id: 'operatorIdentity.cnpj', rule: 'operatorIdentity' }),
        expect.objectContaining({ id: 'operatorIdentity.authorisationNumber', rule: 'operatorIdentity' }),
      ]);
    } finally {
      await setIdentity(filled);
    }
    const ok = valueOf<LicenceChange>(await ask(admin, 'BR'));
    valueOf(await decide(admin2, ok.id, 'reject'));
  });

  it('under BR no money moves between players: to the upline and to a downline are refused through the port', async () => {
    type Member = { id: string; token: string };
    const member = async (uplineId: string | null, type: number): Promise<Member> => {
      const { id, account } = await insertTestMember(t, 'licence-pass-1', { type, uplineId });
      const token = valueOf<LoginResult>(await login(t.app, account, 'licence-pass-1')).token;
      await t.app.services.security.setPaymentPassword(id, {
        newPaymentPassword: PAYMENT_PASSWORD,
        confirmPaymentPassword: PAYMENT_PASSWORD,
      });
      return { id, token };
    };
    const agent = await member(null, AccountType.AGENT_1);
    const player = await member(agent.id, AccountType.MEMBER);
    await fundMember(t.app, agent.id, 10_000n);
    await fundMember(t.app, player.id, 10_000n);
    const up = () =>
      callEncrypted(
        t.app,
        'POST',
        '/wps/member/transfer/upline',
        { amount: '10.00', paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey() },
        { token: player.token },
      );
    const down = () =>
      callEncrypted(
        t.app,
        'POST',
        '/wps/agent/centre/transfer',
        { memberId: player.id, amount: '10.00', paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey() },
        { token: agent.token },
      );
    valueOf(await up());
    valueOf(await down());
    await setLicence(t.app, 'BR');
    try {
      for (const send of [up, down]) {
        const refused = expectFailure(await send(), 'LICENCE_REFUSED', 403);
        expect(refused.value).toMatchObject({
          door: 'money.transfer',
          rule: 'transfersBetweenPlayers',
          profile: 'BR',
          source: expect.stringContaining('14.790'),
        });
      }
      expect(await balanceOf(t.app, agent.id)).toBe(10_000n);
      expect(await balanceOf(t.app, player.id)).toBe(10_000n);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it("under BR an agent's register centre cannot open an account: it takes no CPF, so the licence's door account.create refuses it", async () => {
    const { id: agentId, account } = await insertTestMember(t, 'licence-pass-4', { type: AccountType.AGENT_1 });
    const token = valueOf<LoginResult>(await login(t.app, account, 'licence-pass-4')).token;
    const register = (username: string) =>
      callEncrypted(
        t.app,
        'POST',
        '/wps/agent/centre/register',
        { type: 3, username, password: 'Downline2026x', confirmPassword: 'Downline2026x' },
        { token },
      );
    const before = `dl${crypto.randomInt(1e8)}`;
    valueOf(await register(before));
    await setLicence(t.app, 'BR');
    try {
      const name = `dl${crypto.randomInt(1e8)}`;
      expect(expectFailure(await register(name), 'LICENCE_REFUSED', 403).value).toMatchObject({
        door: 'account.create',
        rule: 'identity',
        profile: 'BR',
      });
      // Nothing half-written: no account, no wallet.
      const made = await t.database.db.selectFrom('members').select('id').where('account', '=', name).execute();
      expect(made).toEqual([]);
    } finally {
      await setLicence(t.app, 'permissive');
    }
    expect(agentId).toBeTruthy();
  });

  it('under BR a cash reward to an account with no CPF is held for an operator, not paid; identified, it is paid', async () => {
    const { id: memberId } = await insertTestMember(t, 'licence-pass-2', { type: AccountType.MEMBER });
    const issue = (key: string) =>
      t.database.db.transaction().execute((trx) =>
        t.app.services.rewards.grants.issue(trx, {
          memberId,
          kind: 'cash',
          amount: 500n,
          source: 'operator',
          sourceRef: key,
          key,
          delivery: 'auto',
        }),
      );
    await setLicence(t.app, 'BR');
    try {
      const held = await issue(`licence-${crypto.randomUUID()}`);
      expect(held.status).toBe('held');
      expect(await balanceOf(t.app, memberId)).toBe(0n);
      const row = await t.database.db
        .selectFrom('reward_grants')
        .select('hold_reason')
        .where('id', '=', held.grantId)
        .executeTakeFirstOrThrow();
      expect(row.hold_reason).toBe('licence');
    } finally {
      await setLicence(t.app, 'permissive');
    }
    const paid = await issue(`licence-${crypto.randomUUID()}`);
    expect(paid.status).toBe('paid');
    expect(await balanceOf(t.app, memberId)).toBe(500n);
  });

  it('the port fails closed: a door no check is wired to is refused, and a route asks only at the doors it declares', async () => {
    const { id: memberId } = await insertTestMember(t, 'licence-pass-3', { type: AccountType.MEMBER });
    const doors = t.app.services.licence.policy.doors();
    const unwired = doors.find((d) => !d.wired);
    if (unwired) {
      await expect(
        t.database.db
          .transaction()
          .execute((trx) => t.app.services.licence.policy.ask(trx, unwired.door, { memberId })),
      ).rejects.toMatchObject({ errorCode: 'LICENCE_DOOR_NOT_WIRED' });
    }
    // Asked outside a request (a job, a consumer), a wired door answers.
    const verdict = await t.database.db
      .transaction()
      .execute((trx) => t.app.services.licence.policy.ask(trx, 'money.transfer', { memberId }));
    expect(verdict).toMatchObject({ door: 'money.transfer', profile: 'permissive', memberId });
  });
});
