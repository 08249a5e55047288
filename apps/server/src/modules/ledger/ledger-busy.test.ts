import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import type { LedgerService } from './ledger.service';

// A post that loses its race on every try answers SERVER_BUSY (503, Retry-After), never an
// internal error. The database itself makes every try lose: a trigger raises a real
// serialization failure (40001) when a transaction with this reference is written.
const BUSY_REFERENCE = 'probe:always-busy';

describeEachDatabase('ledger under contention it cannot win', (target) => {
  let t: TestApp;
  let ledger: LedgerService;
  let wallet: string;
  let house: string;
  let seq = 0;

  const busyPost = () => ({
    kind: 'adjustment' as const,
    idempotencyKey: `busy:${++seq}`,
    reference: BUSY_REFERENCE,
    entries: [
      { accountId: house, amountMinor: -100n },
      { accountId: wallet, amountMinor: 100n },
    ],
  });

  beforeAll(async () => {
    t = await createTestApp(
      target,
      {},
      {
        extraRoutes: (app) => {
          app.post('/test/ledger-busy', async () => {
            await t.app.services.ledger.postTransaction(busyPost());
            return { success: true };
          });
        },
      },
    );
    ledger = t.app.services.ledger;
    wallet = await ledger.ensurePlayerWallet(t.database.db, '9100001');
    house = await ledger.ensureSystemAccount('house_cash', 'BRL');
    await sql`
      CREATE FUNCTION probe_always_busy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'probe: this write always loses its race' USING ERRCODE = 'serialization_failure'; END $$`.execute(
      t.database.db,
    );
    await sql`
      CREATE TRIGGER probe_always_busy BEFORE INSERT ON ledger_transactions
      FOR EACH ROW WHEN (NEW.reference = 'probe:always-busy') EXECUTE FUNCTION probe_always_busy()`.execute(
      t.database.db,
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  async function countBusyTransactions(): Promise<number> {
    const row = await t.database.db
      .selectFrom('ledger_transactions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('reference', '=', BUSY_REFERENCE)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('a post on its own (group commit) gives up with SERVER_BUSY and writes nothing', async () => {
    const failure = await ledger.postTransaction(busyPost()).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).errorCode).toBe(ErrorCode.SERVER_BUSY);
    expect(await countBusyTransactions()).toBe(0);
    expect(await ledger.getPlayerBalance('9100001')).toBe(0n);
    await expectLedgerHealthy(t.database);
  });

  it('a transaction of the caller (ledger.transaction) gives up with SERVER_BUSY after its retries', async () => {
    let tries = 0;
    const failure = await ledger
      .transaction(async (trx) => {
        tries++;
        return ledger.postTransaction(busyPost(), trx);
      })
      .catch((err: unknown) => err);
    expect((failure as AppError).errorCode).toBe(ErrorCode.SERVER_BUSY);
    expect(tries).toBe(5);
    expect(await countBusyTransactions()).toBe(0);
    await expectLedgerHealthy(t.database);
  });

  it('over HTTP the answer is 503 SERVER_BUSY with Retry-After, not a 500', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/test/ledger-busy' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, errorCode: ErrorCode.SERVER_BUSY });
    expect(res.headers['retry-after']).toBe('1');
    // Other posts go through as before.
    const ok = await ledger.postTransaction({ ...busyPost(), reference: 'probe:fine' });
    expect(ok.replayed).toBe(false);
    await expectLedgerHealthy(t.database);
  });
});
