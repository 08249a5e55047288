import type { TFunction } from 'i18next';
import { z } from 'zod';
import { parseDayInput } from '@wps/shared/day-input';
import { normalizeCpf } from '@wps/shared/cpf';
import { ageOn } from '@wps/shared/jurisdiction';
import {
  ADDRESS_FIELDS,
  genderShape,
  registrationAddressShape,
  type AddressField,
} from '@wps/shared/registration-details';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { matchesPattern } from '@wps/shared/validation-patterns';
import type { FormIssue } from '../../components/form/form-resolver';

/**
 * The identity a registration carries where the operator's licence identifies players (the
 * register settings' `jurisdiction.identity` is 'cpf', Brazil: docs/compliance.md): the CPF,
 * checked by its digits as the server checks it, and the date of birth, old enough on the
 * player's day (the server decides on the operator's day); where the licence asks for them, the
 * residential address and the gender, checked by the shared schemas the server uses.
 */
export type IdentityValues = { cpf: string; birthDate: string };

export const EMPTY_IDENTITY: IdentityValues = { cpf: '', birthDate: '' };

/** The residential address and the gender, where the licence asks for them at registration. */
export type RegistrationDetailsValues = Record<AddressField | 'gender', string>;

export const EMPTY_DETAILS: RegistrationDetailsValues = {
  addressStreet: '',
  addressNumber: '',
  addressComplement: '',
  addressDistrict: '',
  addressCity: '',
  addressState: '',
  addressCep: '',
  gender: '',
};

export function asksIdentity(settings: RegisterSettings): boolean {
  return settings.jurisdiction.identity === 'cpf';
}

/** The licence asks for the residential address at registration (Brazil: Portaria SPA/MF 1.231/2024, as amended). */
export function asksAddress(settings: RegisterSettings): boolean {
  return settings.jurisdiction.addressAtSignUp;
}

/** The licence asks for the gender at registration. */
export function asksGender(settings: RegisterSettings): boolean {
  return settings.jurisdiction.genderAtSignUp;
}

/** The names of the identity fields the form shows (for the server's field errors). */
export function identityFieldNames(settings: RegisterSettings): string[] {
  return [
    ...(asksIdentity(settings) ? ['cpf', 'birthDate'] : []),
    ...(asksAddress(settings) ? ADDRESS_FIELDS : []),
    ...(asksGender(settings) ? ['gender'] : []),
  ];
}

/** Today in the player's own calendar, YYYY-MM-DD (the date input's maximum). */
export function localToday(at = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** The CPF's mask as it is typed: "123.456.789-09", digits only, at most 11. */
export function maskCpfInput(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** The zod shape of the two fields: checked where the licence asks for them, free text elsewhere (never sent). */
export function identityShape(settings: RegisterSettings) {
  if (!asksIdentity(settings)) return { cpf: z.string(), birthDate: z.string() };
  const minimumAge = settings.jurisdiction.minimumAge;
  return {
    cpf: z.string().superRefine((value, ctx) => {
      if (value.trim() === '') ctx.addIssue({ code: 'custom', params: { reason: 'required' } });
      else if (!normalizeCpf(value)) ctx.addIssue({ code: 'custom', params: { reason: 'cpf' } });
    }),
    // Typed as dd/mm/aaaa (or pasted as YYYY-MM-DD): checked as the day it names.
    birthDate: z.string().superRefine((typed, ctx) => {
      const value = parseDayInput(typed) ?? '';
      if (value === '' || !matchesPattern(11, value) || value < '1900-01-01' || value > localToday())
        ctx.addIssue({ code: 'custom', params: { reason: 'birthDate' } });
      else if (minimumAge !== null && ageOn(value, localToday()) < minimumAge)
        ctx.addIssue({ code: 'custom', params: { reason: 'underage', age: minimumAge } });
    }),
  };
}

/** The request fields: the CPF's 11 digits and the date, only where the licence asks for them. */
export function identityBody(settings: RegisterSettings, values: IdentityValues): { cpf?: string; birthDate?: string } {
  if (!asksIdentity(settings)) return {};
  return {
    cpf: normalizeCpf(values.cpf) ?? values.cpf.trim(),
    birthDate: parseDayInput(values.birthDate) ?? values.birthDate.trim(),
  };
}

/** The zod shape of the address and gender: the shared checks the server makes where the licence asks, free text elsewhere (never sent). */
export function detailsShape(
  settings: RegisterSettings,
): Record<keyof RegistrationDetailsValues, z.ZodType<string, string>> {
  const free = Object.fromEntries(Object.keys(EMPTY_DETAILS).map((name) => [name, z.string()]));
  return {
    ...(free as unknown as Record<keyof RegistrationDetailsValues, z.ZodType<string, string>>),
    ...(asksAddress(settings) ? registrationAddressShape : {}),
    ...(asksGender(settings) ? genderShape : {}),
  };
}

/** The request fields of the address (the CEP's digits) and gender, only where the licence asks for them. */
export function detailsBody(
  settings: RegisterSettings,
  values: RegistrationDetailsValues,
): Partial<RegistrationDetailsValues> {
  const body: Partial<RegistrationDetailsValues> = {};
  if (asksAddress(settings)) {
    for (const name of ADDRESS_FIELDS) {
      const value = values[name].trim();
      if (value) body[name] = name === 'addressCep' ? value.replace(/\D/g, '') : value;
    }
  }
  if (asksGender(settings) && values.gender) body.gender = values.gender;
  return body;
}

/** Words the identity fields' own reasons (createIssueDescriber's `describeOther`). */
export function describeIdentityIssue(t: TFunction<'auth'>) {
  return (issue: FormIssue): string | undefined => {
    switch (issue.reason) {
      case 'cpf':
        return t('validation.cpf');
      case 'birthDate':
        return t('validation.birthDate');
      case 'underage':
        return t('validation.underage', { age: Number(issue.params.age ?? 18) });
      default:
        return undefined;
    }
  };
}
