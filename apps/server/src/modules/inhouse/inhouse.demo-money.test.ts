import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RankList } from '@wps/shared/schemas/catalogue';
import type { InhouseRoundResult, InhouseSession } from '@wps/shared/schemas/inhouse';
import { call, callEncrypted, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { maskAccount } from '../catalogue/catalogue.service';
import { createPlayer } from '../gateway/gateway.test-support';

function key(): string {
  return `k-${crypto.randomBytes(8).toString('hex')}`;
}

/** Balance and entry count of the house accounts whose purpose starts with `prefix`. */
type HouseFigures = { balance: bigint; entries: number };

// Trial (free-play) money is demo money. It is funded by demo_bank, its rounds settle
// against the demo house (house_demo*), and it never reaches house_cash, the public winners board
// or the house's figures (which sum the house_cash* accounts, docs/decisions.md).
describeEachDatabase('in-house games: demo money stays demo', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    if (t) await expectLedgerHealthy(t.database);
    await t?.close();
  });

  async function house(prefix: 'house_cash' | 'house_demo'): Promise<HouseFigures> {
    const { rows } = await sql<{ balance: string; entries: string }>`
      SELECT coalesce((SELECT sum(balance) FROM ledger_accounts WHERE member_id IS NULL AND purpose LIKE ${`${prefix}%`}), 0)::text AS balance,
             (SELECT count(*) FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
               WHERE a.member_id IS NULL AND a.purpose LIKE ${`${prefix}%`})::text AS entries`.execute(t.database.db);
    return { balance: BigInt(rows[0]!.balance), entries: Number(rows[0]!.entries) };
  }

  /** Free play login → launch → game session, as the site and the game page do it. */
  async function open(token: string, nodeId: 'inhouse-slot' | 'inhouse-dice'): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token,
        payload: { nodeId, vassalage: 'inhouse', gameId: nodeId, language: 'en' },
      }),
    ).game_url;
    const launch = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
  }

  const auth = (s: InhouseSession) => ({ sessionToken: s.sessionToken, playerId: s.playerId });

  /** Dice at a 98 % win chance until a round pays; every round played is returned. */
  async function rollUntilWin(s: InhouseSession): Promise<InhouseRoundResult[]> {
    const rounds: InhouseRoundResult[] = [];
    for (let i = 0; i < 20; i++) {
      const r = valueOf<InhouseRoundResult>(
        await call(t.app, 'POST', '/wps/inhouse/dice/roll', {
          payload: { ...auth(s), stakeMinor: '1000', idempotencyKey: key(), target: 9800, direction: 'under' },
        }),
      );
      rounds.push(r);
      if (BigInt(r.payoutMinor) > 0n) return rounds;
    }
    throw new Error('no winning roll in 20 tries at 98 %');
  }

  const net = (rounds: InhouseRoundResult[]) =>
    rounds.reduce((sum, r) => sum + BigInt(r.stakeMinor) - BigInt(r.payoutMinor), 0n);

  it('a trial account plays slot and dice against the demo house: house_cash, the winners board and the house figures never see it', async () => {
    // A real player's win: it moves house_cash and shows on the board, so the checks below can fail.
    const real = await createPlayer(t.app, 100_000n);
    const cashAtStart = await house('house_cash');
    const realRounds = await rollUntilWin(await open(real.token, 'inhouse-dice'));
    const realAccount = await t.database.db
      .selectFrom('members')
      .select('account')
      .where('id', '=', real.memberId)
      .executeTakeFirstOrThrow();

    const cashBefore = await house('house_cash');
    const demoBefore = await house('house_demo');

    const trial = valueOf<{ token: string }>(
      await callEncrypted(t.app, 'POST', '/wps/session/login/freeplay', {
        random: crypto.randomBytes(8).toString('hex'),
      }),
    );
    const slot = await open(trial.token, 'inhouse-slot');
    const trialRounds: InhouseRoundResult[] = [];
    for (let i = 0; i < 3; i++) {
      trialRounds.push(
        valueOf<InhouseRoundResult>(
          await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
            payload: { ...auth(slot), stakeMinor: '100', idempotencyKey: key() },
          }),
        ),
      );
    }
    trialRounds.push(...(await rollUntilWin(await open(trial.token, 'inhouse-dice'))));
    const trialWin = trialRounds.find((r) => BigInt(r.payoutMinor) > 0n)!;

    // The demo credit and every trial bet and win left house cash alone: not one entry, not one cent.
    expect(await house('house_cash')).toEqual(cashBefore);
    // The demo house took the trial stakes and paid the trial wins.
    const demoAfter = await house('house_demo');
    expect(demoAfter.balance - demoBefore.balance).toBe(net(trialRounds));
    expect(demoAfter.entries).toBeGreaterThan(demoBefore.entries);
    // The game records still show the trial rounds as rounds of that player (their own betting record).
    const record = valueOf<{ total: number }>(await call(t.app, 'GET', '/wps/bet-record', { token: trial.token }));
    expect(record.total).toBe(trialRounds.length);

    // The public winners board lists the real win and no trial win.
    const trialAccount = await t.database.db
      .selectFrom('members')
      .select(['account', 'type'])
      .where('id', '=', slot.playerId)
      .executeTakeFirstOrThrow();
    expect(trialAccount.type).toBe(4);
    const board = valueOf<RankList>(
      await call(t.app, 'POST', '/wps/relay/GCSGAME_getRankList', { payload: { size: 50 } }),
    );
    // The board shows net wins: rounds that paid more than they staked, by what they gained.
    const realWins = realRounds.filter((r) => BigInt(r.payoutMinor) > BigInt(r.stakeMinor));
    expect(realWins.length).toBeGreaterThan(0);
    expect(board.list.map((w) => ({ account: w.account, amountMinor: w.amountMinor }))).toEqual(
      realWins
        .map((r) => ({
          account: maskAccount(realAccount.account),
          amountMinor: (BigInt(r.payoutMinor) - BigInt(r.stakeMinor)).toString(),
        }))
        .sort((a, b) => Number(BigInt(b.amountMinor) - BigInt(a.amountMinor))),
    );
    expect(board.list.some((w) => w.account === maskAccount(trialAccount.account))).toBe(false);
    const trialNet = (BigInt(trialWin.payoutMinor) - BigInt(trialWin.stakeMinor)).toString();
    expect(board.list.some((w) => w.amountMinor === trialNet && w.account !== maskAccount(realAccount.account))).toBe(
      false,
    );

    // The house's result (house_cash* balance, docs/decisions.md) moved by the real rounds only.
    expect((await house('house_cash')).balance - cashAtStart.balance).toBe(net(realRounds));
  });
});
