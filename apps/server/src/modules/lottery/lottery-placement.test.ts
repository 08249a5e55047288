import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LotteryDrawView, LotteryTicketView } from '@wps/shared/schemas/lottery';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { runInTransaction } from '../../db/run-in-transaction';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';
import { findOpenDraw } from './lottery-draws.repository';
import { findGame } from './lottery-games.repository';
import { writeBatch, type PlaceJob } from './lottery-placement';
import { sharedLotteryRules } from './lottery-rules-shared';

// Placement batches (lottery-placement.ts) under many players at once: tickets of one batch share
// a draw's liability room, a batch mixes accepted, trimmed, refused and repeated tickets, and a
// ticket is never written without its stake nor a stake taken without its ticket.

type OpsGame = {
  code: string;
  paytable: Record<string, { kind: string; multiplierBp: number }>;
  limits: Record<string, string>;
};
type DrawDetail = {
  exposure: { key: string; payoutMinor: string }[];
  tickets: Record<string, { count: number; stakeMinor: string }>;
};
type Body = { success: boolean; value?: { ticket: LotteryTicketView; replayed: boolean }; errorCode?: string };

const START = Date.parse('2026-11-26T09:00:05.000Z');

describeEachDatabase('lottery placement: many tickets at once against one liability room', (target) => {
  let t: TestApp;
  let admin: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => START });
    admin = (await createTestOperator(t.app, 'admin')).token;
    finance = (await createTestOperator(t.app, 'finance')).token;
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await t?.close();
  });

  const place = async (player: Player, body: Record<string, unknown>): Promise<Body> =>
    (await call(t.app, 'POST', '/lgw/tickets', { token: player.token, payload: body })).json() as Body;

  it('thirty players at once on a number with room for ten stakes: ten staked, the rest refused, double-clicks placing one ticket, and nobody short', async () => {
    const games = valueOf<OpsGame[]>(await call(t.app, 'GET', '/ops/lottery/games', { token: finance }));
    const g = games.find((x) => x.code === 'E3D-3')!;
    const multiplier = BigInt(g.paytable.straight!.multiplierBp);
    // Room for exactly ten stakes of 100 on one number.
    const perKey = (1000n * multiplier) / 10000n;
    valueOf(
      await call(t.app, 'PUT', '/ops/lottery/games/E3D-3', {
        token: admin,
        payload: {
          name: 'Lotto 3D',
          paytable: g.paytable,
          limits: { ...g.limits, perKeyMinor: perKey.toString() },
          status: 'active',
          closeBeforeSeconds: 15,
          sortOrder: 20,
          reason: 'placement test',
        },
      }),
    );
    const rich = await Promise.all(Array.from({ length: 30 }, () => createPlayer(t.app, 500n)));
    // Too poor for their stake: the wallet refuses them inside the same batches.
    const poor = await Promise.all(Array.from({ length: 5 }, () => createPlayer(t.app, 50n)));
    const slip = (numbers: number[]) => ({
      gameCode: 'E3D-3',
      onLimit: 'refuse',
      selections: [{ betType: 'straight', numbers, stakePerLineMinor: '100' }],
    });
    const keys = new Map<Player, string>(
      rich.concat(poor).map((p) => [p, `k-${crypto.randomBytes(8).toString('hex')}`]),
    );
    // Every player sends the same ticket twice at once (a double-click).
    const sends = [...rich, ...rich].map((p) => place(p, { ...slip([123]), idempotencyKey: keys.get(p) }));
    const poorSends = poor.map((p) => place(p, { ...slip([124]), idempotencyKey: keys.get(p) }));
    const answers = await Promise.all(sends);
    const poorAnswers = await Promise.all(poorSends);

    const staked = rich.filter((_, i) => answers[i]!.success);
    expect(staked).toHaveLength(10);
    rich.forEach((_, i) => {
      const [a, b] = [answers[i]!, answers[i + rich.length]!];
      // Both sends of one player answer alike: the same ticket once staked, or the same refusal.
      expect(a.success).toBe(b.success);
      if (a.success) {
        expect(b.value!.ticket.ticketId).toBe(a.value!.ticket.ticketId);
        expect([a.value!.replayed, b.value!.replayed].sort()).toEqual([false, true]);
      } else {
        expect([a.errorCode, b.errorCode]).toEqual([
          ErrorCode.LOTTERY_LIMIT_EXCEEDED,
          ErrorCode.LOTTERY_LIMIT_EXCEEDED,
        ]);
      }
    });
    expect(poorAnswers.map((a) => a.errorCode)).toEqual(poor.map(() => ErrorCode.INSUFFICIENT_FUNDS));

    for (const p of rich) expect(await mainBalance(t.app, p.memberId)).toBe(staked.includes(p) ? 400n : 500n);
    for (const p of poor) expect(await mainBalance(t.app, p.memberId)).toBe(50n);

    // The draw holds exactly the ten stakes' liability, and ten open tickets; the poor players' tickets are refused, not open.
    const { current } = valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=E3D-3', { token: rich[0]!.token }),
    );
    const page = valueOf<{ list: (LotteryDrawView & { drawId: string })[] }>(
      await call(t.app, 'GET', '/ops/lottery/draws?gameCode=E3D-3&size=100', { token: finance }),
    );
    const drawId = page.list.find((d) => d.numero === current.numero)!.drawId;
    const detail = valueOf<DrawDetail>(await call(t.app, 'GET', `/ops/lottery/draws/${drawId}`, { token: finance }));
    const load = detail.exposure.filter((e) => e.key.endsWith('123'));
    expect(load.reduce((s, e) => s + BigInt(e.payoutMinor), 0n)).toBe(10n * ((100n * multiplier) / 10000n));
    expect(detail.exposure.some((e) => e.key.endsWith('124'))).toBe(false);
    expect(detail.tickets.open).toEqual({ count: 10, stakeMinor: '1000' });
    expect(detail.tickets.refused?.count).toBe(5);
    await expectLedgerHealthy(t.database);
  });

  it("in one batch, a ticket the wallet refuses gives its room back to the batch's other tickets, and a key sent twice takes room once", async () => {
    const games = valueOf<OpsGame[]>(await call(t.app, 'GET', '/ops/lottery/games', { token: finance }));
    const g = games.find((x) => x.code === 'E3D-3')!;
    const multiplier = BigInt(g.paytable.straight!.multiplierBp);
    // Room for exactly three stakes of 100 on one number.
    valueOf(
      await call(t.app, 'PUT', '/ops/lottery/games/E3D-3', {
        token: admin,
        payload: {
          name: 'Lotto 3D',
          paytable: g.paytable,
          limits: { ...g.limits, perKeyMinor: ((300n * multiplier) / 10000n).toString() },
          status: 'active',
          closeBeforeSeconds: 15,
          sortOrder: 20,
          reason: 'batch room test',
        },
      }),
    );
    const [poor, twice, r1, r2, late] = await Promise.all([
      createPlayer(t.app, 50n),
      createPlayer(t.app, 500n),
      createPlayer(t.app, 500n),
      createPlayer(t.app, 500n),
      createPlayer(t.app, 500n),
    ]);
    const game = (await findGame(t.database.db, 'E3D-3'))!;
    const draw = (await findOpenDraw(t.database.db, 'E3D-3', new Date(START)))!;
    const job = (p: Player, key: string): PlaceJob => ({
      input: {
        memberId: p.memberId,
        gameCode: 'E3D-3',
        onLimit: 'refuse',
        idempotencyKey: key,
        selections: [{ betType: 'straight', numbers: [456], stakePerLineMinor: 100n }],
      },
      game,
      lines: [1],
      drawId: draw.id,
    });
    // In order: the poor player (planned into room, then refused by the wallet), a double-click,
    // two more players, and one who finds the room full only while the poor ticket still holds it.
    const jobs = [
      job(poor, 'room-key-p'),
      job(twice, 'room-key-t'),
      job(twice, 'room-key-t'),
      job(r1, 'room-key-a'),
      job(r2, 'room-key-b'),
      job(late, 'room-key-c'),
    ];
    const { seamless } = t.app.services.gateway;
    const prepared = await seamless.prepareBets(jobs.map((j) => j.input.memberId));
    const answers = await runInTransaction(t.database.db, (trx) =>
      writeBatch({ trx, rules: sharedLotteryRules, seamless, prepared, slot: 0, now: new Date(START) }, jobs),
    );
    const shape = answers.map((a) => ('ok' in a ? 'ok' : 'twin' in a ? 'twin' : a.error.errorCode));
    // Room for three: the double-click's first send and r1 fill two places; r2 is refused while the
    // poor ticket holds the third, and is planned again once the wallet refuses it; `late` stays refused.
    expect(shape).toEqual([ErrorCode.INSUFFICIENT_FUNDS, 'ok', 'twin', 'ok', 'ok', ErrorCode.LOTTERY_LIMIT_EXCEEDED]);
    expect(await mainBalance(t.app, r2.memberId)).toBe(400n);
    expect(await mainBalance(t.app, twice.memberId)).toBe(400n);
    expect(await mainBalance(t.app, late.memberId)).toBe(500n);
    const detail = valueOf<DrawDetail>(await call(t.app, 'GET', `/ops/lottery/draws/${draw.id}`, { token: finance }));
    const load = detail.exposure.filter((e) => e.key.endsWith('456'));
    expect(load.reduce((s, e) => s + BigInt(e.payoutMinor), 0n)).toBe(3n * ((100n * multiplier) / 10000n));
    await expectLedgerHealthy(t.database);
  });

  it("one player's tickets in one batch count each other against the player's loss limit: the first is staked, the rest refused", async () => {
    const player = await createPlayer(t.app, 1_000n);
    valueOf(
      await call(t.app, 'PUT', '/wps/responsible-gaming/limits', {
        token: player.token,
        payload: { limits: [{ kind: 'loss_day', value: '1' }] },
      }),
    );
    const game = (await findGame(t.database.db, 'E3D-3'))!;
    const draw = (await findOpenDraw(t.database.db, 'E3D-3', new Date(START)))!;
    // Three tickets of 1.00 on three numbers, each within the draw's room: only the loss limit refuses.
    const jobs = [701, 702, 703].map(
      (n): PlaceJob => ({
        input: {
          memberId: player.memberId,
          gameCode: 'E3D-3',
          onLimit: 'refuse',
          idempotencyKey: `loss-limit-${n}-${crypto.randomBytes(4).toString('hex')}`,
          selections: [{ betType: 'straight', numbers: [n], stakePerLineMinor: 100n }],
        },
        game,
        lines: [1],
        drawId: draw.id,
      }),
    );
    const { seamless } = t.app.services.gateway;
    const prepared = await seamless.prepareBets([player.memberId]);
    const answers = await runInTransaction(t.database.db, (trx) =>
      writeBatch({ trx, rules: sharedLotteryRules, seamless, prepared, slot: 0, now: new Date(START) }, jobs),
    );
    expect(answers.map((a) => ('ok' in a ? 'ok' : 'twin' in a ? 'twin' : a.error.errorCode))).toEqual([
      'ok',
      ErrorCode.RG_LOSS_LIMIT_REACHED,
      ErrorCode.RG_LOSS_LIMIT_REACHED,
    ]);
    expect(await mainBalance(t.app, player.memberId)).toBe(900n);
    await expectLedgerHealthy(t.database);
  });

  it("placement keeps games in memory, and a game's change reaches it at once: from the back office here, and from another instance through the database's notice", async () => {
    const games = valueOf<OpsGame[]>(await call(t.app, 'GET', '/ops/lottery/games', { token: finance }));
    const g = games.find((x) => x.code === 'E3D-3')!;
    const setStatus = async (status: 'active' | 'paused') =>
      valueOf(
        await call(t.app, 'PUT', '/ops/lottery/games/E3D-3', {
          token: admin,
          payload: {
            name: 'Lotto 3D',
            paytable: g.paytable,
            limits: g.limits,
            status,
            closeBeforeSeconds: 15,
            sortOrder: 20,
            reason: 'cache test',
          },
        }),
      );
    const player = await createPlayer(t.app, 10_000n);
    const ticket = () =>
      place(player, {
        gameCode: 'E3D-3',
        idempotencyKey: `c-${crypto.randomBytes(8).toString('hex')}`,
        selections: [{ betType: 'straight', numbers: [7], stakePerLineMinor: '100' }],
      });
    // Read once (and kept), then paused in the back office: the next ticket is refused.
    expect((await ticket()).success).toBe(true);
    await setStatus('paused');
    expect((await ticket()).errorCode).toBe(ErrorCode.LOTTERY_GAME_PAUSED);
    await setStatus('active');
    expect((await ticket()).success).toBe(true);
    // Another instance pauses it: this one hears the database's notice and refuses the next ticket.
    await sql`UPDATE lottery_games SET status = 'paused' WHERE code = 'E3D-3'`.execute(t.database.db);
    let answer = await ticket();
    for (const deadline = Date.now() + 10_000; answer.success && Date.now() < deadline; answer = await ticket())
      await new Promise((r) => setTimeout(r, 50));
    expect(answer.errorCode).toBe(ErrorCode.LOTTERY_GAME_PAUSED);
    await sql`UPDATE lottery_games SET status = 'active' WHERE code = 'E3D-3'`.execute(t.database.db);
  });
});
