import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { maskCpf } from '@wps/shared/cpf';
import { ErrorCode } from '@wps/shared/error-codes';
import type { KycStartResult, KycStatus } from '@wps/shared/schemas/kyc';
import { call, disableRegisterCaptcha, expectFailure, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { AppError } from '../../http/app-error';
import { createPlayer, mainBalance } from '../gateway/gateway.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { confirmContactByEmail, setLicence } from '../licence/licence-fixtures';
import { fundMember, memberIdOf } from '../withdrawal/withdrawal.test-support';
import { SANDBOX_KYC_WEBHOOK_PATH } from './sandbox-kyc';

/*
 * The identity check bound to the registered CPF and date of birth (Portaria SPA/MF 722/2024;
 * docs/compliance.md, "KYC"), through the API and the sandbox provider's pages: under BR the check
 * is opened with the registered CPF and date of birth, the sandbox's document reads them back, and
 * a pass whose document carries another CPF or another date of birth (or none) is decided failed
 * with its reason, audited, and the player still stakes nothing (the licence's stake door). Under
 * the generic licence nothing changes. Without the comparison in kyc.service `applyResult`, the
 * refused checks here would be passed and the refused bet would be taken.
 */

const BIRTH_DATE = '1990-04-12';

type BrPlayer = { token: string; memberId: string; cpf: string };
type Holder = 'own' | 'other_cpf' | 'other_birth_date';

describeEachDatabase('the identity check is bound to the registered CPF and date of birth', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    await setLicence(t.app, 'BR');
  });
  afterAll(async () => {
    if (t) {
      await setLicence(t.app, 'permissive');
      await expectLedgerHealthy(t.database);
    }
    await t?.close();
  });

  /** A player registered under BR (CPF, date of birth), with money and the limits BR asks before play. */
  async function brPlayer(): Promise<BrPlayer> {
    const cpf = newCpf();
    const { result } = await registerUser(t.app, { cpf, birthDate: BIRTH_DATE });
    const memberId = await memberIdOf(t.app, result.token);
    await fundMember(t.app, memberId, 10_000n);
    // The responsible-gaming guards BR asks before play, set: what refuses a stake here is the licence's door alone.
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: result.token,
        payload: {
          limits: [
            { kind: 'deposit_month', value: '1000' },
            { kind: 'daily_time', value: '600' },
            { kind: 'loss_month', value: '100000' },
          ],
        },
      }),
    );
    await confirmContactByEmail(t.app, { token: result.token, memberId });
    return { token: result.token, memberId, cpf };
  }

  const status = async (p: { token: string }) =>
    valueOf<KycStatus>(await call(t.app, 'GET', '/wps/kyc/status', { token: p.token }));
  const start = async (p: { token: string }) =>
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
  /** The sandbox's steps with the document of `holder`, then the tester's outcome. */
  async function doCheck(url: string, holder: Holder, outcome: 'passed' | 'review' = 'passed') {
    expect((await form(url, { step: 'document', documentName: 'Maria da Silva Santos', holder })).statusCode).toBe(303);
    expect((await form(url, { step: 'selfie' })).statusCode).toBe(303);
    expect((await form(url, { step: 'liveness' })).statusCode).toBe(303);
    expect((await form(url, { step: 'outcome', outcome })).statusCode).toBe(303);
  }
  /** A result signed as the sandbox signs its own (the way another provider's reading is shown). */
  async function sendResult(
    ref: string,
    outcome: 'passed' | 'review',
    read: { cpf: string | null; birthDate: string | null },
  ) {
    const body = JSON.stringify({
      ref,
      outcome,
      fullName: 'Maria da Silva Santos',
      ...read,
      reason: outcome === 'review' ? 'The document photo is unclear' : null,
      steps: { document: true, selfie: true, liveness: true },
      timestamp: Math.floor(Date.now() / 1000),
    });
    return valueOf<{ status: string }>(
      await t.app.inject({
        method: 'POST',
        url: SANDBOX_KYC_WEBHOOK_PATH,
        headers: {
          'content-type': 'application/json',
          'x-sandbox-kyc-signature': t.app.services.kyc.sandbox.sign(body),
        },
        payload: body,
      }),
    ).status;
  }
  const kycAudit = async (memberId: string) =>
    (
      await sql<{
        action: string;
        reason: string | null;
        after: { identity?: { cpf: string; birthDate: string } };
      }>`SELECT action, reason, after FROM audit_log WHERE subject_type = 'member' AND subject_id = ${memberId} AND action LIKE 'kyc.%' ORDER BY id`.execute(
        t.database.db,
      )
    ).rows.map((r) => ({ action: r.action, reason: r.reason, identity: r.after.identity ?? null }));

  const bet = (p: { memberId: string }) =>
    t.app.services.gateway.seamless.bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: `tx-${crypto.randomBytes(6).toString('hex')}`,
      roundId: `round-${crypto.randomBytes(6).toString('hex')}`,
      gameId: 'SBX-slot-01',
      amountMinor: 100n,
    });
  /** A vendor's bet refused at the stake door for the identity check, no money moved. */
  async function expectNoStake(p: BrPlayer) {
    const before = await mainBalance(t.app, p.memberId);
    const refused = await bet(p).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorCode).toBe(ErrorCode.LICENCE_REFUSED);
    expect((refused as AppError).value).toMatchObject({ rule: 'kyc', profile: 'BR' });
    expect(await mainBalance(t.app, p.memberId)).toBe(before);
  }
  async function expectStake(p: BrPlayer) {
    const before = await mainBalance(t.app, p.memberId);
    await bet(p);
    expect(await mainBalance(t.app, p.memberId)).toBe(before - 100n);
  }

  it('under BR the check is opened with the registered CPF and date of birth; the player’s own document passes', async () => {
    const p = await brPlayer();
    const { url } = await start(p);
    // The sandbox shows what the site sent: the CPF masked, never whole.
    const page = (await t.app.inject({ method: 'GET', url })).body;
    expect(page).toContain(`CPF ${maskCpf(p.cpf)}, date of birth ${BIRTH_DATE}`);
    expect(page).not.toContain(p.cpf);
    await doCheck(url, 'own');
    expect(await status(p)).toMatchObject({ level: 'verified', fullName: 'Maria da Silva Santos', reason: null });
    expect(await kycAudit(p.memberId)).toEqual([
      { action: 'kyc.passed', reason: null, identity: { cpf: 'same', birthDate: 'same' } },
    ]);
    await expectStake(p);
  });

  it('a document with another CPF is no pass: failed with identity_mismatch, audited, no stake; the own document then passes', async () => {
    const p = await brPlayer();
    const first = await start(p);
    await doCheck(first.url, 'other_cpf');
    // The sandbox passed it; the site did not: the document is someone else's.
    expect(await status(p)).toMatchObject({ level: 'failed', reason: 'identity_mismatch', fullName: null });
    expect(await kycAudit(p.memberId)).toEqual([
      { action: 'kyc.failed', reason: 'identity_mismatch', identity: { cpf: 'different', birthDate: 'same' } },
    ]);
    // The name read from someone else's document is not the player's payee name.
    const payee = await t.database.db
      .selectFrom('members')
      .select('payee_name')
      .where('id', '=', p.memberId)
      .executeTakeFirstOrThrow();
    expect(payee.payee_name).not.toBe('Maria da Silva Santos');
    await expectNoStake(p);

    // The player tries again with their own document.
    const again = await start(p);
    expect(again.checkId).not.toBe(first.checkId);
    await doCheck(again.url, 'own');
    expect((await status(p)).level).toBe('verified');
    await expectStake(p);
  });

  it('a document with the registered CPF and another date of birth is no pass either', async () => {
    const p = await brPlayer();
    const { url } = await start(p);
    await form(url, { step: 'document', documentName: 'Maria da Silva Santos', holder: 'other_birth_date' });
    // The sandbox's page shows the document's date of birth beside the one the site sent.
    const page = (await t.app.inject({ method: 'GET', url })).body;
    expect(page).toContain(`CPF ${maskCpf(p.cpf)}, date of birth 1989-04-12`);
    expect(page).toContain('Not the identity the site sent.');
    expect((await form(url, { step: 'selfie' })).statusCode).toBe(303);
    expect((await form(url, { step: 'liveness' })).statusCode).toBe(303);
    expect((await form(url, { step: 'outcome', outcome: 'passed' })).statusCode).toBe(303);
    expect(await status(p)).toMatchObject({ level: 'failed', reason: 'identity_mismatch' });
    expect((await kycAudit(p.memberId))[0]).toMatchObject({ identity: { cpf: 'same', birthDate: 'different' } });
    await expectNoStake(p);
  });

  it('a pass that read no CPF or no date of birth is failed (identity_missing); another’s document in review is failed too', async () => {
    const unread = await brPlayer();
    const ref = (await start(unread)).url.split('/').pop()!;
    expect(await sendResult(ref, 'passed', { cpf: unread.cpf, birthDate: null })).toBe('failed');
    expect(await status(unread)).toMatchObject({ level: 'failed', reason: 'identity_missing' });
    await expectNoStake(unread);
    const noCpf = await start(unread);
    expect(await sendResult(noCpf.url.split('/').pop()!, 'passed', { cpf: null, birthDate: BIRTH_DATE })).toBe(
      'failed',
    );
    expect((await status(unread)).reason).toBe('identity_missing');

    // A review is for a document a person must read, not for someone else's: failed at once.
    const other = await brPlayer();
    const otherRef = (await start(other)).url.split('/').pop()!;
    expect(await sendResult(otherRef, 'review', { cpf: newCpf(), birthDate: BIRTH_DATE })).toBe('failed');
    expect(await status(other)).toMatchObject({ level: 'failed', reason: 'identity_mismatch' });
    // Its own document sent to review stays there for an operator.
    const reviewRef = (await start(other)).url.split('/').pop()!;
    expect(await sendResult(reviewRef, 'review', { cpf: other.cpf, birthDate: BIRTH_DATE })).toBe('review');
  });

  it('an account without a CPF gives it before a check starts, and a check opened before the switch binds to nothing', async () => {
    await setLicence(t.app, 'permissive');
    // Made under the generic licence: no CPF. One opens a check then, and finishes it after the switch.
    const early = await createPlayer(t.app);
    const opened = await start(early);
    const anonymous = await createPlayer(t.app);
    await setLicence(t.app, 'BR');
    await doCheck(opened.url, 'own');
    expect(await status(early)).toMatchObject({ level: 'failed', reason: 'identity_missing' });

    expectFailure(
      await call(t.app, 'POST', '/wps/kyc/checks', { token: anonymous.token, payload: {} }),
      ErrorCode.IDENTITY_REQUIRED,
      403,
    );
    const cpf = newCpf();
    valueOf(
      await call(t.app, 'POST', '/wps/member/identity', {
        token: anonymous.token,
        payload: { cpf, birthDate: BIRTH_DATE },
      }),
    );
    const { url } = await start(anonymous);
    expect((await t.app.inject({ method: 'GET', url })).body).toContain(`CPF ${maskCpf(cpf)}`);
    await doCheck(url, 'own');
    expect((await status(anonymous)).level).toBe('verified');
  });

  it('under the generic licence nothing changes: a document with another CPF, or none, passes', async () => {
    await setLicence(t.app, 'permissive');
    try {
      const other = await createPlayer(t.app);
      const first = await start(other);
      expect((await t.app.inject({ method: 'GET', url: first.url })).body).toContain(
        'Sent by the site: no CPF or date of birth.',
      );
      await doCheck(first.url, 'other_cpf');
      expect(await status(other)).toMatchObject({ level: 'verified', reason: null });
      // The decision's audit entry carries no comparison: the licence asked for none.
      expect(await kycAudit(other.memberId)).toEqual([{ action: 'kyc.passed', reason: null, identity: null }]);

      const none = await createPlayer(t.app);
      await doCheck((await start(none)).url, 'own');
      expect((await status(none)).level).toBe('verified');
    } finally {
      await setLicence(t.app, 'BR');
    }
  });
});
