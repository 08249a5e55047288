import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { KycStartResult, KycStatus, OpsKycCheck, OpsKycPage } from '@wps/shared/schemas/kyc';
import { call, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { createPayer, requestWithdrawal } from '../withdrawal/withdrawal.test-support';
import { loadKycSettings } from './kyc-settings';
import { SANDBOX_KYC_WEBHOOK_PATH } from './sandbox-kyc';
import { setLicence } from '../licence/licence-fixtures';

// Identity checks through the sandbox provider, as a player and an operator use them: the check
// opened once however often it is asked, the sandbox's three steps done on its own pages, its
// outcome delivered by a signed callback that decides the check once, a review decided by an
// operator, and the sandbox off in production.

describeEachDatabase('identity checks (KYC) through the sandbox provider', (target) => {
  let t: TestApp;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    support = (await createTestOperator(t.app, 'support')).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const status = async (p: Player) =>
    valueOf<KycStatus>(await call(t.app, 'GET', '/wps/kyc/status', { token: p.token }));
  const start = async (p: Player) =>
    valueOf<KycStartResult>(
      await call(t.app, 'POST', '/wps/kyc/checks', { token: p.token, payload: { returnUrl: '/security-center' } }),
    );
  const form = (url: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(body).toString(),
    });
  /** The player's steps on the sandbox's pages, then the tester's outcome. */
  async function doCheck(url: string, name: string, outcome: 'passed' | 'failed' | 'review') {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await form(url, { step: 'document', documentName: name })).statusCode).toBe(303);
    expect((await form(url, { step: 'selfie' })).statusCode).toBe(303);
    expect((await form(url, { step: 'liveness' })).statusCode).toBe(303);
    const done = await form(url, { step: 'outcome', outcome });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/security-center');
  }

  it('a check opened once, done on the sandbox, passed by its callback: verified with the name read from the document', async () => {
    const player = await createPlayer(t.app);
    expect(await status(player)).toMatchObject({ level: 'unverified', required: false, fullName: null });
    // Under the BR profile the licence asks for it (and binds it to the registered CPF, which this
    // account made under the generic licence has not: kyc-identity-binding.test.ts shows that path).
    await setLicence(t.app, 'BR');
    expect((await status(player)).required).toBe(true);
    await setLicence(t.app, 'permissive');

    const first = await start(player);
    expect(first).toMatchObject({
      status: 'pending',
      url: expect.stringMatching(/^\/sandbox-kyc\/check\/kyc_[a-f0-9]{24}$/),
    });
    // A second click opens no second check.
    expect(await start(player)).toEqual(first);
    expect(await status(player)).toMatchObject({ level: 'pending', continueUrl: first.url });
    // No outcome before every step is done.
    expect((await form(first.url, { step: 'outcome', outcome: 'passed' })).statusCode).toBe(404);

    await doCheck(first.url, 'Maria da Silva Santos', 'passed');
    expect(await status(player)).toMatchObject({
      level: 'verified',
      fullName: 'Maria da Silva Santos',
      reason: null,
      continueUrl: null,
    });
    expectFailure(
      await call(t.app, 'POST', '/wps/kyc/checks', { token: player.token, payload: {} }),
      'KYC_ALREADY_VERIFIED',
      409,
    );
    const audit = await sql<{
      action: string;
      actor_type: string;
    }>`SELECT action, actor_type FROM audit_log WHERE subject_type = 'member' AND subject_id = ${player.memberId} AND action LIKE 'kyc.%'`.execute(
      t.database.db,
    );
    expect(audit.rows).toEqual([{ action: 'kyc.passed', actor_type: 'system' }]);

    // The page shows the ended check; pressing an outcome again re-sends the first one, which changes nothing.
    expect((await t.app.inject({ method: 'GET', url: first.url })).body).toContain('passed');
    expect((await form(first.url, { step: 'outcome', outcome: 'failed' })).statusCode).toBe(303);
    expect((await status(player)).level).toBe('verified');
  });

  it('a callback is believed only with a valid, fresh signature', async () => {
    const player = await createPlayer(t.app);
    const check = await start(player);
    const ref = check.url.split('/').pop()!;
    const body = JSON.stringify({
      ref,
      outcome: 'passed',
      fullName: 'Someone Else',
      reason: null,
      steps: { document: true, selfie: true, liveness: true },
      timestamp: Math.floor(Date.now() / 1000),
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: SANDBOX_KYC_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'x-sandbox-kyc-signature': 'sha256=00' },
      payload: body,
    });
    expectFailure(forged, 'WEBHOOK_SIGNATURE_INVALID');
    const stale = JSON.stringify({ ...JSON.parse(body), timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const old = await t.app.inject({
      method: 'POST',
      url: SANDBOX_KYC_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-kyc-signature': t.app.services.kyc.sandbox.sign(stale),
      },
      payload: stale,
    });
    expectFailure(old, 'WEBHOOK_SIGNATURE_INVALID');
    // A signed claim of a pass with a step missing goes to a person, not to verified.
    const partial = JSON.stringify({ ...JSON.parse(body), steps: { document: true, selfie: true, liveness: false } });
    const sent = await t.app.inject({
      method: 'POST',
      url: SANDBOX_KYC_WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-sandbox-kyc-signature': t.app.services.kyc.sandbox.sign(partial),
      },
      payload: partial,
    });
    expect(valueOf<{ status: string }>(sent).status).toBe('review');
    expect(await status(player)).toMatchObject({ level: 'review', reason: 'A step is missing from a passed check' });
  });

  it('a check in review is decided by an operator once; a failed one can be tried again', async () => {
    const reviewed = await createPlayer(t.app);
    const check = await start(reviewed);
    await doCheck(check.url, 'João Pereira', 'review');
    expect(await status(reviewed)).toMatchObject({
      level: 'review',
      reason: 'The document photo is unclear (sandbox)',
    });
    const queue = valueOf<OpsKycPage>(await call(t.app, 'GET', '/ops/kyc/checks?status=review', { token: support }));
    expect(queue.list.every((c) => c.status === 'review')).toBe(true);
    const row = queue.list.find((c) => c.memberId === reviewed.memberId)!;
    expect(row).toMatchObject({
      status: 'review',
      fullName: 'João Pereira',
      provider: 'sandbox',
      purpose: 'onboarding',
      decidedAt: null,
    });
    expect(row.account).not.toBe('');
    const decided = valueOf<OpsKycCheck>(
      await call(t.app, 'POST', `/ops/kyc/checks/${row.id}/decision`, {
        token: support,
        payload: { decision: 'passed', reason: 'Document checked by hand' },
      }),
    );
    expect(decided).toMatchObject({
      status: 'passed',
      reason: 'Document checked by hand',
      decidedBy: expect.stringMatching(/^operator:/),
    });
    expectFailure(
      await call(t.app, 'POST', `/ops/kyc/checks/${row.id}/decision`, {
        token: support,
        payload: { decision: 'failed', reason: 'second thoughts' },
      }),
      'KYC_NOT_IN_REVIEW',
      409,
    );
    expect(await status(reviewed)).toMatchObject({ level: 'verified', fullName: 'João Pereira' });

    const failed = await createPlayer(t.app);
    const first = await start(failed);
    await doCheck(first.url, 'Ana Costa', 'failed');
    expect(await status(failed)).toMatchObject({
      level: 'failed',
      reason: 'The document and the selfie do not match (sandbox)',
    });
    const again = await start(failed);
    expect(again.checkId).not.toBe(first.checkId);
    expect((await status(failed)).level).toBe('pending');

    // Operators without the permission see nothing.
    const marketing = (await createTestOperator(t.app, 'marketing')).token;
    expect((await call(t.app, 'GET', '/ops/kyc/checks', { token: marketing })).statusCode).toBe(403);
    expectFailure(
      await call(t.app, 'POST', '/ops/kyc/checks/999999/decision', {
        token: support,
        payload: { decision: 'passed', reason: 'no such' },
      }),
      'KYC_CHECK_NOT_FOUND',
      404,
    );
  });

  it('under a licence that asks for it, a withdrawal waits for a verified identity; once verified it goes through', async () => {
    const payer = await createPayer(t.app, 100_00n);
    // The permissive profile asks for nothing.
    expect(valueOf<{ status: string }>(await requestWithdrawal(t.app, payer, '10')).status).toBe('pending');
    await setLicence(t.app, 'BR');
    try {
      expectFailure(await requestWithdrawal(t.app, payer, '10'), 'KYC_REQUIRED', 403);
      // An account from before the switch gives its CPF first: the check is bound to it
      // (kyc-identity-binding.test.ts); the money.out door would refuse it without one anyway.
      expectFailure(
        await call(t.app, 'POST', '/wps/kyc/checks', { token: payer.token, payload: {} }),
        'IDENTITY_REQUIRED',
        403,
      );
      valueOf(
        await call(t.app, 'POST', '/wps/member/identity', {
          token: payer.token,
          payload: { cpf: newCpf(), birthDate: '1990-05-17' },
        }),
      );
      expectFailure(await requestWithdrawal(t.app, payer, '10'), 'KYC_REQUIRED', 403);
      await doCheck((await start(payer)).url, 'Carla Mendes', 'passed');
      expect(valueOf<{ status: string }>(await requestWithdrawal(t.app, payer, '10')).status).toBe('pending');
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it("the name read from the document is the payee name: a BR player's identity gets it and cannot type another; elsewhere it fills an empty one", async () => {
    await setLicence(t.app, 'BR');
    try {
      const cpf = newCpf();
      const { result } = await registerUser(t.app, { cpf, birthDate: '1990-05-17' });
      const memberId = (await t.app.services.session.resolve(result.token))!.memberId;
      const player = { token: result.token, memberId };
      expectFailure(
        await call(t.app, 'PUT', '/wps/member/payee-name', {
          token: player.token,
          payload: { payeeName: 'Somebody Else' },
        }),
        'PAYEE_NAME_FROM_IDENTITY',
        409,
      );
      await doCheck((await start(player)).url, 'Beatriz Nunes Rocha', 'passed');
      const row = await sql<{ full_name: string | null; payee_name: string | null }>`
        SELECT i.full_name, m.payee_name FROM member_identities i JOIN members m ON m.id = i.member_id WHERE i.member_id = ${memberId}::bigint`.execute(
        t.database.db,
      );
      expect(row.rows).toEqual([{ full_name: 'Beatriz Nunes Rocha', payee_name: 'Beatriz Nunes Rocha' }]);
    } finally {
      await setLicence(t.app, 'permissive');
    }
    // Under the permissive profile: an empty payee name gets the document's; a typed one stays.
    const empty = await createPlayer(t.app);
    await doCheck((await start(empty)).url, 'Paulo Lima Souza', 'passed');
    const typed = await createPayer(t.app);
    await doCheck((await start(typed)).url, 'Carlos Alberto Dias', 'passed');
    const names = await sql<{
      id: string;
      payee_name: string | null;
    }>`SELECT id::text, payee_name FROM members WHERE id IN (${empty.memberId}::bigint, ${typed.memberId}::bigint) ORDER BY id`.execute(
      t.database.db,
    );
    expect(names.rows.find((r) => r.id === empty.memberId)?.payee_name).toBe('Paulo Lima Souza');
    expect(names.rows.find((r) => r.id === typed.memberId)?.payee_name).not.toBe('Carlos Alberto Dias');
  });

  it('the sandbox is off in production unless asked for', () => {
    expect(loadKycSettings({ NODE_ENV: 'production' }).isSandboxEnabled).toBe(false);
    expect(loadKycSettings({ NODE_ENV: 'production', ALLOW_SANDBOX_KYC: '1' }).isSandboxEnabled).toBe(true);
    expect(loadKycSettings({ NODE_ENV: 'development' }).isSandboxEnabled).toBe(true);
  });
});
