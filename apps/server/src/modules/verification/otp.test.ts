import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { isAppError } from '../../http/app-error';
import type { DatabaseHandle } from '../../db/database';
import { createNotifier } from './notifier';
import { createOtpService, formatFullNumber, OTP_LIMITS } from './otp.service';
import { createRateLimiter } from './rate-limiter';
import { consumeOtp, findOtp } from './verification.repository';
import { describeEachDatabase, describePostgres } from '../../../test/test-app';
import { createTestClock, openMigratedDatabase, silentLog } from './verification.test-support';

async function errorOf(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isAppError(err)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}

/** Wire an OTP service over a database with an outbox under a fresh data dir. */
function wireOtp(database: DatabaseHandle, now?: () => number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wps-otp-'));
  const ctx = { db: database.db, log: silentLog, now };
  const notifier = createNotifier({
    ...ctx,
    config: {
      dataDir,
      sms: { provider: 'outbox', httpUrl: undefined, httpSecret: undefined },
      email: { provider: 'outbox', httpUrl: undefined, httpSecret: undefined },
    },
  });
  const rateLimiter = createRateLimiter(ctx);
  const otp = createOtpService({ ...ctx, notifier, rateLimiter });
  /** The code of the newest SMS to a full number, read from the outbox like the dev route does. */
  const lastCode = async (to: string) => {
    const mine = (await notifier.readOutbox('sms')).filter((e) => e.to === to);
    const text = mine[mine.length - 1]?.text ?? '';
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (!code) throw new Error(`no code sent to ${to}`);
    return code;
  };
  return { otp, rateLimiter, notifier, lastCode, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

let ipCounter = 0;
/** A fresh IP per test, so the per-IP limits of one test do not leak into the next. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let numberCounter = 0;
const nextMobile = () => `119${String(++numberCounter).padStart(8, '0')}`;

describe('otp helpers', () => {
  it('binds a code to the full number', () => {
    expect(formatFullNumber('+55', '11987654321')).toBe('5511987654321');
    expect(formatFullNumber('351', '912345678')).toBe('351912345678');
  });
});

describeEachDatabase('otp service', (target) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  const clock = createTestClock();
  let w: ReturnType<typeof wireOtp>;

  beforeAll(async () => {
    ({ database, close } = await openMigratedDatabase(target));
    w = wireOtp(database, clock.now);
  });
  afterAll(async () => {
    w.cleanup();
    await close();
  });

  it('sends a six-digit code that verifies once, and stores only a hash', async () => {
    const mobile = nextMobile();
    const sent = await w.otp.send({ purpose: 'register', dialingCode: '55', mobile, ip: nextIp() });
    expect(sent).toEqual({ expiredMinutes: OTP_TTL_MINUTES, expirationTime: clock.now() + OTP_TTL_MINUTES * 60_000 });
    const code = await w.lastCode(`55${mobile}`);
    expect(code).toMatch(/^\d{6}$/);

    const row = await database.db
      .selectFrom('otp_codes')
      .selectAll()
      .where('phone', '=', `55${mobile}`)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);

    await w.otp.verify({ purpose: 'register', dialingCode: '55', mobile, code });
    const reused = await errorOf(w.otp.verify({ purpose: 'register', dialingCode: '55', mobile, code }));
    expect(reused.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('rejects a code for another purpose or another number', async () => {
    const mobile = nextMobile();
    await w.otp.send({ purpose: 'login', dialingCode: '55', mobile, ip: nextIp() });
    const code = await w.lastCode(`55${mobile}`);
    for (const wrong of [
      { purpose: 'register' as const, dialingCode: '55', mobile },
      { purpose: 'reset' as const, dialingCode: '55', mobile },
      { purpose: 'login' as const, dialingCode: '351', mobile },
      { purpose: 'login' as const, dialingCode: '55', mobile: nextMobile() },
    ]) {
      expect((await errorOf(w.otp.verify({ ...wrong, code }))).errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
    }
    await w.otp.verify({ purpose: 'login', dialingCode: '55', mobile, code });
  });

  it('reports an expired code as SMS_CODE_EXPIRED', async () => {
    const mobile = nextMobile();
    await w.otp.send({ purpose: 'reset', dialingCode: '55', mobile, ip: nextIp() });
    const code = await w.lastCode(`55${mobile}`);
    clock.advance(OTP_TTL_MINUTES * 60_000);
    expect((await errorOf(w.otp.verify({ purpose: 'reset', dialingCode: '55', mobile, code }))).errorCode).toBe(
      ErrorCode.SMS_CODE_EXPIRED,
    );
  });

  it('kills a code after five wrong tries', async () => {
    const mobile = nextMobile();
    await w.otp.send({ purpose: 'register', dialingCode: '55', mobile, ip: nextIp() });
    const code = await w.lastCode(`55${mobile}`);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 1; i <= OTP_MAX_ATTEMPTS; i++) {
      const err = await errorOf(w.otp.verify({ purpose: 'register', dialingCode: '55', mobile, code: wrong }));
      expect(err.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
      expect(err.value).toEqual({ attemptsLeft: OTP_MAX_ATTEMPTS - i });
    }
    expect((await errorOf(w.otp.verify({ purpose: 'register', dialingCode: '55', mobile, code }))).errorCode).toBe(
      ErrorCode.SMS_CODE_INVALID,
    );
  });

  it('allows one send per number per minute; a resend replaces the old code', async () => {
    const mobile = nextMobile();
    const ip = nextIp();
    await w.otp.send({ purpose: 'register', dialingCode: '55', mobile, ip });
    const first = await w.lastCode(`55${mobile}`);
    clock.advance((OTP_RESEND_SECONDS - 1) * 1000);
    // Another purpose does not dodge the per-number limit.
    const flood = await errorOf(w.otp.send({ purpose: 'login', dialingCode: '55', mobile, ip: nextIp() }));
    expect(flood.errorCode).toBe(ErrorCode.TOO_MANY_REQUESTS);
    expect(flood.value).toEqual({ retryAfterSeconds: 1 });
    clock.advance(1000);
    await w.otp.send({ purpose: 'register', dialingCode: '55', mobile, ip });
    const second = await w.lastCode(`55${mobile}`);
    if (second !== first) {
      expect(
        (await errorOf(w.otp.verify({ purpose: 'register', dialingCode: '55', mobile, code: first }))).errorCode,
      ).toBe(ErrorCode.SMS_CODE_INVALID);
    }
    await w.otp.verify({ purpose: 'register', dialingCode: '55', mobile, code: second });
  });

  it('limits sends per IP across many numbers', async () => {
    const ip = nextIp();
    for (let i = 0; i < OTP_LIMITS.sendPerIp.limit; i++) {
      await w.otp.send({ purpose: 'register', dialingCode: '55', mobile: nextMobile(), ip });
    }
    const mobile = nextMobile();
    const err = await errorOf(w.otp.send({ purpose: 'register', dialingCode: '55', mobile, ip }));
    expect(err.errorCode).toBe(ErrorCode.TOO_MANY_REQUESTS);
    // The refused number kept its own slot: from another address it can still get a code.
    await w.otp.send({ purpose: 'register', dialingCode: '55', mobile, ip: nextIp() });
  });

  it('limits checks per number', async () => {
    const mobile = nextMobile();
    await w.otp.send({ purpose: 'login', dialingCode: '55', mobile, ip: nextIp() });
    const code = await w.lastCode(`55${mobile}`);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < OTP_LIMITS.checkPerNumber.limit; i++) {
      await errorOf(w.otp.verify({ purpose: 'login', dialingCode: '55', mobile, code: wrong }));
    }
    const err = await errorOf(w.otp.verify({ purpose: 'login', dialingCode: '55', mobile, code }));
    expect(err.errorCode).toBe(ErrorCode.TOO_MANY_REQUESTS);
  });

  it('refuses malformed numbers before touching the database', async () => {
    const sendErr = await errorOf(
      w.otp.send({ purpose: 'login', dialingCode: '55', mobile: 'abc\u0000', ip: nextIp() }),
    );
    expect(sendErr.errorCode).toBe(ErrorCode.VALIDATION_FAILED);
    const verifyErr = await errorOf(
      w.otp.verify({ purpose: 'login', dialingCode: '55', mobile: 'user\u0000name', code: '123456' }),
    );
    expect(verifyErr.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
  });

  it('treats a malformed code as a wrong try', async () => {
    const mobile = nextMobile();
    await w.otp.send({ purpose: 'login', dialingCode: '55', mobile, ip: nextIp() });
    const err = await errorOf(w.otp.verify({ purpose: 'login', dialingCode: '55', mobile, code: 'abc' }));
    expect(err.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
    expect(err.value).toEqual({ attemptsLeft: OTP_MAX_ATTEMPTS - 1 });
  });
});

describePostgres('otp service under concurrency [postgres]', () => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  let w: ReturnType<typeof wireOtp>;

  beforeAll(async () => {
    ({ database, close } = await openMigratedDatabase('postgres'));
    w = wireOtp(database);
  });
  afterAll(async () => {
    w.cleanup();
    await close();
  });

  it('lets exactly one of ten parallel verifies of one valid code succeed', async () => {
    const mobile = '11900000001';
    await w.otp.send({ purpose: 'login', dialingCode: '55', mobile, ip: '10.9.9.9' });
    const code = await w.lastCode(`55${mobile}`);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => w.otp.verify({ purpose: 'login', dialingCode: '55', mobile, code })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(isAppError(r.reason) && r.reason.errorCode).toBe(ErrorCode.SMS_CODE_INVALID);
    }
  });

  it('lets exactly one of parallel conditional consumes of one code row win', async () => {
    // The service staggers callers through its rate-limit lock; this hits the atomic step directly.
    const mobile = '11900000003';
    await w.otp.send({ purpose: 'reset', dialingCode: '55', mobile, ip: '10.9.9.8' });
    const row = await findOtp(database.db, 'reset', `55${mobile}`);
    if (!row) throw new Error('code not stored');
    const now = new Date();
    const wins = await Promise.all(
      Array.from({ length: 10 }, () =>
        consumeOtp(database.db, { id: row.id, codeHash: row.codeHash, maxAttempts: OTP_MAX_ATTEMPTS, now }),
      ),
    );
    expect(wins.filter(Boolean)).toHaveLength(1);
  });

  it('sends at most one code when one number is requested in parallel', async () => {
    const mobile = '11900000002';
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        w.otp.send({ purpose: 'register', dialingCode: '55', mobile, ip: `10.8.0.${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await w.notifier.readOutbox('sms')).filter((e) => e.to === `55${mobile}`)).toHaveLength(1);
  });
});
