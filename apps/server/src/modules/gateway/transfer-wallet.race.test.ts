import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MerchantWalletResult } from '@wps/shared/schemas/gateway';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { describePostgres } from '../../../test/test-app';
import { startVendorTransferStatusJob } from '../../jobs/vendor-transfer-status.job';
import { SANDBOX_TRANSFER } from './gateway.service';
import {
  createGatewayHarness,
  createPlayer,
  mainBalance,
  type GatewayHarness,
  type Player,
} from './gateway.test-support';
import { STATUS_CHECK_AFTER_MS, vendorWalletPurpose } from './transfer-wallet.service';

/** How long the players, the vendor and the job race each other. */
const RACE_MS = 12_000;
/** Our timeout for the sandbox's transfer API; some injected delays are longer (unknown outcomes). */
const TIMEOUT_MS = 600;
const DELAYS_MS = [0, 0, 50, 200, 450, 900];
const PLAYERS = 4;
const FUNDS = 50_000n;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: T[]): T => items[crypto.randomInt(items.length)]!;

// Balance reads, transfers in and out, vendor-side play and the status job race each
// other against a slow, sometimes timing-out vendor, through the real HTTP path. No request may be
// answered 5xx, the job may not fail, and afterwards our mirror of each vendor wallet equals the
// vendor's balance, no money was made or lost, and the ledger invariants hold.
describePostgres('transfer wallet race against a slow vendor [postgres]', () => {
  let h: GatewayHarness;

  beforeAll(async () => {
    h = await createGatewayHarness('postgres', { transferTimeoutMs: TIMEOUT_MS });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('reads, transfers, vendor-side play and the status job: 0 5xx, mirror = vendor, ledger OK', {
    timeout: 120_000,
  }, async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => createPlayer(h.app, FUNDS)));
    const vendorLedger = (p: Player) =>
      h.app.services.ledger.getMemberAccountBalance(p.memberId, vendorWalletPurpose(SANDBOX_TRANSFER), 'BRL');
    const atVendor = async (p: Player) =>
      BigInt((await h.sandbox.control<{ balanceMinor: string }>(`/control/wallets/${p.memberId}`)).balanceMinor);

    const serverErrors: string[] = [];
    const counts: Record<string, number> = {};
    const note = (what: string, res: LightMyRequestResponse) => {
      const body = res.json() as { errorCode?: string };
      counts[`${what} ${res.statusCode} ${body.errorCode ?? ''}`.trim()] =
        (counts[`${what} ${res.statusCode} ${body.errorCode ?? ''}`.trim()] ?? 0) + 1;
      if (res.statusCode >= 500) serverErrors.push(`${what}: ${res.statusCode} ${res.body}`);
    };
    const transfer = async (p: Player, payload: Record<string, unknown>) =>
      note(
        'transfer',
        await call(h.app, 'POST', '/wps/relay/GCS_walletTransfer', {
          token: p.token,
          payload: { ...payload, idempotencyKey: `race-${crypto.randomUUID()}` },
        }),
      );
    const read = async (p: Player) =>
      note(
        'wallet',
        await call(h.app, 'POST', '/wps/relay/GCS_merchantWallet', {
          token: p.token,
          payload: { isSingle: true, vassalage: SANDBOX_TRANSFER },
        }),
      );

    // Every player starts with money at the vendor, so transfers out and vendor-side losses have something to move.
    for (const p of players) await transfer(p, { direction: 'in', vassalage: SANDBOX_TRANSFER, amount: '100' });

    // Money the players won (+) or lost (-) at the vendor, as the vendor accepted it.
    const played = new Map<string, bigint>(players.map((p) => [p.memberId, 0n]));
    const jobErrors: unknown[] = [];
    let jobRun: Promise<number> = Promise.resolve(0);
    // The real job, as it runs once a transfer is old enough to be asked about.
    const stopJob = startVendorTransferStatusJob(
      {
        runStatusChecks: () =>
          (jobRun = h.app.services.gateway.transfers.runStatusChecks(
            new Date(Date.now() + STATUS_CHECK_AFTER_MS + TIMEOUT_MS),
          )),
      },
      {
        db: h.database.db,
        instance: 'race-test',
        leaseMs: 10_000,
        log: { info: () => undefined, warn: () => undefined, error: (obj: unknown) => void jobErrors.push(obj) },
      },
      100,
    );

    const deadline = Date.now() + RACE_MS;
    const running = () => Date.now() < deadline;
    const actors: Promise<void>[] = [];
    // The vendor's speed changes all the time: fast, slow, and slower than our timeout.
    actors.push(
      (async () => {
        while (running()) {
          await h.sandbox.control('/control/faults', { delayMs: pick(DELAYS_MS) });
          await pause(crypto.randomInt(100, 400));
        }
      })(),
    );
    for (const p of players) {
      // Two readers per player: the wallet list open in two tabs.
      for (let r = 0; r < 2; r++) {
        actors.push(
          (async () => {
            while (running()) {
              await read(p);
              await pause(crypto.randomInt(0, 30));
            }
          })(),
        );
      }
      actors.push(
        (async () => {
          while (running()) {
            const roll = crypto.randomInt(4);
            if (roll === 0)
              await transfer(p, {
                direction: 'in',
                vassalage: SANDBOX_TRANSFER,
                amount: String(crypto.randomInt(1, 40)),
              });
            else if (roll === 1)
              await transfer(p, {
                direction: 'out',
                vassalage: SANDBOX_TRANSFER,
                amount: String(crypto.randomInt(1, 40)),
              });
            else if (roll === 2) await transfer(p, { direction: 'out', vassalage: SANDBOX_TRANSFER });
            else await transfer(p, { direction: 'out' });
            await pause(crypto.randomInt(0, 60));
          }
        })(),
      );
      // The player plays at the vendor: the balance there moves without any transfer.
      actors.push(
        (async () => {
          while (running()) {
            const delta = BigInt(crypto.randomInt(1, 800)) * (crypto.randomInt(2) === 0 ? -1n : 1n);
            // A loss bigger than the balance is refused by the vendor (no balanceMinor in the answer).
            const res = await h.sandbox.control<{ balanceMinor?: string }>(`/control/wallets/${p.memberId}`, {
              deltaMinor: delta.toString(),
            });
            if (res.balanceMinor !== undefined) played.set(p.memberId, played.get(p.memberId)! + delta);
            await pause(crypto.randomInt(10, 80));
          }
        })(),
      );
    }
    await Promise.all(actors);
    await stopJob();
    await jobRun;

    // Quiet again: the vendor answers at once and the job resolves whatever is still pending.
    await h.sandbox.control('/control/reset', {});
    for (let i = 0; i < 20; i++) {
      await h.app.services.gateway.transfers.runStatusChecks(new Date(Date.now() + STATUS_CHECK_AFTER_MS + TIMEOUT_MS));
      const left = await h.database.db
        .selectFrom('vendor_transfers')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      if (left.length === 0) break;
    }
    const stillPending = await h.database.db
      .selectFrom('vendor_transfers')
      .select(['id', 'attempts', 'last_error', 'created_at', 'direction'])
      .where('status', '=', 'pending')
      .execute();

    console.info('transfer-wallet race outcomes', counts);
    expect(serverErrors).toEqual([]);
    expect(jobErrors).toEqual([]);
    expect(stillPending).toEqual([]);
    for (const p of players) {
      const list = valueOf<MerchantWalletResult>(
        await call(h.app, 'POST', '/wps/relay/GCS_merchantWallet', {
          token: p.token,
          payload: { isSingle: true, vassalage: SANDBOX_TRANSFER },
        }),
      );
      expect(list.list[0]).toMatchObject({ state: 'ok', pending: null });
      const mirror = await vendorLedger(p);
      expect(mirror).toBe(await atVendor(p));
      // Not a cent made or lost: main wallet + vendor wallet = the funding + the result of play at the vendor.
      expect((await mainBalance(h.app, p.memberId)) + mirror).toBe(FUNDS + played.get(p.memberId)!);
    }
    await expectLedgerHealthy(h.database);
  });
});
