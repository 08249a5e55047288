import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { MerchantWalletResult, WalletTransferResult } from '@wps/shared/schemas/gateway';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { describeEachDatabase } from '../../../test/test-app';
import { SANDBOX_TRANSFER } from './gateway.service';
import {
  createGatewayHarness,
  createPlayer,
  mainBalance,
  startSandbox,
  type GatewayHarness,
  type Player,
  type Sandbox,
} from './gateway.test-support';
import { perVendorKey, vendorWalletPurpose } from './transfer-wallet.service';

const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;

// The transfer wallet against the sandbox vendor process: intent (hold) → vendor call → outcome.
describeEachDatabase('transfer wallet through the sandbox vendor', (target) => {
  let h: GatewayHarness;

  beforeAll(async () => {
    h = await createGatewayHarness(target, { transferTimeoutMs: 700 });
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await h.sandbox.control('/control/reset', {});
    await expectLedgerHealthy(h.database);
  });

  const transfer = (player: Player, payload: Record<string, unknown>) =>
    call(h.app, 'POST', '/wps/relay/GCS_walletTransfer', { token: player.token, payload });
  const wallets = async (player: Player, payload: Record<string, unknown> = {}) =>
    valueOf<MerchantWalletResult>(
      await call(h.app, 'POST', '/wps/relay/GCS_merchantWallet', { token: player.token, payload }),
    );
  const vendorLedger = (player: Player) =>
    h.app.services.ledger.getMemberAccountBalance(player.memberId, vendorWalletPurpose(SANDBOX_TRANSFER), 'BRL');
  const atVendor = async (player: Player) =>
    BigInt((await h.sandbox.control<{ balanceMinor: string }>(`/control/wallets/${player.memberId}`)).balanceMinor);

  it('moves money in and out; the ledger shows it at the vendor; a player result at the vendor is synced', async () => {
    const player = await createPlayer(h.app, 10_000n);
    const moved = valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '30.00', idempotencyKey: key() }),
    );
    expect(moved.transfers.map((t) => [t.status, t.amountMinor])).toEqual([['succeeded', '3000']]);
    expect(moved.mainBalanceMinor).toBe('7000');
    expect(await vendorLedger(player)).toBe(3000n);
    expect(await atVendor(player)).toBe(3000n);

    // The player wins 5.00 at the vendor; the wallet list reads it and the ledger follows.
    await h.sandbox.control(`/control/wallets/${player.memberId}`, { deltaMinor: '500' });
    const list = await wallets(player);
    expect(list.list.find((w) => w.vassalage === SANDBOX_TRANSFER)).toMatchObject({
      balanceMinor: '3500',
      state: 'ok',
      pending: null,
    });
    expect(await vendorLedger(player)).toBe(3500n);

    // Everything out of every vendor (with the longest key a client may send).
    const out = valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'out', idempotencyKey: `${key()}${'x'.repeat(100)}`.slice(0, 100) }),
    );
    expect(out.transfers.map((t) => [t.vassalage, t.status, t.amountMinor])).toEqual([
      [SANDBOX_TRANSFER, 'succeeded', '3500'],
    ]);
    expect(await mainBalance(h.app, player.memberId)).toBe(10_500n);
    expect(await vendorLedger(player)).toBe(0n);
    expect(await atVendor(player)).toBe(0n);
  });

  it('the vendor times out: the transfer stays pending (and is shown so) until a status check resolves it', async () => {
    const player = await createPlayer(h.app, 5_000n);
    await h.sandbox.control('/control/faults', { delayMs: 2_000 });
    const k = key();
    const res = valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '20', idempotencyKey: k }),
    );
    expect(res.transfers[0]!.status).toBe('pending');
    // Held, not lost: main shows 3000, the vendor already has 2000, the ledger holds it in transit.
    expect(await mainBalance(h.app, player.memberId)).toBe(3_000n);
    expect(await vendorLedger(player)).toBe(0n);
    const list = await wallets(player, { isSingle: true, vassalage: SANDBOX_TRANSFER });
    expect(list.list[0]!.pending).toMatchObject({ status: 'pending', amountMinor: '2000' });
    // Another transfer with this vendor waits for the first.
    expectFailure(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '1', idempotencyKey: key() }),
      ErrorCode.TRANSFER_PENDING,
      409,
    );

    await h.sandbox.control('/control/faults', { delayMs: 0 });
    const resolved = await h.app.services.gateway.transfers.runStatusChecks(new Date(Date.now() + 60_000));
    expect(resolved).toBe(1);
    expect(await vendorLedger(player)).toBe(2_000n);
    const again = valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '20', idempotencyKey: k }),
    );
    expect(again.transfers[0]).toMatchObject({ status: 'succeeded', amountMinor: '2000' });
    expect(await mainBalance(h.app, player.memberId)).toBe(3_000n);
  });

  it('the vendor is down during a transfer: nothing is lost, and the status check returns the money', async () => {
    const player = await createPlayer(h.app, 4_000n);
    await h.sandbox.control('/control/faults', { down: true });
    const res = valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '15', idempotencyKey: key() }),
    );
    expect(res.transfers[0]!.status).toBe('pending');
    // While down, a status check cannot tell: still pending, still held.
    expect(await h.app.services.gateway.transfers.runStatusChecks(new Date(Date.now() + 60_000))).toBe(0);
    expect(await mainBalance(h.app, player.memberId)).toBe(2_500n);
    // Transfer out while down: refused before anything moves.
    expectFailure(
      await transfer(player, { direction: 'out', vassalage: SANDBOX_TRANSFER, idempotencyKey: key() }),
      ErrorCode.TRANSFER_PENDING,
      409,
    );

    await h.sandbox.control('/control/faults', { down: false });
    expect(await h.app.services.gateway.transfers.runStatusChecks(new Date(Date.now() + 60_000))).toBe(1);
    expect(await mainBalance(h.app, player.memberId)).toBe(4_000n);
    expect(await vendorLedger(player)).toBe(0n);
    expect(await atVendor(player)).toBe(0n);
  });

  it('one transfer retried 5 times (also concurrently) moves money once', async () => {
    const player = await createPlayer(h.app, 6_000n);
    const k = key();
    const body = { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '10', idempotencyKey: k };
    const results = await Promise.all(Array.from({ length: 5 }, () => transfer(player, body)));
    const ok = results
      .filter((r) => r.statusCode === 200)
      .map((r) => valueOf<WalletTransferResult>(r).transfers[0]!.id);
    // Concurrent duplicates either return the one transfer or wait their turn behind it.
    for (const r of results.filter((x) => x.statusCode !== 200)) expectFailure(r, ErrorCode.TRANSFER_PENDING);
    expect(new Set(ok).size).toBe(1);
    for (let i = 0; i < 5; i++) {
      expect(valueOf<WalletTransferResult>(await transfer(player, body)).transfers[0]!.id).toBe(ok[0]);
    }
    expect(await mainBalance(h.app, player.memberId)).toBe(5_000n);
    expect(await atVendor(player)).toBe(1_000n);
    const rows = await h.database.db
      .selectFrom('vendor_transfers')
      .select('id')
      .where('member_id', '=', player.memberId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input, more than the balance, trial accounts and unknown vendors without moving money', async () => {
    const player = await createPlayer(h.app, 1_000n);
    expectFailure(
      await transfer(player, { direction: 'in', amount: '1', idempotencyKey: key() }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '-1', idempotencyKey: key() }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '1.001', idempotencyKey: key() }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expectFailure(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '11', idempotencyKey: key() }),
      ErrorCode.INSUFFICIENT_FUNDS,
      409,
    );
    expectFailure(
      await transfer(player, { direction: 'in', vassalage: 'NOPE', amount: '1', idempotencyKey: key() }),
      ErrorCode.VENDOR_NOT_FOUND,
      404,
    );
    expectFailure(
      await transfer(player, { direction: 'out', vassalage: SANDBOX_TRANSFER, amount: '1', idempotencyKey: key() }),
      ErrorCode.INSUFFICIENT_FUNDS,
      409,
    );
    expectFailure(
      await call(h.app, 'POST', '/wps/relay/GCS_walletTransfer', {
        payload: { direction: 'in', vassalage: SANDBOX_TRANSFER, idempotencyKey: key() },
      }),
      ErrorCode.UNAUTHORIZED,
      401,
    );
    expect(await mainBalance(h.app, player.memberId)).toBe(1_000n);
  });

  it('a transfer out while the vendor cannot be read goes on with our copy: pending, then resolved, never a 5xx', async () => {
    const player = await createPlayer(h.app, 3_000n);
    valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '20', idempotencyKey: key() }),
    );
    await h.sandbox.control('/control/faults', { down: true });
    const res = await transfer(player, {
      direction: 'out',
      vassalage: SANDBOX_TRANSFER,
      amount: '5',
      idempotencyKey: key(),
    });
    expect(valueOf<WalletTransferResult>(res).transfers[0]).toMatchObject({
      status: 'pending',
      direction: 'out',
      amountMinor: '500',
    });
    await h.sandbox.control('/control/faults', { down: false });
    // The withdraw never reached the vendor: its status is not_found, so the hold goes back.
    expect(await h.app.services.gateway.transfers.runStatusChecks(new Date(Date.now() + 60_000))).toBe(1);
    expect(await vendorLedger(player)).toBe(2_000n);
    expect(await atVendor(player)).toBe(2_000n);
    expect(await mainBalance(h.app, player.memberId)).toBe(1_000n);
  });
});

// What a key asked for binds it, per-vendor keys cannot be named by a client, and a
// slow balance read never overwrites a fresher one. A second sandbox process plays vendor KSB (a
// transfer vendor of the demo catalogue) with wallets of its own.
describeEachDatabase('transfer wallet keys and balance syncs', (target) => {
  let h: GatewayHarness;
  let ksb: Sandbox;

  beforeAll(async () => {
    h = await createGatewayHarness(target, { transferTimeoutMs: 5_000 });
    ksb = await startSandbox(h.baseUrl);
    await h.app.services.gateway.configureAdapter({
      vassalage: 'KSB',
      walletModel: 'transfer',
      launchUrl: `${ksb.url}/play`,
      apiUrl: `${ksb.url}/api`,
      secret: ksb.secret,
      requestTimeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    await ksb?.stop();
    await h?.close();
  });
  afterEach(async () => {
    await h.sandbox.control('/control/reset', {});
    await expectLedgerHealthy(h.database);
  });

  const transfer = (player: Player, payload: Record<string, unknown>) =>
    call(h.app, 'POST', '/wps/relay/GCS_walletTransfer', { token: player.token, payload });
  const wallet = async (player: Player) =>
    valueOf<MerchantWalletResult>(
      await call(h.app, 'POST', '/wps/relay/GCS_merchantWallet', {
        token: player.token,
        payload: { isSingle: true, vassalage: SANDBOX_TRANSFER },
      }),
    );
  const vendorLedger = (player: Player) =>
    h.app.services.ledger.getMemberAccountBalance(player.memberId, vendorWalletPurpose(SANDBOX_TRANSFER), 'BRL');
  const atVendor = async (player: Player) =>
    BigInt((await h.sandbox.control<{ balanceMinor: string }>(`/control/wallets/${player.memberId}`)).balanceMinor);

  it('a key reused with another direction, amount or vendor is IDEMPOTENCY_CONFLICT; the same request is a replay', async () => {
    const player = await createPlayer(h.app, 10_000n);
    const k = key();
    const first = valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '10', idempotencyKey: k }),
    );
    expect(first.transfers[0]).toMatchObject({ status: 'succeeded', direction: 'in', amountMinor: '1000' });
    // The same request, even spelled differently, is the same transfer.
    const again = valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '10.00', idempotencyKey: k }),
    );
    expect(again.transfers.map((t) => t.id)).toEqual(first.transfers.map((t) => t.id));
    for (const other of [
      { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '20' },
      { direction: 'in', vassalage: SANDBOX_TRANSFER },
      { direction: 'out', vassalage: SANDBOX_TRANSFER, amount: '10' },
      { direction: 'in', vassalage: 'KSB', amount: '10' },
      { direction: 'out' },
    ]) {
      const refused = expectFailure(
        await transfer(player, { ...other, idempotencyKey: k }),
        ErrorCode.IDEMPOTENCY_CONFLICT,
        409,
      );
      expect(refused.value).toMatchObject({
        idempotencyKey: k,
        direction: 'in',
        vassalage: SANDBOX_TRANSFER,
        amountMinor: '1000',
      });
    }
    expect(await mainBalance(h.app, player.memberId)).toBe(9_000n);
    expect(await vendorLedger(player)).toBe(1_000n);
    expect(await atVendor(player)).toBe(1_000n);
    const rows = await h.database.db
      .selectFrom('vendor_transfers')
      .select('id')
      .where('member_id', '=', player.memberId)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('a transfer out of every vendor binds its key too: a single-vendor reuse conflicts, the same request replays', async () => {
    const player = await createPlayer(h.app, 5_000n);
    valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '25', idempotencyKey: key() }),
    );
    const k = key();
    const all = valueOf<WalletTransferResult>(await transfer(player, { direction: 'out', idempotencyKey: k }));
    expect(all.transfers.map((t) => [t.vassalage, t.status, t.amountMinor])).toEqual([
      [SANDBOX_TRANSFER, 'succeeded', '2500'],
    ]);
    expect(
      valueOf<WalletTransferResult>(await transfer(player, { direction: 'out', idempotencyKey: k })).transfers.map(
        (t) => t.id,
      ),
    ).toEqual(all.transfers.map((t) => t.id));
    expectFailure(
      await transfer(player, { direction: 'out', vassalage: SANDBOX_TRANSFER, idempotencyKey: k }),
      ErrorCode.IDEMPOTENCY_CONFLICT,
      409,
    );
    expectFailure(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '1', idempotencyKey: k }),
      ErrorCode.IDEMPOTENCY_CONFLICT,
      409,
    );
    expect(await mainBalance(h.app, player.memberId)).toBe(5_000n);
  });

  it("per-vendor keys use a separator no client key may contain: a client key never names another request's part", async () => {
    const player = await createPlayer(h.app, 5_000n);
    valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '30', idempotencyKey: key() }),
    );
    const k = key();
    const all = valueOf<WalletTransferResult>(await transfer(player, { direction: 'out', idempotencyKey: k }));
    expect(all.transfers.map((t) => [t.vassalage, t.direction, t.amountMinor])).toEqual([
      [SANDBOX_TRANSFER, 'out', '3000'],
    ]);
    const stored = await h.database.db
      .selectFrom('vendor_transfers')
      .select('idempotency_key')
      .where('id', '=', all.transfers[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stored.idempotency_key).toBe(perVendorKey(k, SANDBOX_TRANSFER));
    expect(stored.idempotency_key).toContain('#');
    // The keys a client could build for that part (the old ':' spelling included) are new requests of their own.
    for (const clientKey of [`${k}:${SANDBOX_TRANSFER}`, `${k}.${SANDBOX_TRANSFER}`, `${k}_${SANDBOX_TRANSFER}`]) {
      const mine = valueOf<WalletTransferResult>(
        await transfer(player, {
          direction: 'in',
          vassalage: SANDBOX_TRANSFER,
          amount: '5',
          idempotencyKey: clientKey,
        }),
      );
      expect(mine.transfers[0]).toMatchObject({ direction: 'in', status: 'succeeded', amountMinor: '500' });
      expect(mine.transfers[0]!.id).not.toBe(all.transfers[0]!.id);
    }
    // And the separator itself is refused in a client key.
    expectFailure(
      await transfer(player, {
        direction: 'in',
        vassalage: SANDBOX_TRANSFER,
        amount: '5',
        idempotencyKey: stored.idempotency_key,
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(await mainBalance(h.app, player.memberId)).toBe(3_500n);
    expect(await atVendor(player)).toBe(1_500n);
  });

  it('a slow balance read answered after a fresher one never overwrites it (the sync moves the wallet version)', async () => {
    const player = await createPlayer(h.app, 5_000n);
    valueOf<WalletTransferResult>(
      await transfer(player, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '30', idempotencyKey: key() }),
    );
    // Tab A asks for the balance; the vendor reads 3000 at once but answers 3 s later.
    await h.sandbox.control('/control/faults', { delayMs: 3_000 });
    const slow = wallet(player);
    // Until the vendor has read A's balance and holds the answer.
    await vi.waitFor(async () => expect((await h.sandbox.control<{ held: number }>('/control/held')).held).toBe(1), {
      timeout: 2_500,
      interval: 20,
    });
    // Meanwhile the player wins 7.00 at the vendor, and tab B reads the new balance at once.
    await h.sandbox.control('/control/faults', { delayMs: 0 });
    await h.sandbox.control(`/control/wallets/${player.memberId}`, { deltaMinor: '700' });
    expect((await wallet(player)).list[0]).toMatchObject({ balanceMinor: '3700', state: 'ok' });
    // A's stale 3000 arrives last and must not win.
    await slow;
    expect(await atVendor(player)).toBe(3_700n);
    expect(await vendorLedger(player)).toBe(3_700n);
  });
});
