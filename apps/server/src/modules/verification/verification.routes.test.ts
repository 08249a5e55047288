import { PNG } from 'pngjs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_TTL_MINUTES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OutboxSmsMessage } from '@wps/shared/schemas/verification';
import { isAppError } from '../../http/app-error';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from './captcha-image';
import { OTP_LIMITS } from './otp.service';

type Envelope<T = unknown> = { success: boolean; value?: T; errorCode?: string; message?: string };

let ipCounter = 0;
/** A fresh client address per test, so per-IP limits do not leak between tests. */
const nextIp = () => `192.0.2.${++ipCounter}`;
let numberCounter = 0;
const nextMobile = () => `119${String(++numberCounter).padStart(8, '0')}`;

describeEachDatabase('verification routes', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => t.close());

  async function sendRegisterSms(mobile: string, ip = nextIp(), language?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: ip,
      headers: language ? { language } : {},
      payload: { countryDialingCode: '+55', mobileNo: mobile, geetestExtra: 'ignored' },
    });
    return { status: res.statusCode, body: res.json<Envelope<{ expiredMinutes: number; expirationTime: number }>>() };
  }

  async function readOutbox(fullNumber: string) {
    const res = await t.app.inject({ method: 'GET', url: `/dev/outbox/sms?mobile=${fullNumber}` });
    expect(res.statusCode).toBe(200);
    return res.json<Envelope<OutboxSmsMessage[]>>().value ?? [];
  }

  it('GET /wps/captcha returns a PNG data URL', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/captcha?captchaKey=route-captcha-1',
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Envelope<string>>();
    expect(body.success).toBe(true);
    const value = body.value ?? '';
    expect(value).toMatch(/^data:image\/png;base64,/);
    const png = PNG.sync.read(Buffer.from(value.split(',')[1] ?? '', 'base64'));
    expect([png.width, png.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    // The issued challenge is checked by the service the accounts module uses: a wrong answer consumes it.
    expect(await t.app.services.captcha.verify('route-captcha-1', 'XXXXX')).toBe(false);
  });

  it('GET /wps/captcha validates the key and limits each IP', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/wps/captcha?captchaKey=no', remoteAddress: nextIp() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope>().errorCode).toBe(ErrorCode.VALIDATION_FAILED);

    const ip = nextIp();
    for (let i = 0; i < 30; i++) {
      const ok = await t.app.inject({
        method: 'GET',
        url: `/wps/captcha?captchaKey=flood-key-${i}`,
        remoteAddress: ip,
      });
      expect(ok.statusCode).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'GET',
      url: '/wps/captcha?captchaKey=flood-key-x',
      remoteAddress: ip,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<Envelope>()).toMatchObject({ success: false, errorCode: ErrorCode.TOO_MANY_REQUESTS });
  });

  it('registration SMS: the code reaches the outbox and verifies once', async () => {
    const mobile = nextMobile();
    const before = Date.now();
    const sent = await sendRegisterSms(mobile);
    expect(sent.status).toBe(200);
    expect(sent.body.value?.expiredMinutes).toBe(OTP_TTL_MINUTES);
    expect(sent.body.value?.expirationTime).toBeGreaterThanOrEqual(before + OTP_TTL_MINUTES * 60_000);

    const messages = await readOutbox(`55${mobile}`);
    expect(messages).toHaveLength(1);
    const [message] = messages as [OutboxSmsMessage];
    expect(message.to).toBe(`55${mobile}`);
    expect(message.code).toMatch(/^\d{6}$/);
    expect(message.text).toContain(message.code ?? 'missing');
    expect(Number.isNaN(Date.parse(message.at))).toBe(false);

    const code = message.code ?? '';
    await t.app.services.otp.verify({ purpose: 'register', dialingCode: '55', mobile, code });
    const reused = await t.app.services.otp
      .verify({ purpose: 'register', dialingCode: '55', mobile, code })
      .catch((e: unknown) => e);
    expect(isAppError(reused) && reused.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it("registration SMS: in the site's language, one language per message", async () => {
    const texts: Record<string, string> = {};
    for (const language of ['EN', 'PT', undefined]) {
      const mobile = nextMobile();
      expect((await sendRegisterSms(mobile, nextIp(), language)).status).toBe(200);
      const [message] = (await readOutbox(`55${mobile}`)) as [OutboxSmsMessage];
      texts[language ?? 'none'] = message.text.replace(message.code ?? 'missing', '######');
    }
    expect(texts).toEqual({
      EN: `Your verification code: ######. Valid for ${OTP_TTL_MINUTES} minutes. Do not share it.`,
      PT: `Seu código de verificação: ######. Válido por ${OTP_TTL_MINUTES} minutos. Não o compartilhe.`,
      // No Language header: the site's default, Portuguese.
      none: `Seu código de verificação: ######. Válido por ${OTP_TTL_MINUTES} minutos. Não o compartilhe.`,
    });
  });

  it('SMS flood: the same number twice within 60 s is refused', async () => {
    const mobile = nextMobile();
    expect((await sendRegisterSms(mobile)).status).toBe(200);
    const again = await sendRegisterSms(mobile);
    expect(again.status).toBe(429);
    expect(again.body.errorCode).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect((again.body.value as unknown as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect(await readOutbox(`55${mobile}`)).toHaveLength(1);
  });

  it('SMS flood: many numbers from one IP are refused', async () => {
    const ip = nextIp();
    for (let i = 0; i < OTP_LIMITS.sendPerIp.limit; i++)
      expect((await sendRegisterSms(nextMobile(), ip)).status).toBe(200);
    const refused = await sendRegisterSms(nextMobile(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('a code used after its expiry is SMS_CODE_EXPIRED', async () => {
    const mobile = nextMobile();
    expect((await sendRegisterSms(mobile)).status).toBe(200);
    const [message] = await readOutbox(`55${mobile}`);
    await t.database.db
      .updateTable('otp_codes')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('phone', '=', `55${mobile}`)
      .execute();
    const err = await t.app.services.otp
      .verify({ purpose: 'register', dialingCode: '55', mobile, code: message?.code ?? '' })
      .catch((e: unknown) => e);
    expect(isAppError(err) && err.errorCode).toBe(ErrorCode.SMS_CODE_EXPIRED);
  });

  it('validates SMS bodies and outbox queries', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: nextIp(),
      payload: { countryDialingCode: 'x', mobileNo: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Envelope>().errorCode).toBe(ErrorCode.VALIDATION_FAILED);
    const badQuery = await t.app.inject({ method: 'GET', url: '/dev/outbox/sms?mobile=abc' });
    expect(badQuery.statusCode).toBe(400);
  });

  it('login and reset codes are sent only while their whitelabel switches are on', async () => {
    const { system } = t.app.services;
    const modules = (await system.getOperatorConfig()).modules;
    for (const [url, module, purpose] of [
      ['/wps/verification/sms/noLogin', 'MOBILEVERCODELOGIN3', 'login'],
      ['/wps/verification/sms/password', 'CHNGPASSVERIF3', 'reset'],
    ] as const) {
      const send = (mobile: string) =>
        t.app.inject({
          method: 'POST',
          url,
          remoteAddress: nextIp(),
          payload: { countryDialingCode: '55', mobileNum: mobile },
        });

      await system.updateSetting('modules', { ...modules, [module]: false });
      const offMobile = nextMobile();
      const off = await send(offMobile);
      expect(off.statusCode).toBe(403);
      expect(off.json<Envelope>().errorCode).toBe(ErrorCode.FEATURE_DISABLED);
      expect(await readOutbox(`55${offMobile}`)).toEqual([]);

      await system.updateSetting('modules', { ...modules, [module]: true });
      const mobile = nextMobile();
      const on = await send(mobile);
      expect(on.statusCode).toBe(200);
      expect(on.json<Envelope<{ expiredMinutes: number }>>().value?.expiredMinutes).toBe(OTP_TTL_MINUTES);
      const [message] = await readOutbox(`55${mobile}`);
      // A login or reset code is no registration code.
      const wrongPurpose = await t.app.services.otp
        .verify({ purpose: 'register', dialingCode: '55', mobile, code: message?.code ?? '' })
        .catch((e: unknown) => e);
      expect(isAppError(wrongPurpose) && wrongPurpose.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
      await t.app.services.otp.verify({ purpose, dialingCode: '55', mobile, code: message?.code ?? '' });
    }
    await system.updateSetting('modules', modules);
  });

  it('GET /dev/outbox/email lists the emails to an address, newest first', async () => {
    await t.app.services.notifier.sendEmail('Player@Example.com', 'First', 'one');
    await t.app.services.notifier.sendEmail('player@example.com', 'Second', 'two');
    await t.app.services.notifier.sendEmail('other@example.com', 'Other', 'x');
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox/email?to=player%40example.com' });
    expect(res.statusCode).toBe(200);
    const value = res.json<Envelope<{ subject: string; text: string }[]>>().value ?? [];
    expect(value.map((m) => m.subject)).toEqual(['Second', 'First']);
  });
});

describe('dev outbox routes with the http provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    const provider = { provider: 'http' as const, httpUrl: 'http://127.0.0.1:1/unused', httpSecret: 'secret' };
    t = await createTestApp('pglite', { sms: provider, email: provider });
  });
  afterAll(async () => t.close());

  it('are not registered', async () => {
    const sms = await t.app.inject({ method: 'GET', url: '/dev/outbox/sms?mobile=5511987654321' });
    expect(sms.statusCode).toBe(404);
    expect(sms.json<Envelope>().errorCode).toBe(ErrorCode.NOT_FOUND);
    const email = await t.app.inject({ method: 'GET', url: '/dev/outbox/email?to=a%40b.c' });
    expect(email.statusCode).toBe(404);
  });
});
