import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import type { AuditChainResult } from '@wps/shared/schemas/audit-chain';
import { call, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { COMMANDS } from '../../scripts/ops';
import { verifyAuditChain } from './audit-chain';
import { auditChainKeyring } from './audit-chain-key';
import { sealAuditChain } from './audit-chain-seal';

const ROOT = fileURLToPath(new URL('../../../../..', import.meta.url));
const run = promisify(execFile);

// The chain's keyed seals (migration 0485; docs/decisions.md, "The audit chain is sealed with a key
// the database does not hold"). A database owner who rewrites an entry and seals the chain again
// with the database's own SHA-256 function leaves a chain the unkeyed check passes; the keyed seals
// and the heads the regulator exports kept are what catch it.
describeEachDatabase('the audit chain sealed with a key the database does not hold', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const write = (app: TestApp, subjectId: string) =>
    app.database.db.transaction().execute((trx) =>
      app.app.services.audit.record(trx, {
        actorType: 'system',
        actorId: null,
        action: 'widget.keyed',
        subjectType: 'widget',
        subjectId,
        reason: 'real',
        before: { n: 1 },
        after: { n: 2 },
      }),
    );

  /**
   * What the outside review's database owner did: change one entry with the append-only triggers
   * off, then throw the chain away and seal the whole log again with `audit_chain_append` (plain
   * SHA-256), head included. The keyed seals are left as they were: the owner cannot make new ones.
   */
  const rewriteAndReseal = (app: TestApp, subjectId: string) =>
    app.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`UPDATE audit_log SET reason = 'rewritten', after = '{"n": 3}'::jsonb WHERE subject_id = ${subjectId}`.execute(
        trx,
      );
      await sql`DELETE FROM audit_chain`.execute(trx);
      await sql`UPDATE audit_chain_head SET seq = 0, hash = ${Buffer.alloc(32)}`.execute(trx);
      await sql`SELECT audit_chain_append(e) FROM (SELECT * FROM audit_log ORDER BY id) AS e`.execute(trx);
    });

  const placeOf = async (app: TestApp, subjectId: string) => {
    const { rows } = await sql<{ id: string; seq: string }>`
      SELECT e.id::text AS id, c.seq::text AS seq FROM audit_log e JOIN audit_chain c ON c.entry_id = e.id
      WHERE e.subject_id = ${subjectId}`.execute(app.database.db);
    return rows[0]!;
  };

  const verifyOverHttp = async (app: TestApp, admin: TestOperator) =>
    valueOf<AuditChainResult>(await call(app.app, 'POST', '/ops/audit/chain/verify', { token: admin.token }));

  it('names the entry a database owner rewrote and resealed with SHA-256: back office, ops command and npm run audit:verify', async () => {
    t = await createTestApp(target);
    const admin = await createTestOperator(t.app, 'admin', { username: 'keyed.admin' });
    for (const s of ['k1', 'k2', 'victim', 'k4']) await write(t, s);
    // The sealing job's run: every link so far gets its keyed seal.
    const sealed = await t.app.services.audit.sealChain();
    const { rows } = await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_chain`.execute(t.database.db);
    expect(sealed).toBe(Number(rows[0]!.n));

    // Untouched, the chain verifies, keyed seals included.
    expect(await verifyOverHttp(t, admin)).toMatchObject({ ok: true, firstBroken: null, checked: sealed });

    const victim = await placeOf(t, 'victim');
    await rewriteAndReseal(t, 'victim');
    // The chain itself is consistent again: same places, same entries, hashes recomputed.
    expect(await placeOf(t, 'victim')).toEqual(victim);

    const result = await verifyOverHttp(t, admin);
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toMatchObject({
      seq: victim.seq,
      entryId: victim.id,
      problem: 'keyed_seal_mismatch',
    });
    expect(result.checked).toBe(Number(victim.seq) - 1);

    const printed: unknown[] = [];
    await COMMANDS['audit:verify']!.run({ database: t.database, print: (v) => printed.push(v) }, []);
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
    expect(printed[0]).toMatchObject({
      ok: false,
      firstBroken: { entryId: victim.id, problem: 'keyed_seal_mismatch' },
    });

    // The sealing job refuses to seal anything on top of the rewritten chain.
    await write(t, 'after-rewrite');
    await expect(t.app.services.audit.sealChain()).rejects.toThrow(/no longer matches its keyed seal/);

    // `npm run audit:verify` itself, on the same PostgreSQL database (PGlite lives in this process only).
    if (target === 'postgres') {
      const script = run(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'apps/server/src/scripts/audit-verify.ts')],
        {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATABASE_URL: t.config.databaseUrl! },
        },
      );
      const failed = (await script.then(
        () => undefined,
        (err: unknown) => err,
      )) as { code?: number; stderr?: string } | undefined;
      expect(failed?.code, String(failed?.stderr)).toBe(1);
      expect(failed?.stderr).toContain(`BROKEN at place ${victim.seq}, entry ${victim.id}: keyed_seal_mismatch`);
    }
  }, 120_000);

  it('the back office compares the heads the regulator exports stored, and catches a rewrite before one that no seal covers yet', async () => {
    t = await createTestApp(target);
    const admin = await createTestOperator(t.app, 'admin', { username: 'anchor.admin' });
    for (const s of ['a1', 'early', 'a3']) await write(t, s);
    // The daily export keeps the chain's head in its manifest (yesterday: empty, but exported all the same).
    expect(await t.app.services.records.exports.runScheduled(async () => true)).toBe(1);
    const { rows } = await sql<{ seq: string }>`SELECT seq::text AS seq FROM audit_chain_head`.execute(t.database.db);
    const anchorSeq = rows[0]!.seq;
    await write(t, 'after-export');

    const intact = await verifyOverHttp(t, admin);
    expect(intact).toMatchObject({ ok: true, anchorsCompared: 1 });

    // Before the sealing job ran (the minute a keyed seal does not cover yet), the owner rewrites
    // an entry the export's head covers and reseals the chain.
    await rewriteAndReseal(t, 'early');
    // Without the export's head the chain looks whole (no keyed seal covers it yet)…
    expect((await verifyAuditChain(t.database.db, auditChainKeyring(t.config))).ok).toBe(true);
    // …and the back office's check, which loads the stored heads, names the place the export kept.
    const result = await verifyOverHttp(t, admin);
    expect(result).toMatchObject({
      ok: false,
      anchorsCompared: 1,
      firstBroken: { seq: anchorSeq, problem: 'anchor_mismatch' },
    });
    expect(result.firstBroken!.detail).toMatch(/regulator export of \d{4}-\d{2}-\d{2}, version 1/);
  }, 120_000);

  it('reports a removed seal and a link left without one past the grace', async () => {
    t = await createTestApp(target);
    const db = t.database.db;
    for (const s of ['r1', 'gap', 'r3']) await write(t, s);
    const keyring = auditChainKeyring(t.config);
    await sealAuditChain(db, keyring);
    const gap = await placeOf(t, 'gap');
    await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`DELETE FROM audit_chain_seals WHERE seq = ${gap.seq}::bigint`.execute(trx);
    });
    expect((await verifyAuditChain(db, keyring)).firstBroken).toMatchObject({
      seq: gap.seq,
      entryId: gap.id,
      problem: 'keyed_seal_missing',
    });

    // A link never sealed: fine within the grace, reported after it.
    const fresh = await createTestApp(target);
    try {
      await write(fresh, 'late');
      expect((await verifyAuditChain(fresh.database.db, keyring)).ok).toBe(true);
      const late = await placeOf(fresh, 'late');
      expect(
        (await verifyAuditChain(fresh.database.db, keyring, { now: () => new Date(Date.now() + 16 * 60_000) }))
          .firstBroken,
      ).toMatchObject({ problem: 'keyed_seal_missing', seq: expect.any(String) });
      expect(Number(late.seq)).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  }, 120_000);

  it('a rotated key: older seals verify with AUDIT_CHAIN_OLD_KEYS, and not without it', async () => {
    t = await createTestApp(target);
    const db = t.database.db;
    const oldKey = 'o'.repeat(40);
    const newKey = 'n'.repeat(40);
    await write(t, 'before-rotation');
    const before = auditChainKeyring({ nodeEnv: 'production', auditChainKey: oldKey });
    await sealAuditChain(db, before);
    const rotated = auditChainKeyring({ nodeEnv: 'production', auditChainKey: newKey, auditChainOldKeys: [oldKey] });
    await write(t, 'after-rotation');
    expect((await sealAuditChain(db, rotated)).sealed).toBe(1);
    expect((await verifyAuditChain(db, rotated)).ok).toBe(true);
    const dropped = await verifyAuditChain(db, auditChainKeyring({ nodeEnv: 'production', auditChainKey: newKey }));
    expect(dropped.firstBroken).toMatchObject({ seq: '1', problem: 'keyed_seal_mismatch' });
    expect(dropped.firstBroken!.detail).toMatch(/does not hold/);
  }, 120_000);
});
