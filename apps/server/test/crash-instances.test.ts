/**
 * Crash on two server processes sharing one PostgreSQL database: the instance driving the rounds
 * (it holds the lease in crash_driver) is SIGKILLed mid-flight, with automatic cash-outs not yet
 * reached and a bet with none. The other instance takes the lease over and finishes the round:
 * the automatic cash-outs are paid at exactly their targets (the flight's decisions depend on the
 * time since it began, not on who watched), a cash-out by hand on the survivor is paid at its
 * moment, the bet without one is lost at the bust, and the next round opens. Every bet is paid
 * once (each player's balance is exactly their stake and payout; one win per bet), and the ledger
 * check is clean. A live page held open by the survivor heard the bets placed on both instances,
 * the flight the killed one started, and the bust (the change feed between instances).
 *
 * Runs only with TEST_DATABASE_URL. The servers run from source through tsx.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { crashMsToReach, crashPayout } from '@wps/shared/originals/crash';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import type { CrashBetResult, CrashState } from '@wps/shared/schemas/inhouse-crash';
import { applyCrashTick, type CrashTick } from '@wps/shared/schemas/inhouse-crash-live';
import { checkLedger } from '../src/modules/ledger/ledger-check';
import { createPlayer, mainBalance, type Player } from '../src/modules/gateway/gateway.test-support';
import { call, valueOf } from './api-client';
import { createTestApp, describePostgres, type TestApp } from './test-app';
import { send, startInstance, stopInstance, type Instance } from './twin-cluster';

const FUNDS = 100_000n;
const SPEED = 10;
const LEASE_MS = 1000;
const BETTING_MS = 1500;
const GROWTH = 0.00006 * SPEED;

/** The states an instance's live stream gives a page (its snapshot, then each tick applied) into `into` until aborted. */
async function listen(baseUrl: string, into: CrashState[], signal: AbortSignal): Promise<void> {
  const res = await fetch(`${baseUrl}/wps/inhouse/crash/live`, { signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          if (frame.includes('event: state')) into.push(JSON.parse(data.slice(6)) as CrashState);
          else if (frame.includes('event: tick') && into.length > 0)
            into.push(applyCrashTick(into.at(-1)!, JSON.parse(data.slice(6)) as CrashTick));
        }
      }
    } catch {
      // Aborted at the end of the test.
    }
  })();
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

describePostgres('crash on two instances, the driving one SIGKILLed mid-flight [postgres]', () => {
  let t: TestApp;
  let instances: Instance[] = [];
  const players: Player[] = [];

  const db = () => t.database.db;
  const env = {
    CRASH_SPEED: String(SPEED),
    CRASH_LEASE_MS: String(LEASE_MS),
    CRASH_BETTING_MS: String(BETTING_MS),
    CRASH_CHAIN_LENGTH: '2000',
    // The live page is held by a stream process of the instance, as in production.
    CRASH_LIVE_PROCESSES: '1',
  };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    for (let i = 0; i < 4; i++) players.push(await createPlayer(t.app, FUNDS));
    instances = await Promise.all([
      startInstance('A', t.config.databaseUrl!, env),
      startInstance('B', t.config.databaseUrl!, env),
    ]);
  }, 120_000);
  afterAll(async () => {
    for (const instance of instances) await stopInstance(instance, 'SIGTERM');
    await t?.close();
  });

  async function session(player: Player, on: Instance): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId: 'inhouse-crash', vassalage: 'inhouse' },
      }),
    ).game_url;
    const launchToken = new URLSearchParams(url.split('?')[1]).get('launch')!;
    const answer = await send(on, 'POST', '/wps/inhouse/session', { body: { launchToken } });
    expect(answer.outcome, answer.errorCode).toBe('accepted');
    return answer.value as InhouseSession;
  }

  it('the other instance finishes the round: automatic cash-outs at their targets, the loser lost, each bet paid once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const holderPid = async () => {
      const row = await db().selectFrom('crash_driver').select('holder').executeTakeFirstOrThrow();
      return row.holder ? Number(row.holder.split(':').at(-2)) : undefined;
    };
    const driving = await waitFor('a driver', async () => {
      const pid = await holderPid();
      return instances.find((i) => i.child.pid === pid);
    });
    const survivor = driving === a ? b : a;
    // A page held open by the instance that does not drive: it hears what the other one writes.
    const heard: CrashState[] = [];
    const stream = new AbortController();
    await listen(survivor.baseUrl, heard, stream.signal);
    const sessions = await Promise.all(players.map((p, i) => session(p, i % 2 === 0 ? a : b)));

    // A round that flies to at least 4.00× (the test reads the crash point the players cannot),
    // caught at the start of its betting window.
    const round = await waitFor(
      'a round reaching 4.00×',
      async () => {
        const r = await db()
          .selectFrom('crash_rounds')
          .select(['id', 'round_number', 'crash_hundredths', 'betting_ends_at', 'phase'])
          .where('phase', '=', 'betting')
          .executeTakeFirst();
        const left = r ? r.betting_ends_at.getTime() - Date.now() : 0;
        return r && r.crash_hundredths >= 400 && left > 900 ? r : undefined;
      },
      120_000,
    );

    const placements = [
      { auto: 150, on: a },
      { auto: 200, on: b },
      { auto: null, on: a }, // cashed out by hand on the survivor
      { auto: null, on: b }, // never cashed out: lost at the bust
    ];
    const bets = await Promise.all(
      placements.map(async (p, i) => {
        const answer = await send(p.on, 'POST', '/wps/inhouse/crash/bet', {
          body: {
            sessionToken: sessions[i]!.sessionToken,
            playerId: sessions[i]!.playerId,
            idempotencyKey: `kill-${round.round_number}-${i}`,
            stakeMinor: String(1000 * (i + 1)),
            ...(p.auto ? { autoCashoutHundredths: p.auto } : {}),
          },
        });
        expect(answer.outcome, answer.errorCode).toBe('accepted');
        return (answer.value as CrashBetResult).bet;
      }),
    );

    // The flight has begun: kill the driver before the first target (1.50× comes at ~676 ms).
    const started = await waitFor('the flight', async () => {
      const r = await db()
        .selectFrom('crash_rounds')
        .select(['started_at'])
        .where('id', '=', round.id)
        .executeTakeFirst();
      return r?.started_at ?? undefined;
    });
    await new Promise((r) => setTimeout(r, Math.max(0, started.getTime() + 200 - Date.now())));
    await stopInstance(driving, 'SIGKILL');
    const killedAt = Date.now();

    // By hand, on the survivor, at about 2.5× (before the crash point, at least 4.00×).
    const cashAt = started.getTime() + crashMsToReach(250, GROWTH);
    await new Promise((r) => setTimeout(r, Math.max(0, cashAt - Date.now())));
    const manual = await send(survivor, 'POST', '/wps/inhouse/crash/cashout', {
      body: { sessionToken: sessions[2]!.sessionToken, playerId: sessions[2]!.playerId },
    });
    expect(manual.outcome, manual.errorCode).toBe('accepted');
    const manualAt = (manual.value as CrashBetResult).bet.cashoutHundredths!;
    expect(manualAt).toBeGreaterThanOrEqual(250);
    expect(manualAt).toBeLessThanOrEqual(round.crash_hundredths);

    // The survivor busts the round and opens the next one.
    const next = await waitFor('the next round', async () => {
      const r = await db()
        .selectFrom('crash_rounds')
        .select(['round_number', 'created_at'])
        .where('round_number', '>', round.round_number)
        .executeTakeFirst();
      return r ?? undefined;
    });
    expect(next.round_number).toBe(round.round_number + 1);
    const holder = await holderPid();
    expect(holder).toBe(survivor.child.pid);
    await waitFor('every bet paid', async () => {
      const open = await db()
        .selectFrom('crash_bets')
        .select('id')
        .where('round_id', '=', round.id)
        .where('settled_at', 'is', null)
        .execute();
      return open.length === 0;
    });

    const rows = await db()
      .selectFrom('crash_bets')
      .select(['bet_id', 'member_id', 'stake', 'status', 'cashout_hundredths', 'payout'])
      .where('round_id', '=', round.id)
      .orderBy('stake')
      .execute();
    expect(rows.map((r) => [r.status, r.cashout_hundredths])).toEqual([
      ['cashed', 150],
      ['cashed', 200],
      ['cashed', manualAt],
      ['lost', null],
    ]);
    for (const [i, r] of rows.entries()) {
      expect(r.bet_id).toBe(bets[i]!.betId);
      const payout = r.cashout_hundredths ? crashPayout(BigInt(r.stake), r.cashout_hundredths) : 0n;
      expect(String(r.payout)).toBe(String(payout));
      // Paid once: the balance is the stake and this payout, nothing more.
      expect(await mainBalance(t.app, players[i]!.memberId)).toBe(FUNDS - BigInt(r.stake) + payout);
    }
    const wins = await sql<{ round_id: string; n: string }>`
      SELECT round_id, count(*) AS n FROM round_bets
      WHERE vassalage = 'inhouse' AND kind = 'win' AND round_id IN (${sql.join(rows.map((r) => r.bet_id))})
      GROUP BY round_id`.execute(db());
    // One win for each cashed bet; the lost bet moves no money, its gateway round only closed.
    expect(wins.rows.map((w) => Number(w.n))).toEqual([1, 1, 1]);
    const closed = await sql<{ status: string }>`
      SELECT status FROM game_rounds
      WHERE vassalage = 'inhouse' AND round_id IN (${sql.join(rows.map((r) => r.bet_id))})`.execute(db());
    expect(closed.rows.map((r) => r.status)).toEqual(['settled', 'settled', 'settled', 'settled']);
    // The survivor's page heard the round's bets (placed on both instances), its flight (started
    // by the instance killed since) and its bust.
    const ofRound = heard.filter((h) => h.round?.roundNumber === round.round_number);
    expect(ofRound.some((h) => h.round!.bets.length === 4)).toBe(true);
    expect(ofRound.some((h) => h.round!.phase === 'flying')).toBe(true);
    expect(heard.some((h) => h.recent.some((r) => r.roundNumber === round.round_number))).toBe(true);
    stream.abort();

    const report = await checkLedger(db());
    expect(report.ok, JSON.stringify(report.problems)).toBe(true);
    // The takeover waited at most a lease and a turn after the kill.
    expect(next.created_at.getTime() - killedAt).toBeLessThan(30_000);
  }, 240_000);
});
