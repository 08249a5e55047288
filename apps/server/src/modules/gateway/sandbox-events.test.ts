import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hashSeed, resolveEvent, type EventKind } from '../../../../vendor-sandbox/src/events';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { databaseTargets } from '../../../test/test-app';
import { SANDBOX_EVENT_VENDORS } from './gateway.service';
import {
  createGatewayHarness,
  createPlayer,
  launchToken,
  mainBalance,
  type GatewayHarness,
} from './gateway.test-support';

/**
 * The reference vendor's fixed-odds events (football, e-sports, cockfight): a player's stake on the
 * vendor's page goes to the platform as the seamless `bet` callback and the payout as its `win`,
 * over real HTTP, signed by the vendor. Every callback is sent three times (the duplicate fault),
 * and the win once more by hand: the balance moves once, by the stake and the payout the revealed
 * seed gives.
 */

const GAMES: { kind: EventKind; nodeId: string; picks: string[] }[] = [
  { kind: 'sports', nodeId: 'SBS-football-1x2', picks: ['home', 'draw', 'away'] },
  { kind: 'esports', nodeId: 'SBE-moba-winner', picks: ['teamA', 'teamB'] },
  { kind: 'cockfight', nodeId: 'SBC-meron-wala', picks: ['meron', 'wala', 'draw'] },
];

type EventBetAnswer = {
  success: boolean;
  errorCode?: string;
  value: {
    roundId: string;
    betTransactionId: string;
    winTransactionId: string;
    result: { key: string };
    payoutMinor: string;
    settled: boolean;
    balance: string;
    revealed: { eventId: string; seed: string; seedHash: string; roll: number };
  };
  next: { eventId: string; seedHash: string };
};

/** A value the game page's script or markup carries. */
function pageValue(html: string, pattern: RegExp): string {
  const m = pattern.exec(html);
  expect(m, String(pattern)).not.toBeNull();
  return JSON.parse(m![1]!.startsWith('"') ? m![1]! : `"${m![1]!}"`) as string;
}

for (const target of databaseTargets()) {
  describe(`the reference vendor's event games through the seamless wallet [${target}]`, () => {
    let h: GatewayHarness;

    beforeAll(async () => {
      h = await createGatewayHarness(target);
      for (const vassalage of Object.values(SANDBOX_EVENT_VENDORS)) {
        await h.app.services.gateway.configureAdapter({
          vassalage,
          walletModel: 'seamless',
          launchUrl: `${h.sandbox.url}/play`,
          apiUrl: null,
          secret: h.sandbox.secret,
          requestTimeoutMs: 5000,
        });
      }
      await h.sandbox.control('/control/faults', { duplicateCallbacks: 3 });
    });
    afterAll(async () => {
      await h?.sandbox.control('/control/reset', {});
      await h?.close();
    });
    afterEach(async () => {
      await expectLedgerHealthy(h.database);
    });

    for (const game of GAMES) {
      it(`${game.kind}: a stake and its payout move the balance once, however often the callbacks come`, async () => {
        const vassalage = SANDBOX_EVENT_VENDORS[game.kind];
        const player = await createPlayer(h.app, 10_000n);
        const token = await launchToken(h.app, player, game.nodeId, vassalage);
        const params = new URLSearchParams({ token, game: game.nodeId, vendor: vassalage, lang: 'en' });
        const page = await fetch(`${h.sandbox.url}/play?${params.toString()}`);
        const html = await page.text();
        expect(page.status, html).toBe(200);
        expect(html).toContain('data-testid="sandbox-place-bet"');
        expect(html).toContain('100.00 BRL');
        const sid = pageValue(html, /const sid = ("[a-f0-9]+")/);
        let eventId = pageValue(html, /let eventId = ("[^"]+")/);
        let committed = pageValue(html, /data-testid="sandbox-seed-hash">([a-f0-9]{64})</);

        // Events one after another on the favourite, until one pays (at most 30: the chance of
        // none paying is below one in a million): lost stakes and a paid one both on the way.
        const pick = game.picks[0]!;
        const stake = 100n;
        let expected = 10_000n;
        let paid: EventBetAnswer['value'] | undefined;
        let lastEvent = eventId;
        for (let i = 0; i < 30 && !paid; i++) {
          const res = await fetch(`${h.sandbox.url}/play/${sid}/event-bet`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ eventId, selection: pick, betMinor: stake.toString() }),
          });
          const answer = (await res.json()) as EventBetAnswer;
          expect(res.status, JSON.stringify(answer)).toBe(200);
          const v = answer.value;
          expect(v.settled).toBe(true);
          // The result is the one the committed seed gives, and the seed is the one committed to.
          expect(v.revealed).toMatchObject({ eventId, seedHash: committed });
          expect(hashSeed(v.revealed.seed)).toBe(committed);
          const replayed = resolveEvent(
            { eventId, kind: game.kind, sides: ['a', 'b'], seed: v.revealed.seed, seedHash: committed },
            pick,
            stake,
          );
          expect(v.result.key).toBe(replayed.result.key);
          expect(BigInt(v.payoutMinor)).toBe(replayed.payoutMinor);
          expected += replayed.payoutMinor - stake;
          expect(await mainBalance(h.app, player.memberId)).toBe(expected);
          expect(v.balance).toBe((Number(expected) / 100).toFixed(2));

          // One bet (on this game) and one win recorded for the round, whatever the resends.
          const { rows } = await sql<{ kind: string; amount: string; vendor_tx_id: string; node_id: string }>`
            SELECT kind, amount::text AS amount, vendor_tx_id, node_id FROM round_bets
            WHERE vassalage = ${vassalage} AND round_id = ${v.roundId}
            ORDER BY id`.execute(h.database.db);
          expect(rows).toEqual([
            { kind: 'bet', amount: stake.toString(), vendor_tx_id: v.betTransactionId, node_id: game.nodeId },
            { kind: 'win', amount: v.payoutMinor, vendor_tx_id: v.winTransactionId, node_id: '' },
          ]);
          const round = await sql<{ status: string; total_bet: string; total_win: string }>`
            SELECT status, total_bet::text AS total_bet, total_win::text AS total_win FROM game_rounds
            WHERE vassalage = ${vassalage} AND round_id = ${v.roundId}`.execute(h.database.db);
          expect(round.rows).toEqual([{ status: 'settled', total_bet: '100', total_win: v.payoutMinor }]);

          lastEvent = eventId;
          expect(answer.next.eventId).not.toBe(eventId);
          eventId = answer.next.eventId;
          committed = answer.next.seedHash;
          if (replayed.payoutMinor > 0n) paid = v;
        }
        expect(paid, 'an event that paid').toBeDefined();

        // The settlement replayed by hand with its idempotency key: the first answer, nothing moves.
        const [again] = await h.sandbox.callbacks([
          {
            vendor: vassalage,
            op: 'win',
            body: {
              playerId: player.memberId,
              roundId: paid!.roundId,
              transactionId: paid!.winTransactionId,
              betTransactionId: paid!.betTransactionId,
              amountMinor: paid!.payoutMinor,
              roundClosed: true,
            },
          },
        ]);
        expect(again!.status, JSON.stringify(again!.body)).toBe(200);
        expect(again!.body.value!.balanceMinor).toBe(paid!.balance.replace('.', ''));
        // A stake sent again on the event already played: that event has closed.
        const twice = await fetch(`${h.sandbox.url}/play/${sid}/event-bet`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ eventId: lastEvent, selection: pick, betMinor: stake.toString() }),
        });
        expect(twice.status).toBe(409);
        expect(((await twice.json()) as EventBetAnswer).errorCode).toBe('EVENT_CLOSED');
        expect(await mainBalance(h.app, player.memberId)).toBe(expected);
      });
    }

    it('a stake the wallet refuses moves nothing, and the page gets the next event', async () => {
      const player = await createPlayer(h.app, 300n);
      const vassalage = SANDBOX_EVENT_VENDORS.cockfight;
      const token = await launchToken(h.app, player, 'SBC-meron-wala', vassalage);
      const params = new URLSearchParams({ token, game: 'SBC-meron-wala', vendor: vassalage, lang: 'pt' });
      const html = await (await fetch(`${h.sandbox.url}/play?${params.toString()}`)).text();
      expect(html).toContain('Rinha · Meron, Wala ou Empate');
      const sid = pageValue(html, /const sid = ("[a-f0-9]+")/);
      const eventId = pageValue(html, /let eventId = ("[^"]+")/);
      const res = await fetch(`${h.sandbox.url}/play/${sid}/event-bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventId, selection: 'meron', betMinor: '1000' }),
      });
      const answer = (await res.json()) as EventBetAnswer;
      expect(res.status).toBe(409);
      expect(answer.errorCode).toBe('INSUFFICIENT_FUNDS');
      expect(answer.next.eventId).not.toBe(eventId);
      expect(await mainBalance(h.app, player.memberId)).toBe(300n);
      const bad = await fetch(`${h.sandbox.url}/play/${sid}/event-bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ eventId: answer.next.eventId, selection: 'home', betMinor: '100' }),
      });
      expect(bad.status).toBe(400);
    });
  });
}
