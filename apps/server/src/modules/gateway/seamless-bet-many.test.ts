import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer } from './gateway.test-support';
import { hashCallback } from './seamless-shared';
import { applySeamlessBets, applySeamlessOps, type SeamlessOp, type SeamlessOpAnswer } from './seamless.repository';

// seamless_bet_many (migration 0390) must leave exactly what seamless_apply leaves, bet for bet.
// Two sides start alike: side A sends each bet alone through seamless_apply, side B sends the same
// bets as one batch through seamless_bet_many (as the lottery's placement does). The batch mixes
// plain bets (two on one new round, one on an existing round, a second player's new round) with
// every case that must go the careful way: a bet the wallet no longer covers and the bets after
// it, a settled round, a replay, one transaction id sent twice, a bet on another player's round,
// a new round two players stake in the same batch, and a player holding bonus money. Answers,
// balances, rounds, the bets' rows, their ledger transactions and entries, and the hourly report's
// and agents' member-day figures must be the same.

const VASSALAGE = 'BETMANY';

type Side = 'A' | 'B';
type Accounts = { walletId: string; bonusWalletId: string };

describeEachDatabase('seamless_bet_many: a batch of bets leaves what seamless_apply leaves, one by one', (target) => {
  let t: TestApp;
  let houseId: string;
  const players = new Map<Side, { memberId: string; accounts: Accounts }[]>();

  const db = () => t.database.db;

  async function accountsOf(memberId: string): Promise<Accounts> {
    const { rows } = await sql<{ purpose: string; id: string }>`
      SELECT purpose, id::text FROM ledger_accounts WHERE member_id = ${memberId}::bigint AND purpose IN ('player_main', 'player_bonus')`.execute(
      db(),
    );
    const id = (p: string) => rows.find((r) => r.purpose === p)!.id;
    return { walletId: id('player_main'), bonusWalletId: id('player_bonus') };
  }

  beforeAll(async () => {
    t = await createTestApp(target);
    const seamless = t.app.services.gateway.seamless;
    const { rows } = await sql<{
      id: string;
    }>`SELECT id::text FROM ledger_accounts WHERE member_id IS NULL AND purpose = 'house_cash' AND currency = 'BRL'`.execute(
      db(),
    );
    houseId = rows[0]!.id;
    const { rows: budget } = await sql<{
      id: string;
    }>`SELECT id::text FROM ledger_accounts WHERE member_id IS NULL AND purpose = 'promotion_budget' AND currency = 'BRL'`.execute(
      db(),
    );
    for (const side of ['A', 'B'] as const) {
      const list = [];
      // Player 0: plenty of money and an open round. Player 1: 5,000. Player 2: a settled round.
      // Player 3: bonus money.
      for (const [i, funds] of [100_000n, 5_000n, 1_000n, 1_000n].entries()) {
        const p = await createPlayer(t.app, funds);
        const bet = (round: string, tx: string, amount: bigint) =>
          seamless.bet({
            vassalage: VASSALAGE,
            memberId: p.memberId,
            transactionId: `${side}-${tx}`,
            roundId: `${side}-${round}`,
            gameId: 'g-1',
            amountMinor: amount,
          });
        if (i === 0) await bet('r0', 'b0pre', 1_000n);
        if (i === 2) {
          await bet('r2s', 'b2pre', 10n);
          await seamless.endRound({ vassalage: VASSALAGE, memberId: p.memberId, roundId: `${side}-r2s` });
        }
        // The wallet's accounts (main and bonus) exist once the wallet has seen the player.
        await seamless.prepareBets([p.memberId]);
        const accounts = await accountsOf(p.memberId);
        if (i === 3) {
          await sql`SELECT ledger_post('adjustment', ${`bet-many-bonus:${side}`}, 'h', 'test', '{}'::jsonb,
            ARRAY[${budget[0]!.id}::bigint, ${accounts.bonusWalletId}::bigint], ARRAY[-500, 500]::bigint[])`.execute(
            db(),
          );
        }
        list.push({ memberId: p.memberId, accounts });
      }
      players.set(side, list);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The batch, for one side: [player index, round, transaction, amount]. */
  const BETS: [number, string, string, bigint][] = [
    [0, 'n0', 'b1', 1_000n],
    [0, 'r0', 'b2', 500n],
    [1, 'n1', 'b3', 3_000n],
    [0, 'n0', 'b4', 200n],
    [1, 'n1', 'b5', 3_000n], // 2,000 left: refused, and player 1's later bets go the careful way
    [1, 'n1', 'b6', 1_000n],
    [2, 'r2s', 'b7', 10n], // round settled
    [2, 'n2', 'b8', 10n],
    [0, 'r0', 'b0pre', 1_000n], // placed before: a replay
    [0, 'n0', 'b9', 100n],
    [2, 'n2', 'b10', 10n], // sent twice
    [1, 'r2s', 'b11', 10n], // player 2's round
    [2, 'shared', 'b12', 10n], // a new round two players stake in this batch
    [1, 'shared', 'b13', 10n],
    [2, 'n2', 'b10', 10n],
    [3, 'n3', 'b14', 100n], // bonus money
  ];

  function opsFor(side: Side): SeamlessOp[] {
    return BETS.map(([i, round, tx, amount]) => {
      const p = players.get(side)![i]!;
      return {
        op: 'bet',
        vassalage: VASSALAGE,
        txId: `${side}-${tx}`,
        roundId: `${side}-${round}`,
        memberId: p.memberId,
        nodeId: 'g-1',
        amount: amount.toString(),
        // seamless.bet's hash, so the bet placed before through it is this op's replay.
        hash: hashCallback({
          kind: 'bet',
          member: p.memberId,
          round: `${side}-${round}`,
          game: 'g-1',
          amount: amount.toString(),
        }),
        walletId: p.accounts.walletId,
        bonusWalletId: p.accounts.bonusWalletId,
        houseId,
        currency: 'BRL',
        scale: 2,
      };
    });
  }

  /** Everything side-specific taken out: the side's ids, member ids and ledger ids. */
  function normalize(side: Side, value: unknown): unknown {
    const members = players.get(side)!.map((p) => p.memberId);
    return JSON.parse(
      JSON.stringify(value, (key, v: unknown) => {
        if (key === 'transactionId') return v === null || v === undefined ? v : 'tx';
        if (key === 'request_hash') return 'hash';
        if (typeof v === 'string') {
          if (key === 'member_id' || key === 'memberId' || key === 'playerId') return `P${members.indexOf(v)}`;
          return v.replaceAll(`${side}-`, 'S-');
        }
        return v;
      }),
    );
  }

  async function stateOf(side: Side) {
    const list = players.get(side)!;
    const members = list.map((p) => p.memberId);
    const accounts = list.flatMap((p) => [p.accounts.walletId, p.accounts.bonusWalletId]);
    const byAccount = new Map(
      list.flatMap((p, i) => [
        [p.accounts.walletId, `P${i}`] as const,
        [p.accounts.bonusWalletId, `P${i}-bonus`] as const,
      ]),
    );
    const balances = await sql<{
      id: string;
      balance: string;
    }>`SELECT id::text, balance::text FROM ledger_accounts WHERE id = ANY(${sql.val(accounts)}::bigint[])`.execute(
      db(),
    );
    const rounds = await sql`
      SELECT round_id, member_id::text, node_id, currency, status, total_bet::text, total_win::text, total_refund::text, bonus_bet::text
      FROM game_rounds WHERE vassalage = ${VASSALAGE} AND member_id = ANY(${sql.val(members)}::bigint[]) ORDER BY round_id`.execute(
      db(),
    );
    const bets = await sql`
      SELECT vendor_tx_id, round_id, member_id::text, node_id, amount::text, status, request_hash, response, bonus_amount::text,
        ledger_transaction_id IS NOT NULL AS has_ledger
      FROM round_bets WHERE vassalage = ${VASSALAGE} AND kind = 'bet' AND member_id = ANY(${sql.val(members)}::bigint[]) ORDER BY vendor_tx_id`.execute(
      db(),
    );
    const ledger = await sql<{ result: { balances: Record<string, string> } } & Record<string, unknown>>`
      SELECT t.kind, t.idempotency_key, t.currency, t.reference, t.metadata, t.result,
        (SELECT json_agg(json_build_object('house', e.account_id = ${houseId}::bigint, 'amount', e.amount::text) ORDER BY e.id) FROM ledger_entries e WHERE e.transaction_id = t.id) AS entries
      FROM ledger_transactions t
      WHERE t.idempotency_key LIKE ${`seamless:${VASSALAGE}:${side}-b%`}
      ORDER BY t.idempotency_key`.execute(db());
    // The agents' member-day figures of these players (the report's hourly rows are shared by both sides, so they are compared below as a whole).
    const daily = await sql`
      SELECT member_id::text, bets::text, wins::text, refunds::text FROM agent_member_daily WHERE member_id = ANY(${sql.val(members)}::bigint[]) ORDER BY member_id`.execute(
      db(),
    );
    return normalize(side, {
      balances: balances.rows
        .map((b) => ({ account: byAccount.get(b.id), balance: b.balance }))
        .sort((x, y) => x.account!.localeCompare(y.account!)),
      rounds: rounds.rows,
      bets: bets.rows,
      ledger: ledger.rows.map(({ result, ...rest }) => ({
        ...rest,
        walletAfter: Object.entries(result.balances).find(([id]) => byAccount.has(id))?.[1],
        accounts: Object.keys(result.balances)
          .map((id) => (id === houseId ? 'house' : byAccount.get(id)))
          .sort(),
      })),
      daily: daily.rows,
    });
  }

  async function reportTotals() {
    const { rows } = await sql<{ bet: string; rounds: string }>`
      SELECT coalesce(sum(bets), 0)::text AS bet, coalesce(sum(rounds), 0)::text AS rounds FROM reporting_game_hourly WHERE vassalage = ${VASSALAGE}`.execute(
      db(),
    );
    return rows[0]!;
  }

  it('answers, balances, rounds, bet rows, ledger transactions, entries and report figures are the same', async () => {
    const beforeA = await reportTotals();
    const one: SeamlessOpAnswer[] = [];
    for (const op of opsFor('A')) one.push(...(await applySeamlessOps(db(), [op])));
    const afterA = await reportTotals();
    const batch = await applySeamlessBets(db(), opsFor('B'));
    const afterB = await reportTotals();

    expect(batch).toHaveLength(BETS.length);
    // Set-based were player 0's first three and player 1's first; the rest follow a refusal, a
    // replay or a shared round, or hold bonus money, so they went the careful way, in order.
    expect(batch.flatMap((x, i) => ('plain' in x && x.plain ? [i] : []))).toEqual([0, 1, 2, 3]);
    expect(
      normalize(
        'B',
        batch.map((x) => ({ ...x, plain: undefined })),
      ),
    ).toEqual(normalize('A', one));
    const codes = batch.map((a) => ('error' in a ? a.error.errorCode : a.replayed ? 'replayed' : 'ok'));
    expect(codes).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'INSUFFICIENT_FUNDS',
      'ok',
      'ROUND_SETTLED',
      'ok',
      'replayed',
      'ok',
      'ok',
      'ROUND_MISMATCH',
      'ok',
      'ROUND_MISMATCH',
      'replayed',
      'ok',
    ]);
    // Running balances: player 0 had 99,000 after its earlier bet.
    const p0 = [0, 1, 3].map((i) => (batch[i] as unknown as { ok: { balanceMinor: string } }).ok.balanceMinor);
    expect(p0).toEqual(['98000', '97500', '97300']);

    expect(await stateOf('B')).toEqual(await stateOf('A'));
    // The hourly report: both sides added the same stakes and the same number of rounds.
    const added = (x: { bet: string; rounds: string }, y: { bet: string; rounds: string }) => ({
      bet: BigInt(y.bet) - BigInt(x.bet),
      rounds: BigInt(y.rounds) - BigInt(x.rounds),
    });
    expect(added(afterA, afterB)).toEqual(added(beforeA, afterA));
    await expectLedgerHealthy(t.database);

    // The same batch again: every accepted bet answers with its first answer, nothing moves.
    const before = await stateOf('B');
    const again = await applySeamlessBets(db(), opsFor('B'));
    expect(again.map((x) => ('ok' in x ? x.replayed : x.error.errorCode))).toEqual(
      batch.map((x) => ('ok' in x ? true : x.error.errorCode)),
    );
    expect(await stateOf('B')).toEqual(before);
  });
});
