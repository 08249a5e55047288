import { sql } from 'kysely';
import type { LedgerKind } from '@wps/shared/ledger-kinds';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { checkLedger } from './ledger-check';
import type { LedgerService } from './ledger.service';

let seq = 0;
/** A member id no other test in the file uses (members belong to another module; the ledger only needs the id). */
function nextMemberId(): string {
  seq += 1;
  return String(9_000_000 + seq);
}

async function countRows(t: TestApp, table: 'ledger_transactions' | 'ledger_entries'): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describeEachDatabase('ledger service', (target) => {
  let t: TestApp;
  let ledger: LedgerService;
  let house: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    ledger = t.app.services.ledger;
    house = await ledger.ensureSystemAccount('house_cash', 'BRL');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function fundedWallet(amountMinor: bigint): Promise<{ memberId: string; wallet: string }> {
    const memberId = nextMemberId();
    const wallet = await ledger.ensurePlayerWallet(t.database.db, memberId);
    await ledger.creditPlayerFromSystem({
      memberId,
      systemAccount: 'promotion_budget',
      amountMinor,
      kind: 'adjustment',
      idempotencyKey: `fund:${memberId}`,
    });
    return { memberId, wallet };
  }

  it('creates one main wallet per member, in the operator currency, starting at zero', async () => {
    const memberId = nextMemberId();
    const a = await ledger.ensurePlayerWallet(t.database.db, memberId);
    const b = await ledger.ensurePlayerWallet(t.database.db, memberId);
    expect(a).toBe(b);
    const row = await t.database.db
      .selectFrom('ledger_accounts')
      .selectAll()
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      currency: 'BRL',
      purpose: 'player_main',
      is_player: true,
      balance: '0',
      member_id: memberId,
    });
    expect(await ledger.getPlayerBalance(memberId)).toBe(0n);
    expect(await ledger.getPlayerBalance(nextMemberId())).toBe(0n);
  });

  it('credits a player from a system account with balanced entries', async () => {
    const { memberId, wallet } = await fundedWallet(12_345n);
    expect(await ledger.getPlayerBalance(memberId)).toBe(12_345n);
    const entries = await t.database.db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
      .select(['ledger_entries.account_id', 'ledger_entries.amount', 'ledger_transactions.kind'])
      .where('ledger_transactions.idempotency_key', '=', `fund:${memberId}`)
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries.reduce((s, e) => s + BigInt(e.amount), 0n)).toBe(0n);
    expect(entries.find((e) => e.account_id === wallet)?.amount).toBe('12345');
  });

  it('replays the same key and request with the stored result and no second effect', async () => {
    const { memberId, wallet } = await fundedWallet(1_000n);
    const input = {
      kind: 'bet' as const,
      idempotencyKey: `bet:${memberId}`,
      reference: 'round-1',
      entries: [
        { accountId: wallet, amountMinor: -300n },
        { accountId: house, amountMinor: 300n },
      ],
    };
    const first = await ledger.postTransaction(input);
    const txBefore = await countRows(t, 'ledger_transactions');
    // Same request with the entries in another order is the same request.
    const second = await ledger.postTransaction({ ...input, entries: [...input.entries].reverse() });
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...first, replayed: true });
    expect(first.balances[wallet]).toBe('700');
    expect(await countRows(t, 'ledger_transactions')).toBe(txBefore);
    expect(await ledger.getPlayerBalance(memberId)).toBe(700n);
  });

  it('rejects a reused key with a different request as IDEMPOTENCY_CONFLICT', async () => {
    const { memberId, wallet } = await fundedWallet(1_000n);
    const key = `bet:${memberId}`;
    await ledger.postTransaction({
      kind: 'bet',
      idempotencyKey: key,
      entries: [
        { accountId: wallet, amountMinor: -100n },
        { accountId: house, amountMinor: 100n },
      ],
    });
    await expect(
      ledger.postTransaction({
        kind: 'bet',
        idempotencyKey: key,
        entries: [
          { accountId: wallet, amountMinor: -200n },
          { accountId: house, amountMinor: 200n },
        ],
      }),
    ).rejects.toMatchObject({ errorCode: 'IDEMPOTENCY_CONFLICT' });
    await expect(
      ledger.creditPlayerFromSystem({
        memberId,
        systemAccount: 'promotion_budget',
        amountMinor: 999n,
        kind: 'adjustment',
        idempotencyKey: `fund:${memberId}`,
      }),
    ).rejects.toMatchObject({ errorCode: 'IDEMPOTENCY_CONFLICT' });
    expect(await ledger.getPlayerBalance(memberId)).toBe(900n);
  });

  it('refuses to take a player below zero and writes nothing', async () => {
    const { memberId, wallet } = await fundedWallet(500n);
    const txBefore = await countRows(t, 'ledger_transactions');
    const entriesBefore = await countRows(t, 'ledger_entries');
    await expect(
      ledger.postTransaction({
        kind: 'bet',
        idempotencyKey: `big:${memberId}`,
        entries: [
          { accountId: wallet, amountMinor: -501n },
          { accountId: house, amountMinor: 501n },
        ],
      }),
    ).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS', value: { balance: '500' } });
    expect(await countRows(t, 'ledger_transactions')).toBe(txBefore);
    expect(await countRows(t, 'ledger_entries')).toBe(entriesBefore);
    expect(await ledger.getPlayerBalance(memberId)).toBe(500n);
    // The key was not consumed: the same key may be used once funds allow it.
    const ok = await ledger.postTransaction({
      kind: 'bet',
      idempotencyKey: `big:${memberId}`,
      entries: [
        { accountId: wallet, amountMinor: -500n },
        { accountId: house, amountMinor: 500n },
      ],
    });
    expect(ok.balances[wallet]).toBe('0');
  });

  it('posts sent together share a batch, yet each gets its own answer: a refusal or a bad account fails only its own post', async () => {
    const a = await fundedWallet(1_000n);
    const b = await fundedWallet(100n);
    const before = await countRows(t, 'ledger_transactions');
    const bet = (w: string, key: string, amount: bigint) =>
      ledger.postTransaction({
        kind: 'bet',
        idempotencyKey: key,
        entries: [
          { accountId: w, amountMinor: -amount },
          { accountId: house, amountMinor: amount },
        ],
      });
    const settled = await Promise.allSettled([
      bet(a.wallet, `batch-a1:${a.memberId}`, 300n),
      bet(b.wallet, `batch-b:${b.memberId}`, 101n), // more than b has
      bet('999999999', `batch-bad:${a.memberId}`, 1n), // no such account
      bet(a.wallet, `batch-a2:${a.memberId}`, 200n),
      bet(a.wallet, `batch-a1:${a.memberId}`, 300n), // the first one again, in the same batch
    ]);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect((settled[1] as PromiseRejectedResult).reason).toMatchObject({
      errorCode: 'INSUFFICIENT_FUNDS',
      value: { balance: '100' },
    });
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'LE001' });
    const first = (settled[0] as PromiseFulfilledResult<{ transactionId: string; replayed: boolean }>).value;
    const again = (settled[4] as PromiseFulfilledResult<{ transactionId: string; replayed: boolean }>).value;
    expect(again).toMatchObject({ transactionId: first.transactionId, replayed: true });
    expect(await countRows(t, 'ledger_transactions')).toBe(before + 2);
    expect(await ledger.getPlayerBalance(a.memberId)).toBe(500n);
    expect(await ledger.getPlayerBalance(b.memberId)).toBe(100n);
  });

  it('leaves nothing behind inside a caller transaction that goes on after a refusal', async () => {
    const { memberId, wallet } = await fundedWallet(100n);
    const txBefore = await countRows(t, 'ledger_transactions');
    await t.database.db.transaction().execute(async (trx) => {
      await expect(
        ledger.postTransaction(
          {
            kind: 'bet',
            idempotencyKey: `in-trx:${memberId}`,
            entries: [
              { accountId: wallet, amountMinor: -101n },
              { accountId: house, amountMinor: 101n },
            ],
          },
          trx,
        ),
      ).rejects.toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
      await ledger.postTransaction(
        {
          kind: 'bet',
          idempotencyKey: `in-trx-2:${memberId}`,
          entries: [
            { accountId: wallet, amountMinor: -40n },
            { accountId: house, amountMinor: 40n },
          ],
        },
        trx,
      );
    });
    expect(await countRows(t, 'ledger_transactions')).toBe(txBefore + 1);
    expect(await ledger.getPlayerBalance(memberId)).toBe(60n);
  });

  it('rolls back with the caller transaction (wallet and credit together)', async () => {
    const memberId = nextMemberId();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await ledger.ensurePlayerWallet(trx, memberId);
        await ledger.creditPlayerFromSystem(
          {
            memberId,
            systemAccount: 'demo_bank',
            amountMinor: 5_000n,
            kind: 'freeplay_demo_credit',
            idempotencyKey: `demo:${memberId}`,
          },
          trx,
        );
        throw new Error('registration failed later');
      }),
    ).rejects.toThrow('registration failed later');
    expect(await ledger.getPlayerBalance(memberId)).toBe(0n);
    const wallets = await t.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('member_id', '=', memberId)
      .execute();
    expect(wallets).toHaveLength(0);
  });

  it('rejects malformed transactions before touching the database', async () => {
    const { wallet } = await fundedWallet(100n);
    await expect(
      ledger.postTransaction({
        kind: 'bet',
        idempotencyKey: 'unbalanced',
        entries: [
          { accountId: wallet, amountMinor: -1n },
          { accountId: house, amountMinor: 2n },
        ],
      }),
    ).rejects.toThrow(/sum to zero/);
    await expect(
      ledger.postTransaction({
        kind: 'bet',
        idempotencyKey: 'single',
        entries: [{ accountId: wallet, amountMinor: 0n }],
      }),
    ).rejects.toThrow(/two entries/);
    await expect(
      ledger.postTransaction({
        kind: 'Bad Kind' as LedgerKind,
        idempotencyKey: 'k',
        entries: [
          { accountId: wallet, amountMinor: -1n },
          { accountId: house, amountMinor: 1n },
        ],
      }),
    ).rejects.toThrow(/kind/);
    const usd = await ledger.ensureSystemAccount('house_cash', 'USD');
    await expect(
      ledger.postTransaction({
        kind: 'bet',
        idempotencyKey: 'fx',
        entries: [
          { accountId: wallet, amountMinor: -1n },
          { accountId: usd, amountMinor: 1n },
        ],
      }),
    ).rejects.toThrow(/one currency/);
  });

  it('rejects UPDATE, DELETE and TRUNCATE of entries and transactions in the database', async () => {
    await fundedWallet(100n);
    const db = t.database.db;
    await expect(sql`UPDATE ledger_entries SET amount = amount * 2`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE ledger_entries CASCADE`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE ledger_transactions SET kind = 'other'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`UPDATE ledger_transactions SET result = '{}'::jsonb`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_transactions`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE ledger_transactions CASCADE`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('refuses an unbalanced transaction at commit in the database', async () => {
    const { wallet } = await fundedWallet(100n);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: string }>`
          INSERT INTO ledger_transactions (kind, idempotency_key, request_hash, currency, result)
          VALUES ('adjustment', 'raw-unbalanced', 'x', 'BRL', '{}') RETURNING id`.execute(trx);
        await sql`INSERT INTO ledger_entries (transaction_id, account_id, amount, currency) VALUES (${rows[0]!.id}, ${house}, 5, 'BRL')`.execute(
          trx,
        );
        await sql`UPDATE ledger_accounts SET balance = balance + 5 WHERE id = ${house}`.execute(trx);
      }),
    ).rejects.toThrow(/unbalanced/);
    // The player CHECK constraint backs the service's own guard.
    await expect(
      sql`UPDATE ledger_accounts SET balance = -1 WHERE id = ${wallet}`.execute(t.database.db),
    ).rejects.toThrow(/non_negative/);
  });

  it('holds money, then posts or voids each hold exactly once', async () => {
    const { memberId, wallet } = await fundedWallet(1_000n);
    const clearing = await ledger.ensureSystemAccount('gateway_clearing', 'BRL');
    const a = await ledger.createHold({
      sourceAccountId: wallet,
      amountMinor: 300n,
      kind: 'withdrawal',
      idempotencyKey: `hold-a:${memberId}`,
    });
    const again = await ledger.createHold({
      sourceAccountId: wallet,
      amountMinor: 300n,
      kind: 'withdrawal',
      idempotencyKey: `hold-a:${memberId}`,
    });
    expect(again).toEqual({ ...a, replayed: true });
    const b = await ledger.createHold({
      sourceAccountId: wallet,
      amountMinor: 200n,
      kind: 'withdrawal',
      idempotencyKey: `hold-b:${memberId}`,
    });
    expect(await ledger.getPlayerBalance(memberId)).toBe(500n);
    await expect(
      ledger.createHold({
        sourceAccountId: wallet,
        amountMinor: 501n,
        kind: 'withdrawal',
        idempotencyKey: `hold-c:${memberId}`,
      }),
    ).rejects.toMatchObject({
      errorCode: 'INSUFFICIENT_FUNDS',
    });

    const posted = await ledger.postHold({
      holdId: a.holdId,
      destinationAccountId: clearing,
      kind: 'withdrawal',
      idempotencyKey: `post-a:${memberId}`,
    });
    expect(posted.replayed).toBe(false);
    const replay = await ledger.postHold({
      holdId: a.holdId,
      destinationAccountId: clearing,
      kind: 'withdrawal',
      idempotencyKey: `post-a:${memberId}`,
    });
    expect(replay).toEqual({ ...posted, replayed: true });
    await expect(
      ledger.voidHold({ holdId: a.holdId, kind: 'withdrawal_reversal', idempotencyKey: `void-a:${memberId}` }),
    ).rejects.toMatchObject({ errorCode: 'IDEMPOTENCY_CONFLICT' });

    await ledger.voidHold({ holdId: b.holdId, kind: 'withdrawal_reversal', idempotencyKey: `void-b:${memberId}` });
    await expect(
      ledger.postHold({
        holdId: b.holdId,
        destinationAccountId: clearing,
        kind: 'withdrawal',
        idempotencyKey: `post-b:${memberId}`,
      }),
    ).rejects.toMatchObject({
      errorCode: 'IDEMPOTENCY_CONFLICT',
    });
    await expect(
      ledger.voidHold({ holdId: '999999999', kind: 'withdrawal_reversal', idempotencyKey: `void-x:${memberId}` }),
    ).rejects.toMatchObject({ errorCode: 'NOT_FOUND' });
    expect(await ledger.getPlayerBalance(memberId)).toBe(700n);

    const holds = await t.database.db
      .selectFrom('ledger_holds')
      .select(['id', 'status'])
      .where('id', 'in', [a.holdId, b.holdId])
      .orderBy('id')
      .execute();
    expect(holds.map((h) => h.status)).toEqual(['posted', 'voided']);
    await expect(
      sql`UPDATE ledger_holds SET status = 'pending', resolve_transaction_id = NULL WHERE id = ${a.holdId}`.execute(
        t.database.db,
      ),
    ).rejects.toThrow(/resolved once/);
  });

  describe('checkLedger', () => {
    it('reports a cached balance that drifted from its entries', async () => {
      const { wallet } = await fundedWallet(100n);
      // A drift can only be made by going around the service; do it and undo it in one transaction.
      await t.database.db
        .transaction()
        .execute(async (trx) => {
          await sql`UPDATE ledger_accounts SET balance = balance + 7 WHERE id = ${wallet}`.execute(trx);
          const result = await checkLedger(trx);
          expect(result.ok).toBe(false);
          expect(result.problems).toContainEqual(
            expect.stringContaining(`account ${wallet}: cached balance 107 but entries sum to 100`),
          );
          throw new Error('undo');
        })
        .catch((err: unknown) => {
          if ((err as Error).message !== 'undo') throw err;
        });
      const result = await checkLedger(t.database.db);
      expect(result).toMatchObject({ ok: true, problems: [] });
      expect(result.stats.transactions).toBeGreaterThan(0);
    });
  });
});
