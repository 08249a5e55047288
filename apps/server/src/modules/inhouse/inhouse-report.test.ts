import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OriginalsReport } from '@wps/shared/schemas/reporting';
import { call, callEncrypted, valueOf } from '../../../test/api-client';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';
import { createPlayer } from '../gateway/gateway.test-support';

/*
 * The in-house games' report (GET /ops/reports/originals and its CSV) over rounds written with
 * known figures on two past days: per game and local day (São Paulo: a round at 02:30 UTC is the
 * evening before), per game, and in all; refused, open and trial players' rounds left out; crash's
 * decided bets counted; the RTP measured beside the stake-weighted RTP the rounds were placed at
 * (the dice's oldest rounds kept none: its fixed 99 %).
 */

const HEX = 'ab'.repeat(32);
const RANGE = 'from=2026-01-10T03:00:00.000Z&to=2026-01-12T03:00:00.000Z&timeZone=America/Sao_Paulo';

describePostgres('the in-house games report', () => {
  let t: TestApp;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    finance = await operatorToken(t, 'finance');
    const db = t.database.db;
    const [ana, bia, caio] = [
      (await createPlayer(t.app)).memberId,
      (await createPlayer(t.app)).memberId,
      (await createPlayer(t.app)).memberId,
    ];
    const trialToken = valueOf<{ token: string }>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', { random: `r-${crypto.randomUUID()}` }),
    ).token;
    const trial = (await t.app.services.session.resolve(trialToken))!.memberId;

    const seedOf = async (memberId: string) =>
      (
        await db
          .insertInto('inhouse_seeds')
          .values({ member_id: memberId, server_seed: HEX, server_seed_hash: HEX, client_seed: 'c' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const seeds = { [ana]: await seedOf(ana), [bia]: await seedOf(bia), [trial]: await seedOf(trial) };
    let nonce = 0;
    const round = (
      memberId: string,
      game: 'limbo' | 'mines' | 'dice',
      at: string,
      stake: number,
      payout: number,
      rtpBps: number | null,
      status: 'settled' | 'refused' | 'open' = 'settled',
    ) =>
      db
        .insertInto('inhouse_rounds')
        .values({
          round_id: `ih-report-${crypto.randomBytes(6).toString('hex')}`,
          member_id: memberId,
          node_id: `inhouse-${game}`,
          game,
          idempotency_key: crypto.randomUUID(),
          seed_id: seeds[memberId]!,
          server_seed_hash: HEX,
          client_seed: 'c',
          nonce: String(++nonce),
          stake: String(stake),
          payout: String(payout),
          params: '{}',
          outcome: '{}',
          status,
          created_at: new Date(at),
          settled_at: status === 'settled' ? new Date(at) : null,
          rtp_bps: rtpBps,
        })
        .execute();
    // 10/01 (local): limbo, two players; the last at 02:30 UTC on the 11th is 23:30 on the 10th in São Paulo.
    await round(ana, 'limbo', '2026-01-10T12:00:00Z', 1000, 2000, 9900);
    await round(ana, 'limbo', '2026-01-10T12:01:00Z', 1000, 0, 9900);
    await round(bia, 'limbo', '2026-01-10T13:00:00Z', 500, 0, 9700);
    await round(bia, 'limbo', '2026-01-11T02:30:00Z', 300, 0, 9900);
    // Left out: refused, still open, a trial account's, and one before the range.
    await round(ana, 'limbo', '2026-01-10T14:00:00Z', 999, 0, 9900, 'refused');
    await round(ana, 'mines', '2026-01-11T16:00:00Z', 777, 0, 9800, 'open');
    await round(trial, 'limbo', '2026-01-10T15:00:00Z', 5000, 9000, 9900);
    await round(ana, 'limbo', '2026-01-10T02:59:00Z', 4000, 0, 9900);
    // 11/01: a mines round cashed out, a dice round from before rounds kept their RTP.
    await round(ana, 'mines', '2026-01-11T15:00:00Z', 200, 500, 9800);
    await round(bia, 'dice', '2026-01-11T15:30:00Z', 100, 198, null);

    // Crash on 11/01: one bet cashed, one lost, one refused (left out: its player has no other round).
    const chain = await db
      .insertInto('crash_chains')
      .values({ seed: HEX, terminal_hash: HEX, salt: HEX, length: 1, checkpoint_every: 1, status: 'spent' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const crashRound = await db
      .insertInto('crash_rounds')
      .values({
        chain_id: chain.id,
        round_number: 1,
        hash: HEX,
        crash_hundredths: 200,
        rtp_bps: 9900,
        growth_per_ms: 0.0001,
        max_payout_minor: '100000000',
        round_max_payout_minor: '1000000000',
        phase: 'busted',
        betting_ends_at: new Date('2026-01-11T17:00:00Z'),
        started_at: new Date('2026-01-11T17:00:00Z'),
        busted_at: new Date('2026-01-11T17:00:05Z'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bet = (memberId: string, stake: number, status: 'cashed' | 'lost' | 'refused', payout: number) =>
      db
        .insertInto('crash_bets')
        .values({
          bet_id: `cr-report-${crypto.randomBytes(6).toString('hex')}`,
          round_id: crashRound.id,
          member_id: memberId,
          node_id: 'inhouse-crash',
          nickname: 'n',
          idempotency_key: crypto.randomUUID(),
          stake: String(stake),
          status,
          payout: String(payout),
          cashout_hundredths: status === 'cashed' ? 150 : null,
          created_at: new Date('2026-01-11T17:00:00Z'),
        })
        .execute();
    await bet(ana, 1000, 'cashed', 1500);
    await bet(bia, 1000, 'lost', 0);
    await bet(caio, 1000, 'refused', 0);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  const figures = (
    rounds: number,
    players: number,
    staked: number,
    paid: number,
    measured: number,
    configured: number,
    biggest: number,
  ) => ({
    rounds,
    players,
    stakedMinor: String(staked),
    paidMinor: String(paid),
    ggrMinor: String(staked - paid),
    rtpMeasuredBps: measured,
    rtpConfiguredBps: configured,
    biggestWinMinor: String(biggest),
  });

  it('gives each game per local day, per game and in all, with the RTP measured beside the configured one', async () => {
    const report = valueOf<OriginalsReport>(
      await call(t.app, 'GET', `/ops/reports/originals?${RANGE}`, { token: finance }),
    );
    expect(report).toMatchObject({ timeZone: 'America/Sao_Paulo', currency: 'BRL', scale: 2 });
    // Limbo: 2000 of 2800 came back (71,43 %); placed at (2×1000×9900 + 500×9700 + 300×9900) ÷ 2800 = 98,64 %.
    const limbo = figures(4, 2, 2800, 2000, 7143, 9864, 2000);
    const crash = figures(2, 2, 2000, 1500, 7500, 9900, 1500);
    const dice = figures(1, 1, 100, 198, 19800, 9900, 198);
    const mines = figures(1, 1, 200, 500, 25000, 9800, 500);
    expect(report.rows).toEqual([
      { day: '2026-01-10', game: 'limbo', ...limbo },
      { day: '2026-01-11', game: 'crash', ...crash },
      { day: '2026-01-11', game: 'dice', ...dice },
      { day: '2026-01-11', game: 'mines', ...mines },
    ]);
    expect(report.games).toEqual([
      { game: 'crash', ...crash },
      { game: 'dice', ...dice },
      { game: 'limbo', ...limbo },
      { game: 'mines', ...mines },
    ]);
    // In all: 4198 of 5100 (82,31 %); placed at (27 620 000 + 19 800 000 + 990 000 + 1 960 000) ÷ 5100 = 98,76 %.
    expect(report.totals).toEqual(figures(8, 2, 5100, 4198, 8231, 9876, 2000));
  });

  it('downloads it as CSV with the per-game and overall totals; keeps it to the reports permission', async () => {
    const csv = await call(t.app, 'GET', `/ops/reports/originals/csv?${RANGE}`, { token: finance });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('originals-');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .filter((l) => l !== '');
    expect(lines).toEqual([
      'day,game,rounds,players,staked_BRL,paid_BRL,ggr_BRL,rtp_measured_pct,rtp_configured_pct,biggest_win_BRL',
      '2026-01-10,limbo,4,2,28.00,20.00,8.00,71.43,98.64,20.00',
      '2026-01-11,crash,2,2,20.00,15.00,5.00,75.00,99.00,15.00',
      '2026-01-11,dice,1,1,1.00,1.98,-0.98,198.00,99.00,1.98',
      '2026-01-11,mines,1,1,2.00,5.00,-3.00,250.00,98.00,5.00',
      'total,crash,2,2,20.00,15.00,5.00,75.00,99.00,15.00',
      'total,dice,1,1,1.00,1.98,-0.98,198.00,99.00,1.98',
      'total,limbo,4,2,28.00,20.00,8.00,71.43,98.64,20.00',
      'total,mines,1,1,2.00,5.00,-3.00,250.00,98.00,5.00',
      'total,,8,2,51.00,41.98,9.02,82.31,98.76,20.00',
    ]);
    const support = await operatorToken(t, 'support');
    for (const path of ['originals', 'originals/csv'])
      expect((await call(t.app, 'GET', `/ops/reports/${path}?${RANGE}`, { token: support })).statusCode).toBe(403);
  });
});
