import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  disableRegisterCaptcha,
  expectFailure,
  login,
  plantCaptcha,
  registerUser,
  valueOf,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { LOGIN_THROTTLE, loginDelaySeconds } from './login-throttle';

/**
 * Nobody can lock a player out of the right password. Failures ask for a captcha and
 * slow down the (account, IP) pair that makes them; another address with the right password gets
 * in at once, however many failures an attacker piles up.
 */
describeEachDatabase('password login throttling', (target) => {
  let t: TestApp;
  let ipSeq = 0;
  const nextIp = () => `10.80.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A solved captcha: a planted challenge and its answer, for the next login. */
  async function solvedCaptcha(): Promise<{ captchaKey: string; captcha: string }> {
    const captchaKey = `k-${crypto.randomUUID()}`;
    await plantCaptcha(t.database, captchaKey, 'K7M2P');
    return { captchaKey, captcha: 'K7M2P' };
  }

  it('an attacker failing from one address slows down himself only: the player elsewhere logs in at once, no captcha', async () => {
    const { username, password } = await registerUser(t.app);
    const attacker = { remoteAddress: nextIp() };
    for (let i = 1; i <= LOGIN_THROTTLE.delayAfterPairFailures; i++) {
      const extra = i > LOGIN_THROTTLE.captchaAfterPairFailures ? await solvedCaptcha() : {};
      const failed = expectFailure(
        await login(t.app, username, `Wrong${i}pass`, extra, attacker),
        ErrorCode.INVALID_CREDENTIALS,
        401,
      );
      expect(failed.value).toEqual({ captcha: i >= LOGIN_THROTTLE.captchaAfterPairFailures });
    }
    // The attacker's pair now waits, even with a solved captcha and (had he guessed it) the right password.
    const slowed = await login(t.app, username, password, await solvedCaptcha(), attacker);
    const limited = expectFailure(slowed, ErrorCode.TOO_MANY_REQUESTS, 429);
    expect(limited.value).toMatchObject({
      retryAfterSeconds: loginDelaySeconds(LOGIN_THROTTLE.delayAfterPairFailures),
    });
    expect(slowed.headers['retry-after']).toBe(String(loginDelaySeconds(LOGIN_THROTTLE.delayAfterPairFailures)));

    // The player, from another address, with the right password: in, without a captcha.
    const player = { remoteAddress: nextIp() };
    const result = valueOf<LoginResult>(await login(t.app, username, password, {}, player));
    expect(result.userInfo.userName).toBe(username);
    // And a wrong try by the player is judged on the player's own record.
    expect(
      expectFailure(await login(t.app, username, 'Typo1pass', {}, player), ErrorCode.INVALID_CREDENTIALS).value,
    ).toEqual({ captcha: false });
  });

  it('guessing from many addresses asks every caller for a captcha, never a refusal of the right password', async () => {
    const { username, password } = await registerUser(t.app);
    const attempts = 25;
    let limited = 0;
    for (let i = 0; i < attempts; i++) {
      const extra = i >= LOGIN_THROTTLE.captchaAfterAccountFailures ? await solvedCaptcha() : {};
      const res = await login(t.app, username, `Guess${i}word`, extra, { remoteAddress: nextIp() });
      if ((res.json() as { errorCode?: string }).errorCode === ErrorCode.TOO_MANY_REQUESTS) limited++;
      else expectFailure(res, ErrorCode.INVALID_CREDENTIALS, 401);
    }
    // No address made more than one failure, so nobody was slowed down.
    expect(limited).toBe(0);
    const player = { remoteAddress: nextIp() };
    expectFailure(await login(t.app, username, password, {}, player), ErrorCode.CAPTCHA_REQUIRED, 400);
    valueOf(await login(t.app, username, password, await solvedCaptcha(), player));
  });

  it('one address spraying many accounts is limited per IP; other addresses are not', async () => {
    const { username, password } = await registerUser(t.app);
    const sprayer = { remoteAddress: nextIp() };
    for (let i = 0; i < LOGIN_THROTTLE.perIp.limit; i++) {
      await login(t.app, `ghost${i}x${ipSeq}`, 'Whatever123', {}, sprayer);
    }
    expectFailure(
      await login(t.app, username, password, await solvedCaptcha(), sprayer),
      ErrorCode.TOO_MANY_REQUESTS,
      429,
    );
    valueOf(await login(t.app, username, password, {}, { remoteAddress: nextIp() }));
  });

  it('a success starts the pair afresh: earlier failures do not add to its delay', async () => {
    const { username, password } = await registerUser(t.app);
    const from = { remoteAddress: nextIp() };
    const tries = LOGIN_THROTTLE.delayAfterPairFailures - 1;
    for (let i = 0; i < tries; i++) {
      const extra = i >= LOGIN_THROTTLE.captchaAfterPairFailures ? await solvedCaptcha() : {};
      expectFailure(await login(t.app, username, `Wrong${i}pass`, extra, from), ErrorCode.INVALID_CREDENTIALS);
    }
    valueOf(await login(t.app, username, password, await solvedCaptcha(), from));
    // Without the reset this would be the pair's fifth failure and the next try would wait.
    expectFailure(
      await login(t.app, username, 'Again1pass', await solvedCaptcha(), from),
      ErrorCode.INVALID_CREDENTIALS,
    );
    valueOf(await login(t.app, username, password, await solvedCaptcha(), from));
  });
});

describe('login delay', () => {
  it('starts after the fifth failure, doubles, and stops growing at the cap', () => {
    const first = LOGIN_THROTTLE.delayAfterPairFailures;
    expect(loginDelaySeconds(first - 1)).toBe(0);
    expect(loginDelaySeconds(first)).toBe(LOGIN_THROTTLE.baseDelaySeconds);
    expect(loginDelaySeconds(first + 1)).toBe(LOGIN_THROTTLE.baseDelaySeconds * 2);
    expect(loginDelaySeconds(first + 100)).toBe(LOGIN_THROTTLE.maxDelaySeconds);
  });
});
