import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findIdentitiesAfter } from './identity.repository';
import { findIdentityRecord } from './identity-records.repository';

type Db = Kysely<Database>;

/** A player's identity as a compliance report carries it (the CPF whole: never log it); all null once anonymised. */
export type IdentityRecord = { cpf: string | null; birthDate: string | null; fullName: string | null };

/**
 * The CPF and date of birth a member registered, read in the caller's transaction: the identity
 * check is bound to them (the kyc module sends them to its provider and compares the document's
 * under the check's lock; docs/compliance.md, "KYC"). Null without an identity or once anonymised.
 */
export async function findRegisteredIdentity(
  db: Db,
  memberId: string,
): Promise<{ cpf: string; birthDate: string } | null> {
  const row = await findIdentityRecord(db, memberId);
  return row?.cpf && row.birthDate ? { cpf: row.cpf, birthDate: row.birthDate } : null;
}

// What other modules read of players' identities (the AML module's PEP screening and COAF
// reports). They ask here instead of querying member_identities, so the identity module stays
// the only one that knows its columns.
export function createIdentityDirectory({ db }: { db: Db }) {
  return {
    /** The identities with a CPF (an anonymised one has none) after a member id, in id order: a sweep's pages. */
    identitiesAfter: (afterMemberId: string, limit: number): Promise<{ memberId: string; cpf: string }[]> =>
      findIdentitiesAfter(db, afterMemberId, limit),

    /** A member's CPF, date of birth and the name the identity check read; undefined without an identity. */
    async identityOf(memberId: string): Promise<IdentityRecord | undefined> {
      const row = await findIdentityRecord(db, memberId);
      return row && { cpf: row.cpf, birthDate: row.birthDate, fullName: row.fullName };
    },
  };
}

export type IdentityDirectory = ReturnType<typeof createIdentityDirectory>;
