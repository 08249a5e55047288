import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { AuditChainResult } from '@wps/shared/schemas/audit-chain';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { COMMANDS } from '../../scripts/ops';
import { auditChainHead, parseAnchor, verifyAuditChain } from './audit-chain';
import { auditChainKeyring } from './audit-chain-key';

/** The key the test apps seal with: unset outside production, the development key. */
const keyring = auditChainKeyring({ nodeEnv: 'test' });

describeEachDatabase('the audit log hash chain', (target) => {
  let t: TestApp;
  let admin: TestOperator;

  /** One entry through the service, in its own transaction. */
  const write = (
    subjectId: string,
    before: unknown = { n: 1 },
    after: unknown = { n: 2, note: 'línea "quoted"\n\u0001' },
  ) =>
    t.database.db.transaction().execute((trx) =>
      t.app.services.audit.record(trx, {
        actorType: 'operator',
        actorId: admin.operatorId,
        action: 'widget.chain',
        subjectType: 'widget',
        subjectId,
        reason: 'why',
        before,
        after,
      }),
    );

  /** As a superuser would: the append-only triggers switched off for one transaction. */
  const asSuperuser = (statement: ReturnType<typeof sql>) =>
    t.database.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await statement.execute(trx);
    });

  const verifyOverHttp = async () =>
    valueOf<AuditChainResult>(await call(t.app, 'POST', '/ops/audit/chain/verify', { token: admin.token }));

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await createTestOperator(t.app, 'admin', { username: 'chain.admin' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seals every entry, concurrent writers included, into one unbroken chain in commit order', async () => {
    // 40 writers at once (PostgreSQL: 40 connections): each takes the head only at its commit.
    await Promise.all(Array.from({ length: 40 }, (_, i) => write(`w${i}`)));
    // A rolled-back writer leaves no link and no gap.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.services.audit.record(trx, {
          actorType: 'system',
          actorId: null,
          action: 'widget.lost',
          subjectType: 'widget',
          subjectId: 'lost',
          reason: null,
          before: null,
          after: null,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const links = await sql<{
      seq: string;
      entry_id: string;
    }>`SELECT c.seq::text AS seq, c.entry_id::text AS entry_id FROM audit_chain c ORDER BY c.seq`.execute(
      t.database.db,
    );
    const entries = await sql<{ n: string }>`SELECT count(*)::text AS n FROM audit_log`.execute(t.database.db);
    expect(links.rows.map((r) => r.seq)).toEqual(links.rows.map((_, i) => String(i + 1)));
    expect(links.rows).toHaveLength(Number(entries.rows[0]!.n));
    const result = await verifyOverHttp();
    expect(result).toMatchObject({
      ok: true,
      firstBroken: null,
      checked: links.rows.length,
      headSeq: String(links.rows.length),
    });
    // The chain cannot be rewritten through the app either.
    await expect(sql`UPDATE audit_chain SET hash = hash`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_chain_head`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });

  it('names exactly the entry a superuser changed, and what differs, over HTTP and the ops command', async () => {
    await write('victim');
    await write('after-victim');
    const victim = await sql<{
      id: string;
      seq: string;
    }>`SELECT e.id::text AS id, c.seq::text AS seq FROM audit_log e JOIN audit_chain c ON c.entry_id = e.id WHERE e.subject_id = 'victim'`.execute(
      t.database.db,
    );
    const { id, seq } = victim.rows[0]!;
    await asSuperuser(sql`UPDATE audit_log SET after = '{"n": 3}'::jsonb WHERE id = ${id}`);

    const result = await verifyOverHttp();
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toMatchObject({ seq, entryId: id, problem: 'content_changed' });
    expect(result.firstBroken!.detail).toMatch(
      /^sealed hash [0-9a-f]{64}, the stored fields now hash to [0-9a-f]{64}$/,
    );
    expect(result.checked).toBe(Number(seq) - 1);

    const printed: unknown[] = [];
    await COMMANDS['audit:verify']!.run({ database: t.database, print: (v) => printed.push(v) }, []);
    expect(process.exitCode).toBe(1);
    process.exitCode = 0;
    expect(printed[0]).toMatchObject({ ok: false, firstBroken: { entryId: id, problem: 'content_changed' } });

    // Only operators who may read the audit log may run the check.
    const support = await createTestOperator(t.app, 'support', { username: 'chain.support' });
    expectFailure(
      await call(t.app, 'POST', '/ops/audit/chain/verify', { token: support.token }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
  });

  it('names a deleted entry and an entry slipped in without its seal', async () => {
    // Put the changed entry back as it was sealed, so the next problems are the first ones.
    await asSuperuser(
      sql`UPDATE audit_log SET after = ${JSON.stringify({ n: 2, note: 'línea "quoted"\n\u0001' })}::jsonb WHERE subject_id = 'victim'`,
    );
    expect((await verifyAuditChain(t.database.db, keyring)).ok).toBe(true);

    await write('slipped-later');
    const gone = await sql<{
      id: string;
    }>`SELECT id::text AS id FROM audit_log WHERE subject_id = 'after-victim'`.execute(t.database.db);
    await asSuperuser(sql`DELETE FROM audit_log WHERE id = ${gone.rows[0]!.id}`);
    expect((await verifyAuditChain(t.database.db, keyring)).firstBroken).toMatchObject({
      entryId: gone.rows[0]!.id,
      problem: 'entry_missing',
    });
  });

  it('finds an entry inserted with the sealing trigger off', async () => {
    const fresh = await createTestApp(target);
    try {
      await fresh.database.db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`INSERT INTO audit_log (actor_type, action, subject_type, subject_id) VALUES ('system', 'widget.forged', 'widget', 'forged')`.execute(
          trx,
        );
      });
      const forged = await sql<{
        id: string;
      }>`SELECT id::text AS id FROM audit_log WHERE action = 'widget.forged'`.execute(fresh.database.db);
      expect((await verifyAuditChain(fresh.database.db, keyring)).firstBroken).toMatchObject({
        entryId: forged.rows[0]!.id,
        problem: 'unsealed_entry',
      });
    } finally {
      await fresh.close();
    }
  });
  it('an anchor kept outside the database catches a chain rewritten from its first entry on', async () => {
    const fresh = await createTestApp(target);
    try {
      const db = fresh.database.db;
      for (const subjectId of ['a', 'b', 'c']) {
        await db.transaction().execute((trx) =>
          fresh.app.services.audit.record(trx, {
            actorType: 'system',
            actorId: null,
            action: 'widget.anchor',
            subjectType: 'widget',
            subjectId,
            reason: 'real',
            before: null,
            after: null,
          }),
        );
      }
      // The regulator export's manifest keeps this.
      const head = await auditChainHead(db);
      expect(Number(head.seq)).toBeGreaterThan(0);
      // A superuser changes the first entry and seals the whole log again, head included.
      await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL session_replication_role = replica`.execute(trx);
        await sql`UPDATE audit_log SET reason = 'rewritten' WHERE id = (SELECT min(id) FROM audit_log)`.execute(trx);
        await sql`DELETE FROM audit_chain`.execute(trx);
        await sql`UPDATE audit_chain_head SET seq = 0, hash = ${Buffer.alloc(32)}`.execute(trx);
        await sql`SELECT audit_chain_append(e) FROM (SELECT * FROM audit_log ORDER BY id) AS e`.execute(trx);
      });
      // The chain is consistent again: on its own the check cannot tell.
      expect((await verifyAuditChain(db, keyring)).ok).toBe(true);
      const anchored = await verifyAuditChain(db, keyring, { anchors: [head] });
      expect(anchored.firstBroken).toMatchObject({ seq: head.seq, problem: 'anchor_mismatch' });
      expect(
        (await verifyAuditChain(db, keyring, { anchors: [{ seq: '999999', hash: head.hash }] })).firstBroken,
      ).toMatchObject({
        seq: '999999',
        problem: 'anchor_mismatch',
      });
      expect(parseAnchor(`${head.seq}:${head.hash}`)).toEqual(head);
      expect(parseAnchor('12:nothex')).toBeUndefined();
    } finally {
      await fresh.close();
    }
  });
});
