import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  readSmsCode,
  strongPassword,
  updateOperatorSetting,
  valueOf,
} from '../../../test/api-client';
import { createScratchPostgres, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { readMigrations, runMigrations } from '../../db/migrate';

/** A valid Brazilian mobile (area 11, nine digits starting with 9), unique enough per run. */
function uniqueMobile(): string {
  return `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/**
 * One phone, one account. Numbers are stored and compared in E.164 and accepted only
 * for the operator's listed countries, the same way for registration, SMS login and reset.
 */
describeEachDatabase('phone numbers as identities', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    // The SMS step is not what these registrations test.
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, REGMOBVERF3: false }));
  });
  afterAll(async () => {
    await t.close();
  });

  const registerMobile = (countryDialingCode: string, mobileNum: string) => {
    const password = strongPassword();
    return callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', {
      mobileNum,
      countryDialingCode,
      password,
      confirmPassword: password,
      agree: true,
    });
  };

  it('55+11975603901 then 551+1975603901 (the same digits): the second is refused', async () => {
    // A landline-style ten-digit number, so the trunk-prefixed spelling still fits the 8–11 digit field rule.
    const national = `113${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    valueOf<LoginResult>(await registerMobile('55', national));
    const stored = await t.database.db
      .selectFrom('members')
      .select(['dialing_code', 'mobile', 'mobile_e164'])
      .where('mobile_e164', '=', `+55${national}`)
      .execute();
    expect(stored).toEqual([{ dialing_code: '55', mobile: national, mobile_e164: `+55${national}` }]);

    const shifted = expectFailure(await registerMobile('551', national.slice(1)), ErrorCode.VALIDATION_FAILED, 400);
    expect((shifted.value as { fields: { field: string }[] }).fields).toContainEqual(
      expect.objectContaining({ field: 'countryDialingCode' }),
    );
    // With the national trunk prefix: the same phone, taken.
    expectFailure(await registerMobile('55', `0${national}`), ErrorCode.MOBILE_TAKEN, 409);
    const holders = await t.database.db
      .selectFrom('members')
      .select('id')
      .where(sql<string>`dialing_code || mobile`, 'like', `%${national.slice(1)}`)
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('refuses a dialing code the operator does not list, and invalid numbers', async () => {
    const unlisted = await registerMobile('999', '912345678');
    expect((unlisted.json() as { value: { fields: { field: string }[] } }).value.fields).toContainEqual(
      expect.objectContaining({ field: 'countryDialingCode' }),
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/verification/sms/register', {
        payload: { countryDialingCode: '999', mobileNo: '912345678' },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
  });

  it('SMS login and reset by phone find the account whatever the spelling of its number', async () => {
    const national = uniqueMobile();
    const password = strongPassword();
    const registered = valueOf<LoginResult>(await registerMobile('55', national));
    // Login: the code is sent to, and checked for, the E.164 number.
    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/noLogin', {
        payload: { countryDialingCode: '+55', mobileNum: `0${national}` },
      }),
    );
    const loginCode = await readSmsCode(t.app, `55${national}`);
    const loggedIn = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/session/login', {
        type: 'sms',
        username: `0${national}`,
        password: loginCode,
        countryDialingCode: '55',
      }),
    );
    expect(loggedIn.userInfo.userName).toBe(registered.userInfo.userName);

    // One code per number per minute: wait that out.
    await t.database.db.deleteFrom('rate_limit_events').where('bucket', '=', 'otp-send-number').execute();
    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/password', {
        payload: { countryDialingCode: '55', mobileNum: `0${national}` },
      }),
    );
    const resetCode = await readSmsCode(t.app, `55${national}`);
    const reset = valueOf<LoginResult>(
      await callEncrypted(t.app, 'POST', '/wps/member/password/verification', {
        mobileNum: national,
        countryDialingCode: '+55',
        verificationCode: resetCode,
        newPassword: password,
        confirmNewPassword: password,
      }),
    );
    expect(reset.userInfo.userName).toBe(registered.userInfo.userName);
  });
});

/** Migration 0100 over numbers stored before it, in every old spelling. */
describeEachDatabase('phone number migration', (target) => {
  let database: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
    drop = scratch?.drop;
    database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 4 });
  });
  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it('normalises, keeps the oldest holder of a phone, and reports the rest without deleting anyone', async () => {
    const all = readMigrations();
    await runMigrations(
      database,
      all.filter((m) => m.version < 100),
    );
    const legacy: [string, string | null, string | null][] = [
      ['first', '55', '11975603901'],
      ['shifted', '551', '1975603901'],
      ['trunk', '+55', '(11) 97560-3901'],
      ['pt', '351', '912345678'],
      ['nowhere', '999', '12345678'],
      ['nophone', null, null],
    ];
    for (const [account, dialingCode, mobile] of legacy) {
      await sql`INSERT INTO members (account, password_hash, dialing_code, mobile) VALUES (${account}, 'x', ${dialingCode}, ${mobile})`.execute(
        database.db,
      );
    }
    await runMigrations(database, all);

    const rows = await sql<{
      account: string;
      dialing_code: string | null;
      mobile: string | null;
      mobile_e164: string | null;
    }>`
      SELECT account, dialing_code, mobile, mobile_e164 FROM members ORDER BY id`.execute(database.db);
    expect(rows.rows).toEqual([
      { account: 'first', dialing_code: '55', mobile: '11975603901', mobile_e164: '+5511975603901' },
      { account: 'shifted', dialing_code: null, mobile: null, mobile_e164: null },
      { account: 'trunk', dialing_code: null, mobile: null, mobile_e164: null },
      { account: 'pt', dialing_code: '351', mobile: '912345678', mobile_e164: '+351912345678' },
      { account: 'nowhere', dialing_code: '999', mobile: '12345678', mobile_e164: '+99912345678' },
      { account: 'nophone', dialing_code: null, mobile: null, mobile_e164: null },
    ]);
    const report = await sql<{
      account: string;
      reason: string;
      original_dialing_code: string | null;
      original_mobile: string | null;
      kept: boolean;
    }>`
      SELECT account, reason, original_dialing_code, original_mobile, kept FROM phone_duplicates_report ORDER BY id`.execute(
      database.db,
    );
    expect(report.rows).toEqual([
      {
        account: 'nowhere',
        reason: 'unknown_dialing_code',
        original_dialing_code: '999',
        original_mobile: '12345678',
        kept: false,
      },
      {
        account: 'first',
        reason: 'duplicate',
        original_dialing_code: '55',
        original_mobile: '11975603901',
        kept: true,
      },
      {
        account: 'shifted',
        reason: 'duplicate',
        original_dialing_code: '551',
        original_mobile: '1975603901',
        kept: false,
      },
      {
        account: 'trunk',
        reason: 'duplicate',
        original_dialing_code: '+55',
        original_mobile: '(11) 97560-3901',
        kept: false,
      },
    ]);
    // From now on the E.164 form is the unique key.
    await expect(
      sql`INSERT INTO members (account, password_hash, dialing_code, mobile) VALUES ('again', 'x', '55', '11975603901')`.execute(
        database.db,
      ),
    ).rejects.toThrow();
  });
});
