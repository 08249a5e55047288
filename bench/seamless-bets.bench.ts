// The wallet's cost per bet in a batch, in the database: seamless_bet_many (migration 0390, the
// plain bets written set-based, as the lottery's placement stakes) against seamless_apply's loop
// (migration 0251) as the baseline, in the same run on the same database. Each batch is
// BENCH_BATCH bets (default 32) of distinct players on rounds they already hold (the steady state
// of a draw taking bets), applied in a transaction of its own, the two functions taking turns so
// the machine's state weighs on both alike; the time includes the commit. The first pass over the
// players opens their rounds and is not counted.
// Run: npm run bench:seamless-bets  (BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_BATCH,
// BENCH_BATCHES, BENCH_PLAYERS)
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { startBenchServer } from './bench-server';
import { hashCallback } from '../apps/server/src/modules/gateway/seamless-shared';
import {
  applySeamlessBets,
  applySeamlessOps,
  type SeamlessOp,
} from '../apps/server/src/modules/gateway/seamless.repository';

const BATCH = Number(process.env.BENCH_BATCH ?? 32);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 100);
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 512);
const WARM = Math.ceil(PLAYERS / BATCH);

async function main(): Promise<void> {
  if (!process.env.BENCH_DATABASE_URL && !process.env.TEST_DATABASE_URL)
    throw new Error('set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL)');
  const server = await startBenchServer({ nodeEnv: 'production' }, { poolSize: 2 });
  try {
    const db = server.database.db;
    const { ledger, gateway } = server.app.services;
    console.log(
      `seamless bets bench: ${server.databaseKind}, node ${process.version}, ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const players: { id: string; wallet: string; bonus: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const row = await db
        .insertInto('members')
        .values({
          account: `sb${crypto.randomBytes(5).toString('hex')}`,
          password_hash: 'bench-no-login',
          type: 3,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = String(row.id);
      await ledger.creditPlayerFromSystem({
        systemAccount: 'demo_bank',
        memberId: id,
        amountMinor: 10n ** 10n,
        kind: 'adjustment',
        idempotencyKey: `bench-bets-fund:${id}`,
      });
      await gateway.seamless.prepareBets([id]);
      const { rows } = await sql<{
        purpose: string;
        id: string;
      }>`SELECT purpose, id::text FROM ledger_accounts WHERE member_id = ${id}::bigint`.execute(db);
      players.push({
        id,
        wallet: rows.find((r) => r.purpose === 'player_main')!.id,
        bonus: rows.find((r) => r.purpose === 'player_bonus')!.id,
      });
    }
    const { rows: house } = await sql<{
      id: string;
    }>`SELECT id::text FROM ledger_accounts WHERE member_id IS NULL AND purpose = 'house_cash' AND currency = 'BRL'`.execute(
      db,
    );
    let seq = 0;
    // A batch of bets of distinct players, each on the player's own round of this function.
    const batch = (fn: string, k: number): SeamlessOp[] =>
      Array.from({ length: BATCH }, (_, j) => {
        const p = players[(k * BATCH + j) % PLAYERS]!;
        const roundId = `${fn}-${p.id}`;
        return {
          op: 'bet',
          vassalage: 'BENCHBETS',
          txId: `${fn}-${seq++}`,
          roundId,
          memberId: p.id,
          nodeId: 'bench',
          amount: '10',
          hash: hashCallback({ kind: 'bet', member: p.id, round: roundId, game: 'bench', amount: '10' }),
          walletId: p.wallet,
          bonusWalletId: p.bonus,
          houseId: house[0]!.id,
          currency: 'BRL',
          scale: 2,
        };
      });
    const fns = { apply: applySeamlessOps, many: applySeamlessBets } as const;
    const ms = { apply: 0, many: 0 };
    for (let k = 0; k < WARM + BATCHES; k++) {
      for (const name of ['apply', 'many'] as const) {
        const ops = batch(name, k);
        const t0 = performance.now();
        const answers = await db.transaction().execute((trx) => fns[name](trx, ops));
        if (k >= WARM) ms[name] += performance.now() - t0;
        if (answers.some((a) => !('ok' in a))) throw new Error(`${name}: a bet was refused`);
      }
    }
    const bets = BATCHES * BATCH;
    const per = (name: 'apply' | 'many') => (ms[name] * 1000) / bets;
    console.log(
      `${bets} bets per function in batches of ${BATCH}, ${PLAYERS} players on open rounds, each batch a transaction (commit included)`,
    );
    console.log(
      `   seamless_apply (baseline)  ${per('apply').toFixed(0).padStart(5)} µs/bet  ${(bets / (ms.apply / 1000)).toFixed(0).padStart(6)} bets/s`,
    );
    console.log(
      `   seamless_bet_many          ${per('many').toFixed(0).padStart(5)} µs/bet  ${(bets / (ms.many / 1000)).toFixed(0).padStart(6)} bets/s`,
    );
    console.log(
      `   ratio seamless_bet_many / seamless_apply (time per bet): ${(per('many') / per('apply')).toFixed(2)}`,
    );
  } finally {
    await server.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
