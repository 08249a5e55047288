import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { BarredHit } from '@wps/shared/schemas/identity';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  login,
  readSmsCode,
  registerUser,
  strongPassword,
  uniqueUsername,
  valueOf,
} from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { brRegistrationDetails, newCpf, shiftYears } from './identity-fixtures';
import { setLicence } from '../licence/licence-fixtures';

type FieldFailures = { fields: { field: string; code: string }[] };
const DAY = 86_400_000;

describeEachDatabase('identity under the BR profile', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let support: TestOperator;
  /** The calendar clock: the operator's "today" moves with it. */
  let offsetMs = 0;
  const today = () => new Date(Date.now() + offsetMs).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

  const register = (body: Record<string, unknown>) => {
    const password = strongPassword();
    return callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: uniqueUsername('br'),
      password,
      confirmPassword: password,
      agree: true,
      ...('cpf' in body ? brRegistrationDetails() : {}),
      ...body,
    });
  };
  const hits = async (query: string) =>
    valueOf<OpsPage<BarredHit>>(
      await call(t.app, 'GET', `/ops/compliance/barred-hits?${query}`, { token: admin.token }),
    );
  const listCpf = async (cpf: string, reason = 'court_order') =>
    valueOf<{ id: string }>(
      await call(t.app, 'POST', '/ops/compliance/barred-list', {
        token: admin.token,
        payload: { cpf, reason, note: 'ofício do regulador' },
      }),
    );

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => Date.now() + offsetMs });
    await disableRegisterCaptcha(t.app);
    admin = await createTestOperator(t.app, 'admin');
    support = await createTestOperator(t.app, 'support');
  });
  afterAll(async () => {
    await expectLedgerHealthy(t.database);
    await t.close();
  });

  it('changes nothing under the permissive profile: no CPF asked, the payee name kept', async () => {
    const settings = valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register'));
    expect(settings.jurisdiction).toMatchObject({ profile: 'permissive', identity: 'none', barredList: false });
    const created = await registerUser(t.app);
    expect(created.result.token).toBeTruthy();
    const relogin = await login(t.app, created.username, created.password);
    expect(relogin.statusCode).toBe(200);
  });

  it('publishes the BR rules in the registration settings once the operator switches', async () => {
    await setLicence(t.app, 'BR');
    t.app.services.system.invalidateCache();
    const settings = valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register'));
    expect(settings.jurisdiction).toMatchObject({ profile: 'BR', identity: 'cpf', minimumAge: 18, barredList: true });
  });

  it('asks for the CPF and the date of birth, checking the CPF digits and the calendar', async () => {
    const missing = expectFailure(await register({}), ErrorCode.VALIDATION_FAILED, 400).value as FieldFailures;
    expect(missing.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'cpf', code: 'required' }),
        expect.objectContaining({ field: 'birthDate', code: 'required' }),
      ]),
    );
    const cpf = newCpf();
    const badDigits = `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`;
    const wrong = expectFailure(
      await register({ cpf: badDigits, birthDate: '1990-02-30' }),
      ErrorCode.VALIDATION_FAILED,
      400,
    ).value as FieldFailures;
    expect(wrong.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'cpf', code: 'pattern' }),
        expect.objectContaining({ field: 'birthDate', code: 'pattern' }),
      ]),
    );
    expect(
      await t.database.db.selectFrom('member_identities').select('member_id').where('cpf', '=', badDigits).execute(),
    ).toEqual([]);
  });

  it('registers with a masked CPF, writing the identity with the account and no typed payee name', async () => {
    const cpf = newCpf();
    const masked = `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    const res = await register({ cpf: masked, birthDate: '1990-05-17', payeeName: 'Typed Name' });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('member_identities')
      .innerJoin('members', 'members.id', 'member_identities.member_id')
      .select([
        'member_identities.cpf',
        'members.payee_name',
        (eb) => eb.fn<string>('to_char', [eb.ref('member_identities.birth_date'), eb.val('YYYY-MM-DD')]).as('birth'),
      ])
      .where('member_identities.cpf', '=', cpf)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ cpf, payee_name: null, birth: '1990-05-17' });
  });

  it('refuses anyone under 18 on the operator day, and takes an 18th birthday today', async () => {
    const day = today();
    const underage = expectFailure(
      await register({ cpf: newCpf(), birthDate: shiftYears(day, -18, 1) }),
      ErrorCode.UNDER_MINIMUM_AGE,
      403,
    );
    expect(underage.value).toEqual({ minimumAge: 18 });
    expect((await register({ cpf: newCpf(), birthDate: shiftYears(day, -18, 0) })).statusCode).toBe(200);
  });

  it('keeps one account per CPF', async () => {
    const cpf = newCpf();
    expect((await register({ cpf, birthDate: '1985-01-01' })).statusCode).toBe(200);
    expectFailure(await register({ cpf, birthDate: '1985-01-01' }), ErrorCode.CPF_TAKEN, 409);
  });

  it('asks for the CPF on the mobile registration too', async () => {
    const missing = expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', {
        mobileNum: '11987654321',
        countryDialingCode: '55',
        agree: true,
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect((missing.value as FieldFailures).fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'cpf', code: 'required' }),
        expect.objectContaining({ field: 'birthDate', code: 'required' }),
      ]),
    );
    const wrong = expectFailure(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', {
        mobileNum: '11987654321',
        countryDialingCode: '55',
        cpf: '111.111.111-11',
        birthDate: '1990-01-01',
        agree: true,
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect((wrong.value as FieldFailures).fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'cpf', code: 'pattern' })]),
    );
    // With the SMS code, a CPF and an adult's date of birth, the account is made with its identity.
    const mobile = `119${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    const password = strongPassword();
    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/register', {
        payload: { countryDialingCode: '55', mobileNo: mobile },
      }),
    );
    const code = await readSmsCode(t.app, `55${mobile}`);
    const cpf = newCpf();
    const made = valueOf<LoginResult>(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', {
        mobileNum: mobile,
        countryDialingCode: '55',
        password,
        confirmPassword: password,
        verificationCode: code,
        cpf,
        birthDate: '1992-02-29',
        ...brRegistrationDetails(),
        agree: true,
      }),
    );
    const memberId = (await t.app.services.member.findMemberIdByAccount(made.account ?? ''))!;
    const row = await t.database.db
      .selectFrom('member_identities')
      .select('cpf')
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    expect(row).toEqual({ cpf });
  });

  it('refuses a barred CPF at sign-up without telling why, and records the hit', async () => {
    const cpf = newCpf();
    await listCpf(cpf, 'self_excluded');
    const refused = expectFailure(
      await register({ cpf, birthDate: '1980-03-03' }),
      ErrorCode.REGISTRATION_REFUSED,
      403,
    );
    expect(JSON.stringify(refused)).not.toMatch(/self_excluded|excluded|barred/i);
    expect(
      await t.database.db.selectFrom('member_identities').select('member_id').where('cpf', '=', cpf).execute(),
    ).toEqual([]);
    const page = await hits('check=signup&status=refused');
    const hit = page.list.find((h) => h.cpfMasked === `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
    expect(hit).toMatchObject({
      memberId: null,
      reason: 'self_excluded',
      check: 'signup',
      status: 'refused',
      balanceMinor: null,
    });
  });

  it("refuses a player listed after sign-up at the next day's first login, ends their sessions, and settles once the balance is out", async () => {
    const cpf = newCpf();
    const player = await registerUser(t.app, { cpf, birthDate: '1979-07-07' });
    await listCpf(cpf, 'court_order');
    // The same operator day: the sign-up's check still stands.
    const sameDay = valueOf<{ token: string }>(await login(t.app, player.username, player.password));
    offsetMs += DAY;
    expectFailure(await login(t.app, player.username, player.password), ErrorCode.ACCOUNT_RESTRICTED, 403);
    expectFailure(await call(t.app, 'GET', '/wps/member/info', { token: sameDay.token }), ErrorCode.UNAUTHORIZED, 401);
    expectFailure(
      await call(t.app, 'GET', '/wps/member/info', { token: player.result.token }),
      ErrorCode.UNAUTHORIZED,
      401,
    );
    // Trying again the same day is refused again and adds no hit.
    expectFailure(await login(t.app, player.username, player.password), ErrorCode.ACCOUNT_RESTRICTED, 403);
    const memberId = (await t.app.services.member.findMemberIdByAccount(player.username))!;
    const mine = (await hits('check=login&status=open&pageSize=100')).list.filter((h) => h.memberId === memberId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      account: player.username,
      reason: 'court_order',
      check: 'login',
      status: 'open',
      balanceMinor: '0',
      cpfMasked: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
    });

    // The balance is never lost: it must be paid out (here a manual adjustment) before the hit is settled.
    await t.app.services.ledger.creditPlayerFromSystem({
      memberId,
      systemAccount: 'promotion_budget',
      amountMinor: 2_500n,
      kind: 'registration_bonus',
      idempotencyKey: `identity-test:${memberId}`,
      reference: `member:${memberId}`,
    });
    const id = mine[0]!.id;
    expectFailure(
      await call(t.app, 'POST', `/ops/compliance/barred-hits/${id}/settle`, {
        token: support.token,
        payload: { note: 'pago por PIX' },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    const outstanding = expectFailure(
      await call(t.app, 'POST', `/ops/compliance/barred-hits/${id}/settle`, {
        token: admin.token,
        payload: { note: 'pago por PIX' },
      }),
      ErrorCode.BARRED_BALANCE_OUTSTANDING,
      409,
    );
    expect(outstanding.value).toEqual({ balanceMinor: '2500' });
    valueOf(
      await call(t.app, 'POST', `/ops/players/${memberId}/adjustments`, {
        token: admin.token,
        payload: {
          direction: 'debit',
          kind: 'correction',
          amountMinor: '2500',
          reason: 'saldo devolvido por PIX à conta do CPF',
          idempotencyKey: `barred-${memberId}`,
        },
      }),
    );
    const settled = valueOf<BarredHit>(
      await call(t.app, 'POST', `/ops/compliance/barred-hits/${id}/settle`, {
        token: admin.token,
        payload: { note: 'ajuste manual, PIX e2e 123' },
      }),
    );
    expect(settled).toMatchObject({
      status: 'settled',
      balanceMinor: '0',
      settlementNote: 'ajuste manual, PIX e2e 123',
      settledBy: admin.operatorId,
    });
    expectFailure(
      await call(t.app, 'POST', `/ops/compliance/barred-hits/${id}/settle`, {
        token: admin.token,
        payload: { note: 'de novo' },
      }),
      ErrorCode.BARRED_HIT_NOT_OPEN,
      409,
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'subject_id'])
      .where('action', '=', 'barred_hit.settle')
      .where('subject_id', '=', memberId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('lets a cleared player in on the next day once the CPF is off the list', async () => {
    const cpf = newCpf();
    const player = await registerUser(t.app, { cpf, birthDate: '1991-11-11' });
    const entry = await listCpf(cpf, 'role');
    offsetMs += DAY;
    expectFailure(await login(t.app, player.username, player.password), ErrorCode.ACCOUNT_RESTRICTED, 403);
    valueOf(
      await call(t.app, 'POST', `/ops/compliance/barred-list/${entry.id}/remove`, {
        token: admin.token,
        payload: { note: 'retirado da lista' },
      }),
    );
    expect((await login(t.app, player.username, player.password)).statusCode).toBe(200);
    // Taken off once: removing it again, or an entry that never was, finds nothing.
    const remove = (id: string) =>
      call(t.app, 'POST', `/ops/compliance/barred-list/${id}/remove`, {
        token: admin.token,
        payload: { note: 'de novo' },
      });
    for (const id of [entry.id, '999999999'])
      expectFailure(await remove(id), ErrorCode.BARRED_LIST_ENTRY_NOT_FOUND, 404);
  });

  it('sweeps the whole base once per period: each barred member one hit, however often the period runs', async () => {
    const cpf = newCpf();
    const player = await registerUser(t.app, { cpf, birthDate: '1975-04-04' });
    await listCpf(cpf, 'social_benefit');
    const start = new Date(Date.now() + offsetMs);
    const found = await t.app.services.identity.sweep({ start });
    expect(found).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.identity.sweep({ start })).toBe(0);
    const memberId = (await t.app.services.member.findMemberIdByAccount(player.username))!;
    const sweepHits = (await hits('check=sweep&pageSize=100')).list.filter((h) => h.memberId === memberId);
    expect(sweepHits).toEqual([expect.objectContaining({ reason: 'social_benefit', status: 'open' })]);
    expectFailure(
      await call(t.app, 'GET', '/wps/member/info', { token: player.result.token }),
      ErrorCode.UNAUTHORIZED,
      401,
    );
  });

  it('keeps the sandbox list to operators with the settings permission, CPFs masked', async () => {
    const cpf = newCpf();
    expectFailure(
      await call(t.app, 'POST', '/ops/compliance/barred-list', {
        token: support.token,
        payload: { cpf, reason: 'minor', note: 'teste' },
      }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    await listCpf(cpf, 'minor');
    expectFailure(
      await call(t.app, 'POST', '/ops/compliance/barred-list', {
        token: admin.token,
        payload: { cpf, reason: 'minor', note: 'de novo' },
      }),
      ErrorCode.BARRED_CPF_LISTED,
      409,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/compliance/barred-list', {
        token: admin.token,
        payload: { cpf: '123.456.789-00', reason: 'minor', note: 'inválido' },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    const list = valueOf<{ list: { cpfMasked: string }[]; sandbox: boolean }>(
      await call(t.app, 'GET', '/ops/compliance/barred-list', { token: support.token }),
    );
    expect(list.sandbox).toBe(true);
    expect(JSON.stringify(list)).not.toContain(cpf);
    expect(list.list.map((e) => e.cpfMasked)).toContain(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`);
    // Support reads the hits (player data) but settles nothing.
    expect((await call(t.app, 'GET', '/ops/compliance/barred-hits', { token: support.token })).statusCode).toBe(200);
  });
});
