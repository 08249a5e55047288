import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { IdentityData } from '@wps/shared/schemas/privacy';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  readSmsCode,
  registerUser,
  strongPassword,
  valueOf,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { setLicence } from '../licence/licence-fixtures';
import { brRegistrationDetails, newCpf } from './identity-fixtures';

// The registration data Portaria SPA/MF 1.231/2024 (as amended by 2.579/2025) asks for under BR:
// the residential address and the gender, required at both registrations, refused field by field,
// stored with the identity and shown in the player's data copy; not asked under the generic licence.

type FieldFailures = { fields: { field: string; code: string }[] };
const ADDRESS_AND_GENDER = [
  'addressStreet',
  'addressNumber',
  'addressDistrict',
  'addressCity',
  'addressState',
  'addressCep',
  'gender',
];

describeEachDatabase('registration data under the BR profile', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterEach(async () => {
    await setLicence(t.app, 'permissive');
    t.app.services.system.invalidateCache();
  });
  afterAll(async () => {
    await t?.close();
  });

  const failedFields = (res: Awaited<ReturnType<typeof callEncrypted>>) =>
    (expectFailure(res, ErrorCode.VALIDATION_FAILED, 400).value as FieldFailures).fields.map((f) => [f.field, f.code]);
  const identityOf = async (token: string) =>
    valueOf<{ identity: IdentityData | null }>(await call(t.app, 'GET', '/wps/member/data-export', { token })).identity;

  it('asks for neither under the generic licence', async () => {
    const settings = valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register'));
    expect(settings.jurisdiction).toMatchObject({ addressAtSignUp: false, genderAtSignUp: false });
    const made = await registerUser(t.app);
    expect(made.result.token).toBeTruthy();
    expect(await identityOf(made.result.token)).toBeNull();
  });

  it('asks for the address and gender at the username registration, refuses them missing or malformed, and keeps them with the identity', async () => {
    await setLicence(t.app, 'BR');
    t.app.services.system.invalidateCache();
    const settings = valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register'));
    expect(settings.jurisdiction).toMatchObject({ addressAtSignUp: true, genderAtSignUp: true });

    const none = Object.fromEntries(ADDRESS_AND_GENDER.map((f) => [f, undefined]));
    const missing = failedFields(await registerRaw({ cpf: newCpf(), birthDate: '1990-01-01', ...none }));
    expect(missing).toEqual(ADDRESS_AND_GENDER.map((f) => [f, 'required']));

    const malformed = failedFields(
      await registerRaw({
        cpf: newCpf(),
        birthDate: '1990-01-01',
        ...brRegistrationDetails(),
        addressState: 'XX',
        addressCep: '1310-200',
        gender: 'unknown',
      }),
    );
    expect(malformed).toEqual([
      ['addressState', 'pattern'],
      ['addressCep', 'pattern'],
      ['gender', 'pattern'],
    ]);

    // Whole, the complement left out (the only optional part): stored and shown in the data copy.
    const made = await registerUser(t.app, {
      cpf: newCpf(),
      birthDate: '1990-01-01',
      addressComplement: undefined,
      gender: 'other',
    });
    expect(await identityOf(made.result.token)).toMatchObject({
      address: {
        street: 'Avenida Paulista',
        number: '1578',
        complement: null,
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
        cep: '01310200',
      },
      gender: 'other',
    });
  });

  it('asks for them at the mobile registration too', async () => {
    await setLicence(t.app, 'BR');
    const mobile = `119${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
    const password = strongPassword();
    const body = {
      mobileNum: mobile,
      countryDialingCode: '55',
      password,
      confirmPassword: password,
      cpf: newCpf(),
      birthDate: '1985-07-01',
      agree: true,
    };
    const missing = failedFields(await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', body));
    expect(missing).toEqual(expect.arrayContaining(ADDRESS_AND_GENDER.map((f) => [f, 'required'])));

    valueOf(
      await call(t.app, 'POST', '/wps/verification/sms/register', {
        payload: { countryDialingCode: '55', mobileNo: mobile },
      }),
    );
    const made = valueOf<LoginResult>(
      await callEncrypted(t.app, 'PUT', '/wps/member/register/mobile', {
        ...body,
        ...brRegistrationDetails(),
        verificationCode: await readSmsCode(t.app, `55${mobile}`),
      }),
    );
    expect(await identityOf(made.token)).toMatchObject({
      address: { street: 'Avenida Paulista', complement: 'Apto 42', state: 'SP', cep: '01310200' },
      gender: 'female',
    });
  });

  function registerRaw(body: Record<string, unknown>) {
    const password = strongPassword();
    return callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: `rd${crypto.randomInt(1e6, 1e7)}`,
      password,
      confirmPassword: password,
      agree: true,
      ...body,
    });
  }
});
