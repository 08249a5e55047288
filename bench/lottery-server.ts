// The server process of bench:lottery's placement figure: the real app (production
// serialisation, logging off) over a fresh PostgreSQL database, with BENCH_LOTTERY_PLAYERS funded
// players each holding a live session, and the lottery's draws planned. It prints one JSON line,
// {"baseUrl","databaseUrl","gameCode","numero","closesAt","tokens"}, and stops cleanly (dropping
// its database) on SIGTERM. The load comes from another process (autocannon), never this one.
import { sql } from 'kysely';
import { startBenchServer } from './bench-server';
import { insertFundedMember } from './funded-member';

const PLAYERS = Number(process.env.BENCH_LOTTERY_PLAYERS ?? 500);
const POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? 20);
/** The daily draws: betting is open on at least one of them at every hour of the day. */
const DAILY_GAMES = ['VN-MB', 'VN-MT', 'VN-MN'];

async function main(): Promise<void> {
  const server = await startBenchServer({ nodeEnv: 'production' }, { poolSize: POOL_SIZE });
  const { app } = server;
  const db = server.database.db;
  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const memberId = await insertFundedMember(server, 'lt', 10n ** 10n);
    tokens.push((await app.services.session.createSession(db, { memberId })).token);
  }
  await app.services.lottery.draws.tick();
  // The daily draw whose betting stays open longest from now, so no cut-off falls inside the run.
  const { rows } = await sql<{ game_code: string; numero: string; closes_at: Date }>`
    SELECT game_code, numero, closes_at FROM lottery_draws
    WHERE game_code IN (${sql.join(DAILY_GAMES)}) AND status IN ('scheduled', 'open') AND opens_at <= now() AND closes_at > now()
    ORDER BY closes_at DESC LIMIT 1`.execute(db);
  const draw = rows[0];
  if (!draw) throw new Error('no daily draw is taking bets');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(
    `${JSON.stringify({ baseUrl: server.baseUrl, databaseUrl: server.databaseUrl, gameCode: draw.game_code, numero: draw.numero, closesAt: draw.closes_at.toISOString(), tokens })}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
