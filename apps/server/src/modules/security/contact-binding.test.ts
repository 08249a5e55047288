import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  call,
  disableRegisterCaptcha,
  expectFailure,
  readSmsCode,
  registerUser,
  valueOf,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { BIND_LIMITS } from './security.service';

function uniqueMobile(): string {
  return `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

function uniqueEmail(): string {
  return `bind-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

type Answer = { status: number; success: boolean; errorCode: string | undefined; keys: string[] };

/** What a caller can see of a send-code answer, without the expiry instant itself. */
function shape(res: { statusCode: number; json: () => unknown }): Answer {
  const body = res.json() as { success: boolean; errorCode?: string; value?: Record<string, unknown> };
  return {
    status: res.statusCode,
    success: body.success,
    errorCode: body.errorCode,
    keys: Object.keys(body.value ?? {}).sort(),
  };
}

/**
 * The bind calls spend their rate limits before anything looks at whether the number
 * or address is taken, and answer a taken one exactly as a free one, so they cannot be used to
 * find out which numbers and addresses have accounts.
 */
describeEachDatabase('binding a phone or e-mail without account enumeration', (target) => {
  let t: TestApp;
  let ipSeq = 0;
  const nextIp = () => `10.90.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const newMember = async () => (await registerUser(t.app)).result.token;
  const smsBind = (token: string, mobileNum: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: '/wps/verification/sms/bind',
      headers: { authorization: token },
      payload: { countryDialingCode: '55', mobileNum },
      remoteAddress: ip,
    });
  const emailBind = (token: string, email: string) =>
    call(t.app, 'POST', '/wps/verification/email/bind', { token, payload: { email } });

  /** A member whose number is linked, and that number. */
  async function memberWithMobile(): Promise<string> {
    const token = await newMember();
    const mobile = uniqueMobile();
    valueOf(await smsBind(token, mobile));
    const code = await readSmsCode(t.app, `55${mobile}`);
    valueOf(
      await call(t.app, 'POST', '/wps/member/mobile', {
        token,
        payload: { countryDialingCode: '55', mobileNum: mobile, verificationCode: code },
      }),
    );
    return mobile;
  }

  it('sms/bind: a taken number and a free number get the same answer; the limit applies to both', async () => {
    const taken = await memberWithMobile();
    const free = uniqueMobile();
    const b = await newMember();
    // Wait out the taken number's per-number send interval from its own binding.
    await t.database.db
      .deleteFrom('rate_limit_events')
      .where('bucket', 'in', ['otp-send-number', 'otp-send-number-hourly'])
      .execute();

    const takenAnswer = shape(await smsBind(b, taken));
    const freeAnswer = shape(await smsBind(b, free));
    expect(takenAnswer).toEqual(freeAnswer);
    expect(takenAnswer).toEqual({
      status: 200,
      success: true,
      errorCode: undefined,
      keys: ['expirationTime', 'expiredMinutes'],
    });
    // Sent again at once: both refused by the number's send limit, taken or not.
    expect(shape(await smsBind(b, taken))).toEqual(shape(await smsBind(b, free)));
    expect(shape(await smsBind(b, taken)).errorCode).toBe(ErrorCode.TOO_MANY_REQUESTS);

    // The member's own limit counts taken and free numbers alike.
    const c = await newMember();
    const limit = BIND_LIMITS.smsSendPerMemberHourly.limit;
    for (let i = 0; i < limit; i++) {
      if (i === 0) {
        await t.database.db
          .deleteFrom('rate_limit_events')
          .where('bucket', 'in', ['otp-send-number', 'otp-send-number-hourly'])
          .execute();
        valueOf(await smsBind(c, taken));
      } else valueOf(await smsBind(c, uniqueMobile()));
    }
    expectFailure(await smsBind(c, uniqueMobile()), ErrorCode.TOO_MANY_REQUESTS, 429);
  });

  it('only whoever receives the code learns that a number is taken', async () => {
    const taken = await memberWithMobile();
    const b = await newMember();
    await t.database.db
      .deleteFrom('rate_limit_events')
      .where('bucket', 'in', ['otp-send-number', 'otp-send-number-hourly'])
      .execute();
    valueOf(await smsBind(b, taken));
    const code = await readSmsCode(t.app, `55${taken}`);
    const bind = await call(t.app, 'POST', '/wps/member/mobile', {
      token: b,
      payload: { countryDialingCode: '55', mobileNum: taken, verificationCode: code },
    });
    expectFailure(bind, ErrorCode.MOBILE_TAKEN, 409);
  });

  it('email/bind: a taken address and a free address get the same answer; the limit applies to both', async () => {
    const a = await newMember();
    const takenEmail = uniqueEmail();
    valueOf(await emailBind(a, takenEmail));
    const mails = valueOf<{ text: string }[]>(
      await call(t.app, 'GET', `/dev/outbox/email?to=${encodeURIComponent(takenEmail)}`),
    );
    const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    valueOf(
      await call(t.app, 'POST', '/wps/member/email', {
        token: a,
        payload: { email: takenEmail, verificationCode: code },
      }),
    );

    const b = await newMember();
    const takenAnswer = shape(await emailBind(b, takenEmail));
    const c = await newMember();
    const freeAnswer = shape(await emailBind(c, uniqueEmail()));
    expect(takenAnswer).toEqual(freeAnswer);
    expect(takenAnswer.success).toBe(true);
    // The owner of the taken address is told, without a code.
    const notice =
      valueOf<{ text: string }[]>(await call(t.app, 'GET', `/dev/outbox/email?to=${encodeURIComponent(takenEmail)}`))[0]
        ?.text ?? '';
    expect(notice).toMatch(/outra conta/);
    expect(notice).not.toMatch(/\b\d{6}\b/);

    // Right after: the per-member send limit refuses both, taken or free.
    expectFailure(await emailBind(b, uniqueEmail()), ErrorCode.TOO_MANY_REQUESTS, 429);
    expectFailure(await emailBind(c, takenEmail), ErrorCode.TOO_MANY_REQUESTS, 429);
  });
});
