import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, disableRegisterCaptcha, expectFailure, login, registerUser, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPayer, requestWithdrawal } from '../withdrawal/withdrawal.test-support';

// The player's rights over their data, through the player's own calls: a copy of everything the
// operator holds about them (theirs only), and closing the account, refused while money is on it
// or on its way out, confirmed with the password, ending every session and every later login.

type Export = {
  generatedAt: string;
  profile: { memberId: string; account: string };
  balances: { accounts: { purpose: string; balanceMinor: string }[] };
  identityChecks: unknown[];
  deposits: unknown[];
  withdrawals: { status: string }[];
  ledger: unknown[];
  rounds: { roundId: string }[];
  sessions: unknown[];
};

describeEachDatabase("player rights: the player's data and closing the account", (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("a player downloads their own data: account, money, play and sessions, and no one else's", async () => {
    const payer = await createPayer(t.app, 100_00n);
    const other = await createPayer(t.app, 5_00n);
    const { seamless } = t.app.services.gateway;
    await seamless.bet({
      vassalage: 'SBX',
      memberId: payer.memberId,
      transactionId: 'privacy-bet-1',
      roundId: 'privacy-round-1',
      gameId: 'g-1',
      amountMinor: 10_00n,
    });
    await seamless.win({
      vassalage: 'SBX',
      memberId: payer.memberId,
      transactionId: 'privacy-win-1',
      roundId: 'privacy-round-1',
      amountMinor: 4_00n,
      roundClosed: true,
    });
    valueOf(await requestWithdrawal(t.app, payer, '20'));

    const res = await call(t.app, 'GET', '/wps/member/data-export', { token: payer.token });
    expect(res.headers['cache-control']).toBe('no-store');
    const data = valueOf<Export>(res);
    expect(data.profile).toMatchObject({ memberId: payer.memberId, account: payer.username });
    expect(data.balances.accounts.find((a) => a.purpose === 'player_main')?.balanceMinor).toBe(
      String(100_00 - 10_00 + 4_00 - 20_00),
    );
    expect(data.withdrawals.map((w) => w.status)).toEqual(['pending']);
    expect(data.rounds.map((r) => r.roundId)).toEqual(['privacy-round-1']);
    expect(data.ledger.length).toBeGreaterThanOrEqual(4);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.identityChecks).toEqual([]);
    expect(JSON.stringify(data)).not.toContain(other.username);

    expect((await call(t.app, 'GET', '/wps/member/data-export')).statusCode).toBe(401);
  });

  it('closing the account: refused with money on it or a withdrawal under way, and without the right password', async () => {
    const password = 'Closing2026pass';
    const payer = await createPayer(t.app, 10_00n, { password, confirmPassword: password });
    const close = (pw: string) =>
      call(t.app, 'POST', '/wps/member/close', { token: payer.token, payload: { password: pw } });
    expectFailure(await close('Not-the-password-1'), 'OLD_PASSWORD_INCORRECT');
    expect(expectFailure(await close(password), 'ACCOUNT_CLOSURE_REFUSED', 409).value).toMatchObject({
      reason: 'balance',
    });
    // All of it asked out: no balance, but the money is still on its way.
    valueOf(await requestWithdrawal(t.app, payer, '10'));
    expect(expectFailure(await close(password), 'ACCOUNT_CLOSURE_REFUSED', 409).value).toMatchObject({
      reason: 'withdrawal',
    });
    // Still open.
    expect((await call(t.app, 'GET', '/wps/member/data-export', { token: payer.token })).statusCode).toBe(200);
  });

  it('a player with nothing on the account closes it: sessions end, login is refused, the audit log says who and why', async () => {
    const { username, password, result } = await registerUser(t.app);
    expect(
      valueOf<{ closed: boolean }>(
        await call(t.app, 'POST', '/wps/member/close', { token: result.token, payload: { password } }),
      ),
    ).toEqual({ closed: true });
    const after = await call(t.app, 'GET', '/wps/member/data-export', { token: result.token });
    expect(after.statusCode).toBe(401);
    expect((after.json() as { value?: { sessionEnded?: string } }).value?.sessionEnded).toBe('account_disabled');
    expectFailure(await login(t.app, username, password), 'ACCOUNT_DISABLED');
    const audit = await sql<{ actor_type: string; reason: string }>`
      SELECT actor_type, reason FROM audit_log WHERE action = 'member.close' AND subject_id = (SELECT id::text FROM members WHERE account = ${username})`.execute(
      t.database.db,
    );
    expect(audit.rows).toEqual([{ actor_type: 'member', reason: "closed at the player's request" }]);
  });
});
