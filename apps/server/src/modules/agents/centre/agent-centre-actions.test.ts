import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import type { AgentLink, CentreRegisterResult, CentreTransferResult } from '@wps/shared/schemas/agent-centre';
import type { ContractTier, ContractView } from '@wps/shared/schemas/agents';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  registerUser,
  strongPassword,
  uniqueUsername,
  valueOf,
} from '../../../../test/api-client';
import { expectLedgerHealthy } from '../../../../test/ledger-invariants';
import { createTestOperator } from '../../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../../test/test-app';
import { houseContractInForce } from '../house-contract.test-support';
import { PAYMENT_PASSWORD, balanceOf, fundMember, newKey } from '../../withdrawal/withdrawal.test-support';

const PASSWORD = 'agent-pass-1';
const CENTRE = '/wps/agent/centre';
const tiers = (rateBp: number): ContractTier[] => [{ minAmountMinor: '0', minActivePlayers: 0, rateBp }];

describeEachDatabase('agent centre: register centre, transfers to a direct downline and links', (target) => {
  let t: TestApp;
  let admin: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
    finance = (await createTestOperator(t.app, 'finance')).token;
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Member = { id: string; account: string; token: string };
  async function member(upline: Member | null, type: number = AccountType.AGENT_1): Promise<Member> {
    const { id, account } = await insertTestMember(t, PASSWORD, { type, uplineId: upline?.id ?? null });
    const token = valueOf<LoginResult>(await login(t.app, account, PASSWORD)).token;
    return { id, account, token };
  }
  const post = (m: Member, path: string, payload: unknown) =>
    call(t.app, 'POST', `${CENTRE}/${path}`, { token: m.token, payload });
  /** The register centre and transfers carry passwords: their bodies are encrypted (docs/api.md). */
  const postSealed = (m: Member, path: 'register' | 'transfer', payload: unknown) =>
    callEncrypted(t.app, 'POST', `${CENTRE}/${path}`, payload, { token: m.token });
  const send = (from: Member, to: { id: string }, amount: string, extra: Record<string, unknown> = {}) =>
    postSealed(from, 'transfer', {
      memberId: to.id,
      amount,
      paymentPassword: PAYMENT_PASSWORD,
      idempotencyKey: newKey(),
      ...extra,
    });
  const withPaymentPassword = async (m: Member) => {
    await t.app.services.security.setPaymentPassword(m.id, {
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
    return m;
  };

  it('refuses the centre actions to a player (AGENT_ONLY)', async () => {
    const player = await registerUser(t.app);
    const token = player.result.token;
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        `${CENTRE}/register`,
        { type: 3, username: uniqueUsername(), password: 'x', confirmPassword: 'x' },
        { token },
      ),
      'AGENT_ONLY',
      403,
    );
    expectFailure(
      await callEncrypted(
        t.app,
        'POST',
        `${CENTRE}/transfer`,
        { memberId: '1', amount: '1', paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey() },
        { token },
      ),
      'AGENT_ONLY',
      403,
    );
    expectFailure(
      await call(t.app, 'POST', `${CENTRE}/transfer`, {
        token,
        payload: { memberId: '1', amount: '1', paymentPassword: PAYMENT_PASSWORD, idempotencyKey: newKey() },
      }),
      'ENCRYPTION_REQUIRED',
    );
    expectFailure(
      await call(t.app, 'POST', `${CENTRE}/links`, { token, payload: { type: 'member' } }),
      'AGENT_ONLY',
      403,
    );
    expectFailure(
      await call(t.app, 'PATCH', `${CENTRE}/links/1`, { token, payload: { enabled: false } }),
      'AGENT_ONLY',
      403,
    );
    expectFailure(await call(t.app, 'DELETE', `${CENTRE}/links/1`, { token }), 'AGENT_ONLY', 403);
  });

  it('transfer: one balanced ledger transaction to a direct downline, once per key', async () => {
    const a = await withPaymentPassword(await member(null));
    const p = await member(a, AccountType.MEMBER);
    await fundMember(t.app, a.id, 10_000n);
    const key = newKey();
    const result = valueOf<CentreTransferResult>(await send(a, p, '12.34', { idempotencyKey: key }));
    expect(result).toMatchObject({
      amount: '12.34',
      amountMinor: '1234',
      balance: '87.66',
      balanceMinor: '8766',
      downline: p.account,
    });
    const replay = valueOf<CentreTransferResult>(await send(a, p, '12.34', { idempotencyKey: key }));
    expect(replay.transactionId).toBe(result.transactionId);
    expect(await balanceOf(t.app, a.id)).toBe(8_766n);
    expect(await balanceOf(t.app, p.id)).toBe(1_234n);
    const tx = await t.database.db
      .selectFrom('ledger_transactions')
      .select(['kind'])
      .where('id', '=', result.transactionId)
      .executeTakeFirstOrThrow();
    expect(tx.kind).toBe('transfer_downline');
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .select('amount')
      .where('transaction_id', '=', result.transactionId)
      .execute();
    expect(entries.map((e) => e.amount).sort()).toEqual(['-1234', '1234']);
  });

  it('transfer: refuses a deeper or foreign member, a disabled downline, a wrong payment password; funds refusal is final under its key', async () => {
    const a = await withPaymentPassword(await member(null));
    const b = await member(a);
    const deep = await member(b, AccountType.MEMBER);
    const stranger = await member(null, AccountType.MEMBER);
    await fundMember(t.app, a.id, 1_000n);
    expectFailure(await send(a, deep, '1'), 'AGENT_NOT_DIRECT_DOWNLINE', 409);
    expectFailure(await send(a, stranger, '1'), 'AGENT_NOT_DIRECT_DOWNLINE', 409);
    expectFailure(await send(a, a, '1'), 'AGENT_NOT_DIRECT_DOWNLINE', 409);
    expectFailure(await send(a, b, '1', { paymentPassword: '918273' }), 'PAYMENT_PASSWORD_INVALID', 400);
    expect(expectFailure(await send(a, b, '0'), 'VALIDATION_FAILED', 400).value).toEqual({
      fields: [{ field: 'body.amount', message: 'must be above zero' }],
    });
    const key = newKey();
    const refused = expectFailure(await send(a, b, '10.01', { idempotencyKey: key }), 'INSUFFICIENT_FUNDS', 409);
    await fundMember(t.app, a.id, 5_000n);
    expect(expectFailure(await send(a, b, '10.01', { idempotencyKey: key }), 'INSUFFICIENT_FUNDS', 409).value).toEqual(
      refused.value,
    );
    expectFailure(await send(a, b, '5', { idempotencyKey: key }), 'IDEMPOTENCY_CONFLICT', 409);
    await t.database.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', b.id).execute();
    expectFailure(await send(a, b, '1'), 'AGENT_NOT_DIRECT_DOWNLINE', 409);
    expect(await balanceOf(t.app, a.id)).toBe(6_000n);
    expect(await balanceOf(t.app, b.id)).toBe(0n);
  });

  it('register centre: a direct downline that must change its first password before anything else', async () => {
    const a = await member(null);
    const username = uniqueUsername('dl');
    const first = strongPassword();
    const created = valueOf<CentreRegisterResult>(
      await postSealed(a, 'register', {
        type: 2,
        username: username.toUpperCase(),
        password: first,
        confirmPassword: first,
      }),
    );
    expect(created).toMatchObject({ account: username, type: 2, mustChangePassword: true });
    const brief = await t.app.services.member.findUpline(created.memberId);
    expect(brief?.uplineId).toBe(a.id);
    expectFailure(
      await postSealed(a, 'register', { type: 3, username, password: first, confirmPassword: first }),
      'USERNAME_TAKEN',
      409,
    );
    expectFailure(
      await postSealed(a, 'register', {
        type: 3,
        username: uniqueUsername(),
        password: first,
        confirmPassword: `${first}x`,
      }),
      'PASSWORD_MISMATCH',
      400,
    );
    expectFailure(
      await postSealed(a, 'register', { type: 1, username: uniqueUsername(), password: first, confirmPassword: first }),
      'VALIDATION_FAILED',
      400,
    );

    const session = valueOf<LoginResult>(await login(t.app, username, first));
    expect(session.mustChangePassword).toBe(true);
    expect(session.userInfo.type).toBe(2);
    expectFailure(
      await call(t.app, 'GET', '/wps/member/info', { token: session.token }),
      'PASSWORD_CHANGE_REQUIRED',
      403,
    );
    expectFailure(
      await call(t.app, 'GET', `${CENTRE}/overview`, { token: session.token }),
      'PASSWORD_CHANGE_REQUIRED',
      403,
    );
    const next = strongPassword();
    valueOf(
      await callEncrypted(
        t.app,
        'POST',
        '/wps/member/password',
        { oldPassword: first, newPassword: next, confirmNewPassword: next },
        { token: session.token },
      ),
    );
    valueOf(await call(t.app, 'GET', `${CENTRE}/overview`, { token: session.token }));
    expect(valueOf<LoginResult>(await login(t.app, username, next)).mustChangePassword).toBe(false);
  });

  it('links: an agent link registers a type-2 agent under me with contract offers on its terms, counted', async () => {
    const a = await member(null);
    await houseContractInForce(t, { asker: admin, approver: finance }, a.id, 'daily_salary', {
      tiers: tiers(100),
      reason: 'partner terms',
    });
    expectFailure(
      await post(a, 'links', { type: 'agent', terms: { daily_salary: tiers(150) } }),
      'AGENT_RATE_ABOVE_UPLINE',
      409,
    );
    expectFailure(
      await post(a, 'links', { type: 'agent', terms: { dividend: tiers(10) } }),
      'AGENT_RATE_ABOVE_UPLINE',
      409,
    );
    expectFailure(
      await post(a, 'links', { type: 'member', terms: { daily_salary: tiers(10) } }),
      'VALIDATION_FAILED',
      400,
    );
    const link = valueOf<AgentLink>(await post(a, 'links', { type: 'agent', terms: { daily_salary: tiers(60) } }));
    expect(link).toMatchObject({ type: 'agent', enabled: true, registrations: 0, terms: { daily_salary: tiers(60) } });
    expect(valueOf<{ agent: string }>(await call(t.app, 'GET', `/wps/agent/affiliate?code=${link.code}`)).agent).toBe(
      a.account,
    );

    const joined = await registerUser(t.app, { affiliateCode: link.code });
    expect(joined.result.userInfo.type).toBe(AccountType.AGENT_2);
    const joinedId = valueOf<{ id: string }>(
      await call(t.app, 'GET', '/wps/member/info', { token: joined.result.token }),
    ).id;
    expect((await t.app.services.member.findUpline(joinedId))?.uplineId).toBe(a.id);
    const view = valueOf<ContractView>(
      await call(t.app, 'POST', '/wps/relay/MCS2_processDailySalContract', {
        token: joined.result.token,
        payload: { action: 'view' },
      }),
    );
    expect(view.offer).toMatchObject({ upline: a.account, status: 'offered', tiers: tiers(60) });
    valueOf(
      await call(t.app, 'POST', '/wps/relay/MCS2_processDailySalContract', {
        token: joined.result.token,
        payload: { action: 'accept', contractId: view.offer!.id },
      }),
    );

    const memberLink = valueOf<AgentLink>(await post(a, 'links', { type: 'member' }));
    const player = await registerUser(t.app, { affiliateCode: memberLink.code.toUpperCase() });
    expect(player.result.userInfo.type).toBe(AccountType.MEMBER);

    const list = valueOf<{ list: AgentLink[] }>(await call(t.app, 'GET', `${CENTRE}/links`, { token: a.token })).list;
    expect(list.map((l) => [l.linkId, l.registrations])).toEqual([
      [memberLink.linkId, 1],
      [link.linkId, 1],
    ]);
  });

  it('links: disabled and deleted links register nobody; another agent cannot touch mine', async () => {
    const a = await member(null);
    const other = await member(null);
    const link = valueOf<AgentLink>(await post(a, 'links', { type: 'member' }));
    expectFailure(
      await call(t.app, 'PATCH', `${CENTRE}/links/${link.linkId}`, { token: other.token, payload: { enabled: false } }),
      'AGENT_LINK_NOT_FOUND',
      404,
    );
    expect(
      valueOf<AgentLink>(
        await call(t.app, 'PATCH', `${CENTRE}/links/${link.linkId}`, { token: a.token, payload: { enabled: false } }),
      ).enabled,
    ).toBe(false);
    expectFailure(await call(t.app, 'GET', `/wps/agent/affiliate?code=${link.code}`), 'invitation_code_error');
    await expect(registerUser(t.app, { affiliateCode: link.code })).rejects.toThrow(/invitation_code_error/);
    expect(
      valueOf<AgentLink>(
        await call(t.app, 'PATCH', `${CENTRE}/links/${link.linkId}`, { token: a.token, payload: { enabled: true } }),
      ).enabled,
    ).toBe(true);
    valueOf(await call(t.app, 'GET', `/wps/agent/affiliate?code=${link.code}`));
    expectFailure(
      await call(t.app, 'DELETE', `${CENTRE}/links/${link.linkId}`, { token: other.token }),
      'AGENT_LINK_NOT_FOUND',
      404,
    );
    expect(valueOf(await call(t.app, 'DELETE', `${CENTRE}/links/${link.linkId}`, { token: a.token }))).toEqual({
      linkId: link.linkId,
      deleted: true,
    });
    expectFailure(await call(t.app, 'GET', `/wps/agent/affiliate?code=${link.code}`), 'invitation_code_error');
    expect(
      valueOf<{ list: AgentLink[] }>(await call(t.app, 'GET', `${CENTRE}/links`, { token: a.token })).list,
    ).toEqual([]);
    expectFailure(
      await call(t.app, 'PATCH', `${CENTRE}/links/${link.linkId}`, { token: a.token, payload: { enabled: true } }),
      'AGENT_LINK_NOT_FOUND',
      404,
    );
  });
});
