import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describePostgres, type TestApp } from '../../../test/test-app';
import type { LedgerService } from './ledger.service';
import type { PostResult } from './ledger.types';

describePostgres('ledger concurrency [postgres]', () => {
  let t: TestApp;
  let ledger: LedgerService;
  let house: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    ledger = t.app.services.ledger;
    house = await ledger.ensureSystemAccount('house_cash', 'BRL');
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function fundedWallet(memberId: string, amountMinor: bigint): Promise<string> {
    const wallet = await ledger.ensurePlayerWallet(t.database.db, memberId);
    await ledger.creditPlayerFromSystem({
      memberId,
      systemAccount: 'promotion_budget',
      amountMinor,
      kind: 'adjustment',
      idempotencyKey: `fund:${memberId}`,
    });
    return wallet;
  }

  it('100 parallel debits against a balance that covers 10: exactly 10 succeed', async () => {
    const wallet = await fundedWallet('8000001', 1_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        ledger.postTransaction({
          kind: 'bet',
          idempotencyKey: `debit:${i}`,
          entries: [
            { accountId: wallet, amountMinor: -100n },
            { accountId: house, amountMinor: 100n },
          ],
        }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    for (const r of refused) expect(r.reason).toMatchObject({ errorCode: 'INSUFFICIENT_FUNDS' });
    expect(await ledger.getPlayerBalance('8000001')).toBe(0n);
  });

  it('20 parallel posts with one idempotency key: one effect, one transaction id for all', async () => {
    const wallet = await fundedWallet('8000002', 1_000n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.postTransaction({
          kind: 'bet',
          idempotencyKey: 'same-key',
          reference: 'round-7',
          entries: [
            { accountId: wallet, amountMinor: -250n },
            { accountId: house, amountMinor: 250n },
          ],
        }),
      ),
    );
    const ids = new Set(results.map((r) => r.transactionId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    for (const r of results) expect(r.balances[wallet]).toBe('750');
    expect(await ledger.getPlayerBalance('8000002')).toBe(750n);
  });

  it('parallel demo credits with one idempotency key credit once', async () => {
    const results: PostResult[] = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.creditPlayerFromSystem({
          memberId: '8000003',
          systemAccount: 'demo_bank',
          amountMinor: 2_000n,
          kind: 'freeplay_demo_credit',
          idempotencyKey: 'demo:8000003',
        }),
      ),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await ledger.getPlayerBalance('8000003')).toBe(2_000n);
  });

  it('transfers in both directions between two players in parallel without deadlock or drift', async () => {
    const a = await fundedWallet('8000004', 5_000n);
    const b = await fundedWallet('8000005', 5_000n);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [a, b] : [b, a];
        return ledger.postTransaction({
          kind: 'transfer_upline',
          idempotencyKey: `swap:${i}`,
          entries: [
            { accountId: from, amountMinor: -(BigInt(i) + 1n) * 10n },
            { accountId: house, amountMinor: 1n },
            { accountId: to, amountMinor: (BigInt(i) + 1n) * 10n - 1n },
          ],
        });
      }),
    );
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const total = (await ledger.getPlayerBalance('8000004')) + (await ledger.getPlayerBalance('8000005'));
    expect(total).toBe(10_000n - 60n);
  });

  it('resolves a hold once under 20 parallel post and void attempts', async () => {
    const wallet = await fundedWallet('8000006', 1_000n);
    const clearing = await ledger.ensureSystemAccount('gateway_clearing', 'BRL');
    const { holdId } = await ledger.createHold({
      sourceAccountId: wallet,
      amountMinor: 400n,
      kind: 'withdrawal',
      idempotencyKey: 'race-hold',
    });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? ledger.postHold({
              holdId,
              destinationAccountId: clearing,
              kind: 'withdrawal',
              idempotencyKey: `race-post:${i}`,
            })
          : ledger.voidHold({ holdId, kind: 'withdrawal_reversal', idempotencyKey: `race-void:${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const balance = await ledger.getPlayerBalance('8000006');
    expect([600n, 1_000n]).toContain(balance);
  });
});
