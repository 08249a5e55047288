import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetRecordPage } from '@wps/shared/schemas/bet-record';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { databaseTargets } from '../../../test/test-app';
import { COMMANDS } from '../../scripts/ops';
import {
  createGatewayHarness,
  createPlayer,
  mainBalance,
  openSeamlessSession,
  type GatewayHarness,
  type Player,
} from '../gateway/gateway.test-support';
import type { RoundReconstruction } from './round-reconstruction';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

// Rounds placed the way a player plays: a launch, the vendor's own process authenticating and
// sending signed callbacks over HTTP. The reconstruction must equal what the player's betting
// record showed, and agree with the ledger.
for (const target of databaseTargets()) {
  describe(`round reconstruction from the records [${target}]`, () => {
    let h: GatewayHarness;
    let player: Player;
    const won = id('r');
    const refunded = id('r');
    const bets = { first: id('b'), second: id('b'), win: id('w'), refunded: id('b'), rollback: id('rb') };

    const show = async (...args: string[]) => {
      const printed: unknown[] = [];
      await COMMANDS['round:show']!.run({ database: h.database, print: (v) => printed.push(v) }, args);
      return printed[0] as RoundReconstruction;
    };

    beforeAll(async () => {
      h = await createGatewayHarness(target);
      player = await createPlayer(h.app, 10_000n);
      const sessionToken = await openSeamlessSession(h, player);
      const base = { playerId: player.memberId, sessionToken };
      const results = await h.sandbox.callbacks([
        {
          op: 'bet',
          body: { ...base, transactionId: bets.first, roundId: won, gameId: 'SBX-slot-01', amountMinor: '1000' },
        },
        {
          op: 'bet',
          body: { ...base, transactionId: bets.second, roundId: won, gameId: 'SBX-slot-01', amountMinor: '500' },
        },
        {
          op: 'win',
          body: {
            ...base,
            transactionId: bets.win,
            roundId: won,
            betTransactionId: bets.first,
            amountMinor: '2600',
            roundClosed: true,
          },
        },
        {
          op: 'bet',
          body: { ...base, transactionId: bets.refunded, roundId: refunded, gameId: 'SBX-slot-01', amountMinor: '700' },
        },
        {
          op: 'rollback',
          body: { ...base, transactionId: bets.rollback, roundId: refunded, betTransactionId: bets.refunded },
        },
        { op: 'end-round', body: { ...base, roundId: refunded } },
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    });
    afterAll(async () => {
      await h?.close();
    });

    it('prints each round as the player saw it in the betting record, and agrees with the ledger', async () => {
      const record = valueOf<BetRecordPage>(await call(h.app, 'GET', '/wps/bet-record', { token: player.token }));
      expect(record.list.map((r) => r.roundId).sort()).toEqual([won, refunded].sort());
      for (const seen of record.list) {
        const round = await show(seen.roundId);
        expect(round.agrees, JSON.stringify(round.checks)).toBe(true);
        expect({
          roundId: round.roundId,
          vassalage: round.vassalage,
          vendorName: round.vendorName,
          nodeId: round.nodeId,
          gameName: round.gameName,
          stakeMinor: round.totals.stakeMinor,
          payoutMinor: round.totals.payoutMinor,
          profitMinor: round.totals.profitMinor,
          status: round.outcome,
          createdAt: round.createdAt,
          settledAt: round.settledAt,
        }).toEqual({
          roundId: seen.roundId,
          vassalage: seen.vassalage,
          vendorName: seen.vendorName,
          nodeId: seen.nodeId,
          gameName: seen.gameName,
          stakeMinor: seen.stakeMinor,
          payoutMinor: seen.payoutMinor,
          profitMinor: seen.profitMinor,
          status: seen.status,
          createdAt: seen.createdAt,
          settledAt: seen.settledAt,
        });
        expect(round.player.memberId).toBe(player.memberId);
      }
    });

    it('lists every stake, win and refund with its time, vendor and ledger transaction, and the balances after', async () => {
      const round = await show(won, 'SBX');
      expect(round).toMatchObject({
        outcome: 'settled',
        totals: { stakeMinor: '1500', winMinor: '2600', refundMinor: '0', profitMinor: '1100' },
      });
      expect(round.movements.map((m) => [m.kind, m.vendorTxId, m.amountMinor, m.status])).toEqual([
        ['bet', bets.first, '1000', 'accepted'],
        ['bet', bets.second, '500', 'accepted'],
        ['win', bets.win, '2600', 'done'],
      ]);
      for (const m of round.movements) {
        expect(Date.parse(m.at)).toBeGreaterThan(0);
        const tx = round.ledger.find((t) => t.id === m.ledgerTransactionId)!;
        expect(tx.kind).toBe(m.kind);
        expect(tx.entries.reduce((s, e) => s + BigInt(e.amountMinor), 0n)).toBe(0n);
      }
      // The player's main wallet after the round's last movement: 10,000 - 1,000 - 500 + 2,600.
      const last = round.ledger.at(-1)!.entries.find((e) => e.memberId === player.memberId)!;
      expect(last.balanceAfterMinor).toBe('11100');

      const cancelled = await show(refunded);
      expect(cancelled).toMatchObject({
        outcome: 'cancelled',
        agrees: true,
        totals: { stakeMinor: '700', refundMinor: '700', profitMinor: '0' },
      });
      expect(cancelled.movements.map((m) => m.kind)).toEqual(['bet', 'rollback']);
      expect(await mainBalance(h.app, player.memberId)).toBe(11_100n);
      await expectLedgerHealthy(h.database);
    });

    it('refuses a round that does not exist', async () => {
      await expect(show('no-such-round')).rejects.toThrow(/^not a round/);
    });
  });
}
