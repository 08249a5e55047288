// Seeds a migrated scratch PostgreSQL database for the back-office benchmark (bench/backoffice.bench.ts) with COPY: players
// (half with a bound bank account), their main wallets, a credited deposit order per paying player,
// rounds over five seamless vendors with their bet and win ledger transactions (every transaction
// balanced: player wallet against gateway clearing or a house shard), spread over 60 days, then the
// reporting aggregates built by the migration's own backfill. Triggers and foreign-key checks are off
// while copying (session_replication_role = replica), so account balances are set from the entries
// at the end and checked.
//
// At scale 1: 1,000,000 members, 5,000,000 rounds, 200,000 deposits and 1,000,000 non-zero wins:
// 6,200,000 ledger transactions, 12,400,000 entries.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const DAY = 86_400_000;
const VENDORS = ['SBX', 'inhouse', 'NLT', 'RLT', 'ALV'];

export type SeedCounts = {
  members: number;
  rounds: number;
  deposits: number;
  wins: number;
  transactions: number;
  entries: number;
};

export type SeedResult = SeedCounts & {
  /** A paying player with many rounds, for the player-page and deep ledger listing figures. */
  heavyMemberId: string;
  firstMemberId: number;
  seconds: Record<string, number>;
};

/** A small deterministic generator, so two runs seed the same data. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function copy(client: pg.Client, statement: string, rows: Iterable<string>): Promise<void> {
  function* chunks() {
    let buf = '';
    for (const row of rows) {
      buf += row;
      if (buf.length > 1 << 16) {
        yield buf;
        buf = '';
      }
    }
    if (buf) yield buf;
  }
  await pipeline(Readable.from(chunks()), client.query(copyFrom(statement)));
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Seed the migrated database at `url` (one connection of its own, closed at the end). */
export async function seedBackoffice(url: string, scale: number, log: (line: string) => void): Promise<SeedResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await seed(client, scale, log);
  } finally {
    await client.end();
  }
}

async function seed(client: pg.Client, scale: number, log: (line: string) => void): Promise<SeedResult> {
  const counts = {
    members: Math.round(1_000_000 * scale),
    rounds: Math.round(5_000_000 * scale),
    depositors: Math.round(200_000 * scale),
  };
  const seconds: Record<string, number> = {};
  const timed = async (name: string, fn: () => Promise<void>) => {
    const t0 = Date.now();
    await fn();
    seconds[name] = (Date.now() - t0) / 1000;
    log(`  ${name}: ${seconds[name]!.toFixed(1)} s`);
  };
  const one = async <T>(text: string): Promise<T> => (await client.query(text)).rows[0] as T;

  const now = Date.now();
  const start = now - 60 * DAY;
  const bankCodes = (await client.query<{ code: string }>('SELECT code FROM banks ORDER BY code LIMIT 5')).rows.map(
    (r) => r.code,
  );
  const { clearing, channel } = await one<{ clearing: string; channel: string }>(`SELECT
      (SELECT id FROM ledger_accounts WHERE purpose = 'gateway_clearing' AND currency = 'BRL' AND member_id IS NULL) AS clearing,
      (SELECT id FROM deposit_channels WHERE type = 'manual_bank' ORDER BY id LIMIT 1) AS channel`);
  // The house shards the seamless wallet uses, created here as the gateway would on first use.
  await client.query(`INSERT INTO ledger_accounts (currency, purpose, member_id, is_player)
    SELECT 'BRL', CASE WHEN s = 0 THEN 'house_cash' ELSE 'house_cash_s' || s END, NULL, false FROM generate_series(0, 15) AS s
    ON CONFLICT DO NOTHING`);
  const houses = (
    await client.query<{ id: string }>(
      `SELECT id FROM ledger_accounts WHERE member_id IS NULL AND purpose ~ '^house_cash(_s[0-9]+)?$' ORDER BY id`,
    )
  ).rows.map((r) => Number(r.id));
  const base = await one<{
    member: string;
    account: string;
    tx: string;
    entry: string;
    round: string;
    deposit: string;
    bank: string;
  }>(`SELECT
      (SELECT coalesce(max(id), 0) + 1 FROM members) AS member, (SELECT coalesce(max(id), 0) + 1 FROM ledger_accounts) AS account,
      (SELECT coalesce(max(id), 0) + 1 FROM ledger_transactions) AS tx, (SELECT coalesce(max(id), 0) + 1 FROM ledger_entries) AS entry,
      (SELECT coalesce(max(id), 0) + 1 FROM game_rounds) AS round, (SELECT coalesce(max(id), 0) + 1 FROM deposit_orders) AS deposit,
      (SELECT coalesce(max(id), 0) + 1 FROM member_bank_accounts) AS bank`);
  const m0 = Number(base.member);
  const a0 = Number(base.account);
  const memberCreated = (i: number) => start + Math.floor((i / counts.members) * 59 * DAY);

  await client.query('SET session_replication_role = replica');
  await timed('members', async () => {
    function* rows() {
      for (let i = 0; i < counts.members; i++) {
        const id = m0 + i;
        const mobile = String(11_900_000_000 + i).slice(0, 11);
        yield `${id}\tp${id}\t3\tscrypt$14$8$1$c2FsdA$aGFzaA\t55\t${mobile}\tp${id}@bench.example\t${iso(memberCreated(i))}\n`;
      }
    }
    await copy(
      client,
      'COPY members (id, account, type, password_hash, dialing_code, mobile, email, created_at) FROM STDIN',
      rows(),
    );
    function* banks() {
      for (let i = 0; i < counts.members; i += 2) {
        yield `${Number(base.bank) + i / 2}\t${m0 + i}\t${bankCodes[i % bankCodes.length]}\t${String(7_000_000_000 + i * 7)}\tHolder ${i}\n`;
      }
    }
    await copy(
      client,
      'COPY member_bank_accounts (id, member_id, bank_code, account_number, holder_name) FROM STDIN',
      banks(),
    );
    function* accounts() {
      for (let i = 0; i < counts.members; i++) yield `${a0 + i}\tBRL\tplayer_main\t${m0 + i}\tt\n`;
    }
    await copy(client, 'COPY ledger_accounts (id, currency, purpose, member_id, is_player) FROM STDIN', accounts());
  });

  // Paying players are spread over the member list; each deposits once, then plays rounds.
  const depositorStep = Math.max(1, Math.floor(counts.members / counts.depositors));
  const depositor = (k: number) => k * depositorStep;
  const depositAt = (k: number) => Math.min(now - 60_000, memberCreated(depositor(k)) + 3_600_000);
  let tx = Number(base.tx);
  let entry = Number(base.entry);
  let wins = 0;
  const heavy = 7 % counts.depositors;
  // The heavy player stakes a tenth of all rounds, so it deposits far more.
  const depositAmount = (k: number) => (k === heavy ? 1_000_000_000_000 : 1_000_000);
  await timed('deposits', async () => {
    const tx0 = tx;
    function* txs() {
      for (let k = 0; k < counts.depositors; k++) {
        const id = Number(base.deposit) + k;
        yield `${tx0 + k}\tdeposit\tdeposit:${id}\tx\tBRL\tdeposit_order:${id}\t{"orderId":"${id}","via":"bench"}\t${iso(depositAt(k))}\n`;
      }
    }
    await copy(
      client,
      'COPY ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, created_at) FROM STDIN',
      txs(),
    );
    function* entries() {
      for (let k = 0; k < counts.depositors; k++) {
        // An entry carries its transaction's created_at: the month partition the balance check reads (migration 0765).
        const at = iso(depositAt(k));
        yield `${entry++}\t${tx0 + k}\t${clearing}\t${-depositAmount(k)}\tBRL\t${at}\n${entry++}\t${tx0 + k}\t${a0 + depositor(k)}\t${depositAmount(k)}\tBRL\t${at}\n`;
      }
    }
    await copy(
      client,
      'COPY ledger_entries (id, transaction_id, account_id, amount, currency, created_at) FROM STDIN',
      entries(),
    );
    function* orders() {
      for (let k = 0; k < counts.depositors; k++) {
        const id = Number(base.deposit) + k;
        const at = iso(depositAt(k));
        yield `${id}\t${m0 + depositor(k)}\t${channel}\tmanual_bank\tBRL\t${depositAmount(k)}\t0\t${depositAmount(k)}\tB${id}\tbench-${id}\tcredited\t${tx0 + k}\t${at}\t${at}\t${at}\toperator:1\n`;
      }
    }
    await copy(
      client,
      'COPY deposit_orders (id, member_id, channel_id, channel_type, currency, amount_minor, fee_minor, credit_minor, reference_code, idempotency_key, status, ledger_transaction_id, created_at, expires_at, resolved_at, resolved_by) FROM STDIN',
      orders(),
    );
    tx += counts.depositors;
  });

  await timed('rounds and their ledger transactions', async () => {
    // One pass decides every round; three COPY streams read the same decisions.
    const r = rng(42);
    const plan = {
      member: new Int32Array(counts.rounds),
      at: new Float64Array(counts.rounds),
      bet: new Int32Array(counts.rounds),
      win: new Int32Array(counts.rounds),
    };
    for (let n = 0; n < counts.rounds; n++) {
      // Every tenth round is the heavy player's, so one player has a deep history.
      const k = n % 10 === 0 ? heavy : Math.floor(r() * counts.depositors);
      const from = depositAt(k) + 60_000;
      plan.member[n] = k;
      plan.at[n] = from + Math.floor(r() * Math.max(1, now - from - 60_000));
      plan.bet[n] = 100 + Math.floor(r() * 50) * 100;
      plan.win[n] = r() < 0.2 ? Math.floor(plan.bet[n]! * r() * 4) + 1 : 0;
    }
    const betTx = (n: number) => tx + n;
    const winTxIds = new Int32Array(counts.rounds).fill(-1);
    let next = tx + counts.rounds;
    for (let n = 0; n < counts.rounds; n++) if (plan.win[n]! > 0) winTxIds[n] = next++ - tx;
    wins = next - tx - counts.rounds;
    const memberOf = (n: number) => m0 + depositor(plan.member[n]!);
    function* txs() {
      for (let n = 0; n < counts.rounds; n++) {
        const v = VENDORS[n % VENDORS.length];
        const meta = `{"memberId":"${memberOf(n)}","vassalage":"${v}","roundId":"r${n}","gameId":"${v}-01"}`;
        yield `${betTx(n)}\tbet\tseamless:${v}:b${n}\tx\tBRL\tround:${v}:r${n}\t${meta}\t${iso(plan.at[n]!)}\n`;
        if (winTxIds[n]! >= 0)
          yield `${tx + winTxIds[n]!}\twin\tseamless:${v}:w${n}\tx\tBRL\tround:${v}:r${n}\t${meta}\t${iso(plan.at[n]! + 1000)}\n`;
      }
    }
    await copy(
      client,
      'COPY ledger_transactions (id, kind, idempotency_key, request_hash, currency, reference, metadata, created_at) FROM STDIN',
      txs(),
    );
    function* entries() {
      for (let n = 0; n < counts.rounds; n++) {
        const wallet = a0 + depositor(plan.member[n]!);
        const house = houses[n % houses.length];
        const at = iso(plan.at[n]!);
        yield `${entry++}\t${betTx(n)}\t${wallet}\t${-plan.bet[n]!}\tBRL\t${at}\n${entry++}\t${betTx(n)}\t${house}\t${plan.bet[n]}\tBRL\t${at}\n`;
        if (winTxIds[n]! >= 0) {
          const id = tx + winTxIds[n]!;
          const winAt = iso(plan.at[n]! + 1000);
          yield `${entry++}\t${id}\t${house}\t${-plan.win[n]!}\tBRL\t${winAt}\n${entry++}\t${id}\t${wallet}\t${plan.win[n]}\tBRL\t${winAt}\n`;
        }
      }
    }
    await copy(
      client,
      'COPY ledger_entries (id, transaction_id, account_id, amount, currency, created_at) FROM STDIN',
      entries(),
    );
    function* rounds() {
      for (let n = 0; n < counts.rounds; n++) {
        const v = VENDORS[n % VENDORS.length];
        const at = iso(plan.at[n]!);
        yield `${Number(base.round) + n}\t${v}\tr${n}\t${memberOf(n)}\t${v}-01\tBRL\tsettled\t${plan.bet[n]}\t${plan.win[n]}\t0\t${at}\t${at}\t${at}\n`;
      }
    }
    await copy(
      client,
      'COPY game_rounds (id, vassalage, round_id, member_id, node_id, currency, status, total_bet, total_win, total_refund, created_at, updated_at, settled_at) FROM STDIN',
      rounds(),
    );
    // Each round's vendor id, unique across months in its key table (migration 0765).
    function* roundKeys() {
      for (let n = 0; n < counts.rounds; n++) {
        yield `${VENDORS[n % VENDORS.length]}\tr${n}\t${Number(base.round) + n}\t${iso(plan.at[n]!)}\n`;
      }
    }
    await copy(client, 'COPY game_round_keys (vassalage, round_id, id, created_at) FROM STDIN', roundKeys());
    tx = next;
  });
  await client.query('SET session_replication_role = DEFAULT');

  await timed('balances, sequences and checks', async () => {
    await client.query(`UPDATE ledger_accounts AS a SET balance = s.total
      FROM (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) AS s WHERE s.account_id = a.id AND a.balance <> s.total`);
    for (const table of [
      'members',
      'member_bank_accounts',
      'ledger_accounts',
      'ledger_transactions',
      'ledger_entries',
      'game_rounds',
      'deposit_orders',
    ]) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    const check = await one<{
      total: string;
      negative: string;
    }>(`SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries) AS total,
      (SELECT count(*) FROM ledger_accounts WHERE is_player AND balance < 0) AS negative`);
    if (check.total !== '0' || check.negative !== '0')
      throw new Error(`seeded ledger is not sound: ${JSON.stringify(check)}`);
  });
  await timed('reporting aggregates (reporting_backfill)', async () => {
    await client.query('SELECT reporting_backfill()');
  });
  await timed('vacuum analyze', async () => {
    await client.query('VACUUM ANALYZE');
  });
  const transactions = counts.depositors + counts.rounds + wins;
  return {
    members: counts.members,
    rounds: counts.rounds,
    deposits: counts.depositors,
    wins,
    transactions,
    entries: transactions * 2,
    heavyMemberId: String(m0 + depositor(heavy)),
    firstMemberId: m0,
    seconds,
  };
}
