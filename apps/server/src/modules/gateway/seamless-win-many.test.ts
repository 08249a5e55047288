import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer } from './gateway.test-support';
import { hashCallback } from './seamless-shared';
import { applySeamlessOps, applySeamlessWins, type SeamlessOp, type SeamlessOpAnswer } from './seamless.repository';

// seamless_win_many (migration 0317) must leave exactly what seamless_apply leaves, win for win.
// Two sides start alike: side A sends each win alone through seamless_apply (as seamless.win
// does), side B sends the same wins as one batch through seamless_win_many (as winMany's bulk
// queue does). The batch mixes plain wins (written set-based: two in one round, one in another
// round of the same wallet, one that closes nothing for a second player) with every case that must
// go the careful way: a replay, a zero win, a win over the cap (a stored refusal), a settled round,
// a missing round, a wrong bet id, and one transaction id sent twice. Answers, wallet balances,
// round totals, the wins' rows and their ledger transactions and entries must be the same.

const VASSALAGE = 'WINMANY';
const STAKE = 1_000n;

type Side = 'A' | 'B';
type Accounts = { walletId: string; bonusWalletId: string };

describeEachDatabase('seamless_win_many: a batch of wins leaves what seamless_apply leaves, one by one', (target) => {
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
    for (const side of ['A', 'B'] as const) {
      const list = [];
      for (let i = 0; i < 3; i++) {
        const p = await createPlayer(t.app, 100_000n);
        const bet = (round: string, tx: string, amount: bigint) =>
          seamless.bet({
            vassalage: VASSALAGE,
            memberId: p.memberId,
            transactionId: `${side}-${tx}`,
            roundId: `${side}-${round}`,
            gameId: 'g-1',
            amountMinor: amount,
          });
        // Player 0: two rounds. Player 1: one round, and a win paid before the batch. Player 2:
        // one round, and a round already settled.
        if (i === 0) {
          await bet('r0', 'b0', STAKE);
          await bet('r0b', 'b0b', 500n);
        } else if (i === 1) {
          await bet('r1', 'b1', 2_000n);
          await seamless.win({
            vassalage: VASSALAGE,
            memberId: p.memberId,
            transactionId: `${side}-w1pre`,
            roundId: `${side}-r1`,
            amountMinor: 300n,
          });
        } else {
          await bet('r2', 'b2', 10n);
          await bet('r2c', 'b2c', 10n);
          await seamless.endRound({ vassalage: VASSALAGE, memberId: p.memberId, roundId: `${side}-r2c` });
        }
        list.push({ memberId: p.memberId, accounts: await accountsOf(p.memberId) });
      }
      players.set(side, list);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The batch, for one side: [player index, round, transaction, amount, bet transaction]. */
  const WINS: [number, string, string, bigint, string | null][] = [
    [0, 'r0', 'w0a', 1_500n, 'b0'],
    [1, 'r1', 'w1', 4_000n, 'b1'],
    [2, 'r2', 'w2', 10n * 10_000n + 1n, 'b2'], // over the cap (10,000 × the stake): a stored refusal
    [0, 'r0', 'w0b', 700n, null],
    [1, 'r1', 'w1pre', 300n, null], // paid before: a replay
    [2, 'r2', 'w2e', 3n, 'b2'], // sent twice
    [0, 'r0b', 'w0c', 250n, 'b0b'],
    [1, 'r1', 'w1zero', 0n, 'b1'], // nothing to pay: a 'done' row without a ledger transaction
    [2, 'r2c', 'w2c', 5n, 'b2c'], // round settled
    [2, 'r2x', 'w2x', 5n, null], // no such round
    [2, 'r2', 'w2e', 3n, 'b2'],
    [2, 'r2', 'w2bad', 7n, 'nope'], // another bet's id
  ];

  function opsFor(side: Side): SeamlessOp[] {
    return WINS.map(([i, round, tx, amount, betTx]) => {
      const p = players.get(side)![i]!;
      return {
        op: 'win',
        vassalage: VASSALAGE,
        txId: `${side}-${tx}`,
        roundId: `${side}-${round}`,
        memberId: p.memberId,
        amount: amount.toString(),
        // seamless.win's hash, so the win paid before through it is this op's replay.
        hash: hashCallback({
          kind: 'win',
          member: p.memberId,
          round: `${side}-${round}`,
          bet: betTx === null ? null : `${side}-${betTx}`,
          amount: amount.toString(),
          closed: false,
        }),
        walletId: p.accounts.walletId,
        bonusWalletId: p.accounts.bonusWalletId,
        houseId,
        currency: 'BRL',
        scale: 2,
        betTxId: betTx === null ? null : `${side}-${betTx}`,
        settle: false,
        winMultiple: '10000',
        winMax: null,
      };
    });
  }

  /** Everything side-specific taken out: the side's ids, member ids and ledger ids. */
  function normalize(side: Side, value: unknown): unknown {
    const members = players.get(side)!.map((p) => p.memberId);
    return JSON.parse(
      JSON.stringify(value, (key, v: unknown) => {
        if (key === 'transactionId') return v === null || v === undefined ? v : 'tx';
        // The hash covers the member id, which differs between the sides.
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
    const wallets = list.map((p) => p.accounts.walletId);
    const balances = await sql<{
      id: string;
      balance: string;
    }>`SELECT id::text, balance::text FROM ledger_accounts WHERE id = ANY(${sql.val(wallets)}::bigint[]) ORDER BY id`.execute(
      db(),
    );
    const rounds = await sql`
      SELECT round_id, member_id::text, status, total_bet::text, total_win::text, total_refund::text, bonus_bet::text, bonus_win::text
      FROM game_rounds WHERE vassalage = ${VASSALAGE} AND member_id = ANY(${sql.val(members)}::bigint[]) ORDER BY round_id`.execute(
      db(),
    );
    const wins = await sql`
      SELECT vendor_tx_id, round_id, member_id::text, amount::text, ref_tx_id, status, request_hash, response, bonus_amount::text, bonus_kept::text,
        ledger_transaction_id IS NOT NULL AS has_ledger
      FROM round_bets WHERE vassalage = ${VASSALAGE} AND kind = 'win' AND member_id = ANY(${sql.val(members)}::bigint[]) ORDER BY vendor_tx_id`.execute(
      db(),
    );
    // The wins' ledger transactions: kind, key, reference, metadata, the wallet's balance in the
    // result, and the entries in order (house −, wallet +).
    const ledger = await sql<
      { idempotency_key: string; result: { balances: Record<string, string> } } & Record<string, unknown>
    >`
      SELECT t.kind, t.idempotency_key, t.request_hash, t.currency, t.reference, t.metadata, t.result,
        (SELECT json_agg(json_build_object('house', e.account_id = ${houseId}::bigint, 'amount', e.amount::text) ORDER BY e.id) FROM ledger_entries e WHERE e.transaction_id = t.id) AS entries
      FROM ledger_transactions t
      WHERE t.idempotency_key LIKE ${`seamless:${VASSALAGE}:${side}-w%`}
      ORDER BY t.idempotency_key`.execute(db());
    const byWallet = new Map(list.map((p, i) => [p.accounts.walletId, `P${i}`]));
    return normalize(side, {
      balances: balances.rows
        .map((b) => ({ player: byWallet.get(b.id), balance: b.balance }))
        .sort((x, y) => x.player!.localeCompare(y.player!)),
      rounds: rounds.rows,
      wins: wins.rows,
      ledger: ledger.rows.map(({ result, ...rest }) => ({
        ...rest,
        walletAfter: Object.entries(result.balances).find(([id]) => byWallet.has(id))?.[1],
        accounts: Object.keys(result.balances)
          .map((id) => (id === houseId ? 'house' : byWallet.get(id)))
          .sort(),
      })),
    });
  }

  it('answers, balances, rounds, win rows, ledger transactions and entries are the same', async () => {
    const one: SeamlessOpAnswer[] = [];
    for (const op of opsFor('A')) one.push(...(await applySeamlessOps(db(), [op])));
    const batch = await applySeamlessWins(db(), opsFor('B'));

    expect(batch).toHaveLength(WINS.length);
    // Set-based were player 0's three wins and player 1's first; the rest of player 1's follow its
    // replay, and player 2's its refusal, so they went the careful way, in order.
    expect(batch.flatMap((x, i) => ('plain' in x && x.plain ? [i] : []))).toEqual([0, 1, 3, 6]);
    expect(
      normalize(
        'B',
        batch.map((x) => ({ ...x, plain: undefined })),
      ),
    ).toEqual(normalize('A', one));
    // The cases the batch must have answered as seamless_apply does, by name.
    const codes = batch.map((a) => ('error' in a ? a.error.errorCode : a.replayed ? 'replayed' : 'ok'));
    expect(codes).toEqual([
      'ok',
      'ok',
      'WIN_LIMIT_EXCEEDED',
      'ok',
      'replayed',
      'ok',
      'ok',
      'ok',
      'ROUND_SETTLED',
      'BET_NOT_FOUND',
      'replayed',
      'BET_NOT_FOUND',
    ]);
    // Running balances: player 0's three wins report 100,000 − 1,500 staked + each win in turn.
    const p0 = [0, 3, 6].map((i) => (batch[i] as unknown as { ok: { balanceMinor: string } }).ok.balanceMinor);
    expect(p0).toEqual(['100000', '100700', '100950']);

    const a = await stateOf('A');
    const b = await stateOf('B');
    expect(b).toEqual(a);
    await expectLedgerHealthy(t.database);

    // The same batch again: every win answers with its first answer, nothing moves.
    const before = await stateOf('B');
    const again = await applySeamlessWins(db(), opsFor('B'));
    expect(again.map((x) => ('ok' in x ? x.replayed : true))).toEqual(WINS.map(() => true));
    expect(await stateOf('B')).toEqual(before);
  });
});
