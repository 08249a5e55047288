import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  insertTestMember,
  login,
  strongPassword,
  uniqueUsername,
  updateOperatorSetting,
  valueOf,
} from '../../../test/api-client';
import { createScratchPostgres, createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { readMigrations, runMigrations } from '../../db/migrate';
import { getDemoSettings, parseSetting } from '../system/operator-settings';

type FieldFailures = { fields: { field: string; code: string; min: number }[] };

/** Passwords (ASVS 5.0) of at least 8 characters always; no forced periodic expiry by default. */
describeEachDatabase('password policy', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (password: string) =>
    callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: uniqueUsername(),
      password,
      confirmPassword: password,
      agree: true,
    });

  it('the operator cannot configure a minimum below 8; the demo rule is 8', async () => {
    const demo = getDemoSettings().register;
    expect(demo.validate.password?.minLength).toBe(8);
    const lowered = {
      ...demo,
      validate: { ...demo.validate, password: { acceptedPattern: '*', minLength: 6, maxLength: 64, patternId: 5 } },
    };
    expect(() => parseSetting('register', lowered)).toThrow(/at least 8/);
    await expect(t.app.services.system.updateSetting('register', lowered)).rejects.toThrow();
    const served = valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register'));
    expect(served.validate.password?.minLength).toBe(8);
  });

  it('a 7-character password is refused at registration, password change and reset, whatever rule is stored', async () => {
    const short = 'Lumen7x';
    const refused = expectFailure(await register(short), ErrorCode.VALIDATION_FAILED, 400);
    expect((refused.value as FieldFailures).fields).toContainEqual(
      expect.objectContaining({ field: 'password', code: 'length', min: 8 }),
    );
    valueOf(await register('Lumen8xy'));

    // A rule stored before the floor existed (written past the schema) still cannot go below 8.
    await sql`UPDATE operator_settings SET value = jsonb_set(value, '{validate,password,minLength}', '4'::jsonb) WHERE key = 'register'`.execute(
      t.database.db,
    );
    t.app.services.system.invalidateCache();
    const password = strongPassword();
    const member = await insertTestMember(t, password);
    const session = valueOf<LoginResult>(await login(t.app, member.account, password));
    const change = await callEncrypted(
      t.app,
      'POST',
      '/wps/member/password',
      { oldPassword: password, newPassword: short, confirmNewPassword: short },
      { token: session.token },
    );
    expect((expectFailure(change, ErrorCode.VALIDATION_FAILED, 400).value as FieldFailures).fields).toContainEqual(
      expect.objectContaining({ field: 'newPassword', min: 8 }),
    );
  });

  it('an old password does not expire by default', async () => {
    const password = strongPassword();
    const { account } = await insertTestMember(t, password, { now: new Date(Date.now() - 400 * 24 * 3600 * 1000) });
    const result = valueOf<LoginResult>(await login(t.app, account, password));
    expect(result).toMatchObject({ passwordExpired: false, mustChangePassword: false });
    valueOf(await call(t.app, 'GET', '/wps/member/info', { token: result.token }));
  });

  it('the operator may turn PWDEXPFORCECHANGE3 on: then an old password must be changed', async () => {
    await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PWDEXPFORCECHANGE3: true }));
    try {
      const password = strongPassword();
      const { account } = await insertTestMember(t, password, { now: new Date(Date.now() - 400 * 24 * 3600 * 1000) });
      expect(valueOf<LoginResult>(await login(t.app, account, password))).toMatchObject({
        passwordExpired: true,
        mustChangePassword: true,
      });
      const fresh = await insertTestMember(t, password);
      expect(valueOf<LoginResult>(await login(t.app, fresh.account, password))).toMatchObject({
        passwordExpired: false,
        mustChangePassword: false,
      });
    } finally {
      await updateOperatorSetting(t.app, 'modules', (m) => ({ ...m, PWDEXPFORCECHANGE3: false }));
    }
  });
});

/** Migration 0101 over settings stored before it. */
describeEachDatabase('password policy migration', (target) => {
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

  it('raises a stored minimum below 8 and turns forced expiry off', async () => {
    const all = readMigrations();
    await runMigrations(
      database,
      all.filter((m) => m.version < 101),
    );
    const demo = getDemoSettings();
    const oldRegister = {
      ...demo.register,
      validate: {
        ...demo.register.validate,
        password: { acceptedPattern: '*', minLength: 6, maxLength: 20, patternId: 5 },
      },
    };
    await sql`INSERT INTO operator_settings (key, value) VALUES ('register', ${JSON.stringify(oldRegister)}::jsonb),
      ('modules', ${JSON.stringify({ ...demo.modules, PWDEXPFORCECHANGE3: true })}::jsonb)`.execute(database.db);
    await runMigrations(database, all);
    const rows = await sql<{
      key: string;
      value: Record<string, unknown>;
    }>`SELECT key, value FROM operator_settings ORDER BY key`.execute(database.db);
    const byKey = Object.fromEntries(rows.rows.map((r) => [r.key, r.value]));
    const register = parseSetting('register', byKey.register);
    expect(register.validate.password).toEqual({ acceptedPattern: '*', minLength: 8, maxLength: 64, patternId: 5 });
    expect(parseSetting('modules', byKey.modules).PWDEXPFORCECHANGE3).toBe(false);
  });
});
