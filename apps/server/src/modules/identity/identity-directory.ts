import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A player's identity as a compliance report carries it (the CPF whole: never log it); all null once anonymised. */
export type IdentityRecord = { cpf: string | null; birthDate: string | null; fullName: string | null };

// What other modules read of players' identities (the AML module's PEP screening and COAF
// reports). They ask here instead of querying member_identities, so the identity module stays
// the only one that knows its columns.
export function createIdentityDirectory({ db }: { db: Db }) {
  return {
    /** The identities with a CPF (an anonymised one has none) after a member id, in id order: a sweep's pages. */
    async identitiesAfter(afterMemberId: string, limit: number): Promise<{ memberId: string; cpf: string }[]> {
      const rows = await db
        .selectFrom('member_identities')
        .select(['member_id', 'cpf'])
        .where('member_id', '>', afterMemberId)
        .where('cpf', 'is not', null)
        .orderBy('member_id')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ memberId: String(r.member_id), cpf: String(r.cpf) }));
    },

    /** A member's CPF, date of birth and the name the identity check read; undefined without an identity. */
    async identityOf(memberId: string): Promise<IdentityRecord | undefined> {
      return db
        .selectFrom('member_identities')
        .select(['cpf', sql<string | null>`to_char(birth_date, 'YYYY-MM-DD')`.as('birthDate'), 'full_name as fullName'])
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },
  };
}

export type IdentityDirectory = ReturnType<typeof createIdentityDirectory>;
