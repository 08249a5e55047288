import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OpsVendorTransfer, WalletTransferResult } from '@wps/shared/schemas/gateway';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { describeEachDatabase } from '../../../test/test-app';
import { SANDBOX_TRANSFER } from './gateway.service';
import {
  createGatewayHarness,
  createPlayer,
  mainBalance,
  type GatewayHarness,
  type Player,
} from './gateway.test-support';

const key = () => `k-${crypto.randomBytes(8).toString('hex')}`;

// The back office's vendor-transfer queue, through its routes, against the sandbox vendor: a
// transfer whose answer never came waits in the queue with its player named; "ask now" settles
// it from the vendor's answer (the money follows the vendor, not the operator) and is audited.
describeEachDatabase('vendor-transfer queue', (target) => {
  let h: GatewayHarness;
  let finance: string;
  let support: string;

  beforeAll(async () => {
    h = await createGatewayHarness(target, { transferTimeoutMs: 700 });
    finance = (await createTestOperator(h.app, 'finance')).token;
    support = (await createTestOperator(h.app, 'support')).token;
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await h.sandbox.control('/control/reset', {});
    await expectLedgerHealthy(h.database);
  });

  const transferIn = async (player: Player, amount: string) =>
    valueOf<WalletTransferResult>(
      await call(h.app, 'POST', '/wps/relay/GCS_walletTransfer', {
        token: player.token,
        payload: { direction: 'in', vassalage: SANDBOX_TRANSFER, amount, idempotencyKey: key() },
      }),
    );
  const pendingQueue = async (token: string, query = '') =>
    valueOf<OpsPage<OpsVendorTransfer>>(
      await call(h.app, 'GET', `/ops/vendor-transfers?status=pending${query}`, { token }),
    );

  it('a transfer the vendor did not answer waits in the queue; asking now settles it from the vendor, audited', async () => {
    const player = await createPlayer(h.app, 5_000n);
    const done = await transferIn(player, '10');
    expect(done.transfers[0]!.status).toBe('succeeded');
    await h.sandbox.control('/control/faults', { delayMs: 2_000 });
    const late = await transferIn(player, '20');
    expect(late.transfers[0]!.status).toBe('pending');
    const lateId = late.transfers[0]!.id;

    const queue = await pendingQueue(support);
    expect(queue.list.map((t) => t.id)).toContain(lateId);
    const row = queue.list.find((t) => t.id === lateId)!;
    expect(row).toMatchObject({
      vassalage: SANDBOX_TRANSFER,
      direction: 'in',
      amountMinor: '2000',
      status: 'pending',
      memberId: player.memberId,
      currency: 'BRL',
    });
    expect(row.account).not.toBe('');
    // The succeeded one is under its own status, and the vendor filter narrows.
    const succeeded = valueOf<OpsPage<OpsVendorTransfer>>(
      await call(h.app, 'GET', `/ops/vendor-transfers?status=succeeded&vassalage=${SANDBOX_TRANSFER}&order=desc`, {
        token: support,
      }),
    );
    expect(succeeded.list.map((t) => t.id)).toContain(done.transfers[0]!.id);
    expect((await pendingQueue(support, '&vassalage=NOPE')).total).toBe(0);

    // Support reads, finance acts.
    expectFailure(
      await call(h.app, 'POST', `/ops/vendor-transfers/${lateId}/check`, {
        token: support,
        payload: { reason: 'player asked' },
      }),
      ErrorCode.OPERATOR_FORBIDDEN,
      403,
    );
    expectFailure(
      await call(h.app, 'POST', `/ops/vendor-transfers/${lateId}/check`, { token: finance, payload: {} }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );

    await h.sandbox.control('/control/faults', { delayMs: 0 });
    const checked = valueOf<OpsVendorTransfer>(
      await call(h.app, 'POST', `/ops/vendor-transfers/${lateId}/check`, {
        token: finance,
        payload: { reason: 'player asked where the money is' },
      }),
    );
    expect(checked).toMatchObject({ id: lateId, status: 'succeeded' });
    expect(await mainBalance(h.app, player.memberId)).toBe(2_000n);
    expect((await pendingQueue(finance)).list.map((t) => t.id)).not.toContain(lateId);

    // Settled: asking again is refused, and nothing moves.
    expectFailure(
      await call(h.app, 'POST', `/ops/vendor-transfers/${lateId}/check`, {
        token: finance,
        payload: { reason: 'again' },
      }),
      ErrorCode.TRANSFER_NOT_PENDING,
      409,
    );
    expectFailure(
      await call(h.app, 'POST', '/ops/vendor-transfers/999999999/check', {
        token: finance,
        payload: { reason: 'unknown' },
      }),
      ErrorCode.NOT_FOUND,
      404,
    );

    const audit = await h.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'vendor_transfer.check')
      .where('subject_id', '=', lateId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_type: 'operator', reason: 'player asked where the money is' });
    expect(audit[0]!.before).toMatchObject({ status: 'pending' });
    expect(audit[0]!.after).toMatchObject({ status: 'succeeded' });
  });

  it('the CSV lists the same transfers in the queue order', async () => {
    const player = await createPlayer(h.app, 9_000n);
    const made = [];
    for (const amount of ['30', '10', '20']) made.push((await transferIn(player, amount)).transfers[0]!.id);
    const res = await call(h.app, 'GET', `/ops/vendor-transfers/csv?status=succeeded&sort=amount&order=desc`, {
      token: support,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const [header = '', ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const cols = header.split(',');
    const ids = lines.map((l) => l.split(',')[cols.indexOf('id')]);
    const amounts = lines.map((l) => BigInt(l.split(',')[cols.indexOf('amount_minor')]!));
    for (const id of made) expect(ids).toContain(id);
    expect(amounts).toEqual([...amounts].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });
});
