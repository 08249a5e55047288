import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DryRunResult, GrantList, Rule, RuleInput } from '@wps/shared/schemas/rewards';
import { call, disableRegisterCaptcha, expectFailure, login, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceMinor, createOrder, demoChannel, newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { confirmContactByEmail, setLicence } from '../licence/licence-fixtures';

// The rules engine through its real paths: an operator writes a rule in the back office and puts
// it live; a player's deposit (confirmed by finance) or login becomes an event; the consumer pays
// the grant once, however often the events are replayed; claims, caps, the dry run and the
// jurisdiction profile's refusals.
describeEachDatabase('rewards engine: rules and grants', (target) => {
  let t: TestApp;
  let marketing: string;
  let finance: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await operatorToken(t, 'marketing');
    finance = await operatorToken(t, 'finance');
    admin = await operatorToken(t, 'admin');
  });
  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  const createRule = async (input: RuleInput) =>
    valueOf<Rule>(await call(t.app, 'POST', '/ops/rewards/rules', { token: marketing, payload: input }));
  const goLive = async (rule: Rule) =>
    valueOf<Rule>(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing,
        payload: { status: 'live', version: rule.version },
      }),
    );
  const end = async (rule: Rule) => {
    const now = valueOf<Rule>(await call(t.app, 'GET', `/ops/rewards/rules/${rule.id}`, { token: marketing }));
    return valueOf<Rule>(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing,
        payload: { status: 'ended', version: now.version },
      }),
    );
  };
  const grants = async (token: string) =>
    valueOf<GrantList>(await call(t.app, 'GET', '/wps/rewards/grants', { token }));
  /** A bank transfer confirmed by finance; under BR with the player's own CPF as the statement's payer. */
  const deposit = async (token: string, amount: string, payerCpf?: string) => {
    const channel = await demoChannel(t, token, 'manual_bank');
    const order = await createOrder(t, token, channel.id, amount);
    valueOf(
      await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
        token: finance,
        payload: { reason: 'seen on the statement', payerCpf },
      }),
    );
  };
  const grantRows = (ruleId: string) =>
    t.database.db
      .selectFrom('reward_grants')
      .selectAll()
      .where('source', '=', 'rule')
      .where('source_ref', '=', ruleId)
      .execute();

  it('pays a first-deposit rule once: 10 % capped, the second deposit and replayed events pay nothing', async () => {
    const rule = await goLive(
      await createRule({
        name: 'Welcome 10%',
        trigger: 'deposit_credited',
        conditions: { firstDeposit: true },
        reward: { kind: 'cash', percentBp: 1000, maxAmount: '3000' },
      }),
    );
    const anna = await newPlayer(t);
    const before = await balanceMinor(t, anna.token);
    await deposit(anna.token, '100.00');
    await t.app.services.rewardEvents.drain();
    // 10 % of 100.00 is 10.00.
    expect((await balanceMinor(t, anna.token)) - before).toBe(10_000n + 1_000n);
    await deposit(anna.token, '500.00');
    await t.app.services.rewardEvents.drain();
    expect((await balanceMinor(t, anna.token)) - before).toBe(10_000n + 1_000n + 50_000n);
    const list = await grants(anna.token);
    expect(list.list.filter((g) => g.kind === 'cash' && g.status === 'paid')).toHaveLength(1);
    expect(list.list[0]).toMatchObject({ amount: '1000', status: 'paid', title: { PT: 'Welcome 10%' } });

    // Replay every event from the start of the stream: the grant's key holds, nothing is paid twice.
    await sql`UPDATE reward_event_cursors SET last_tx = '0'::xid8, last_id = 0 WHERE subscriber = 'rules'`.execute(
      t.database.db,
    );
    await t.app.services.rewardEvents.drain();
    expect(await grantRows(rule.id)).toHaveLength(1);
    expect((await balanceMinor(t, anna.token)) - before).toBe(61_000n);
    const ruleNow = valueOf<Rule>(await call(t.app, 'GET', `/ops/rewards/rules/${rule.id}`, { token: marketing }));
    expect(ruleNow).toMatchObject({ grantedCount: 1, grantedAmount: '1000' });
    await end(rule);
  });

  it('issues a claimable reward on login that the player claims once', async () => {
    const rule = await goLive(
      await createRule({
        name: 'Daily login',
        trigger: 'login',
        reward: { kind: 'cash', amount: '500' },
        delivery: 'claim',
        perPlayerCap: 1,
        capPeriod: 'daily',
      }),
    );
    const { username, password, result } = await registerUser(t.app);
    const bruno = { token: result.token, memberId: (await t.app.services.session.resolve(result.token))!.memberId };
    await t.app.services.rewardEvents.drain();
    // Registration logs the player in: one login event, one grant waiting for the claim.
    const waiting = await grants(bruno.token);
    expect(waiting.claimable).toBe(1);
    const grant = waiting.list.find((g) => g.status === 'issued')!;
    expect(grant).toMatchObject({ amount: '500', kind: 'cash' });
    expect(grant.claimUntil).not.toBeNull();
    const before = await balanceMinor(t, bruno.token);
    valueOf(await call(t.app, 'POST', `/wps/rewards/grants/${grant.id}/claim`, { token: bruno.token }));
    expect((await balanceMinor(t, bruno.token)) - before).toBe(500n);
    expectFailure(
      await call(t.app, 'POST', `/wps/rewards/grants/${grant.id}/claim`, { token: bruno.token }),
      'GRANT_NOT_CLAIMABLE',
      409,
    );
    // Another player cannot claim it.
    const carla = await newPlayer(t);
    expectFailure(
      await call(t.app, 'POST', `/wps/rewards/grants/${grant.id}/claim`, { token: carla.token }),
      'GRANT_NOT_FOUND',
      404,
    );
    // The per-player daily cap: a second login today gives nothing more.
    valueOf(await login(t.app, username, password));
    await t.app.services.rewardEvents.drain();
    expect((await grantRows(rule.id)).filter((g) => g.member_id === bruno.memberId)).toHaveLength(1);
    expect((await balanceMinor(t, bruno.token)) - before).toBe(500n);
    await end(rule);
  });

  it('replays a rule over history in a dry run, writing nothing', async () => {
    const dave = await newPlayer(t);
    await deposit(dave.token, '40.00');
    await deposit(dave.token, '80.00');
    await t.app.services.rewardEvents.drain();
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const until = new Date(Date.now() + 60_000).toISOString();
    const grantsBefore = await t.database.db
      .selectFrom('reward_grants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const dry = valueOf<DryRunResult>(
      await call(t.app, 'POST', '/ops/rewards/dry-run', {
        token: marketing,
        payload: {
          from,
          until,
          rule: {
            name: 'Deposits of 50+',
            trigger: 'deposit_credited',
            conditions: { depositMin: '5000' },
            reward: { kind: 'cash', amount: '200' },
          },
        },
      }),
    );
    // Every deposit of 50.00 or more in the window: Anna's 100 and 500, Dave's 80.
    expect(dry).toMatchObject({ grants: 3, amount: '600', kind: 'cash', truncated: false });
    expect(dry.players).toBe(2);
    expect(dry.sample.map((s) => s.memberId)).toContain(dave.memberId);
    // A per-player cap of one: one grant each.
    const capped = valueOf<DryRunResult>(
      await call(t.app, 'POST', '/ops/rewards/dry-run', {
        token: marketing,
        payload: {
          from,
          until,
          rule: {
            name: 'Once',
            trigger: 'deposit_credited',
            conditions: { depositMin: '5000' },
            reward: { kind: 'cash', amount: '200' },
            perPlayerCap: 1,
          },
        },
      }),
    );
    expect(capped).toMatchObject({ grants: 2, cappedOut: 1 });
    const grantsAfter = await t.database.db
      .selectFrom('reward_grants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(grantsAfter.n).toBe(grantsBefore.n);
  });

  it('refuses what the Brazilian profile forbids, and a switch to it while live rules it forbids remain', async () => {
    const rule = await goLive(
      await createRule({
        name: 'Reload',
        trigger: 'deposit_credited',
        conditions: { depositMin: '1000' },
        reward: { kind: 'cash', amount: '100' },
      }),
    );
    const loginRule = await goLive(
      await createRule({
        name: 'Login points',
        trigger: 'login',
        reward: { kind: 'cash', amount: '1' },
        perPlayerCap: 1,
        capPeriod: 'daily',
      }),
    );
    // The switch to BR is refused while the deposit rule is live (the licence lists it); paused, it goes.
    await expect(setLicence(t.app, 'BR')).rejects.toMatchObject({
      errorCode: 'LICENCE_SWITCH_BLOCKED',
      value: { blockers: [{ kind: 'reward_rule', id: rule.id, rule: 'forbiddenRewardTriggers' }] },
    });
    valueOf(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing,
        payload: { status: 'paused', version: rule.version },
      }),
    );
    await setLicence(t.app, 'BR');
    expect(
      valueOf<Rule>(await call(t.app, 'GET', `/ops/rewards/rules/${loginRule.id}`, { token: marketing })).status,
    ).toBe('live');

    const refused = expectFailure(
      await call(t.app, 'POST', '/ops/rewards/rules', {
        token: marketing,
        payload: { name: 'Sign-up', trigger: 'registered', reward: { kind: 'bonus', amount: '1000' } },
      }),
      'REWARD_FORBIDDEN_BY_JURISDICTION',
      409,
    );
    expect(refused.value).toMatchObject({ reasons: ['REWARD_KIND_FORBIDDEN', 'TRIGGER_FORBIDDEN'], profile: 'BR' });
    expect(
      expectFailure(
        await call(t.app, 'POST', '/ops/rewards/rules', {
          token: marketing,
          payload: {
            name: 'Big depositors',
            trigger: 'login',
            conditions: { depositInPeriod: { period: 'week', min: '100' } },
            reward: { kind: 'cash', amount: '1' },
          },
        }),
        'REWARD_FORBIDDEN_BY_JURISDICTION',
        409,
      ).value,
    ).toMatchObject({ reasons: ['DEPOSIT_CONDITION_FORBIDDEN'] });
    // The paused rule cannot go live again under this profile.
    const paused = valueOf<Rule>(await call(t.app, 'GET', `/ops/rewards/rules/${rule.id}`, { token: marketing }));
    expectFailure(
      await call(t.app, 'POST', `/ops/rewards/rules/${rule.id}/status`, {
        token: marketing,
        payload: { status: 'live', version: paused.version },
      }),
      'REWARD_FORBIDDEN_BY_JURISDICTION',
      409,
    );
    // And a deposit pays nothing under it (a BR player registers with a CPF and sets the limits the licence asks first).
    const erinCpf = newCpf();
    const erinLogin = (await registerUser(t.app, { cpf: erinCpf, birthDate: '1991-07-09' })).result;
    const erin = {
      token: erinLogin.token,
      memberId: (await t.app.services.session.resolve(erinLogin.token))!.memberId,
    };
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: erin.token,
        payload: {
          limits: [
            { kind: 'deposit_month', value: '1000' },
            { kind: 'daily_time', value: '600' },
            { kind: 'loss_month', value: '100000' },
          ],
        },
      }),
    );
    await confirmContactByEmail(t.app, erin);
    await deposit(erin.token, '20.00', erinCpf);
    await t.app.services.rewardEvents.drain();
    expect((await grantRows(rule.id)).filter((g) => g.member_id === erin.memberId)).toHaveLength(0);
    // Marketing may not change the profile.
    expectFailure(
      await call(t.app, 'POST', '/ops/licence/changes', {
        token: marketing,
        payload: { profile: 'permissive', reason: 'back to the generic site' },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    await setLicence(t.app, 'permissive');
    await end(loginRule);
    await end(rule);
  });

  it('pays and advertises no registration bonus under the Brazilian profile, and refuses to set one', async () => {
    type View = { values: { registrationBonusMinor: string }; versions: { registrationBonusMinor: string } };
    const settings = async () => valueOf<View>(await call(t.app, 'GET', '/ops/site-settings', { token: admin }));
    const setBonus = async (amount: string) => {
      const view = await settings();
      return call(t.app, 'PUT', '/ops/site-settings', {
        token: admin,
        payload: {
          changes: { registrationBonusMinor: { value: amount, version: view.versions.registrationBonusMinor } },
          reason: 'welcome offer',
        },
      });
    };
    const registeredBalance = async (overrides: Record<string, unknown> = {}) =>
      balanceMinor(t, (await registerUser(t.app, overrides)).result.token);
    valueOf(await setBonus('700'));
    try {
      expect(await registeredBalance()).toBe(700n);
      // The switch to BR is refused while the bonus is set; set to nothing, the switch goes.
      await expect(setLicence(t.app, 'BR')).rejects.toMatchObject({
        errorCode: 'LICENCE_SWITCH_BLOCKED',
        value: { blockers: [{ kind: 'site_setting', id: 'registrationBonusMinor', rule: 'signUpBonus' }] },
      });
      valueOf(await setBonus('0'));
      await setLicence(t.app, 'BR');
      // A new account (registered with its CPF) receives nothing and the site offers nothing.
      expect(await registeredBalance({ cpf: newCpf(), birthDate: '1988-02-20' })).toBe(0n);
      t.app.services.system.invalidateCache();
      expect(
        valueOf<{ registrationBonusMinor: string }>(await call(t.app, 'GET', '/wps/system/setting/register'))
          .registrationBonusMinor,
      ).toBe('0');
      // Setting one is refused with the reason.
      const refused = expectFailure(await setBonus('900'), 'REWARD_FORBIDDEN_BY_JURISDICTION', 409);
      expect(refused.value).toMatchObject({ reasons: ['SIGN_UP_BONUS_FORBIDDEN'] });
      expect((await settings()).values.registrationBonusMinor).toBe('0');
    } finally {
      await setLicence(t.app, 'permissive');
      if ((await settings()).values.registrationBonusMinor !== '0') valueOf(await setBonus('0'));
    }
  });

  it('validates rules: 4xx with the fields, nothing written', async () => {
    const count = async () =>
      (
        await t.database.db
          .selectFrom('reward_rules')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    expectFailure(
      await call(t.app, 'POST', '/ops/rewards/rules', {
        token: marketing,
        payload: { name: 'x', trigger: 'login', reward: { kind: 'cash' } },
      }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/rewards/rules', {
        token: marketing,
        payload: { name: 'x', trigger: 'nope', reward: { kind: 'cash', amount: '1' } },
      }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/rewards/rules', {
        token: marketing,
        payload: {
          name: 'x',
          trigger: 'login',
          conditions: { depositMin: '500', depositMax: '100' },
          reward: { kind: 'cash', amount: '1' },
        },
      }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/rewards/rules', {
        token: finance,
        payload: { name: 'x', trigger: 'login', reward: { kind: 'cash', amount: '1' } },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expect(await count()).toBe(before);
  });
});
