import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { readMigrations, runMigrations } from '../../db/migrate';
import { createScratchPostgres, describeEachDatabase } from '../../../test/test-app';
import { verifyAuditChain } from './audit-chain';
import { auditChainKeyring } from './audit-chain-key';
import { sealAuditChain } from './audit-chain-seal';

// Entries written before migration 0340 are sealed by it, in the order they were written: a
// database migrated up to 0339 gets entries (one with text that needs escaping), then the rest of
// the migrations; the chain holds every one of them and verifies. The first keyed sealing run
// (migration 0485) then seals them all, so they are covered by the key from then on.
describeEachDatabase('the audit chain migration seals the entries written before it', (target) => {
  it('links every earlier entry in id order, and the chain verifies', async () => {
    const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 2 });
    try {
      const all = readMigrations();
      await runMigrations(
        database,
        all.filter((m) => m.version < 340),
      );
      for (const [i, reason] of ['first', 'quote " and \\ backslash', 'línea\nnueva'].entries()) {
        await sql`INSERT INTO audit_log (at, actor_type, actor_id, action, subject_type, subject_id, reason, before, after)
          VALUES (${new Date(Date.UTC(2024, 0, 1 + i))}, 'system', null, 'widget.old', 'widget', ${String(i)}, ${reason}, ${JSON.stringify({ n: i, z: [1, 'a'] })}::jsonb, null)`.execute(
          database.db,
        );
      }
      await runMigrations(database, all);
      const links = await sql<{
        seq: string;
        entry_id: string;
      }>`SELECT c.seq::text AS seq, c.entry_id::text AS entry_id FROM audit_chain c ORDER BY c.seq`.execute(
        database.db,
      );
      const entries = await sql<{ id: string }>`SELECT id::text AS id FROM audit_log ORDER BY id`.execute(database.db);
      expect(links.rows.map((r) => r.entry_id)).toEqual(entries.rows.map((r) => r.id));
      expect(links.rows.map((r) => r.seq)).toEqual(entries.rows.map((_, i) => String(i + 1)));
      const keyring = auditChainKeyring({ nodeEnv: 'test' });
      const result = await verifyAuditChain(database.db, keyring);
      expect(result).toMatchObject({ ok: true, checked: entries.rows.length });
      expect(entries.rows.length).toBeGreaterThanOrEqual(3);
      // Switch-over to keyed seals (migration 0485): the first sealing run seals every link already
      // there, from place 1; from then on an old entry rewritten and resealed is named.
      expect(await sealAuditChain(database.db, keyring)).toEqual({
        sealed: entries.rows.length,
        lastSeq: BigInt(entries.rows.length),
      });
      expect(await verifyAuditChain(database.db, keyring)).toMatchObject({ ok: true, checked: entries.rows.length });
      await database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE audit_log SET reason = 'rewritten' WHERE id = ${entries.rows[1]!.id}`.execute(trx);
        await sql`DELETE FROM audit_chain`.execute(trx);
        await sql`UPDATE audit_chain_head SET seq = 0, hash = ${Buffer.alloc(32)}`.execute(trx);
        await sql`SELECT audit_chain_append(e) FROM (SELECT * FROM audit_log ORDER BY id) AS e`.execute(trx);
      });
      expect((await verifyAuditChain(database.db, keyring)).firstBroken).toMatchObject({
        seq: '2',
        entryId: entries.rows[1]!.id,
        problem: 'keyed_seal_mismatch',
      });
    } finally {
      await database.close();
      await scratch?.drop();
    }
  }, 120_000);
});
