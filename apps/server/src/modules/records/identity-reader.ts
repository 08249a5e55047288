import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A player's national identity as the regulator's bettors file carries it (all null once anonymised, migration 0630). */
export type ExportIdentity = { cpf: string | null; birthDate: string | null; fullName: string | null };

/**
 * The identities of these members (member_identities, migration 0320). Read here, not through the
 * identity module, while that module is being built beside this one (listed in
 * test/module-boundaries.test.ts): the file carries the CPF whole, so nothing here logs a row.
 */
export async function findIdentities(db: Kysely<Database>, memberIds: string[]): Promise<Map<string, ExportIdentity>> {
  if (memberIds.length === 0) return new Map();
  const { rows } = await sql<{
    memberId: string;
    cpf: string | null;
    birthDate: string | null;
    fullName: string | null;
  }>`
    SELECT member_id::text AS "memberId", cpf, to_char(birth_date, 'YYYY-MM-DD') AS "birthDate", full_name AS "fullName"
    FROM member_identities WHERE member_id = ANY(${memberIds}::bigint[])`.execute(db);
  return new Map(rows.map((r) => [r.memberId, { cpf: r.cpf, birthDate: r.birthDate, fullName: r.fullName }]));
}
