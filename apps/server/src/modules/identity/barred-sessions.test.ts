import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { LoginVerificationRequired } from '@wps/shared/schemas/login-verification';
import type { ExchangeCodeResult } from '@wps/shared/schemas/session';
import { localDayKey } from '@wps/shared/reward-periods';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  login,
  readSmsCode,
  strongPassword,
  updateOperatorSetting,
  valueOf,
  waitForEmail,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import { setLicence } from '../licence/licence-fixtures';
import { insertIdentifiedPlayer, listBarredCpf, type IdentifiedPlayer } from './barred.test-support';

const DAY = 86_400_000;
const TIME_ZONE = 'America/Sao_Paulo';

/**
 * The licence's session.open door and the barred-persons list (IN SPA/MF 31/2025; docs/compliance.md,
 * "Barred persons"): every way a player session opens asks the list at the first session of the
 * operator's day, under the BR licence only, and the door is asked in the transaction that opens
 * the session. (barred-window.test.ts: what a hit records, and the sweep's clock;
 * identity-at-login.test.ts: a pre-switch account asked for its CPF.)
 *
 * Each fails without the change: before it, the exchange code opened a session without asking the
 * list, and no path asked the licence's door (the direct session below opened under BR).
 */
describeEachDatabase('sessions under the barred-persons list', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  /** The calendar clock: the operator's "today" moves with it. */
  let offsetMs = 0;
  const calendarNow = () => Date.now() + offsetMs;
  let ipSeq = 0;
  /** A fresh caller address, so the per-address limits of codes and logins never decide a case. */
  const freshIp = () => `10.61.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: calendarNow });
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
  });
  afterAll(async () => {
    await setLicence(t.app, 'permissive');
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  type Player = IdentifiedPlayer;
  const identifiedPlayer = (withMobile = true) => insertIdentifiedPlayer(t, withMobile);
  const listCpf = (cpf: string) => listBarredCpf(t.app, admin.token, cpf);

  const memberInfo = (token: string) => call(t.app, 'GET', '/wps/member/info', { token });

  /** Each way a player session opens, for a player: its answer (the identity provider's: from the error it threw). */
  const paths: Record<string, (p: Player) => Promise<{ status: number; errorCode?: string }>> = {
    async password(p) {
      return answerOf(await login(t.app, p.account, p.password, {}, { remoteAddress: freshIp() }));
    },
    async smsCode(p) {
      const ip = freshIp();
      valueOf(
        await t.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/noLogin',
          payload: { countryDialingCode: '+55', mobileNum: p.mobile },
          remoteAddress: ip,
        }),
      );
      const code = await readSmsCode(t.app, `55${p.mobile}`);
      const body = { type: 'sms', username: p.mobile, password: code, countryDialingCode: '55' };
      return answerOf(await callEncrypted(t.app, 'POST', '/wps/session/login', body, { remoteAddress: ip }));
    },
    async exchangeCode(p) {
      // The code is minted from a session opened under the permissive licence (no list), before the switch.
      const code = minted.get(p.id) ?? (await withLicence('permissive', () => mintCode(p)));
      return answerOf(
        await t.app.inject({
          method: 'POST',
          url: '/wps/session/login/exchange',
          payload: { code },
          remoteAddress: freshIp(),
        }),
      );
    },
    async newDeviceCode(p) {
      await updateOperatorSetting(t.app, 'newDeviceVerification', () => true);
      try {
        const ip = freshIp();
        const challenge = valueOf<LoginVerificationRequired>(
          await login(t.app, p.account, p.password, {}, { remoteAddress: ip }),
        );
        const code = await waitForCode(p.email);
        return answerOf(
          await t.app.inject({
            method: 'POST',
            url: '/wps/session/login/verify',
            payload: { challengeId: challenge.challengeId, code, rememberDays: 0 },
            remoteAddress: ip,
          }),
        );
      } finally {
        await updateOperatorSetting(t.app, 'newDeviceVerification', () => false);
      }
    },
    async resetBySmsCode(p) {
      const ip = freshIp();
      valueOf(
        await t.app.inject({
          method: 'POST',
          url: '/wps/verification/sms/password',
          payload: { countryDialingCode: '55', mobileNum: p.mobile },
          remoteAddress: ip,
        }),
      );
      const code = await readSmsCode(t.app, `55${p.mobile}`);
      const next = strongPassword();
      const body = {
        mobileNum: p.mobile,
        countryDialingCode: '55',
        verificationCode: code,
        newPassword: next,
        confirmNewPassword: next,
      };
      return answerOf(
        await callEncrypted(t.app, 'POST', '/wps/member/password/verification', body, { remoteAddress: ip }),
      );
    },
    // A refresh cookie (a second tab, the browser reopened): given by a login under the permissive
    // licence (no list), before the switch, like the exchange code's.
    async refreshCookie(p) {
      const cookie = refreshCookies.get(p.id) ?? (await withLicence('permissive', () => loginForCookie(p)));
      return answerOf(
        await t.app.inject({
          method: 'POST',
          url: '/wps/session/refresh',
          headers: { cookie: `wps_refresh=${cookie}` },
          remoteAddress: freshIp(),
        }),
      );
    },
    // The identity provider's sign-in of a linked account goes through this call after the
    // provider vouched for the identity (oidc.service.ts's callback; the provider's own flow is
    // oidc.test.ts's): the session it opens is the one asked here.
    async identityProvider(p) {
      try {
        await t.app.services.member.loginLinkedMember(p.id, { ip: freshIp(), userAgent: null });
        return { status: 200 };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { status: err.statusCode, errorCode: err.errorCode };
      }
    },
  };

  /** Login codes minted before a switch to BR, by member. */
  const minted = new Map<string, string>();
  /** Refresh cookies given before a switch to BR, by member. */
  const refreshCookies = new Map<string, string>();

  /** The refresh cookie of a fresh remember-me login of the player's (under the licence in force). */
  async function loginForCookie(p: Player): Promise<string> {
    const res = await login(t.app, p.account, p.password, { rememberMe: true }, { remoteAddress: freshIp() });
    valueOf<LoginResult>(res);
    const line = [res.headers['set-cookie']].flat().find((l) => l?.startsWith('wps_refresh='));
    return line!.split(';')[0]!.slice('wps_refresh='.length);
  }

  /** A login exchange code from a fresh session of the player's (under the licence in force). */
  async function mintCode(p: Player): Promise<string> {
    const opened = valueOf<LoginResult>(await login(t.app, p.account, p.password, {}, { remoteAddress: freshIp() }));
    return valueOf<ExchangeCodeResult>(await call(t.app, 'POST', '/wps/session/exchange-code', { token: opened.token }))
      .code;
  }

  /** The login code e-mailed to a new device (sent in the background). */
  async function waitForCode(email: string): Promise<string> {
    const until = Date.now() + 5000;
    for (;;) {
      const code = (await waitForEmail(t.app, email)).text.match(/\d{6}/)?.[0];
      if (code) return code;
      if (Date.now() > until) throw new Error(`no login code for ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  function answerOf(res: { statusCode: number; json: () => unknown }) {
    const body = res.json() as { success: boolean; errorCode?: string };
    return body.success ? { status: 200 } : { status: res.statusCode, errorCode: body.errorCode };
  }

  async function withLicence<T>(profile: 'permissive' | 'BR', fn: () => Promise<T>): Promise<T> {
    const before = await t.app.services.licence.policy.profile();
    if (before === profile) return fn();
    await setLicence(t.app, profile);
    try {
      return await fn();
    } finally {
      await setLicence(t.app, before);
    }
  }

  it('lets every way a session opens through under the permissive licence, a listed CPF and all', async () => {
    await setLicence(t.app, 'permissive');
    for (const [name, open] of Object.entries(paths)) {
      const player = await identifiedPlayer(name !== 'newDeviceCode');
      await listCpf(player.cpf);
      expect(await open(player), name).toEqual({ status: 200 });
    }
    const hits = await t.database.db.selectFrom('barred_hits').select('id').execute();
    expect(hits).toEqual([]);
  });

  it('refuses every way a session opens for a barred CPF under BR, records the hit and opens no session', async () => {
    const players = new Map<string, Player>();
    for (const name of Object.keys(paths)) {
      const player = await identifiedPlayer(name !== 'newDeviceCode');
      await listCpf(player.cpf);
      players.set(name, player);
    }
    const exchanging = players.get('exchangeCode')!;
    minted.set(exchanging.id, await mintCode(exchanging));
    const refreshing = players.get('refreshCookie')!;
    refreshCookies.set(refreshing.id, await loginForCookie(refreshing));
    await setLicence(t.app, 'BR');
    try {
      for (const [name, open] of Object.entries(paths))
        expect(await open(players.get(name)!), name).toEqual({ status: 403, errorCode: ErrorCode.ACCOUNT_RESTRICTED });
    } finally {
      await setLicence(t.app, 'permissive');
    }
    for (const [name, player] of players) {
      const hits = await t.database.db
        .selectFrom('barred_hits')
        .select(['check_kind', 'status'])
        .where('member_id', '=', player.id)
        .execute();
      expect(hits, name).toEqual([{ check_kind: 'login', status: 'open' }]);
      const live = await t.database.db
        .selectFrom('member_sessions')
        .select('id')
        .where('member_id', '=', player.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live, name).toEqual([]);
    }
  });

  it('asks the door in the session transaction: a session no path asked the list about is refused', async () => {
    const player = await identifiedPlayer();
    await setLicence(t.app, 'BR');
    try {
      const refusal = await runInTransaction(t.database.db, (trx) =>
        t.app.services.session.createSession(trx, { memberId: player.id }),
      ).catch((err: unknown) => err);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).errorCode).toBe(ErrorCode.LICENCE_REFUSED);
      expect((refusal as AppError).value).toMatchObject({ door: 'session.open', rule: 'barredList', profile: 'BR' });
      // Once the day's check found the CPF clear (a login asked the list), the same call opens a session.
      valueOf(await login(t.app, player.account, player.password, {}, { remoteAddress: freshIp() }));
      const opened = await runInTransaction(t.database.db, (trx) =>
        t.app.services.session.createSession(trx, { memberId: player.id }),
      );
      expect(opened.token).toBeTruthy();
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('asks the list at the first session of the operator day only, whichever way it opens', async () => {
    await setLicence(t.app, 'BR');
    try {
      const player = await identifiedPlayer();
      const first = valueOf<LoginResult>(await login(t.app, player.account, player.password));
      const checkedOn = await t.database.db
        .selectFrom('member_identities')
        .select((eb) => eb.fn<string>('to_char', [eb.ref('barred_checked_on'), eb.val('YYYY-MM-DD')]).as('day'))
        .where('member_id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(checkedOn.day).toBe(localDayKey(new Date(calendarNow()), TIME_ZONE));
      // Listed after that check: the rest of the day stands on it, through an exchange code too.
      await listCpf(player.cpf);
      const { code } = valueOf<ExchangeCodeResult>(
        await call(t.app, 'POST', '/wps/session/exchange-code', { token: first.token }),
      );
      valueOf<LoginResult>(
        await t.app.inject({ method: 'POST', url: '/wps/session/login/exchange', payload: { code } }),
      );
      valueOf<LoginResult>(await login(t.app, player.account, player.password));
      // The next operator day's first session asks again, and is refused.
      offsetMs += DAY;
      expect(await paths.exchangeCode!(player)).toEqual({ status: 403, errorCode: ErrorCode.ACCOUNT_RESTRICTED });
      expectFailure(await memberInfo(first.token), ErrorCode.UNAUTHORIZED, 401);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });
});
