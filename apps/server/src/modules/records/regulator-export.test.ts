import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AccountType } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { periodOf, periodOfKey } from '@wps/shared/reward-period-windows';
import type { InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import {
  exportManifestSchema,
  regulatorExportRecordSchemas,
  type RegulatorExportPage,
  type RegulatorExportState,
} from '@wps/shared/schemas/regulator-export';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';

const TZ = 'America/Sao_Paulo';
/** A CPF with valid check digits. */
const CPF = '52998224725';

describeEachDatabase('the daily regulator export', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let player: Player;
  const day = periodOf(new Date(), 'daily', TZ).key;
  const window = periodOfKey(day, TZ)!;
  // Noon of today's operator day, not the wall clock: in the day's first half hour yesterday is
  // still in its grace (EXPORT_GRACE_MS), and the runs below would count two days where one is due.
  let clock = window.start.getTime() + 12 * 60 * 60_000;

  async function spin(p: Player, stake: string) {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: p.token,
        payload: { nodeId: 'inhouse-slot', vassalage: 'inhouse' },
      }),
    ).game_url;
    const s = valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', {
        payload: { launchToken: new URLSearchParams(url.split('?')[1]).get('launch')! },
      }),
    );
    return valueOf<InhouseRoundResult>(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: {
          sessionToken: s.sessionToken,
          playerId: s.playerId,
          stakeMinor: stake,
          idempotencyKey: `export-${crypto.randomBytes(6).toString('hex')}`,
        },
      }),
    );
  }

  const runs = async () =>
    valueOf<RegulatorExportPage>(await call(t.app, 'GET', '/ops/compliance/exports', { token: admin.token }));
  const download = (id: string, name: string) =>
    call(t.app, 'GET', `/ops/compliance/exports/${id}/files/${name}`, { token: admin.token });

  beforeAll(async () => {
    // The calendar clock decides which operator days have ended; the records keep the database's time.
    t = await createTestApp(target, {}, { calendarClock: () => clock });
    admin = await createTestOperator(t.app, 'admin', { username: 'export.admin' });
    player = await createPlayer(t.app, 50_000n);
    await t.database.db
      .insertInto('member_identities')
      .values({ member_id: player.memberId, cpf: CPF, birth_date: '1990-05-17', full_name: 'Maria da Silva' })
      .execute();
    for (const stake of ['100', '250', '400']) await spin(player, stake);
    const other = await createPlayer(t.app, 9_000n);
    await spin(other, '300');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes nothing before the day has ended, then the day once, whatever the number of runs', async () => {
    const exports = t.app.services.records.exports;
    expect(await exports.runScheduled(async () => true)).toBe(1); // yesterday: empty, but a day all the same
    expect((await runs()).list.map((r) => r.operatorDay)).not.toContain(day);
    // A run whose period was taken over leaves nothing.
    clock = window.end.getTime() + 60 * 60_000;
    const state = async () =>
      valueOf<RegulatorExportState>(await call(t.app, 'GET', '/ops/compliance/exports/state', { token: admin.token }));
    expect(await state()).toEqual({ timeZone: TZ, lastDueDay: day, exported: false, failing: null });
    // A failed attempt shows until its period is finished.
    await sql`INSERT INTO job_runs (job, period_key, period_start, instance, attempt, started_at, lease_until, error)
      VALUES ('regulator-export', 'test-failed', now(), 'test', 1, now(), now(), 'regulator export: bets line 3 does not match the schema (stakeMinor)')`.execute(
      t.database.db,
    );
    expect((await state()).failing).toMatchObject({
      error: expect.stringContaining('does not match the schema'),
      attempt: 1,
    });
    await sql`UPDATE job_runs SET finished_at = now(), error = NULL WHERE job = 'regulator-export' AND period_key = 'test-failed'`.execute(
      t.database.db,
    );
    await expect(exports.runScheduled(async () => false)).rejects.toThrow(/taken over/);
    expect((await runs()).list.map((r) => r.operatorDay)).not.toContain(day);
    expect(await exports.runScheduled(async () => true)).toBe(1);
    expect(await exports.runScheduled(async () => true)).toBe(0);
    expect(await state()).toEqual({ timeZone: TZ, lastDueDay: day, exported: true, failing: null });
    const list = (await runs()).list.filter((r) => r.operatorDay === day);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      version: 1,
      trigger: 'schedule',
      requestedBy: null,
      timeZone: TZ,
      format: 'jsonl',
    });
  });

  it('stores files that match the schema and their checksums, with totals equal to the ledger for the day', async () => {
    const run = (await runs()).list.find((r) => r.operatorDay === day)!;
    const files: Record<string, unknown[]> = {};
    for (const f of run.files) {
      const res = await download(run.id, f.name);
      expect(res.statusCode).toBe(200);
      const body = res.rawPayload;
      expect(crypto.createHash('sha256').update(body).digest('hex')).toBe(f.sha256);
      expect(res.headers['x-content-sha256']).toBe(f.sha256);
      expect(body.length).toBe(f.bytes);
      if (f.name === 'manifest.json') {
        expect(f.sha256).toBe(run.checksum);
        files.manifest = [exportManifestSchema.parse(JSON.parse(body.toString('utf8')))];
        continue;
      }
      const kind = f.name.replace('.jsonl', '') as keyof typeof regulatorExportRecordSchemas;
      files[kind] = body
        .toString('utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => regulatorExportRecordSchemas[kind].parse(JSON.parse(line)));
      expect(files[kind]).toHaveLength(f.rows);
    }
    const manifest = files.manifest![0] as ReturnType<typeof exportManifestSchema.parse>;
    expect(manifest).toMatchObject({
      operatorDay: day,
      timeZone: TZ,
      windowStart: window.start.toISOString(),
      windowEnd: window.end.toISOString(),
      version: 1,
    });
    // The audit chain's head then, an anchor outside the database: a link the chain still holds.
    const link = await sql<{
      hash: string;
    }>`SELECT encode(hash, 'hex') AS hash FROM audit_chain WHERE seq = ${manifest.auditChain.seq}::bigint`.execute(
      t.database.db,
    );
    expect(link.rows[0]?.hash).toBe(manifest.auditChain.hash);

    // The ledger's own sums over the day's window, real-money players' accounts only.
    const ledger = await sql<{ kind: string; total: string }>`
      SELECT t.kind, sum(e.amount)::text AS total FROM ledger_entries e
      JOIN ledger_transactions t ON t.id = e.transaction_id JOIN ledger_accounts a ON a.id = e.account_id JOIN members m ON m.id = a.member_id
      WHERE a.is_player AND m.type <> ${AccountType.TRIAL} AND t.created_at >= ${window.start} AND t.created_at < ${window.end} GROUP BY t.kind`.execute(
      t.database.db,
    );
    const byKind = Object.fromEntries(ledger.rows.map((r) => [r.kind, BigInt(r.total)]));
    const transactions = files.transactions as { kind: string; amountMinor: string; playerId: string }[];
    const fileByKind: Record<string, bigint> = {};
    for (const x of transactions) fileByKind[x.kind] = (fileByKind[x.kind] ?? 0n) + BigInt(x.amountMinor);
    expect(fileByKind).toEqual(byKind);
    expect(byKind.bet).toBeLessThan(0n);
    expect(BigInt(manifest.totals.stakesMinor)).toBe(-byKind.bet!);
    expect(BigInt(manifest.totals.winsMinor)).toBe(byKind.win ?? 0n);
    expect(BigInt(manifest.totals.byCategory.deposit)).toBe(byKind.deposit);
    // Every wallet's movement over the day is the day's transactions on it; the closing balance is today's.
    const wallets = files.wallets as {
      playerId: string;
      purpose: string;
      openingMinor: string;
      closingMinor: string;
    }[];
    const net = wallets.reduce((s, w) => s + BigInt(w.closingMinor) - BigInt(w.openingMinor), 0n);
    expect(net).toBe(Object.values(byKind).reduce((s, v) => s + v, 0n));
    const mine = wallets.find((w) => w.playerId === player.memberId && w.purpose === 'player_main')!;
    expect(BigInt(mine.closingMinor)).toBe(await t.app.services.ledger.getPlayerBalance(player.memberId));
    expect(mine.openingMinor).toBe('0');
    // The player's three rounds, each with its stake; the CPF whole in the bettors file.
    const bets = (files.bets as { playerId: string; stakeMinor: string; movements: unknown[] }[]).filter(
      (b) => b.playerId === player.memberId,
    );
    expect(bets.map((b) => b.stakeMinor)).toEqual(['100', '250', '400']);
    expect(files.bettors).toContainEqual(
      expect.objectContaining({
        playerId: player.memberId,
        cpf: CPF,
        birthDate: '1990-05-17',
        fullName: 'Maria da Silva',
      }),
    );
    expect(run.counts).toMatchObject({
      bets: files.bets!.length,
      bettors: files.bettors!.length,
      transactions: transactions.length,
    });
  });

  it('re-runs a day as a new version beside the old one, audited; refuses a day not ended and an unknown file', async () => {
    const rerun = valueOf<{ version: number; checksum: string }>(
      await call(t.app, 'POST', '/ops/compliance/exports/rerun', {
        token: admin.token,
        payload: { day, reason: 'regulator asked again' },
      }),
    );
    expect(rerun.version).toBe(2);
    const list = (await runs()).list.filter((r) => r.operatorDay === day);
    expect(list.map((r) => [r.version, r.trigger, r.requestedBy, r.reason])).toEqual([
      [2, 'rerun', 'export.admin', 'regulator asked again'],
      [1, 'schedule', null, null],
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'reason', 'after'])
      .where('action', '=', 'regulator_export.rerun')
      .execute();
    expect(audit).toEqual([
      {
        actor_id: admin.operatorId,
        reason: 'regulator asked again',
        after: expect.objectContaining({ version: 2, checksum: rerun.checksum }),
      },
    ]);

    const today = periodOf(new Date(clock), 'daily', TZ).key;
    expectFailure(
      await call(t.app, 'POST', '/ops/compliance/exports/rerun', {
        token: admin.token,
        payload: { day: today, reason: 'too early' },
      }),
      ErrorCode.REGULATOR_EXPORT_DAY_NOT_ENDED,
      409,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/compliance/exports/rerun', { token: admin.token, payload: { day, reason: '' } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(await download(list[0]!.id, 'secrets.jsonl'), ErrorCode.REGULATOR_EXPORT_NOT_FOUND, 404);
    expectFailure(await download('999999999', 'bets.jsonl'), ErrorCode.REGULATOR_EXPORT_NOT_FOUND, 404);
    // Support may not read the files (they carry CPFs).
    const support = await createTestOperator(t.app, 'support', { username: 'export.support' });
    expectFailure(
      await call(t.app, 'GET', '/ops/compliance/exports', { token: support.token }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
  });

  if (target === 'postgres') {
    it('refuses a second run of a day while one is in progress', async () => {
      const held = t.database.db.transaction().execute(async (trx) => {
        await sql`SELECT 1 FROM regulator_export_days WHERE operator_day = ${day}::date FOR UPDATE`.execute(trx);
        expectFailure(
          await call(t.app, 'POST', '/ops/compliance/exports/rerun', {
            token: admin.token,
            payload: { day, reason: 'twice at once' },
          }),
          ErrorCode.REGULATOR_EXPORT_BUSY,
          409,
        );
      });
      await held;
      expect((await runs()).list.filter((r) => r.operatorDay === day)).toHaveLength(2);
    });
  }
});
