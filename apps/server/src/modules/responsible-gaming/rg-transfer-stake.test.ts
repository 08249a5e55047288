import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import { call, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { describePostgres } from '../../../test/test-app';
import { SANDBOX_TRANSFER } from '../gateway/gateway.service';
import {
  createGatewayHarness,
  createPlayer,
  mainBalance,
  type GatewayHarness,
  type Player,
} from '../gateway/gateway.test-support';

const id = (p: string) => `${p}-${crypto.randomBytes(6).toString('hex')}`;

// A transfer-wallet vendor's bets never reach us, so the stake limit (the most one bet may stake)
// holds there by bounding what the vendor's wallet holds: a bet cannot stake more than it.
describePostgres('responsible gaming: the stake limit and money held at a transfer-wallet vendor [postgres]', () => {
  let h: GatewayHarness;

  beforeAll(async () => {
    h = await createGatewayHarness('postgres');
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(h.database);
  });

  const setLimits = async (player: Player, limits: { kind: string; value: string }[]) =>
    valueOf(await call(h.app, 'PUT', '/wps/responsible-gaming/limits', { token: player.token, payload: { limits } }));
  const transfer = (player: Player, direction: 'in' | 'out', amount: string) =>
    call(h.app, 'POST', '/wps/relay/GCS_walletTransfer', {
      token: player.token,
      payload: { direction, vassalage: SANDBOX_TRANSFER, amount, idempotencyKey: id('k') },
    });

  it('money sent to a vendor counts toward the stake limit: the vendor never holds more than one bet may stake', async () => {
    const player = await createPlayer(h.app, 100_000n);
    await setLimits(player, [{ kind: 'stake', value: '5' }]);
    // One transfer above the limit is refused whole, and nothing moves.
    expect((await transfer(player, 'in', '5.01')).json()).toMatchObject({
      errorCode: ErrorCode.RG_VENDOR_WALLET_OVER_STAKE_LIMIT,
      value: { limit: '5.00', held: '0.00' },
    });
    expect(await mainBalance(h.app, player.memberId)).toBe(100_000n);
    // Transfers add up: 3.00 then 2.00 reach the limit; one cent more is refused.
    expect((await transfer(player, 'in', '3.00')).statusCode).toBe(200);
    expect((await transfer(player, 'in', '2.00')).statusCode).toBe(200);
    expect((await transfer(player, 'in', '0.01')).json()).toMatchObject({
      errorCode: ErrorCode.RG_VENDOR_WALLET_OVER_STAKE_LIMIT,
      value: { limit: '5.00', held: '5.00' },
    });
    expect(await mainBalance(h.app, player.memberId)).toBe(99_500n);
    // Money brought back makes room again.
    expect((await transfer(player, 'out', '4.00')).statusCode).toBe(200);
    expect((await transfer(player, 'in', '4.00')).statusCode).toBe(200);
    expect(await mainBalance(h.app, player.memberId)).toBe(99_500n);
  });

  it('without a stake limit a transfer is not bounded by one', async () => {
    const player = await createPlayer(h.app, 100_000n);
    expect((await transfer(player, 'in', '500.00')).statusCode).toBe(200);
    expect(await mainBalance(h.app, player.memberId)).toBe(50_000n);
  });
});
