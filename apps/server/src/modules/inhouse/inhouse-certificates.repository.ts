import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

// The house originals' lab certificates as the operator recorded them (migration 0735): one row
// per original that has one. The day is read as text: both drivers turn a date into a local-midnight Date.

export type CertificateRow = { lab: string; number: string; issuedOn: string; recordedAt: Date };

const columns = [
  'lab',
  'certificate_number as number',
  sql<string>`to_char(issued_on, 'YYYY-MM-DD')`.as('issuedOn'),
  'recorded_at as recordedAt',
] as const;

/** A game's certificate (undefined: none); with `lock`, its row is locked FOR UPDATE. */
export async function findCertificate(
  db: Db,
  nodeId: string,
  opts: { lock?: boolean } = {},
): Promise<CertificateRow | undefined> {
  let q = db.selectFrom('inhouse_game_certificates').select(columns).where('node_id', '=', nodeId);
  if (opts.lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Every certificate on record, by node id. */
export async function findAllCertificates(db: Db): Promise<Map<string, CertificateRow>> {
  const rows = await db
    .selectFrom('inhouse_game_certificates')
    .select(['node_id', ...columns])
    .execute();
  return new Map(rows.map(({ node_id, ...c }) => [node_id, c]));
}

/** Whether the game has a certificate on record, read in the caller's transaction. */
export async function hasCertificate(db: Db, nodeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('inhouse_game_certificates')
    .select('node_id')
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Record (or replace) a game's certificate; returns it as stored. */
export async function upsertCertificate(
  db: Db,
  nodeId: string,
  c: { lab: string; number: string; issuedOn: string },
  at: Date,
): Promise<CertificateRow> {
  const values = { lab: c.lab, certificate_number: c.number, issued_on: c.issuedOn, recorded_at: at };
  await db
    .insertInto('inhouse_game_certificates')
    .values({ node_id: nodeId, ...values })
    .onConflict((oc) => oc.column('node_id').doUpdateSet(values))
    .execute();
  return { lab: c.lab, number: c.number, issuedOn: c.issuedOn, recordedAt: at };
}

/** Withdraw a game's certificate. */
export async function deleteCertificate(db: Db, nodeId: string): Promise<void> {
  await db.deleteFrom('inhouse_game_certificates').where('node_id', '=', nodeId).execute();
}
