import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlayerBalances, PlayerProfile, PlayerSearchPage } from '@wps/shared/schemas/players';
import type { AuditEntry } from '@wps/shared/schemas/operator';
import { call, disableRegisterCaptcha, expectFailure, login, registerUser, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createPayer, fundMember, memberIdOf, type Payer } from '../withdrawal/withdrawal.test-support';

type KeysetPage<T> = { list: T[]; nextCursor: string | null };

describeEachDatabase('back-office players: search, player page, actions', (target) => {
  let t: TestApp;
  let support: TestOperator;
  let finance: TestOperator;
  let marketing: TestOperator | undefined;
  let player: Payer;
  let bankNumber: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    support = await createTestOperator(t.app, 'support');
    finance = await createTestOperator(t.app, 'finance');
    player = await createPayer(t.app, 5000n);
    const accounts = await t.app.services.security.listBankAccounts(player.memberId);
    bankNumber = accounts[0]!.accountNumber;
  }, 180_000);

  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  const get = <T>(op: TestOperator, url: string) =>
    call(t.app, 'GET', url, { token: op.token }).then((r) => valueOf<T>(r));

  it('finds the player by username prefix (any case), id, bank account last digits and e-mail', async () => {
    const prefix = player.username.slice(0, Math.max(3, player.username.length - 2)).toUpperCase();
    const byName = await get<PlayerSearchPage>(support, `/ops/players?key=username&q=${prefix}&pageSize=100`);
    expect(byName.list.map((p) => p.memberId)).toContain(player.memberId);

    const byId = await get<PlayerSearchPage>(support, `/ops/players?key=id&q=${player.memberId}`);
    expect(byId.list).toHaveLength(1);
    expect(byId.list[0]!.account).toBe(player.username);

    const byBank = await get<PlayerSearchPage>(support, `/ops/players?key=bank&q=${bankNumber.slice(-5)}`);
    expect(byBank.list.map((p) => p.memberId)).toContain(player.memberId);

    const none = await get<PlayerSearchPage>(support, `/ops/players?key=username&q=zz_no_such_${Date.now()}`);
    expect(none).toEqual({ list: [], page: 1, pageSize: 20, hasMore: false });

    // A LIKE wildcard is taken literally, not as "anything".
    const wildcard = await get<PlayerSearchPage>(support, '/ops/players?key=username&q=%25');
    expect(wildcard.list).toEqual([]);
    expectFailure(
      await call(t.app, 'GET', '/ops/players?key=bank&q=12', { token: support.token }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it('finds a player by e-mail (case-insensitive) and by mobile in E.164 or national form', async () => {
    const email = `Player.${Date.now()}@Example.com`;
    const phone = `119${String(Date.now()).slice(-8)}`;
    await t.database.db
      .updateTable('members')
      .set({ email, dialing_code: '55', mobile: phone })
      .where('id', '=', player.memberId)
      .execute();
    const byEmail = await get<PlayerSearchPage>(
      support,
      `/ops/players?key=email&q=${encodeURIComponent(email.toLowerCase())}`,
    );
    expect(byEmail.list.map((p) => p.memberId)).toEqual([player.memberId]);
    const byE164 = await get<PlayerSearchPage>(
      support,
      `/ops/players?key=mobile&q=${encodeURIComponent(`+55 ${phone}`)}`,
    );
    expect(byE164.list.map((p) => p.memberId)).toEqual([player.memberId]);
    // The operator's default country (BR) when no calling code is typed.
    const national = await get<PlayerSearchPage>(support, `/ops/players?key=mobile&q=${phone}`);
    expect(national.list.map((p) => p.memberId)).toEqual([player.memberId]);
  });

  it('shows the profile, balances and ledger entries keyset-paged without repeats', async () => {
    const profile = await get<PlayerProfile>(support, `/ops/players/${player.memberId}`);
    expect(profile).toMatchObject({
      account: player.username,
      status: 'active',
      payeeName: 'Maria Silva',
      hasPaymentPassword: true,
    });
    expect(profile.bankAccounts[0]!.accountNumber).toBe(bankNumber);

    for (let i = 0; i < 4; i++) await fundMember(t.app, player.memberId, 100n);
    const balances = await get<PlayerBalances>(support, `/ops/players/${player.memberId}/balances`);
    expect(balances.accounts.find((a) => a.purpose === 'player_main')?.balanceMinor).toBe('5400');

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: KeysetPage<{ entryId: string; amountMinor: string; kind: string }> = await get(
        support,
        `/ops/players/${player.memberId}/ledger?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.list.map((e) => e.entryId));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort((a, b) => Number(b) - Number(a))).toEqual(seen);

    expectFailure(
      await call(t.app, 'GET', '/ops/players/999999999', { token: support.token }),
      'PLAYER_NOT_FOUND',
      404,
    );

    // The CSV export holds the same entries, newest first, across its keyset pages.
    const csv = await call(t.app, 'GET', `/ops/players/${player.memberId}/ledger/csv`, { token: support.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^entry_id,transaction_id,created_at/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(seen);
  });

  it('lists deposits, withdrawals, rounds, in-house rounds, sessions, notices', async () => {
    for (const list of ['deposits', 'withdrawals', 'rounds', 'inhouse-rounds', 'sessions', 'notices']) {
      const page = await get<KeysetPage<unknown>>(support, `/ops/players/${player.memberId}/${list}`);
      expect(page, list).toHaveProperty('nextCursor');
    }
    const sessions = await get<KeysetPage<{ id: string; revokedAt: string | null }>>(
      support,
      `/ops/players/${player.memberId}/sessions?live=true`,
    );
    expect(sessions.list.length).toBeGreaterThan(0);
  });

  it('sends a message, corrects the payee name, resets the payment password: each audited with its reason', async () => {
    const base = `/ops/players/${player.memberId}`;
    valueOf(
      await call(t.app, 'POST', `${base}/messages`, {
        token: support.token,
        payload: { title: 'Hello', body: 'Your bonus is on its way' },
      }),
    );
    const notices = await get<KeysetPage<{ kind: string; params: Record<string, string> }>>(support, `${base}/notices`);
    expect(notices.list[0]).toMatchObject({
      kind: 'operator_message',
      params: { title: 'Hello', note: 'Your bonus is on its way' },
    });

    expectFailure(
      await call(t.app, 'PUT', `${base}/payee-name`, {
        token: support.token,
        payload: { payeeName: 'X', reason: 'typo in the name' },
      }),
      'VALIDATION_FAILED',
      400,
    );
    valueOf(
      await call(t.app, 'PUT', `${base}/payee-name`, {
        token: support.token,
        payload: { payeeName: 'Maria  da Silva', reason: 'typo in the name' },
      }),
    );
    const accounts = await t.app.services.security.listBankAccounts(player.memberId);
    expect(accounts[0]!.holderName).toBe('Maria da Silva');

    valueOf(
      await call(t.app, 'POST', `${base}/payment-password-reset`, {
        token: support.token,
        payload: { reason: 'player forgot it' },
      }),
    );
    expect((await get<PlayerProfile>(support, base)).hasPaymentPassword).toBe(false);

    const audit = await get<{ list: AuditEntry[] }>(support, `${base}/audit?pageSize=50`);
    const actions = audit.list.map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['member.message', 'member.payee_name.correct', 'member.payment_password.reset']),
    );
    const payee = audit.list.find((e) => e.action === 'member.payee_name.correct')!;
    expect(payee).toMatchObject({
      actorId: support.operatorId,
      reason: 'typo in the name',
      before: { payeeName: 'Maria Silva' },
      after: { payeeName: 'Maria da Silva' },
    });
  });

  it('disabling ends the sessions and refuses login; enabling lets the player in again', async () => {
    const other = await createPayer(t.app);
    const base = `/ops/players/${other.memberId}`;
    expect((await call(t.app, 'GET', '/wps/member/info', { token: other.token })).statusCode).toBe(200);
    const disabled = valueOf<{ status: string; revokedSessions: number }>(
      await call(t.app, 'PUT', `${base}/status`, {
        token: support.token,
        payload: { status: 'disabled', reason: 'fraud check' },
      }),
    );
    expect(disabled.status).toBe('disabled');
    expect(disabled.revokedSessions).toBeGreaterThan(0);
    expect(
      expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: other.token }), 'UNAUTHORIZED', 401).value,
    ).toEqual({ sessionEnded: 'account_disabled' });
    const user = await t.database.db
      .selectFrom('members')
      .select('account')
      .where('id', '=', other.memberId)
      .executeTakeFirstOrThrow();
    expect(user.account).toBe(other.username);

    valueOf(
      await call(t.app, 'PUT', `${base}/status`, {
        token: support.token,
        payload: { status: 'active', reason: 'cleared' },
      }),
    );
    const audit = await get<{ list: AuditEntry[] }>(support, `${base}/audit`);
    expect(audit.list.map((e) => e.action).slice(0, 2)).toEqual(['member.enable', 'member.disable']);
    expect(audit.list[1]).toMatchObject({
      reason: 'fraud check',
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
  });

  it('revokes one session or all of them', async () => {
    const other = await createPayer(t.app);
    const base = `/ops/players/${other.memberId}`;
    const sessions = await get<KeysetPage<{ id: string }>>(support, `${base}/sessions?live=true`);
    valueOf(await call(t.app, 'DELETE', `${base}/sessions/${sessions.list[0]!.id}`, { token: support.token }));
    // The player's next call says an operator ended the session.
    expect(
      expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: other.token }), 'UNAUTHORIZED', 401).value,
    ).toEqual({ sessionEnded: 'operator' });
    expectFailure(
      await call(t.app, 'DELETE', `${base}/sessions/${sessions.list[0]!.id}0`, { token: support.token }),
      'NOT_FOUND',
      404,
    );
    const all = valueOf<{ revoked: number }>(await call(t.app, 'DELETE', `${base}/sessions`, { token: support.token }));
    expect(all.revoked).toBe(0);
  });

  it('refuses each call to a role without its permission', async () => {
    const base = `/ops/players/${player.memberId}`;
    // finance reads players but changes nothing on them.
    expect((await call(t.app, 'GET', base, { token: finance.token })).statusCode).toBe(200);
    expectFailure(
      await call(t.app, 'PUT', `${base}/status`, {
        token: finance.token,
        payload: { status: 'disabled', reason: 'not allowed' },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expectFailure(
      await call(t.app, 'POST', `${base}/messages`, { token: finance.token, payload: { title: 'a', body: 'b' } }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    // support changes players but never money.
    expectFailure(
      await call(t.app, 'POST', `${base}/adjustments`, {
        token: support.token,
        payload: {
          direction: 'credit',
          kind: 'bonus',
          amountMinor: '100',
          reason: 'not allowed',
          idempotencyKey: 'support-key-1',
        },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    marketing ??= await createTestOperator(t.app, 'marketing' as never);
    expectFailure(await call(t.app, 'GET', `/ops/players?q=a`, { token: marketing.token }), 'OPERATOR_FORBIDDEN', 403);
    // A member token is not an operator token.
    expectFailure(await call(t.app, 'GET', base, { token: player.token }), 'OPERATOR_UNAUTHORIZED', 401);
    expectFailure(await call(t.app, 'GET', base), 'OPERATOR_UNAUTHORIZED', 401);
  });

  it('a disabled player cannot log in, whatever the password', async () => {
    const user = await registerUser(t.app);
    const memberId = await memberIdOf(t.app, user.result.token);
    valueOf(
      await call(t.app, 'PUT', `/ops/players/${memberId}/status`, {
        token: support.token,
        payload: { status: 'disabled', reason: 'closed on request' },
      }),
    );
    expectFailure(await login(t.app, user.username, user.password), 'ACCOUNT_DISABLED');
  });
});
