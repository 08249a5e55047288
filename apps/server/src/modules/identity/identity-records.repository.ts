import { sql, type Kysely } from 'kysely';
import type { Gender, ResidentialAddress } from '@wps/shared/registration-details';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/*
 * The identity row's personal data beyond the CPF (the address and gender a registration gave, the
 * contact it confirmed) as the data copy, the anonymisation and the licence's doors read it.
 */

/**
 * Whether a member still has to confirm a contact (registered under a licence that asks for one,
 * and no code entered yet), read in the caller's transaction: false without an identity row.
 */
export async function isContactConfirmationPending(trx: Db, memberId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('member_identities')
    .select('member_id')
    .where('member_id', '=', memberId)
    .where('contact_confirmation_required', '=', true)
    .where('contact_confirmed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Record a confirmed contact (a code entered); answers whether a pending confirmation was settled by it. */
export async function confirmContact(trx: Db, memberId: string, by: 'email' | 'sms', at: Date): Promise<boolean> {
  const result = await trx
    .updateTable('member_identities')
    .set({ contact_confirmed_at: at, contact_confirmed_by: by, updated_at: at })
    .where('member_id', '=', memberId)
    .where('contact_confirmed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** What the identity holds of a member, for their data copy (LGPD art. 18 II); undefined without one. */
export async function findIdentityRecord(
  db: Db,
  memberId: string,
): Promise<
  | {
      cpf: string | null;
      birthDate: string | null;
      fullName: string | null;
      address: ResidentialAddress | null;
      gender: Gender | null;
      createdAt: Date;
      updatedAt: Date;
      anonymisedAt: Date | null;
    }
  | undefined
> {
  const row = await db
    .selectFrom('member_identities')
    .select([
      'cpf',
      sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birthDate'),
      'full_name as fullName',
      'address_street',
      'address_number',
      'address_complement',
      'address_district',
      'address_city',
      'address_state',
      'address_cep',
      'gender',
      'created_at as createdAt',
      'updated_at as updatedAt',
      'anonymised_at as anonymisedAt',
    ])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { address_street: street, address_number: number, address_district: district, address_city: city } = row;
  const { address_state: state, address_cep: cep } = row;
  return {
    cpf: row.cpf,
    birthDate: row.birthDate,
    fullName: row.fullName,
    // Whole or absent (migration 0670's check).
    address:
      street !== null && number !== null && district !== null && city !== null && state !== null && cep !== null
        ? { street, number, complement: row.address_complement, district, city, state, cep }
        : null,
    gender: row.gender,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    anonymisedAt: row.anonymisedAt,
  };
}

/** The personal data an identity row holds, every one removed by anonymisation (the audit names those that held a value). */
const ANONYMISED_COLUMNS = [
  'cpf',
  'birth_date',
  'full_name',
  'address_street',
  'address_number',
  'address_complement',
  'address_district',
  'address_city',
  'address_state',
  'address_cep',
  'gender',
] as const;

/**
 * Remove a member's CPF, date of birth, KYC name, address and gender (LGPD anonymisation after the retention), under
 * the row's lock; answers the names of the fields that held a value, or null when there is no
 * identity or it was anonymised already. The row stays, marked with when.
 */
export async function anonymiseIdentity(trx: Db, memberId: string, at: Date): Promise<string[] | null> {
  const row = await trx
    .selectFrom('member_identities')
    .select([...ANONYMISED_COLUMNS, 'anonymised_at'])
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.anonymised_at !== null) return null;
  const held = ANONYMISED_COLUMNS.filter((c) => row[c] !== null);
  await trx
    .updateTable('member_identities')
    .set({
      ...(Object.fromEntries(ANONYMISED_COLUMNS.map((c) => [c, null])) as Record<
        (typeof ANONYMISED_COLUMNS)[number],
        null
      >),
      barred_checked_on: null,
      anonymised_at: at,
      updated_at: at,
    })
    .where('member_id', '=', memberId)
    .execute();
  return [...held];
}
