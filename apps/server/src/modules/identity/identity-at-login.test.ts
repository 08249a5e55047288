import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import { localDayKey } from '@wps/shared/reward-periods';
import { call, disableRegisterCaptcha, expectFailure, login, registerUser, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { setLicence } from '../licence/licence-fixtures';
import { insertIdentifiedPlayer, listBarredCpf } from './barred.test-support';
import { newCpf } from './identity-fixtures';

/**
 * An account made before the operator switched to BR has no CPF: at its next login it is asked for
 * the CPF and the date of birth (docs/compliance.md, "Identity"). Its session answers
 * IDENTITY_REQUIRED to everything but POST /wps/member/identity and logout, and what it gives goes
 * through the registration's checks: check digits, the calendar, 18 or older, one account per CPF,
 * the barred-persons list.
 *
 * Fails without the change: the login answered no identityRequired, the session did everything,
 * and there was no call to give the CPF.
 */
describeEachDatabase('an account from before the switch asked for its CPF', (target) => {
  let t: TestApp;
  let admin: TestOperator;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    await setLicence(t.app, 'permissive');
  });
  afterAll(async () => {
    await setLicence(t.app, 'permissive');
    await t.close();
  });

  const memberInfo = (token: string) => call(t.app, 'GET', '/wps/member/info', { token });
  const supply = (token: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', '/wps/member/identity', { token, payload: body });

  it('takes the CPF and date of birth through the same checks, then lets the session through', async () => {
    const before = await registerUser(t.app);
    const taken = await insertIdentifiedPlayer(t);
    await setLicence(t.app, 'BR');
    try {
      const result = valueOf<LoginResult>(await login(t.app, before.username, before.password));
      expect(result.identityRequired).toBe(true);
      expectFailure(await memberInfo(result.token), ErrorCode.IDENTITY_REQUIRED, 403);
      expectFailure(
        await supply(result.token, { cpf: '111.111.111-11', birthDate: '1990-01-01' }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
      const today = localDayKey(new Date(), 'America/Sao_Paulo');
      const minor = `${Number(today.slice(0, 4)) - 17}${today.slice(4)}`;
      expectFailure(await supply(result.token, { cpf: newCpf(), birthDate: minor }), ErrorCode.UNDER_MINIMUM_AGE, 403);
      expectFailure(await supply(result.token, { cpf: taken.cpf, birthDate: '1990-01-01' }), ErrorCode.CPF_TAKEN, 409);
      const cpf = newCpf();
      valueOf(await supply(result.token, { cpf, birthDate: '1990-01-01' }));
      valueOf(await memberInfo(result.token));
      const memberId = (await t.app.services.member.findMemberIdByAccount(before.username))!;
      expect(await t.app.services.identity.cpfOf(t.database.db, memberId)).toBe(cpf);
      const again = valueOf<LoginResult>(await login(t.app, before.username, before.password));
      expect(again.identityRequired).toBeUndefined();
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('asks nothing under the permissive licence', async () => {
    const player = await registerUser(t.app);
    const result = valueOf<LoginResult>(await login(t.app, player.username, player.password));
    expect(result.identityRequired).toBeUndefined();
    valueOf(await memberInfo(result.token));
  });

  it('a CPF the list bars is written with the hit: the account is told and its sessions end', async () => {
    const barred = newCpf();
    await listBarredCpf(t.app, admin.token, barred);
    const other = await registerUser(t.app);
    await setLicence(t.app, 'BR');
    try {
      const asked = valueOf<LoginResult>(await login(t.app, other.username, other.password));
      expectFailure(
        await supply(asked.token, { cpf: barred, birthDate: '1980-02-02' }),
        ErrorCode.ACCOUNT_RESTRICTED,
        403,
      );
      expectFailure(await memberInfo(asked.token), ErrorCode.UNAUTHORIZED, 401);
      const otherId = (await t.app.services.member.findMemberIdByAccount(other.username))!;
      const hit = await t.database.db
        .selectFrom('barred_hits')
        .select(['cpf', 'status'])
        .where('member_id', '=', otherId)
        .where('withdraw_until', 'is not', null)
        .execute();
      expect(hit).toEqual([{ cpf: barred, status: 'open' }]);
      // Written, so the account is identified and barred: its next login is refused by the list.
      expectFailure(await login(t.app, other.username, other.password), ErrorCode.ACCOUNT_RESTRICTED, 403);
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });
});
