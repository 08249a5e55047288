import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { runMigrations } from '../../db/migrate';
import { createScratchPostgres, databaseTargets } from '../../../test/test-app';
import { SEAMLESS_REFUSALS, storedRefusal } from './seamless-refusals';

// The seamless refusals are written once, in seamless-refusals.ts; SQL reads the same rows from
// the seamless_refusals table. These tests fail when the two disagree, or when SQL spells a
// refusal of its own again.

for (const target of databaseTargets()) {
  describe(`seamless refusals, SQL and TypeScript [${target}]`, () => {
    let handle: DatabaseHandle;
    let drop: () => Promise<void> = async () => undefined;

    beforeAll(async () => {
      const scratch = target === 'postgres' ? await createScratchPostgres() : undefined;
      if (scratch) drop = scratch.drop;
      handle = await openDatabase({ databaseUrl: scratch?.url, dataDir: null, poolSize: 2 });
      await runMigrations(handle);
    });
    afterAll(async () => {
      await handle?.close();
      await drop();
    });

    it('the table holds exactly the TypeScript list', async () => {
      const { rows } = await sql<{ reason: string; error_code: string; message: string }>`
        SELECT reason, error_code, message FROM seamless_refusals ORDER BY reason`.execute(handle.db);
      const fromSql = Object.fromEntries(rows.map((r) => [r.reason, { errorCode: r.error_code, message: r.message }]));
      expect(fromSql).toEqual(SEAMLESS_REFUSALS);
    });

    it('seamless_apply takes every refusal from the table, by a reason the list knows', async () => {
      const { rows } = await sql<{
        src: string;
      }>`SELECT prosrc AS src FROM pg_proc WHERE proname = 'seamless_apply'`.execute(handle.db);
      expect(rows).toHaveLength(1);
      const source = rows[0]!.src;
      const reasons = [...source.matchAll(/seamless_refusal\('([a-z_]+)'/g)].map((m) => m[1]!);
      expect(reasons.length).toBeGreaterThan(5);
      expect(reasons.filter((r) => !(r in SEAMLESS_REFUSALS))).toEqual([]);
      // No error code spelled in SQL: each comes from the table.
      const codes = new Set(Object.values(ErrorCode));
      expect(
        [...source.matchAll(/'([A-Z][A-Z_]{3,})'/g)].map((m) => m[1]!).filter((c) => codes.has(c as ErrorCode)),
      ).toEqual([]);
      const old = await sql<{
        n: string;
      }>`SELECT count(*)::text AS n FROM pg_proc WHERE proname = 'seamless_error'`.execute(handle.db);
      expect(old.rows[0]?.n).toBe('0');
    });

    it('SQL builds the same stored answer as TypeScript, and refuses an unknown reason', async () => {
      const { rows } = await sql<{
        answer: unknown;
      }>`SELECT seamless_refusal('round_settled', ${JSON.stringify({ roundId: 'r1' })}::jsonb) AS answer`.execute(
        handle.db,
      );
      const answer = typeof rows[0]?.answer === 'string' ? JSON.parse(rows[0].answer) : rows[0]?.answer;
      expect(answer).toEqual(storedRefusal('round_settled', { roundId: 'r1' }));
      await expect(sql`SELECT seamless_refusal('no_such_reason', NULL)`.execute(handle.db)).rejects.toThrow(
        /unknown reason/,
      );
    });
  });
}
