import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BalanceResult } from '@wps/shared/schemas/wallet';
import { buildApp, type App } from '../../app';
import { CHANGE_CHANNELS } from '../../db/change-feed';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { call, disableRegisterCaptcha, registerUser, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import {
  createTestApp,
  describeEachDatabase,
  describePostgres,
  type DatabaseTarget,
  type TestApp,
} from '../../../test/test-app';

/** Poll until `check` holds or two seconds pass (evictions from elsewhere arrive by NOTIFY). */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

async function newMember(app: App): Promise<{ token: string; memberId: string }> {
  const { result } = await registerUser(app);
  const member = await app.services.session.resolve(result.token);
  if (!member) throw new Error('token does not resolve');
  return { token: result.token, memberId: member.memberId };
}

/** The member's main wallet (created if missing). */
function walletOf(app: App, database: DatabaseHandle, memberId: string): Promise<string> {
  return app.services.ledger.ensurePlayerWallet(database.db, memberId);
}

/** Resolves when this instance's change feed delivers a balance change for the account. */
function balanceNotification(app: App, accountId: string): Promise<void> {
  return new Promise((resolve) => {
    app.services.changeFeed.subscribe(CHANGE_CHANNELS.balanceChange, (payload) => {
      if (payload === accountId) resolve();
    });
  });
}

async function shownBalance(app: App, token: string): Promise<string> {
  return valueOf<BalanceResult>(await call(app, 'GET', '/wps/v2/wallets/balance', { token })).sumBalanceMinor;
}

function credit(memberId: string, amountMinor: bigint) {
  return {
    memberId,
    systemAccount: 'promotion_budget' as const,
    amountMinor,
    kind: 'adjustment' as const,
    idempotencyKey: `balance-cache-test:${crypto.randomBytes(6).toString('hex')}`,
  };
}

/** Move a main wallet's balance in SQL with triggers off in this transaction: a change no instance is told of. */
async function changeSilently(database: DatabaseHandle, memberId: string, delta: bigint): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    await sql`UPDATE ledger_accounts SET balance = balance + ${delta} WHERE member_id = ${memberId} AND purpose = 'player_main'`.execute(
      trx,
    );
    await sql`UPDATE ledger_accounts SET balance = balance - ${delta} WHERE purpose = 'promotion_budget' AND member_id IS NULL AND currency = 'BRL'`.execute(
      trx,
    );
  });
}

/** Another instance over the same PostgreSQL database, with its own pool, balance copies and feed. */
async function secondInstance(t: TestApp): Promise<{ app: App; database: DatabaseHandle }> {
  const database = await openDatabase({ databaseUrl: t.config.databaseUrl });
  const app = await buildApp({ config: t.config, database, logger: false });
  await app.ready();
  return { app, database };
}

describeEachDatabase('the balance a player sees, kept in memory', (target: DatabaseTarget) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is served from memory once read: a change no notification announces is not seen', async () => {
    const { token, memberId } = await newMember(t.app);
    // The credit's own notification evicts once more when it arrives; read after it has.
    const notified = balanceNotification(t.app, await walletOf(t.app, t.database, memberId));
    await t.app.services.ledger.creditPlayerFromSystem(credit(memberId, 500n));
    await notified;
    expect(await shownBalance(t.app, token)).toBe('500');
    await changeSilently(t.database, memberId, 7n);
    expect(await shownBalance(t.app, token)).toBe('500');
    // Put the silent change back, so the ledger's sums still match its entries.
    await changeSilently(t.database, memberId, -7n);
  });

  it("shows a post through the ledger at once (this instance's own write)", async () => {
    const { token, memberId } = await newMember(t.app);
    expect(await shownBalance(t.app, token)).toBe('0');
    await t.app.services.ledger.creditPlayerFromSystem(credit(memberId, 1_250n));
    expect(await shownBalance(t.app, token)).toBe('1250');
    await t.app.services.ledger.creditPlayerFromSystem(credit(memberId, 1n));
    expect(await shownBalance(t.app, token)).toBe('1251');
    await expectLedgerHealthy(t.database);
  });

  it("shows a post made inside a caller's transaction as soon as that transaction commits", async () => {
    const { token, memberId } = await newMember(t.app);
    await t.app.services.ledger.creditPlayerFromSystem(credit(memberId, 100n));
    expect(await shownBalance(t.app, token)).toBe('100');
    const { ledger } = t.app.services;
    await ledger.transaction(async (trx) => {
      await ledger.creditPlayerFromSystem(credit(memberId, 40n), trx);
      // Not committed yet: the committed balance is still the one to show. (PGlite has one
      // connection, held by this transaction: a read from outside it would wait for it forever.)
      if (target === 'postgres') expect(await shownBalance(t.app, token)).toBe('100');
    });
    expect(await shownBalance(t.app, token)).toBe('140');
    await expectLedgerHealthy(t.database);
  });

  it('shows a change written by any writer (here plain SQL) once its notification arrives', async () => {
    const { token, memberId } = await newMember(t.app);
    await t.app.services.ledger.creditPlayerFromSystem(credit(memberId, 300n));
    expect(await shownBalance(t.app, token)).toBe('300');
    await sql`UPDATE ledger_accounts SET balance = balance - 300 WHERE member_id = ${memberId} AND purpose = 'player_main'`.execute(
      t.database.db,
    );
    expect(await eventually(async () => (await shownBalance(t.app, token)) === '0')).toBe(true);
    await sql`UPDATE ledger_accounts SET balance = balance + 300 WHERE member_id = ${memberId} AND purpose = 'player_main'`.execute(
      t.database.db,
    );
    expect(await eventually(async () => (await shownBalance(t.app, token)) === '300')).toBe(true);
  });

  it('is never served from memory while the change feed is down', async () => {
    // On PostgreSQL an instance of its own, so stopping its feed leaves the suite's instance alone.
    // PGlite is one in-memory database per handle: the suite's app stops its own feed instead, last.
    const own = target === 'postgres' ? await secondInstance(t) : undefined;
    const app = own?.app ?? t.app;
    try {
      const { token, memberId } = await newMember(app);
      const notified = balanceNotification(app, await walletOf(app, own?.database ?? t.database, memberId));
      await app.services.ledger.creditPlayerFromSystem(credit(memberId, 200n));
      await notified;
      expect(await shownBalance(app, token)).toBe('200');
      await app.services.changeFeed.close();
      expect(app.services.changeFeed.isLive).toBe(false);
      await changeSilently(own?.database ?? t.database, memberId, 5n);
      expect(await shownBalance(app, token)).toBe('205');
      await changeSilently(own?.database ?? t.database, memberId, -5n);
      expect(await shownBalance(app, token)).toBe('200');
    } finally {
      await own?.app.close();
      await own?.database.close();
    }
  });

  it("shows a bonus account created after its absence was read, by this instance's ledger or by any writer", async () => {
    const bonusShown = async (token: string) =>
      valueOf<BalanceResult>(await call(t.app, 'GET', '/wps/v2/wallets/balance', { token })).bonusBalanceMinor;
    const first = await newMember(t.app);
    expect(await bonusShown(first.token)).toBe('0');
    // This instance's ledger creates it inside a caller's transaction, then money reaches it.
    await t.database.db.transaction().execute(async (trx) => {
      const bonusId = await t.app.services.ledger.ensureMemberAccount(trx, first.memberId, 'player_bonus', 'BRL');
      await sql`UPDATE ledger_accounts SET balance = balance + 40 WHERE id = ${bonusId}`.execute(trx);
      await sql`UPDATE ledger_accounts SET balance = balance - 40 WHERE purpose = 'promotion_budget' AND member_id IS NULL AND currency = 'BRL'`.execute(
        trx,
      );
    });
    expect(await bonusShown(first.token)).toBe('40');
    // Plain SQL: only the creation's notification tells this instance.
    const second = await newMember(t.app);
    expect(await bonusShown(second.token)).toBe('0');
    await t.database.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO ledger_accounts (member_id, purpose, currency, is_player, balance) VALUES (${second.memberId}, 'player_bonus', 'BRL', true, 60)`.execute(
        trx,
      );
      await sql`UPDATE ledger_accounts SET balance = balance - 60 WHERE purpose = 'promotion_budget' AND member_id IS NULL AND currency = 'BRL'`.execute(
        trx,
      );
    });
    expect(await eventually(async () => (await bonusShown(second.token)) === '60')).toBe(true);
    // Put the money back, so the ledger's sums still match its entries.
    await sql`UPDATE ledger_accounts SET balance = 0 WHERE member_id IN (${first.memberId}, ${second.memberId}) AND purpose = 'player_bonus'`.execute(
      t.database.db,
    );
    await sql`UPDATE ledger_accounts SET balance = balance + 100 WHERE purpose = 'promotion_budget' AND member_id IS NULL AND currency = 'BRL'`.execute(
      t.database.db,
    );
  });
});

describePostgres('the balance a player sees, across server instances [postgres]', () => {
  let t: TestApp;
  let second: { app: App; database: DatabaseHandle };

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await disableRegisterCaptcha(t.app);
    second = await secondInstance(t);
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('evicts a balance another instance holds when one instance posts', async () => {
    const { token, memberId } = await newMember(t.app);
    const funded = balanceNotification(second.app, await walletOf(t.app, t.database, memberId));
    await t.app.services.ledger.creditPlayerFromSystem(credit(memberId, 1_000n));
    await funded;
    expect(await shownBalance(second.app, token)).toBe('1000');
    expect(second.app.services.playerBalances.size).toBeGreaterThan(0);
    // The first instance posts; the second learns of it only through the database's notification.
    await t.app.services.ledger.creditPlayerFromSystem(credit(memberId, 234n));
    expect(await eventually(async () => (await shownBalance(second.app, token)) === '1234')).toBe(true);
    await expectLedgerHealthy(t.database);
  });
});
