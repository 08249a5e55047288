import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { KycSettings, KycStartResult, KycStatus } from '@wps/shared/schemas/kyc';
import { call, disableRegisterCaptcha, expectFailure, login, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createOrder, createOrderCall, demoChannel } from '../deposit/deposit.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { requestWithdrawal } from '../withdrawal/withdrawal.test-support';
import { SANDBOX_KYC_WEBHOOK_PATH } from './sandbox-kyc';
import { confirmContactByEmail, setLicence } from '../licence/licence-fixtures';

// Identity tiers under the BR licence, as a player and an operator meet them: deposits before the
// identity check stop at the operator's cumulative cap (pending orders hold their room), the cap
// lifts once verified; a verified player whose face check is older than the schedule is asked at
// login for a new one (the test clock runs the calendar ahead), cannot launch, deposit or withdraw
// until it passes through the sandbox's selfie and liveness page, and every step is audited.

const DAY = 24 * 3_600_000;

describeEachDatabase('KYC tiers: the unverified deposit cap and facial re-verification at login', (target) => {
  let t: TestApp;
  let offset = 0;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => Date.now() + offset });
    await disableRegisterCaptcha(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
    await setLicence(t.app, 'BR');
  });
  afterEach(async () => {
    offset = 0;
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const settings = (body: { unverifiedDepositCap: string; reverifyDays: number }, token = admin) =>
    call(t.app, 'PUT', '/ops/kyc/settings', { token, payload: { ...body, reason: 'set by the test' } });
  const status = async (token: string) => valueOf<KycStatus>(await call(t.app, 'GET', '/wps/kyc/status', { token }));
  const form = (url: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });

  /** A BR player (CPF, date of birth) with the limits the licence asks for before any deposit. */
  async function brPlayer() {
    const cpf = newCpf();
    const user = await registerUser(t.app, { cpf, birthDate: '1990-05-17' });
    const memberId = (await t.app.services.session.resolve(user.result.token))!.memberId;
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: user.result.token,
        payload: {
          limits: [
            { kind: 'deposit_month', value: '100000' },
            { kind: 'daily_time', value: '600' },
            { kind: 'loss_month', value: '100000' },
          ],
        },
      }),
    );
    await confirmContactByEmail(t.app, { token: user.result.token, memberId });
    return { token: user.result.token, memberId, username: user.username, password: user.password, cpf };
  }

  /** The first identity check on the sandbox: document, selfie, liveness, passed. */
  async function verify(token: string, name: string) {
    const { url } = valueOf<KycStartResult>(
      await call(t.app, 'POST', '/wps/kyc/checks', { token, payload: { returnUrl: '/security-center' } }),
    );
    await form(url, { step: 'document', documentName: name });
    await form(url, { step: 'selfie' });
    await form(url, { step: 'liveness' });
    expect((await form(url, { step: 'outcome', outcome: 'passed' })).statusCode).toBe(303);
  }

  async function logIn(p: { username: string; password: string }): Promise<string> {
    return valueOf<{ token: string }>(await login(t.app, p.username, p.password)).token;
  }

  it('the operator sets the cap and the schedule (audited; bad values refused; only with the permission)', async () => {
    const before = valueOf<KycSettings>(await call(t.app, 'GET', '/ops/kyc/settings', { token: admin }));
    expect(before).toMatchObject({ unverifiedDepositCap: '200.00', reverifyDays: 30, currency: 'BRL', scale: 2 });
    expectFailure(await settings({ unverifiedDepositCap: '10.001', reverifyDays: 30 }), 'VALIDATION_FAILED', 400);
    expectFailure(await settings({ unverifiedDepositCap: '10', reverifyDays: -1 }), 'VALIDATION_FAILED', 400);
    const support = (await createTestOperator(t.app, 'support')).token;
    expect((await settings({ unverifiedDepositCap: '10', reverifyDays: 30 }, support)).statusCode).toBe(403);
    expect(valueOf<KycSettings>(await settings({ unverifiedDepositCap: '150.50', reverifyDays: 7 }))).toMatchObject({
      unverifiedDepositCap: '150.50',
      reverifyDays: 7,
    });
    const audit = await sql<{
      reason: string;
      before: unknown;
      after: unknown;
    }>`SELECT reason, before, after FROM audit_log WHERE action = 'kyc.settings' ORDER BY id DESC LIMIT 1`.execute(
      t.database.db,
    );
    expect(audit.rows[0]).toMatchObject({
      reason: 'set by the test',
      before: { unverifiedDepositCapMinor: '20000', reverifyDays: 30 },
      after: { unverifiedDepositCapMinor: '15050', reverifyDays: 7 },
    });
    valueOf(await settings({ unverifiedDepositCap: '200', reverifyDays: 30 }));
  });

  it('before the check passes, credited and pending deposits stop at the cap with the room left; once verified it no longer applies', async () => {
    valueOf(await settings({ unverifiedDepositCap: '100', reverifyDays: 30 }));
    const p = await brPlayer();
    expect((await status(p.token)).depositCap).toMatchObject({ cap: '100.00', used: '0.00', remaining: '100.00' });
    const channel = await demoChannel(t, p.token, 'manual_bank');
    await createOrder(t, p.token, channel.id, '60');
    // A pending order holds its room.
    expectFailure(await createOrderCall(t, p.token, channel.id, '50'), 'KYC_DEPOSIT_CAP_REACHED', 409);
    const refused = (await createOrderCall(t, p.token, channel.id, '50')).json() as { value: Record<string, string> };
    expect(refused.value).toMatchObject({
      cap: '100.00',
      capMinor: '10000',
      remaining: '40.00',
      remainingMinor: '4000',
    });
    await createOrder(t, p.token, channel.id, '40');
    expect((await status(p.token)).depositCap).toMatchObject({ used: '100.00', remaining: '0.00' });
    expectFailure(await createOrderCall(t, p.token, channel.id, '10'), 'KYC_DEPOSIT_CAP_REACHED', 409);

    await verify(p.token, 'Helena Duarte Lima');
    expect((await status(p.token)).depositCap).toBeNull();
    await createOrder(t, p.token, channel.id, '900');
    valueOf(await settings({ unverifiedDepositCap: '200', reverifyDays: 30 }));
  });

  it('an order made within the cap is not credited past a cap lowered meanwhile; under the permissive profile there is no cap', async () => {
    valueOf(await settings({ unverifiedDepositCap: '100', reverifyDays: 30 }));
    const p = await brPlayer();
    const channel = await demoChannel(t, p.token, 'manual_bank');
    const first = await createOrder(t, p.token, channel.id, '50');
    const second = await createOrder(t, p.token, channel.id, '50');
    valueOf(await settings({ unverifiedDepositCap: '70', reverifyDays: 30 }));
    const finance = (await createTestOperator(t.app, 'finance')).token;
    const confirm = async (id: string) =>
      valueOf<{ status: string }>(
        // Under BR a transfer is credited only from the player's own CPF, read on the statement.
        await call(t.app, 'POST', `/ops/deposits/${id}/confirm`, {
          token: finance,
          payload: { reason: 'arrived', payerCpf: p.cpf },
        }),
      ).status;
    expect(await confirm(first.id)).toBe('credited');
    expect(await confirm(second.id)).toBe('failed');
    valueOf(await settings({ unverifiedDepositCap: '200', reverifyDays: 30 }));

    await setLicence(t.app, 'permissive');
    try {
      const free = await registerUser(t.app);
      expect((await status(free.result.token)).depositCap).toBeNull();
      await createOrder(t, free.result.token, channel.id, '900');
    } finally {
      await setLicence(t.app, 'BR');
    }
  });

  it('a face check due at login restricts play, deposits and withdrawals until it passes; a failed one keeps them refused; audited', async () => {
    const p = await brPlayer();
    await verify(p.token, 'Rafael Moura Teixeira');
    // The refusal comes before the bank account is looked at: any account id shows it.
    const bankAccountId = '1';
    // Within the schedule: no check at login.
    const fresh = await logIn(p);
    expect((await status(fresh)).reverification).toBeNull();

    offset = 31 * DAY;
    const token = await logIn(p);
    const due = (await status(token)).reverification;
    expect(due).toMatchObject({ status: null, continueUrl: null });
    expect(Date.parse(due!.dueSince)).toBeGreaterThan(Date.now() + 30 * DAY);
    // The sessions from before end: a game they opened cannot play on.
    expect((await call(t.app, 'GET', '/wps/kyc/status', { token: fresh })).statusCode).toBe(401);

    const channel = await demoChannel(t, token, 'manual_bank');
    expectFailure(await createOrderCall(t, token, channel.id, '10'), 'KYC_REVERIFICATION_REQUIRED', 403);
    expectFailure(
      await requestWithdrawal(t.app, { token, memberId: p.memberId, username: p.username, bankAccountId }, '10'),
      'KYC_REVERIFICATION_REQUIRED',
      403,
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token,
        payload: { nodeId: 'inhouse-dice', vassalage: 'inhouse' },
      }),
      'KYC_REVERIFICATION_REQUIRED',
      403,
    );
    // A lottery ticket is bought without a launch: refused the same way.
    const ticket = {
      idempotencyKey: 'reverify-ticket-1',
      gameCode: 'E5D-1',
      selections: [{ betType: 'last2', numbers: [27], stakePerLineMinor: '100' }],
    };
    expectFailure(
      await call(t.app, 'POST', '/lgw/tickets', { token, payload: ticket }),
      'KYC_REVERIFICATION_REQUIRED',
      403,
    );
    // The identity check itself is not what is asked for.
    expectFailure(await call(t.app, 'POST', '/wps/kyc/checks', { token, payload: {} }), 'KYC_ALREADY_VERIFIED', 409);

    // The sandbox's face check: no document, a selfie and liveness, then pass or fail.
    const first = valueOf<KycStartResult>(
      await call(t.app, 'POST', '/wps/kyc/reverification', { token, payload: { returnUrl: '/kyc/reverify' } }),
    );
    expect(
      valueOf<KycStartResult>(
        await call(t.app, 'POST', '/wps/kyc/reverification', { token, payload: { returnUrl: '/kyc/reverify' } }),
      ),
    ).toEqual(first);
    const page = await t.app.inject({ method: 'GET', url: first.url });
    expect(page.body).toContain('Sandbox face check');
    expect(page.body).not.toContain('documentName');
    expect((await form(first.url, { step: 'outcome', outcome: 'passed' })).statusCode).toBe(404);
    await form(first.url, { step: 'selfie' });
    await form(first.url, { step: 'liveness' });
    const failed = await form(first.url, { step: 'outcome', outcome: 'failed' });
    expect(failed.headers.location).toBe('/kyc/reverify');
    expect((await status(token)).reverification).toMatchObject({
      status: 'failed',
      reason: 'The document and the selfie do not match (sandbox)',
    });
    expectFailure(await createOrderCall(t, token, channel.id, '10'), 'KYC_REVERIFICATION_REQUIRED', 403);

    const again = valueOf<KycStartResult>(await call(t.app, 'POST', '/wps/kyc/reverification', { token, payload: {} }));
    expect(again.checkId).not.toBe(first.checkId);
    expect((await status(token)).reverification).toMatchObject({ status: 'pending', continueUrl: again.url });
    await form(again.url, { step: 'selfie' });
    await form(again.url, { step: 'liveness' });
    await form(again.url, { step: 'outcome', outcome: 'passed' });
    const after = await status(token);
    expect(after).toMatchObject({ level: 'verified', reverification: null, fullName: 'Rafael Moura Teixeira' });
    await createOrder(t, token, channel.id, '10');
    expect(
      (
        await call(t.app, 'POST', '/wps/game/launchGame', {
          token,
          payload: { nodeId: 'inhouse-dice', vassalage: 'inhouse' },
        })
      ).statusCode,
    ).toBe(200);
    expectFailure(
      await call(t.app, 'POST', '/wps/kyc/reverification', { token, payload: {} }),
      'KYC_REVERIFICATION_NOT_DUE',
      409,
    );
    // The face check just passed counts from the calendar's today: the next login asks nothing.
    expect((await status(await logIn(p))).reverification).toBeNull();

    const audit = await sql<{ action: string; actor_type: string; after: { purpose?: string } }>`
      SELECT action, actor_type, after FROM audit_log WHERE subject_type = 'member' AND subject_id = ${p.memberId} AND action LIKE 'kyc.%' ORDER BY id`.execute(
      t.database.db,
    );
    expect(audit.rows.map((r) => [r.action, r.after.purpose ?? null])).toEqual([
      ['kyc.passed', 'onboarding'],
      ['kyc.reverification_due', null],
      ['kyc.failed', 'reverification'],
      ['kyc.passed', 'reverification'],
    ]);
    const names = await sql<{ full_name: string | null; payee_name: string | null }>`
      SELECT i.full_name, m.payee_name FROM member_identities i JOIN members m ON m.id = i.member_id WHERE i.member_id = ${p.memberId}::bigint`.execute(
      t.database.db,
    );
    expect(names.rows).toEqual([{ full_name: 'Rafael Moura Teixeira', payee_name: 'Rafael Moura Teixeira' }]);
  });

  it('play is refused right after the login that marks a face check due, though the player played before; a mark made on another instance arrives through the change feed', async () => {
    expect(t.app.services.changeFeed.isLive).toBe(true);
    const launch = (token: string) =>
      call(t.app, 'POST', '/wps/game/launchGame', { token, payload: { nodeId: 'inhouse-dice', vassalage: 'inhouse' } });
    const p = await brPlayer();
    await verify(p.token, 'Otavio Reis Prado');
    // Played first: "nothing due" is what this instance now keeps of the player.
    expect((await launch(p.token)).statusCode).toBe(200);
    offset = 31 * DAY;
    const token = await logIn(p);
    expectFailure(await launch(token), 'KYC_REVERIFICATION_REQUIRED', 403);

    // Another instance's login marks a second player, who played here: this instance hears the
    // trigger's announcement (the kept answer would otherwise be trusted for 30 s).
    offset = 0;
    const q = await brPlayer();
    await verify(q.token, 'Beatriz Nunes Rocha');
    expect((await launch(q.token)).statusCode).toBe(200);
    await sql`UPDATE kyc_members SET reverify_due_at = now() WHERE member_id = ${q.memberId}::bigint`.execute(
      t.database.db,
    );
    await expect.poll(async () => (await launch(q.token)).statusCode, { timeout: 5_000 }).toBe(403);
  });

  it('a face check the provider sends to review keeps the player restricted until an operator passes it', async () => {
    const p = await brPlayer();
    await verify(p.token, 'Irene Campos Luz');
    offset = 31 * DAY;
    const token = await logIn(p);
    const { url, checkId } = valueOf<KycStartResult>(
      await call(t.app, 'POST', '/wps/kyc/reverification', { token, payload: {} }),
    );
    const ref = url.split('/').pop()!;
    const body = JSON.stringify({
      ref,
      outcome: 'review',
      fullName: null,
      reason: 'Low light',
      steps: { document: false, selfie: true, liveness: true },
      timestamp: Math.floor(Date.now() / 1000),
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: SANDBOX_KYC_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-sandbox-kyc-signature': t.app.services.kyc.sandbox.sign(body) },
      payload: body,
    });
    expect(valueOf<{ status: string }>(sent).status).toBe('review');
    expect((await status(token)).reverification).toMatchObject({ status: 'review', reason: 'Low light' });
    expectFailure(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token,
        payload: { nodeId: 'inhouse-dice', vassalage: 'inhouse' },
      }),
      'KYC_REVERIFICATION_REQUIRED',
      403,
    );
    valueOf(
      await call(t.app, 'POST', `/ops/kyc/checks/${checkId}/decision`, {
        token: admin,
        payload: { decision: 'passed', reason: 'Face matches the document' },
      }),
    );
    expect(await status(token)).toMatchObject({ reverification: null, fullName: 'Irene Campos Luz' });
  });

  it('with the schedule off, or for a player never verified, no face check is asked at login', async () => {
    const verified = await brPlayer();
    await verify(verified.token, 'Lucia Ferraz');
    const unverified = await brPlayer();
    valueOf(await settings({ unverifiedDepositCap: '200', reverifyDays: 0 }));
    try {
      offset = 400 * DAY;
      expect((await status(await logIn(verified))).reverification).toBeNull();
      expect((await status(await logIn(unverified))).reverification).toBeNull();
    } finally {
      valueOf(await settings({ unverifiedDepositCap: '200', reverifyDays: 30 }));
    }
    expect((await status(await logIn(unverified))).reverification).toBeNull();
    expectFailure(
      await call(t.app, 'POST', '/wps/kyc/reverification', { token: unverified.token, payload: {} }),
      'KYC_REVERIFICATION_NOT_DUE',
      409,
    );
  });
});
