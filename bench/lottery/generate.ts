// bench:lottery's settlement setup: one drawn draw of the 1-minute digits game with `tickets`
// open tickets from `players` funded players, written with set-based SQL as a placement leaves
// them. Per ticket: the ticket row (open), its seamless bet (round_bets 'bet' accepted, with the
// request hash and answer seamless_apply stores), its round (game_rounds open, the stake as its
// total bet) and the bet's ledger transaction (the player's wallet to the house shard, balanced,
// the cached balances moved by the same sums); per draw, the liability per key. Settlement then
// does all its real work: it prices every ticket, closes the losers' rounds and pays the winners
// through the wallet.
import crypto from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LOTTERY_VENDORS } from '@wps/shared/schemas/lottery';
import { hashServerSeed } from '@wps/shared/provably-fair';
import type { Database } from '../../apps/server/src/db/schema';
import { housePurposeFor } from '../../apps/server/src/modules/gateway/seamless-shared';
import { sharedLotteryRules as rules } from '../../apps/server/src/modules/lottery/lottery-rules-shared';

type Db = Kysely<Database>;

export const BENCH_GAME = 'E5D-1';
const FAMILY = 'digits5';
const VASSALAGE = LOTTERY_VENDORS.quick;
/** Tickets written per statement group (one transaction). */
const CHUNK = 50_000;

type Template = {
  selection: { betType: string; numbers: number[]; position?: number; lines: number; stakePerLineMinor: string };
  stake: bigint;
  maxPayout: bigint;
  /** The odds the ticket is sold at (its bet type's rule of the default paytable). */
  odds: unknown;
};

/**
 * The slips, as players bet: 80 % the last two digits (1 in 100 wins), 10 % the last three
 * (1 in 1,000), 10 % one digit at one position (1 in 10), at a few stakes: about 1.8 % of the
 * tickets win. Template i is used by ticket n when n % 100 picks its kind.
 */
function templates(): Template[][] {
  const paytable = rules.defaultPaytable(FAMILY);
  const make = (sel: { betType: string; numbers: number[]; position?: number }, stake: bigint): Template => ({
    selection: { ...sel, lines: 1, stakePerLineMinor: stake.toString() },
    stake,
    maxPayout: rules.maxPayout(FAMILY, sel, paytable, stake),
    odds: rules.oddsOf(FAMILY, paytable, [sel]),
  });
  const last2 = Array.from({ length: 300 }, (_, i) =>
    make({ betType: 'last2', numbers: [i % 100] }, [100n, 200n, 500n][Math.floor(i / 100)]!),
  );
  const last3 = Array.from({ length: 1000 }, (_, i) => make({ betType: 'last3', numbers: [i] }, 100n));
  const position = Array.from({ length: 100 }, (_, i) =>
    make(
      { betType: 'position', position: (i % 5) + 1, numbers: [Math.floor(i / 5) % 10] },
      [100n, 200n][Math.floor(i / 50)]!,
    ),
  );
  return [last2, last3, position];
}

/** Players: members, their main wallets (funded in one balanced transaction) and bonus accounts. */
async function createPlayers(db: Db, players: number, run: string): Promise<void> {
  await sql`CREATE TABLE bench_players (n int PRIMARY KEY, member_id bigint NOT NULL, wallet_id bigint, house_id bigint)`.execute(
    db,
  );
  await sql`
    WITH m AS (
      INSERT INTO members (account, password_hash, type)
      SELECT 'lb' || ${run} || g, 'bench-no-login', 3 FROM generate_series(0, ${players - 1}::int) g
      RETURNING id, account)
    INSERT INTO bench_players (n, member_id) SELECT substr(account, ${3 + run.length})::int, id FROM m`.execute(db);
  await sql`
    INSERT INTO ledger_accounts (currency, purpose, member_id, is_player)
    SELECT 'BRL', p, b.member_id, true FROM bench_players b, unnest(ARRAY['player_main', 'player_bonus']) p`.execute(
    db,
  );
  await sql`UPDATE bench_players b SET wallet_id = a.id FROM ledger_accounts a WHERE a.member_id = b.member_id AND a.purpose = 'player_main'`.execute(
    db,
  );
  // Each player's bets go to the house shard the seamless wallet would pick for the player.
  const shards = new Map<string, string[]>();
  const { rows } = await sql<{ member_id: string }>`SELECT member_id::text FROM bench_players`.execute(db);
  for (const r of rows) {
    const purpose = housePurposeFor(r.member_id);
    shards.set(purpose, [...(shards.get(purpose) ?? []), r.member_id]);
  }
  for (const [purpose, members] of shards) {
    await sql`INSERT INTO ledger_accounts (currency, purpose, member_id, is_player) VALUES ('BRL', ${purpose}, NULL, false) ON CONFLICT DO NOTHING`.execute(
      db,
    );
    await sql`
      UPDATE bench_players b SET house_id = a.id FROM ledger_accounts a
      WHERE a.member_id IS NULL AND a.purpose = ${purpose} AND a.currency = 'BRL' AND b.member_id = ANY(${sql.val(members)}::bigint[])`.execute(
      db,
    );
  }
  const funds = 10n ** 9n;
  await db.transaction().execute(async (trx) => {
    const { rows: tx } = await sql<{ id: string }>`
      INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, currency, reference, result)
      VALUES ('adjustment', ${`bench-lottery-fund:${run}`}, 'bench', 'BRL', 'bench', '{}'::jsonb) RETURNING id::text`.execute(
      trx,
    );
    const txId = tx[0]!.id;
    await sql`
      INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
      SELECT ${txId}::bigint, wallet_id, ${funds.toString()}::bigint, 'BRL' FROM bench_players
      UNION ALL SELECT ${txId}::bigint, a.id, ${(-funds * BigInt(players)).toString()}::bigint, 'BRL' FROM ledger_accounts a WHERE a.member_id IS NULL AND a.purpose = 'demo_bank' AND a.currency = 'BRL'`.execute(
      trx,
    );
    await sql`UPDATE ledger_accounts SET balance = balance + ${funds.toString()}::bigint WHERE id IN (SELECT wallet_id FROM bench_players)`.execute(
      trx,
    );
    await sql`UPDATE ledger_accounts SET balance = balance - ${(funds * BigInt(players)).toString()}::bigint WHERE member_id IS NULL AND purpose = 'demo_bank' AND currency = 'BRL'`.execute(
      trx,
    );
  });
}

/** A drawn draw of the bench game, its result from a fresh seed. */
async function createDrawnDraw(db: Db, run: string): Promise<{ drawId: string; result: unknown }> {
  const seed = crypto.randomBytes(32).toString('hex');
  const numero = `bench-${run}`;
  const result = rules.fairResult(FAMILY, seed, `${BENCH_GAME}:${numero}`);
  const at = Date.now() - 3_600_000;
  const row = await db
    .insertInto('lottery_draws')
    .values({
      game_code: BENCH_GAME,
      numero,
      opens_at: new Date(at - 60_000),
      closes_at: new Date(at - 10_000),
      draw_at: new Date(at),
      status: 'drawn',
      server_seed: seed,
      server_seed_hash: hashServerSeed(seed),
      result: JSON.stringify(result),
      drawn_at: new Date(at),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { drawId: String(row.id), result };
}

/** Tickets n in [from, to): the ticket, its bet's ledger transaction, its bet row, and its stake added to its player's round of the draw. */
async function writeTickets(
  db: Db,
  drawId: string,
  players: number,
  from: number,
  to: number,
  steps: Map<string, number>,
): Promise<void> {
  const hash = (text: RawBuilder<unknown>) => sql`encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;
  const step = async (name: string, running: Promise<unknown>) => {
    const t0 = performance.now();
    await running;
    steps.set(name, (steps.get(name) ?? 0) + performance.now() - t0);
  };
  const started = performance.now();
  await db.transaction().execute(async (trx) => {
    // The reporting and agent-day counters add each new round to one counter row per connection:
    // 50,000 rounds in one statement would update that row 50,000 times in one transaction (each
    // update a new row version to step over). Placement changes one round per transaction, so the
    // setup leaves those two triggers out (the figures they feed are not what this bench reads).
    await sql`ALTER TABLE game_rounds DISABLE TRIGGER reporting_game_rounds_insert, DISABLE TRIGGER agent_member_daily_rounds_insert`.execute(
      trx,
    );
    await step(
      'temp',
      sql`CREATE TEMP TABLE bench_new (id bigint, member_id bigint, wallet_id bigint, house_id bigint, stake bigint, tx_id bigint) ON COMMIT DROP`.execute(
        trx,
      ),
    );
    await step(
      'tickets',
      sql`
      WITH t AS (
        INSERT INTO lottery_tickets (draw_id, member_id, idempotency_key, selections, stake_minor, max_payout_minor, odds, payout_cap_minor, status, placed_at)
        SELECT ${drawId}::bigint, p.member_id, 'bench-ticket-' || g, tp.selections, tp.stake, tp.max_payout, tp.odds,
          (SELECT (lg.limits ->> 'perDraw')::bigint FROM lottery_games AS lg WHERE lg.code = ${BENCH_GAME}), 'open', now() - interval '1 hour'
        FROM generate_series(${from}::int, ${to - 1}::int) g
        JOIN bench_templates tp ON tp.kind = CASE WHEN g % 100 < 80 THEN 0 WHEN g % 100 < 90 THEN 1 ELSE 2 END AND tp.n = (g / 100) % tp.count
        JOIN bench_players p ON p.n = g % ${players}
        RETURNING id, member_id, stake_minor)
      INSERT INTO bench_new (id, member_id, wallet_id, house_id, stake, tx_id)
      SELECT t.id, t.member_id, p.wallet_id, p.house_id, t.stake_minor, nextval('ledger_transactions_id_seq')
      FROM t JOIN bench_players p ON p.member_id = t.member_id`.execute(trx),
    );
    // Each player's tickets on the draw are bets in one round, `ld-<draw>-<player>` (lottery-betting.ts).
    const roundId = sql`'ld-' || ${drawId}::text || '-' || n.member_id`;
    const betHash = hash(
      sql`'amount=' || n.stake || '&game=' || ${BENCH_GAME} || '&kind=bet&member=' || n.member_id || '&round=' || ${roundId}`,
    );
    await step(
      'ledger transactions',
      sql`
      INSERT INTO ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, result)
      OVERRIDING SYSTEM VALUE
      SELECT n.tx_id, 'bet', 'seamless:' || ${VASSALAGE} || ':lt-' || n.id || '-bet', ${betHash}, 'BRL', 'round:' || ${VASSALAGE} || ':' || ${roundId},
        jsonb_build_object('memberId', n.member_id::text, 'vassalage', ${VASSALAGE}::text, 'roundId', ${roundId}, 'gameId', ${BENCH_GAME}::text),
        jsonb_build_object('transactionId', n.tx_id::text, 'balances', '{}'::jsonb)
      FROM bench_new n`.execute(trx),
    );
    await step(
      'ledger entries',
      sql`
      INSERT INTO ledger_entries (transaction_id, account_id, amount, currency)
      SELECT n.tx_id, n.wallet_id, -n.stake, 'BRL' FROM bench_new n
      UNION ALL SELECT n.tx_id, n.house_id, n.stake, 'BRL' FROM bench_new n`.execute(trx),
    );
    await step(
      'wallet balances',
      sql`UPDATE ledger_accounts a SET balance = a.balance - s.total FROM (SELECT wallet_id, sum(stake) AS total FROM bench_new GROUP BY wallet_id) s WHERE a.id = s.wallet_id`.execute(
        trx,
      ),
    );
    await step(
      'house balances',
      sql`UPDATE ledger_accounts a SET balance = a.balance + s.total FROM (SELECT house_id, sum(stake) AS total FROM bench_new GROUP BY house_id ORDER BY house_id) s WHERE a.id = s.house_id`.execute(
        trx,
      ),
    );
    await step(
      'round bets',
      sql`
      INSERT INTO round_bets (vassalage, vendor_tx_id, kind, round_id, member_id, node_id, amount, status, request_hash, ledger_transaction_id, response)
      SELECT ${VASSALAGE}, 'lt-' || n.id || '-bet', 'bet', ${roundId}, n.member_id, ${BENCH_GAME}, n.stake, 'accepted', ${betHash}, n.tx_id,
        jsonb_build_object('playerId', n.member_id::text, 'currency', 'BRL', 'balance', '0.00', 'balanceMinor', '0', 'transactionId', n.tx_id::text, 'roundStatus', 'open')
      FROM bench_new n`.execute(trx),
    );
    await step(
      'rounds',
      sql`
      INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, total_bet)
      SELECT ${VASSALAGE}, ${roundId}, n.member_id, ${BENCH_GAME}, 'BRL', sum(n.stake) FROM bench_new n GROUP BY n.member_id
      ON CONFLICT (vassalage, round_id) DO UPDATE SET total_bet = game_rounds.total_bet + EXCLUDED.total_bet`.execute(
        trx,
      ),
    );
    await sql`ALTER TABLE game_rounds ENABLE TRIGGER reporting_game_rounds_insert, ENABLE TRIGGER agent_member_daily_rounds_insert`.execute(
      trx,
    );
    steps.set('before commit', (steps.get('before commit') ?? 0) + performance.now() - started);
  });
  steps.set('total', (steps.get('total') ?? 0) + performance.now() - started);
}

/** The draw's liability per key, summed over its tickets' slips. */
async function writeExposure(db: Db, drawId: string): Promise<void> {
  const paytable = rules.defaultPaytable(FAMILY);
  const { rows } = await sql<{
    selections: { betType: string; numbers: number[]; position?: number; stakePerLineMinor: string }[];
    n: string;
  }>`
    SELECT selections, count(*)::text AS n FROM lottery_tickets WHERE draw_id = ${drawId} GROUP BY selections`.execute(
    db,
  );
  const total = new Map<string, bigint>();
  for (const r of rows) {
    for (const sel of r.selections) {
      for (const [key, v] of rules.exposure(FAMILY, sel, paytable, BigInt(sel.stakePerLineMinor)))
        total.set(key, (total.get(key) ?? 0n) + v * BigInt(r.n));
    }
  }
  const values = [...total].map(([key, v]) => sql`(${drawId}::bigint, ${key}, ${v.toString()}::bigint)`);
  for (let i = 0; i < values.length; i += 1000)
    await sql`INSERT INTO lottery_exposure (draw_id, key, payout_minor) VALUES ${sql.join(values.slice(i, i + 1000))}`.execute(
      db,
    );
}

/**
 * The whole setup: players, a drawn draw and its tickets. The game's per-key and per-ticket
 * limits are lifted first, so what placement would have accepted includes every ticket written.
 */
export async function generateDrawnDraw(
  db: Db,
  opts: { tickets: number; players: number; onProgress?: (written: number) => void },
): Promise<{ drawId: string; result: unknown }> {
  const run = crypto.randomBytes(3).toString('hex');
  await sql`UPDATE lottery_games SET limits = limits || '{"perKey": "1000000000000000", "perTicket": "1000000000000000"}'::jsonb WHERE code = ${BENCH_GAME}`.execute(
    db,
  );
  await createPlayers(db, opts.players, run);
  const kinds = templates();
  await sql`CREATE TABLE bench_templates (kind int, n int, count int, selections jsonb, stake bigint, max_payout bigint, odds jsonb)`.execute(
    db,
  );
  const values = kinds.flatMap((list, kind) =>
    list.map(
      (t, n) =>
        sql`(${kind}, ${n}, ${list.length}, ${JSON.stringify([t.selection])}::jsonb, ${t.stake.toString()}::bigint, ${t.maxPayout.toString()}::bigint, ${JSON.stringify(t.odds)}::jsonb)`,
    ),
  );
  await sql`INSERT INTO bench_templates VALUES ${sql.join(values)}`.execute(db);
  const draw = await createDrawnDraw(db, run);
  const steps = new Map<string, number>();
  for (let from = 0; from < opts.tickets; from += CHUNK) {
    await writeTickets(db, draw.drawId, opts.players, from, Math.min(opts.tickets, from + CHUNK), steps);
    opts.onProgress?.(Math.min(opts.tickets, from + CHUNK));
  }
  if (process.env.BENCH_DEBUG) console.log([...steps].map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', '));
  await writeExposure(db, draw.drawId);
  await sql`DROP TABLE bench_templates`.execute(db);
  await sql`DROP TABLE bench_players`.execute(db);
  await sql`ANALYZE`.execute(db);
  return draw;
}
