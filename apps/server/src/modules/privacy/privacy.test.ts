import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { AccountClosure, CloseAccountResult, IdentityData } from '@wps/shared/schemas/privacy';
import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { call, disableRegisterCaptcha, expectFailure, login, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newCpf } from '../identity/identity-fixtures';
import { balanceOf, createPayer, requestWithdrawal, type Payer } from '../withdrawal/withdrawal.test-support';
import { bindOwnPixKey } from './privacy.test-support';
import { CLOSURE_PAYOUT_DAYS } from './privacy.service';

// The player's rights over their data, through the player's own calls: a copy of everything the
// operator holds about them (theirs only, their identity included), and closing the account,
// confirmed with the password, whatever balance is left: the balance goes out
// as a withdrawal to the player's own PIX key, or is held for payout on request with a deadline;
// the account is closed to play at once.

type Export = {
  generatedAt: string;
  profile: { memberId: string; account: string };
  identity: IdentityData | null;
  balances: { accounts: { purpose: string; balanceMinor: string }[] };
  identityChecks: unknown[];
  deposits: unknown[];
  withdrawals: { status: string }[];
  ledger: unknown[];
  rounds: { roundId: string }[];
  sessions: unknown[];
};

const PASSWORD = 'Closing2026pass';

describeEachDatabase("player rights: the player's data and closing the account", (target) => {
  let t: TestApp;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    finance = (await createTestOperator(t.app, 'finance')).token;
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const payer = (balanceMinor: bigint) =>
    createPayer(t.app, balanceMinor, { password: PASSWORD, confirmPassword: PASSWORD });
  const close = (p: Payer, password = PASSWORD) =>
    call(t.app, 'POST', '/wps/member/close', { token: p.token, payload: { password } });
  const opsOrder = async (id: string) =>
    valueOf<OpsWithdrawalOrder>(await call(t.app, 'GET', `/ops/withdrawals/${id}`, { token: finance }));
  const closures = async (memberId: string) =>
    valueOf<{ list: AccountClosure[] }>(
      await call(t.app, 'GET', `/ops/players/${memberId}/closures`, { token: finance }),
    ).list;

  it("a player downloads their own data: account, money, play and sessions, and no one else's", async () => {
    const p = await createPayer(t.app, 100_00n);
    const other = await createPayer(t.app, 5_00n);
    const { seamless } = t.app.services.gateway;
    await seamless.bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: 'privacy-bet-1',
      roundId: 'privacy-round-1',
      gameId: 'g-1',
      amountMinor: 10_00n,
    });
    await seamless.win({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: 'privacy-win-1',
      roundId: 'privacy-round-1',
      amountMinor: 4_00n,
      roundClosed: true,
    });
    valueOf(await requestWithdrawal(t.app, p, '20'));

    const res = await call(t.app, 'GET', '/wps/member/data-export', { token: p.token });
    expect(res.headers['cache-control']).toBe('no-store');
    const data = valueOf<Export>(res);
    expect(data.profile).toMatchObject({ memberId: p.memberId, account: p.username });
    expect(data.balances.accounts.find((a) => a.purpose === 'player_main')?.balanceMinor).toBe(
      String(100_00 - 10_00 + 4_00 - 20_00),
    );
    expect(data.withdrawals.map((w) => w.status)).toEqual(['pending']);
    expect(data.rounds.map((r) => r.roundId)).toEqual(['privacy-round-1']);
    expect(data.ledger.length).toBeGreaterThanOrEqual(4);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.identityChecks).toEqual([]);
    // Registered under the permissive profile: no identity held.
    expect(data.identity).toBeNull();
    expect(JSON.stringify(data)).not.toContain(other.username);

    expect((await call(t.app, 'GET', '/wps/member/data-export')).statusCode).toBe(401);
  });

  // Failed before item 2.11: the copy had no identity part (CPF, date of birth, name).
  it('the copy carries the identity the operator holds: CPF, date of birth and the name the identity check read', async () => {
    const p = await createPayer(t.app);
    const other = await createPayer(t.app);
    const cpf = newCpf();
    const otherCpf = newCpf();
    await t.database.db
      .insertInto('member_identities')
      .values([
        { member_id: p.memberId, cpf, birth_date: '1988-02-29', full_name: 'Maria Aparecida Silva' },
        { member_id: other.memberId, cpf: otherCpf, birth_date: '1970-01-01', full_name: 'Outra Pessoa' },
      ])
      .execute();
    const data = valueOf<Export>(await call(t.app, 'GET', '/wps/member/data-export', { token: p.token }));
    expect(data.identity).toEqual({
      cpf,
      birthDate: '1988-02-29',
      fullName: 'Maria Aparecida Silva',
      // An identity written before registration asked for the address and gender (migration 0670).
      address: null,
      gender: null,
      createdAt: expect.any(String),
      anonymisedAt: null,
    });
    expect(JSON.stringify(data)).not.toContain(otherCpf);
  });

  it('closing asks for the right password', async () => {
    const p = await payer(10_00n);
    expectFailure(await close(p, 'Not-the-password-1'), 'OLD_PASSWORD_INCORRECT');
    // Still open.
    expect((await call(t.app, 'GET', '/wps/member/data-export', { token: p.token })).statusCode).toBe(200);
  });

  // Failed before item 2.11: closing was refused (ACCOUNT_CLOSURE_REFUSED, reason 'balance') while money was on the account.
  it('with a balance and a PIX key: closed to play at once, the whole balance paid out as a withdrawal to the key, reviewed as any other', async () => {
    const p = await payer(70_00n);
    await bindOwnPixKey(t.app, p);
    // A withdrawal already on its way goes on; the closing pays what is left.
    const earlier = valueOf<{ id: string }>(await requestWithdrawal(t.app, p, '20'));
    const result = valueOf<CloseAccountResult>(await close(p));
    expect(result).toMatchObject({
      closed: true,
      closure: { payout: 'withdrawal', balanceMinor: '5000', heldReason: null, payoutDueBy: null },
    });
    const withdrawalId = result.closure.withdrawalId!;
    expect(await balanceOf(t.app, p.memberId)).toBe(0n);

    // Closed to play: the session is gone and the next login refused.
    expect((await call(t.app, 'GET', '/wps/member/info', { token: p.token })).statusCode).toBe(401);
    expectFailure(await login(t.app, p.username, PASSWORD), 'ACCOUNT_DISABLED');

    // The payout is an ordinary order in the withdrawal queue: to the player's own key, of origin account_closure.
    expect(await opsOrder(withdrawalId)).toMatchObject({
      status: 'pending',
      memberId: p.memberId,
      amountMinor: '5000',
      pixKeyType: 'evp',
      origin: 'account_closure',
    });
    expect((await opsOrder(earlier.id)).status).toBe('pending');
    const approved = valueOf<OpsWithdrawalOrder>(
      await call(t.app, 'POST', `/ops/withdrawals/${withdrawalId}/approve`, {
        token: finance,
        payload: { reason: 'closed account: balance paid by PIX' },
      }),
    );
    expect(approved.status).toBe('approved');

    // The back office's player page shows the closing with its payout; the audit entry says who and why.
    expect(await closures(p.memberId)).toEqual([result.closure]);
    const audit = await sql<{ actor_type: string; after: { payout: string; withdrawalId: string } }>`
      SELECT actor_type, after FROM audit_log WHERE action = 'member.close' AND subject_id = ${p.memberId}`.execute(
      t.database.db,
    );
    expect(audit.rows).toEqual([
      { actor_type: 'member', after: expect.objectContaining({ payout: 'withdrawal', withdrawalId }) },
    ]);
  });

  // Failed before item 2.11: refused with reason 'balance'.
  it('with a balance and no PIX key: closed all the same, the balance held for payout on request until a deadline', async () => {
    const p = await payer(25_00n);
    const before = Date.now();
    const result = valueOf<CloseAccountResult>(await close(p));
    expect(result.closure).toMatchObject({
      payout: 'held',
      balanceMinor: '2500',
      withdrawalId: null,
      heldReason: 'no_pix_key',
    });
    const due = Date.parse(result.closure.payoutDueBy!);
    expect(due).toBeGreaterThanOrEqual(before + CLOSURE_PAYOUT_DAYS * 86_400_000 - 1_000);
    expect(due).toBeLessThanOrEqual(Date.now() + CLOSURE_PAYOUT_DAYS * 86_400_000 + 1_000);
    // The money stays the player's, on the closed account, never lost.
    expect(await balanceOf(t.app, p.memberId)).toBe(25_00n);
    expectFailure(await login(t.app, p.username, PASSWORD), 'ACCOUNT_DISABLED');
    expect(await closures(p.memberId)).toEqual([result.closure]);
  });

  it('a balance below the withdrawal minimum is held too, never forced out past the limits', async () => {
    const p = await payer(5_00n);
    await bindOwnPixKey(t.app, p);
    const result = valueOf<CloseAccountResult>(await close(p));
    expect(result.closure).toMatchObject({ payout: 'held', heldReason: 'below_minimum', balanceMinor: '500' });
    expect(await balanceOf(t.app, p.memberId)).toBe(5_00n);
  });

  // The balance is read under the wallet's lock: a bet racing the closing is either in before it
  // (the payout is what is left) or finds nothing after it; the money adds up either way.
  it('a bet racing the closing: the payout and the accepted stake add up to the balance, nothing left behind', async () => {
    for (let i = 0; i < 3; i += 1) {
      const p = await payer(100_00n);
      await bindOwnPixKey(t.app, p);
      const [closing, bet] = await Promise.all([
        close(p),
        t.app.services.gateway.seamless
          .bet({
            vassalage: 'SBX',
            memberId: p.memberId,
            transactionId: `privacy-race-${p.memberId}`,
            roundId: `privacy-race-round-${p.memberId}`,
            gameId: 'g-1',
            amountMinor: 10_00n,
          })
          .then(
            () => 'accepted' as const,
            () => 'refused' as const,
          ),
      ]);
      const result = valueOf<CloseAccountResult>(closing);
      const staked = bet === 'accepted' ? 10_00n : 0n;
      expect(BigInt(result.closure.balanceMinor) + staked).toBe(100_00n);
      expect(result.closure.payout).toBe('withdrawal');
      expect((await opsOrder(result.closure.withdrawalId!)).amountMinor).toBe(result.closure.balanceMinor);
      expect(await balanceOf(t.app, p.memberId)).toBe(0n);
    }
  });

  it('a player with nothing on the account closes it: sessions end, login is refused, the audit log says who and why', async () => {
    const { username, password, result } = await registerUser(t.app);
    expect(
      valueOf<CloseAccountResult>(
        await call(t.app, 'POST', '/wps/member/close', { token: result.token, payload: { password } }),
      ),
    ).toMatchObject({ closed: true, closure: { payout: 'none', balanceMinor: '0', withdrawalId: null } });
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
