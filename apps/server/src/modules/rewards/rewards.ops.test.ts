import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Grant, GrantList, Rule, RuleInput } from '@wps/shared/schemas/rewards';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceMinor, operatorToken } from '../deposit/deposit.test-support';

// The back office's hold on rules and grants: a rule is edited only while it is not live and only
// at the version the operator loaded; status changes follow draft → live ⇄ paused → ended; an
// operator turns down an unclaimed grant with a reason the player sees; a claim after the grant's
// date pays nothing and closes it.

type OpsGrant = Grant & { memberId: string; sourceRef: string | null };

describeEachDatabase('rewards: editing rules and resolving grants in the back office', (target) => {
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

  const loginRule: RuleInput = {
    name: 'Login reward',
    trigger: 'login',
    reward: { kind: 'cash', amount: '300' },
    delivery: 'claim',
    perPlayerCap: 1,
    capPeriod: 'daily',
  };
  const createRule = async (input: RuleInput) =>
    valueOf<Rule>(await call(t.app, 'POST', '/ops/rewards/rules', { token: marketing, payload: input }));
  const setStatus = (rule: Pick<Rule, 'id'>, status: 'live' | 'paused' | 'ended', version: number) =>
    call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, { token: marketing, payload: { status, version } });
  const edit = (id: string, version: number, input: RuleInput) =>
    call(t.app, 'PUT', `/ops/rewards/rules/${id}?version=${version}`, { token: marketing, payload: input });
  const myGrants = async (token: string, query = '') =>
    valueOf<GrantList>(await call(t.app, 'GET', `/wps/rewards/grants${query}`, { token }));
  /** A player registered while the rule is live: registration logs in, which issues one grant to claim. */
  const playerWithGrant = async () => {
    const { result } = await registerUser(t.app);
    await t.app.services.rewardEvents.drain();
    const grant = (await myGrants(result.token)).list.find((g) => g.status === 'issued');
    if (!grant) throw new Error('no grant issued');
    return { token: result.token, grant };
  };

  it('edits a draft at the loaded version only, audited, and refuses to edit a live rule', async () => {
    const draft = await createRule({ ...loginRule, name: 'Draft login' });
    expectFailure(await edit('999999999', 1, loginRule), 'REWARD_RULE_NOT_FOUND', 404);
    expectFailure(await edit(draft.id, draft.version + 1, loginRule), 'SETTING_CHANGED', 409);

    const edited = valueOf<Rule>(
      await edit(draft.id, draft.version, {
        ...loginRule,
        name: 'Edited login',
        reward: { kind: 'cash', amount: '450' },
      }),
    );
    expect(edited).toMatchObject({ id: draft.id, name: 'Edited login', status: 'draft', version: draft.version + 1 });
    expect(edited.reward).toMatchObject({ amount: '450' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('subject_type', '=', 'reward_rule')
      .where('subject_id', '=', draft.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('reward_rule.update');

    // The old version is stale now.
    expectFailure(await edit(draft.id, draft.version, loginRule), 'SETTING_CHANGED', 409);
    const live = valueOf<Rule>(await setStatus(edited, 'live', edited.version));
    expectFailure(await edit(draft.id, live.version, loginRule), 'REWARD_RULE_NOT_EDITABLE', 409);
    // Paused, it may be edited again.
    const paused = valueOf<Rule>(await setStatus(live, 'paused', live.version));
    expect(valueOf<Rule>(await edit(draft.id, paused.version, loginRule))).toMatchObject({ name: 'Login reward' });
    const now = valueOf<Rule>(await call(t.app, 'GET', `/ops/rewards/rules/${draft.id}`, { token: marketing }));
    valueOf(await setStatus(now, 'ended', now.version));
  });

  it('refuses status changes the lifecycle does not allow, or made at a stale version', async () => {
    const draft = await createRule({ ...loginRule, name: 'Lifecycle' });
    expectFailure(await setStatus({ id: '999999999' }, 'live', 1), 'REWARD_RULE_NOT_FOUND', 404);
    const refused = expectFailure(await setStatus(draft, 'paused', draft.version), 'REWARD_RULE_STATUS_INVALID', 409);
    expect(refused.value).toEqual({ status: 'draft' });
    expectFailure(await setStatus(draft, 'live', draft.version + 5), 'SETTING_CHANGED', 409);
    const live = valueOf<Rule>(await setStatus(draft, 'live', draft.version));
    expectFailure(await setStatus(live, 'live', live.version), 'REWARD_RULE_STATUS_INVALID', 409);
    const ended = valueOf<Rule>(await setStatus(live, 'ended', live.version));
    expect(ended.status).toBe('ended');
    for (const status of ['live', 'paused', 'ended'] as const)
      expectFailure(await setStatus(ended, status, ended.version), 'REWARD_RULE_STATUS_INVALID', 409);
  });

  it('rejects an unclaimed grant with a reason the player sees; it can be neither rejected again nor claimed', async () => {
    const rule = await createRule(loginRule);
    const live = valueOf<Rule>(await setStatus(rule, 'live', rule.version));
    const player = await playerWithGrant();
    const before = await balanceMinor(t, player.token);

    expectFailure(
      await call(t.app, 'POST', '/ops/rewards/grants/999999999/reject', {
        token: marketing,
        payload: { reason: 'não existe' },
      }),
      'GRANT_NOT_FOUND',
      404,
    );
    const rejected = valueOf<Grant>(
      await call(t.app, 'POST', `/ops/rewards/grants/${player.grant.id}/reject`, {
        token: marketing,
        payload: { reason: 'conta duplicada' },
      }),
    );
    expect(rejected).toMatchObject({ id: player.grant.id, status: 'rejected', reason: 'conta duplicada' });
    const again = expectFailure(
      await call(t.app, 'POST', `/ops/rewards/grants/${player.grant.id}/reject`, {
        token: marketing,
        payload: { reason: 'de novo' },
      }),
      'GRANT_NOT_HELD',
      409,
    );
    expect(again.value).toEqual({ status: 'rejected' });
    expectFailure(
      await call(t.app, 'POST', `/wps/rewards/grants/${player.grant.id}/claim`, { token: player.token }),
      'GRANT_NOT_CLAIMABLE',
      409,
    );

    // The player's reward centre filtered by status, and the operator's list filtered by source.
    const mine = await myGrants(player.token, '?status=rejected');
    expect(mine.list.map((g) => [g.id, g.reason])).toEqual([[player.grant.id, 'conta duplicada']]);
    expect((await myGrants(player.token, '?status=issued')).list).toEqual([]);
    const ops = valueOf<{ list: OpsGrant[] }>(
      await call(t.app, 'GET', '/ops/rewards/grants?source=rule&status=rejected', { token: marketing }),
    );
    expect(ops.list.map((g) => g.id)).toContain(player.grant.id);
    expect(ops.list.every((g) => g.source === 'rule' && g.status === 'rejected')).toBe(true);
    const none = valueOf<{ list: OpsGrant[] }>(
      await call(t.app, 'GET', '/ops/rewards/grants?source=referral', { token: marketing }),
    );
    expect(none.list.map((g) => g.id)).not.toContain(player.grant.id);

    expect(await balanceMinor(t, player.token)).toBe(before);
    valueOf(await setStatus(live, 'ended', live.version));
  });

  it('closes a grant claimed after its date without paying it, and the expiry sweep closes the rest', async () => {
    const rule = await createRule({ ...loginRule, name: 'Expiring' });
    const live = valueOf<Rule>(await setStatus(rule, 'live', rule.version));
    const late = await playerWithGrant();
    const swept = await playerWithGrant();
    const past = new Date(Date.now() - 60_000);
    await t.database.db
      .updateTable('reward_grants')
      .set({ claim_until: past })
      .where('id', 'in', [late.grant.id, swept.grant.id])
      .execute();
    const before = await balanceMinor(t, late.token);

    expectFailure(
      await call(t.app, 'POST', `/wps/rewards/grants/${late.grant.id}/claim`, { token: late.token }),
      'GRANT_EXPIRED',
      409,
    );
    expect(await balanceMinor(t, late.token)).toBe(before);
    expect((await myGrants(late.token)).list.find((g) => g.id === late.grant.id)?.status).toBe('expired');
    expect((await myGrants(late.token)).claimable).toBe(0);

    // The sweep closes the other one, once.
    expect(await t.app.services.rewards.grants.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await myGrants(swept.token)).list.find((g) => g.id === swept.grant.id)?.status).toBe('expired');
    expect(await t.app.services.rewards.grants.expireDue()).toBe(0);
    valueOf(await setStatus(live, 'ended', live.version));
  });
});
