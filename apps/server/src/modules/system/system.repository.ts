import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export type SettingRow = { key: string; value: unknown };
export type RegionCidrRow = { cidr: string; countryCode: string; note: string | null };

/** Every stored setting row. */
export async function findAllSettings(db: Kysely<Database>): Promise<SettingRow[]> {
  return db.selectFrom('operator_settings').select(['key', 'value']).execute();
}

/** Insert or replace one setting. */
export async function upsertSetting(db: Kysely<Database>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('operator_settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: sql<Date>`now()` }))
    .execute();
}

/** Insert settings that are not stored yet; returns the keys actually inserted. */
export async function insertMissingSettings(db: Kysely<Database>, rows: SettingRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insertInto('operator_settings')
    .values(rows.map((r) => ({ key: r.key, value: JSON.stringify(r.value) })))
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .execute();
  return inserted.map((r) => r.key);
}

/** The country of the most specific CIDR block containing `ip` (a valid address), or null. */
export async function findCountryForIp(db: Kysely<Database>, ip: string): Promise<string | null> {
  const row = await db
    .selectFrom('region_cidrs')
    .select('country_code')
    .where(sql<boolean>`cidr >>= ${ip}::inet`)
    .orderBy(sql`masklen(cidr)`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.country_code ?? null;
}

/**
 * Add or replace a CIDR block. Host bits are cleared (network()), so '203.0.113.7/24' is stored
 * as 203.0.113.0/24. Returns the stored block.
 */
export async function upsertRegionCidr(
  db: Kysely<Database>,
  entry: { cidr: string; countryCode: string; note?: string | null },
): Promise<string> {
  const cidr = sql<string>`network(${entry.cidr}::inet)::cidr`;
  const row = await db
    .insertInto('region_cidrs')
    .values({ cidr, country_code: entry.countryCode, note: entry.note ?? null })
    .onConflict((oc) => oc.column('cidr').doUpdateSet({ country_code: entry.countryCode, note: entry.note ?? null }))
    .returning(sql<string>`cidr::text`.as('cidr'))
    .executeTakeFirstOrThrow();
  return row.cidr;
}

/** Remove a CIDR block; returns whether it existed. */
export async function deleteRegionCidr(db: Kysely<Database>, cidr: string): Promise<boolean> {
  const rows = await db
    .deleteFrom('region_cidrs')
    .where(sql<boolean>`cidr = network(${cidr}::inet)::cidr`)
    .returning('country_code')
    .execute();
  return rows.length > 0;
}

/** The whole CIDR table, most specific blocks first within each address family. */
export async function findRegionCidrs(db: Kysely<Database>): Promise<RegionCidrRow[]> {
  return db
    .selectFrom('region_cidrs')
    .select([sql<string>`cidr::text`.as('cidr'), 'country_code as countryCode', 'note'])
    .orderBy(sql`family(cidr)`)
    .orderBy('cidr')
    .execute();
}

/**
 * Lock the rows of `keys` for the rest of the transaction, in key order (the one order every
 * multi-setting change takes, so two changes cannot deadlock on each other), and return them.
 * Keys with no row yet are absent: the caller inserts their default first.
 */
export async function lockSettings(db: Kysely<Database>, keys: readonly string[]): Promise<SettingRow[]> {
  if (keys.length === 0) return [];
  return db
    .selectFrom('operator_settings')
    .select(['key', 'value'])
    .where('key', 'in', [...keys])
    .orderBy('key')
    .forUpdate()
    .execute();
}

/** A new database is owed the demo installation (seed.ts, on the seed that wrote the brand). */
export async function markDemoInstallationPending(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('demo_installation')
    .values({ state: 'pending' })
    .onConflict((oc) => oc.column('singleton').doNothing())
    .execute();
}

/**
 * Claim the owed demo installation: true for the one start whose UPDATE turned it from pending, false
 * for every other start (and for a database that was never owed one).
 */
export async function claimDemoInstallation(db: Kysely<Database>): Promise<boolean> {
  const claimed = await db
    .updateTable('demo_installation')
    .set({ state: 'installed', installed_at: new Date() })
    .where('state', '=', 'pending')
    .returning('state')
    .executeTakeFirst();
  return claimed !== undefined;
}
