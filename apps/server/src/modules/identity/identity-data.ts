import type { Kysely } from 'kysely';
import type { IdentityData } from '@wps/shared/schemas/privacy';
import type { Database } from '../../db/schema';
import { anonymiseIdentity, findIdentityRecord } from './identity-records.repository';

/**
 * A member's identity as their data copy shows it (LGPD art. 18 II; docs/compliance.md, "Player
 * rights"): the CPF and date of birth given at registration and the name the identity check read,
 * whole (it is the player's own data, sent to them only), and the residential address and gender
 * a registration under a licence that asks for them gave (null for identities from before).
 * Null for an account without an identity.
 */
export async function identityDataOf(db: Kysely<Database>, memberId: string): Promise<IdentityData | null> {
  const row = await findIdentityRecord(db, memberId);
  if (!row) return null;
  return {
    cpf: row.cpf,
    birthDate: row.birthDate,
    fullName: row.fullName,
    address: row.address,
    gender: row.gender,
    createdAt: row.createdAt.toISOString(),
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
  };
}

/**
 * LGPD anonymisation of a member's identity, in the caller's transaction (the records module
 * decides who: closed accounts past the five-year retention, records/anonymisation.ts): the CPF,
 * date of birth, KYC name, residential address and gender are removed, not hashed — the retention that kept them has run out,
 * and a keyed hash would still be personal data. With the CPF gone the one-account-per-CPF rule no
 * longer counts this closed account, and the barred-persons checks skip it. Answers the names of
 * the fields that held a value (for the audit entry, never the values), or null when there was
 * nothing to anonymise.
 */
export function anonymiseMemberIdentity(trx: Kysely<Database>, memberId: string, at: Date): Promise<string[] | null> {
  return anonymiseIdentity(trx, memberId, at);
}
