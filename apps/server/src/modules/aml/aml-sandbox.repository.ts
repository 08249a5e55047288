import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The listed PEPs among these CPFs, with their roles. */
export async function findListedPeps(db: Db, cpfs: readonly string[]): Promise<{ cpf: string; role: string }[]> {
  if (cpfs.length === 0) return [];
  return db.selectFrom('aml_pep_sandbox').select(['cpf', 'role']).where('cpf', 'in', cpfs).execute();
}

export async function findPepEntries(
  db: Db,
  limit: number,
): Promise<{ id: string; cpf: string; role: string; addedAt: Date }[]> {
  const rows = await db
    .selectFrom('aml_pep_sandbox')
    .select(['id', 'cpf', 'role', 'added_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: String(r.id), cpf: r.cpf, role: r.role, addedAt: r.added_at }));
}

/** List a CPF as a PEP, or change its role when listed: answers the entry's id. */
export async function upsertPepEntry(
  db: Db,
  entry: { cpf: string; role: string; operatorId: string },
): Promise<{ id: string; before: string | null }> {
  const before = await db
    .selectFrom('aml_pep_sandbox')
    .select('role')
    .where('cpf', '=', entry.cpf)
    .forUpdate()
    .executeTakeFirst();
  const row = await db
    .insertInto('aml_pep_sandbox')
    .values({ cpf: entry.cpf, role: entry.role, added_by: entry.operatorId })
    .onConflict((oc) => oc.column('cpf').doUpdateSet({ role: entry.role, added_by: entry.operatorId }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: String(row.id), before: before?.role ?? null };
}

export async function deletePepEntry(db: Db, id: string): Promise<{ cpf: string; role: string } | undefined> {
  return db.deleteFrom('aml_pep_sandbox').where('id', '=', id).returning(['cpf', 'role']).executeTakeFirst();
}

/** Record a report the sandbox sender took, once per key; answers the protocol of the first. */
export async function recordSandboxReport(
  db: Db,
  report: { key: string; protocol: string; body: string },
): Promise<string> {
  await db
    .insertInto('aml_coaf_sandbox')
    .values({ idempotency_key: report.key, protocol: report.protocol, report: report.body })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
  const row = await db
    .selectFrom('aml_coaf_sandbox')
    .select('protocol')
    .where('idempotency_key', '=', report.key)
    .executeTakeFirstOrThrow();
  return row.protocol;
}
