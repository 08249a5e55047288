import crypto from 'node:crypto';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { LotteryDrawView } from '@wps/shared/schemas/lottery';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, mainBalance, type Player } from '../gateway/gateway.test-support';
import { createLotterySettlement } from './lottery-settlement';
import { sharedLotteryRules } from './lottery-rules-shared';

// The set-based settlement (docs/lottery.md, "Settlement at scale"): every ticket priced once,
// winners paid in batches under their own wallet ids into their players' rounds of the draw and
// scaled by the draw's cap, the rounds closed, then the tickets marked; a settlement stopped
// after paying a batch resumed without paying anyone twice.

const START = Date.parse('2026-11-24T12:00:05.000Z');
const STAKES = [50n, 60n, 100n];
const CAP = 1000n;

describeEachDatabase(
  'lottery settlement, set-based: losers by the page, winners in batches, the cap pro rata, a resumed batch paid once',
  (target) => {
    let t: TestApp;
    let clock = START;
    let players: Player[] = [];

    beforeAll(async () => {
      t = await createTestApp(target, {}, { calendarClock: () => clock });
      const admin = (await createTestOperator(t.app, 'admin')).token;
      await t.app.services.lottery.draws.tick();
      // A per-draw cap well under what the draw's winners would win, so every win is scaled (a
      // ticket may not pay more than the draw, so the per-ticket limit comes down with it).
      const games = valueOf<
        {
          code: string;
          name: string;
          paytable: unknown;
          limits: Record<string, string>;
          closeBeforeSeconds: number;
          sortOrder: number;
        }[]
      >(await call(t.app, 'GET', '/ops/lottery/games', { token: admin }));
      const game = games.find((g) => g.code === 'E5D-1')!;
      valueOf(
        await call(t.app, 'PUT', '/ops/lottery/games/E5D-1', {
          token: admin,
          payload: {
            name: game.name,
            paytable: game.paytable,
            limits: { ...game.limits, perTicketMinor: CAP.toString(), perDrawMinor: CAP.toString() },
            status: 'active',
            closeBeforeSeconds: game.closeBeforeSeconds,
            sortOrder: game.sortOrder,
            reason: 'cap test',
          },
        }),
      );
      players = await Promise.all(STAKES.map(() => createPlayer(t.app, 5000n)));
    });
    afterAll(async () => {
      await t?.close();
    });
    afterEach(async () => {
      await expectLedgerHealthy(t.database);
    });

    const db = () => t.database.db;

    it("pays each winner its capped share once into the player's round of the draw, closes the rounds, and a batch repeated after a crash pays nothing twice", async () => {
      // Every player bets every digit at the first position, a ticket each: one ticket per player wins.
      const opened = valueOf<{ current: LotteryDrawView }>(
        await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=E5D-1', { token: players[0]!.token }),
      );
      const numero = opened.current.numero;
      for (const [i, player] of players.entries()) {
        for (let digit = 0; digit < 10; digit++) {
          valueOf(
            await call(t.app, 'POST', '/lgw/tickets', {
              token: player.token,
              payload: {
                gameCode: 'E5D-1',
                numero,
                idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`,
                selections: [
                  { betType: 'position', position: 1, numbers: [digit], stakePerLineMinor: STAKES[i]!.toString() },
                ],
              },
            }),
          );
        }
      }
      clock = Date.parse(opened.current.drawAt) + 1000;
      await t.app.services.lottery.draws.tick();
      const draw = (
        await sql<{
          id: string;
          result: { numbers: number[] };
        }>`SELECT id::text AS id, result FROM lottery_draws WHERE game_code = 'E5D-1' AND numero = ${numero}`.execute(
          db(),
        )
      ).rows[0]!;
      const drawn = draw.result.numbers[0]!;
      const multiplier = BigInt(
        (sharedLotteryRules.defaultPaytable('digits5') as Record<string, { multiplierBp: number }>).position!
          .multiplierBp,
      );
      const gross = STAKES.map((s) => (s * multiplier) / 10000n);
      const total = gross.reduce((a, b) => a + b, 0n);
      expect(total).toBeGreaterThan(CAP);
      const share = gross.map((g) => (g * CAP) / total);

      let crash = true;
      const settlement = (opts: { maxSlips?: number } = {}) =>
        createLotterySettlement({
          ...opts,
          db: db(),
          log: pino({ level: 'silent' }),
          rules: sharedLotteryRules,
          seamless: t.app.services.gateway.seamless,
          now: () => new Date(clock),
          instance: 'settlement-test',
          priceBatch: 4,
          winBatch: 2,
          afterBatchPaid: async (batch) => {
            if (crash && batch === 1) {
              crash = false;
              throw new Error('killed after paying the first batch');
            }
          },
        });
      const byStatus = async () =>
        Object.fromEntries(
          (
            await sql<{
              status: string;
              n: number;
            }>`SELECT status, count(*)::int AS n FROM lottery_tickets WHERE draw_id = ${draw.id} GROUP BY status`.execute(
              db(),
            )
          ).rows.map((r) => [r.status, r.n]),
        );
      const winRows = async () =>
        (
          await sql<{
            n: number;
          }>`SELECT count(*)::int AS n FROM round_bets b JOIN lottery_tickets x ON b.vendor_tx_id = 'lt-' || x.id || '-win' WHERE x.draw_id = ${draw.id} AND b.vassalage = 'ILE'`.execute(
            db(),
          )
        ).rows[0]!.n;
      // Each player's ten tickets are bets in one round of the draw: `ld-<draw>-<player>`.
      const rounds = async () =>
        (
          await sql<{ member: string; status: string; bet: string; win: string }>`
        SELECT member_id::text AS member, status, total_bet::text AS bet, total_win::text AS win FROM game_rounds
        WHERE vassalage = 'ILE' AND round_id IN (SELECT DISTINCT 'ld-' || draw_id || '-' || member_id FROM lottery_tickets WHERE draw_id = ${draw.id})
        ORDER BY total_bet`.execute(db())
        ).rows;
      expect((await rounds()).map((r) => r.bet)).toEqual(STAKES.map((s) => (10n * s).toString()));

      await expect(settlement().finishDraw(draw.id)).rejects.toThrow('killed');
      // The first batch's two wins are paid into their players' rounds; nothing is marked and no
      // round is closed before every win is paid.
      expect(await byStatus()).toEqual({ open: 30 });
      expect(await winRows()).toBe(2);
      expect((await rounds()).map((r) => r.status)).toEqual(['open', 'open', 'open']);

      // Taken over: every ticket priced again, the paid wins answered with their first answers. The
      // first pass priced the draw's ten slips set-based; this one, allowed fewer, reads the
      // tickets page by page (a draw of very many distinct slips), and both find the same winners.
      expect(await settlement({ maxSlips: 5 }).finishDraw(draw.id)).toBe(30);
      expect(await byStatus()).toEqual({ lost: 27, won: 3 });
      expect(await winRows()).toBe(3);
      expect(await rounds()).toEqual(
        players.map((p, i) => ({
          member: p.memberId,
          status: 'settled',
          bet: (10n * STAKES[i]!).toString(),
          win: share[i]!.toString(),
        })),
      );
      for (const [i, player] of players.entries()) {
        expect(await mainBalance(t.app, player.memberId)).toBe(5000n - 10n * STAKES[i]! + share[i]!);
      }
      const won = (
        await sql<{
          digit: number;
          payout: string;
        }>`SELECT (selections -> 0 -> 'numbers' ->> 0)::int AS digit, payout_minor::text AS payout FROM lottery_tickets WHERE draw_id = ${draw.id} AND status = 'won' ORDER BY stake_minor`.execute(
          db(),
        )
      ).rows;
      expect(won).toEqual(share.map((s) => ({ digit: drawn, payout: s.toString() })));
      const settled = (
        await sql<{ status: string; payout: string; gross: string; cap: string }>`
      SELECT status, payout_minor::text AS payout, gross_payout_minor::text AS gross, payout_cap_minor::text AS cap FROM lottery_draws WHERE id = ${draw.id}`.execute(
          db(),
        )
      ).rows[0]!;
      expect(settled).toEqual({
        status: 'settled',
        payout: share.reduce((a, b) => a + b, 0n).toString(),
        gross: total.toString(),
        cap: CAP.toString(),
      });

      // The clock finding the draw again (another instance, a restart) pays nothing more.
      await t.app.services.lottery.runClock();
      expect(await winRows()).toBe(3);
      for (const [i, player] of players.entries())
        expect(await mainBalance(t.app, player.memberId)).toBe(5000n - 10n * STAKES[i]! + share[i]!);
    });

    it('a round is closed once: closing it again, or with another player named, changes nothing', async () => {
      const { seamless } = t.app.services.gateway;
      const rounds = (
        await sql<{ round_id: string; member_id: string; status: string }>`
      SELECT round_id, member_id::text AS member_id, status FROM game_rounds WHERE vassalage = 'ILE' ORDER BY id`.execute(
          db(),
        )
      ).rows;
      expect(rounds.length).toBeGreaterThan(0);
      expect(
        await seamless.closeRounds({
          vassalage: 'ILE',
          rounds: rounds.map((r) => ({ roundId: r.round_id, memberId: r.member_id })),
        }),
      ).toBe(0);
      // Another player's name on a round closes nothing either.
      const player = await createPlayer(t.app, 1000n);
      const bet = await seamless.bet({
        vassalage: 'ILE',
        memberId: player.memberId,
        transactionId: 'x-bet',
        roundId: 'x-round',
        gameId: 'E5D-1',
        amountMinor: 100n,
      });
      expect(bet.roundStatus).toBe('open');
      expect(
        await seamless.closeRounds({
          vassalage: 'ILE',
          rounds: [{ roundId: 'x-round', memberId: players[0]!.memberId }],
        }),
      ).toBe(0);
      expect(
        await seamless.closeRounds({ vassalage: 'ILE', rounds: [{ roundId: 'x-round', memberId: player.memberId }] }),
      ).toBe(1);
      expect(
        await seamless.closeRounds({ vassalage: 'ILE', rounds: [{ roundId: 'x-round', memberId: player.memberId }] }),
      ).toBe(0);
      expect(await mainBalance(t.app, player.memberId)).toBe(900n);
    });
  },
);
