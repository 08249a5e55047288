// The rewards benchmark's two outside processes and the lag they measure together. Both are plain
// node scripts run with `node -e`, each on a connection of its own, so neither the load nor the
// measurement shares the app's event loop or pool.
import { spawn } from 'node:child_process';

/**
 * The load: every 50 ms one transaction opens and settles rate/20 rounds, spread over the players,
 * the way the seamless path leaves them (open, then settled: the trigger writes each round_settled
 * event). For each tick it reports the rounds' ids and the time its COMMIT returned.
 */
const LOADER = `
const pg = require('pg');
const [url, rate, durationMs, members, runId] = [process.argv[1], Number(process.argv[2]), Number(process.argv[3]), process.argv[4].split(','), process.argv[5]];
(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const perTick = Math.max(1, Math.round(rate / 20));
  const started = Date.now();
  let n = 0, ticks = 0, late = 0;
  const commits = [];
  while (Date.now() - started < durationMs) {
    const due = started + ticks * 50;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait)); else late++;
    ticks++;
    const ids = [], players = [], bets = [], wins = [];
    for (let i = 0; i < perTick; i++, n++) {
      ids.push(runId + '-' + n);
      players.push(members[n % members.length]);
      bets.push(100 + (n % 7) * 50);
      wins.push((n % 3) * 100);
    }
    await client.query('BEGIN');
    // Two statements: rows a data-modifying CTE inserts are not visible to the same statement's UPDATE.
    const inserted = await client.query(
      "INSERT INTO game_rounds (vassalage, round_id, member_id, node_id, currency, total_bet, total_win) " +
      "SELECT 'SBX', id, m, 'SBX-slot-01', 'BRL', b, w FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]) AS t(id, m, b, w) RETURNING id", [ids, players, bets, wins]);
    const roundIds = inserted.rows.map((r) => r.id);
    await client.query("UPDATE game_rounds SET status = 'settled', settled_at = now() WHERE id = ANY($1::bigint[])", [roundIds]);
    await client.query('COMMIT');
    commits.push([roundIds, Date.now()]);
  }
  const seconds = (Date.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ rounds: n, seconds, late, commits }));
  await client.end();
})().catch((e) => { console.error(e); process.exit(1); });
`;

/**
 * The measurement: every few milliseconds, each consumer's committed place in the stream and the
 * database's clock, until its standard input closes; then every sample as JSON.
 */
const SAMPLER = `
const pg = require('pg');
const [url, everyMs] = [process.argv[1], Number(process.argv[2])];
(async () => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let open = true;
  process.stdin.on('end', () => { open = false; });
  process.stdin.resume();
  const samples = [];
  while (open) {
    const { rows } = await client.query("SELECT subscriber, last_tx::text AS tx, last_id::text AS id, (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS at FROM reward_event_cursors");
    for (const r of rows) samples.push([r.subscriber, r.tx, r.id, r.at]);
    await new Promise((r) => setTimeout(r, everyMs));
  }
  process.stdout.write(JSON.stringify(samples));
  await client.end();
})().catch((e) => { console.error(e); process.exit(1); });
`;

export type LoadResult = { rounds: number; seconds: number; late: number; commits: [string[], number][] };

function runScript<T>(
  script: string,
  args: string[],
  opts: { keepStdinOpen?: boolean } = {},
): { done: Promise<T>; stop: () => void } {
  const child = spawn(process.execPath, ['-e', script, ...args], {
    stdio: [opts.keepStdinOpen ? 'pipe' : 'ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const done = new Promise<T>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`bench process exited ${code}`)),
    ),
  );
  return { done, stop: () => child.stdin?.end() };
}

export function runLoad(
  dbUrl: string,
  rate: number,
  durationMs: number,
  members: string[],
  runId: string,
): Promise<LoadResult> {
  return runScript<LoadResult>(LOADER, [dbUrl, String(rate), String(durationMs), members.join(','), runId]).done;
}

type Sample = [subscriber: string, tx: string, id: string, at: number];

export function startSampler(dbUrl: string, everyMs: number): { stop: () => Promise<Sample[]> } {
  const p = runScript<Sample[]>(SAMPLER, [dbUrl, String(everyMs)], { keepStdinOpen: true });
  return {
    stop: () => {
      p.stop();
      return p.done;
    },
  };
}

export type StreamEvent = { tx: string; id: string; roundId: string };

/**
 * Each consumer's lag for each event of the run: from the commit of the round's transaction (the
 * loader's clock when COMMIT returned) to the first sample in which the consumer's committed place
 * had passed the event (the database's clock at that sample). Events it never passed count as
 * Infinity. Both clocks are this machine's; the sampling period bounds the overstatement.
 */
export function lagsByConsumer(
  events: StreamEvent[],
  commits: LoadResult['commits'],
  samples: Sample[],
): Map<string, number[]> {
  const committedAt = new Map<string, number>();
  for (const [ids, at] of commits) for (const id of ids) committedAt.set(String(id), at);
  const ordered = [...events].sort((a, b) => cmp(BigInt(a.tx), BigInt(a.id), BigInt(b.tx), BigInt(b.id)));
  const bySubscriber = new Map<string, Sample[]>();
  for (const s of samples) {
    const list = bySubscriber.get(s[0]) ?? [];
    list.push(s);
    bySubscriber.set(s[0], list);
  }
  const out = new Map<string, number[]>();
  for (const [subscriber, list] of bySubscriber) {
    list.sort((a, b) => a[3] - b[3]);
    const lags: number[] = [];
    let i = 0;
    for (const e of ordered) {
      const tx = BigInt(e.tx);
      const id = BigInt(e.id);
      // A cursor only moves forward: the first sample past this event is at or after the previous one's.
      while (i < list.length && cmp(BigInt(list[i]![1]), BigInt(list[i]![2]), tx, id) < 0) i++;
      const start = committedAt.get(e.roundId);
      if (start === undefined) continue;
      lags.push(i < list.length ? Math.max(0, list[i]![3] - start) : Infinity);
    }
    out.set(subscriber, lags);
  }
  return out;
}

function cmp(aTx: bigint, aId: bigint, bTx: bigint, bId: bigint): number {
  if (aTx !== bTx) return aTx < bTx ? -1 : 1;
  return aId === bId ? 0 : aId < bId ? -1 : 1;
}
