import { z } from 'zod';

/**
 * The registration data a licence asks for besides the identity (licence.ts: `addressAtSignUp`,
 * `genderAtSignUp`; Brazil: Portaria SPA/MF 1.231/2024 as amended by 2.579/2025): the player's
 * residential address and gender. Flat fields beside `cpf` and `birthDate` in both registration
 * bodies, so a refusal names the field the form shows. The server (identity module) and the site's
 * forms check them with the schemas below; the identity module stores them with the CPF.
 */

/** The 27 federative units (26 states and the Federal District), by their two-letter code. */
export const BR_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;
export type BrState = (typeof BR_STATES)[number];

/**
 * The genders a registration may give. No "prefer not to say": the ordinance asks for the gender as
 * registration data, and nothing read so far allows leaving it out; "other" covers the rest.
 */
export const GENDERS = ['female', 'male', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

/** The address fields, in the form's order; `addressComplement` is the only optional one. */
export const ADDRESS_FIELDS = [
  'addressStreet',
  'addressNumber',
  'addressComplement',
  'addressDistrict',
  'addressCity',
  'addressState',
  'addressCep',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** A CEP as typed: 8 digits, with or without the hyphen after the fifth ("01310-100"). */
export const CEP_PATTERN = /^\d{5}-?\d{3}$/;

/** The CEP's 8 digits. */
export function normaliseCep(value: string): string {
  return value.replace(/\D/g, '');
}

/** The CEP's mask as it is typed: "01310-100", digits only, at most 8. */
export function maskCepInput(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}

const line = (max: number) => z.string().trim().min(1).max(max);

/** The checks each field passes (the same on the server and in the forms); lengths as the columns hold them. */
export const registrationAddressShape = {
  addressStreet: line(200),
  addressNumber: line(20),
  addressComplement: z.string().trim().max(100),
  addressDistrict: line(100),
  addressCity: line(100),
  // Empty is "required" (min(1)) before it is a wrong value, as the forms word it.
  addressState: z.string().trim().min(1).pipe(z.enum(BR_STATES)),
  addressCep: z.string().trim().min(1).regex(CEP_PATTERN),
};
export const genderShape = { gender: z.string().trim().min(1).pipe(z.enum(GENDERS)) };

/** A residential address as stored and as the player's data copy shows it. */
export type ResidentialAddress = {
  street: string;
  number: string;
  complement: string | null;
  district: string;
  city: string;
  state: BrState;
  /** 8 digits. */
  cep: string;
};

/** The registration body's optional shape of these fields (the server checks them when the licence asks). */
export const registrationDetailsBodyShape = {
  addressStreet: z.string().max(200).optional(),
  addressNumber: z.string().max(20).optional(),
  addressComplement: z.string().max(100).optional(),
  addressDistrict: z.string().max(100).optional(),
  addressCity: z.string().max(100).optional(),
  addressState: z.string().max(2).optional(),
  addressCep: z.string().max(9).optional(),
  gender: z.string().max(16).optional(),
};
export type RegistrationDetailsInput = { [K in keyof typeof registrationDetailsBodyShape]?: string | undefined };

export type RegistrationDetailFailure = { field: AddressField | 'gender'; code: 'required' | 'pattern' };

/**
 * Check the fields a licence asks for; answers each failing field once (missing: 'required', else
 * 'pattern') and, when none failed, the values to store.
 */
export function readRegistrationDetails(
  input: RegistrationDetailsInput,
  asks: { address: boolean; gender: boolean },
): { failures: RegistrationDetailFailure[]; address: ResidentialAddress | null; gender: Gender | null } {
  const failures: RegistrationDetailFailure[] = [];
  const check = <F extends AddressField | 'gender'>(field: F, schema: z.ZodType, optional = false) => {
    const raw = input[field];
    if (raw === undefined || raw.trim() === '') {
      if (!optional) failures.push({ field, code: 'required' });
      return null;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) failures.push({ field, code: 'pattern' });
    return parsed.success ? (parsed.data as string) : null;
  };
  let address: ResidentialAddress | null = null;
  if (asks.address) {
    const s = registrationAddressShape;
    const street = check('addressStreet', s.addressStreet);
    const number = check('addressNumber', s.addressNumber);
    const complement = check('addressComplement', s.addressComplement, true);
    const district = check('addressDistrict', s.addressDistrict);
    const city = check('addressCity', s.addressCity);
    const state = check('addressState', s.addressState) as BrState | null;
    const cep = check('addressCep', s.addressCep);
    if (street && number && district && city && state && cep)
      address = { street, number, complement, district, city, state, cep: normaliseCep(cep) };
  }
  const gender = asks.gender ? (check('gender', genderShape.gender) as Gender | null) : null;
  return { failures, address: failures.length === 0 ? address : null, gender: failures.length === 0 ? gender : null };
}
