import type { TFunction } from 'i18next';
import { z } from 'zod';
import { normalizeCpf } from '@wps/shared/cpf';
import { ageOn } from '@wps/shared/jurisdiction';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import { matchesPattern } from '@wps/shared/validation-patterns';
import type { FormIssue } from '../../components/form/form-resolver';

/**
 * The identity a registration carries where the operator's licence identifies players (the
 * register settings' `jurisdiction.identity` is 'cpf', Brazil: docs/compliance.md): the CPF,
 * checked by its digits as the server checks it, and the date of birth, old enough on the
 * player's day (the server decides on the operator's day).
 */
export type IdentityValues = { cpf: string; birthDate: string };

export const EMPTY_IDENTITY: IdentityValues = { cpf: '', birthDate: '' };

export function asksIdentity(settings: RegisterSettings): boolean {
  return settings.jurisdiction.identity === 'cpf';
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
    birthDate: z.string().superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', params: { reason: 'birthDate' } });
      else if (!matchesPattern(11, value) || value < '1900-01-01' || value > localToday())
        ctx.addIssue({ code: 'custom', params: { reason: 'birthDate' } });
      else if (minimumAge !== null && ageOn(value, localToday()) < minimumAge)
        ctx.addIssue({ code: 'custom', params: { reason: 'underage', age: minimumAge } });
    }),
  };
}

/** The request fields: the CPF's 11 digits and the date, only where the licence asks for them. */
export function identityBody(settings: RegisterSettings, values: IdentityValues): { cpf?: string; birthDate?: string } {
  if (!asksIdentity(settings)) return {};
  return { cpf: normalizeCpf(values.cpf) ?? values.cpf.trim(), birthDate: values.birthDate };
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
