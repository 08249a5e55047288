import fs from 'node:fs';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { proofDirectory } from './proof-files';
import {
  balanceOf,
  createPayer,
  fundMember,
  midDayClock,
  multipartBody,
  newKey,
  pngBytes,
  requestWithdrawal,
  type Payer,
} from './withdrawal.test-support';

/** A refusal is the answer to its key, and a proof upload checks the order before reading files. */
describeEachDatabase('withdrawal refusals and proof targets', (target) => {
  let t: TestApp;
  // Operator decisions through the service: the operator's own HTTP path is not what these tests are about.
  const system = { actorType: 'system', actorId: 'test' } as const;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: midDayClock().now });
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a withdrawal refused for funds stays refused under its key after a top-up; a new key executes', async () => {
    const payer = await createPayer(t.app, 1_000n);
    const key = newKey();
    const refused = expectFailure(
      await requestWithdrawal(t.app, payer, '20', { idempotencyKey: key }),
      'INSUFFICIENT_FUNDS',
      409,
    );
    await fundMember(t.app, payer.memberId, 5_000n);
    // The same request again, now that the money is there: the same refusal, nothing moves.
    const again = expectFailure(
      await requestWithdrawal(t.app, payer, '20', { idempotencyKey: key }),
      'INSUFFICIENT_FUNDS',
      409,
    );
    expect(again.value).toEqual(refused.value);
    expect(await balanceOf(t.app, payer.memberId)).toBe(6_000n);
    // The key refused one request; another amount under it is a conflict, not a new request.
    expectFailure(await requestWithdrawal(t.app, payer, '15', { idempotencyKey: key }), 'IDEMPOTENCY_CONFLICT', 409);
    const orders = await t.database.db
      .selectFrom('withdrawal_orders')
      .select('id')
      .where('member_id', '=', payer.memberId)
      .execute();
    expect(orders).toHaveLength(0);
    // A new key is a new request.
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '20', { idempotencyKey: newKey() }));
    expect(order.status).toBe('pending');
    expect(await balanceOf(t.app, payer.memberId)).toBe(4_000n);
  });

  it('a daily-limit refusal is final under its key; form and password refusals are not stored', async () => {
    const payer = await createPayer(t.app, 1_000_000n);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10')).id);
    const key = newKey();
    expectFailure(
      await requestWithdrawal(t.app, payer, '10', { idempotencyKey: key }),
      'WITHDRAWAL_DAILY_LIMIT_REACHED',
      409,
    );
    // A rejected order frees a slot of the day; the refused key still answers its refusal.
    await t.app.services.withdrawal.reject(system, ids[0]!, 'test');
    expectFailure(
      await requestWithdrawal(t.app, payer, '10', { idempotencyKey: key }),
      'WITHDRAWAL_DAILY_LIMIT_REACHED',
      409,
    );

    // Not final: a wrong payment password, then the right one, under the same key executes.
    const retried = newKey();
    expectFailure(
      await requestWithdrawal(t.app, payer, '10', { idempotencyKey: retried, paymentPassword: '999999' }),
      'PAYMENT_PASSWORD_INVALID',
      400,
    );
    expect(
      valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, payer, '10', { idempotencyKey: retried })).status,
    ).toBe('pending');
    const stored = await t.database.db
      .selectFrom('money_request_refusals')
      .select(['error_code'])
      .where('member_id', '=', payer.memberId)
      .execute();
    expect(stored.map((r) => r.error_code)).toEqual(['WITHDRAWAL_DAILY_LIMIT_REACHED']);
  });

  const upload = (payer: Payer, id: string, files: { name: string; contentType: string; data: Buffer }[]) => {
    const body = multipartBody(files);
    return t.app.inject({
      method: 'POST',
      url: `/wps/withdraw/orders/${id}/not-received`,
      headers: { ...body.headers, authorization: payer.token },
      payload: body.payload,
    });
  };
  const storedProofs = (): string[] => {
    const dir = proofDirectory(t.config.dataDir);
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  it('a proof upload for someone else’s or a missing order is refused before any file is read or written', async () => {
    const owner = await createPayer(t.app, 10_000n);
    const intruder = await createPayer(t.app, 10_000n);
    const order = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, owner, '20'));
    await t.app.services.withdrawal.approve(system, order.id);
    const before = storedProofs();
    const png = [{ name: 'proof.png', contentType: 'image/png', data: pngBytes(1_000) }];
    expectFailure(await upload(intruder, order.id, png), 'WITHDRAWAL_NOT_FOUND', 404);
    expectFailure(await upload(intruder, '999999999', png), 'WITHDRAWAL_NOT_FOUND', 404);
    // The body is never read: what it holds (too many files, too large, not an image) does not
    // matter, the answer is the order's, so nothing of the upload was looked at.
    const four = Array.from({ length: 4 }, (_, i) => ({
      name: `p${i}.png`,
      contentType: 'image/png',
      data: pngBytes(100),
    }));
    expectFailure(await upload(intruder, order.id, four), 'WITHDRAWAL_NOT_FOUND', 404);
    expectFailure(
      await upload(intruder, '999999999', [
        { name: 'big.png', contentType: 'image/png', data: pngBytes(5 * 1024 * 1024 + 1) },
      ]),
      'WITHDRAWAL_NOT_FOUND',
      404,
    );
    expectFailure(
      await upload(intruder, order.id, [
        { name: 'x.png', contentType: 'image/png', data: Buffer.from('not an image') },
      ]),
      'WITHDRAWAL_NOT_FOUND',
      404,
    );
    // A pending (not yet approved) order of the owner is not awaiting proofs either.
    const pending = valueOf<WithdrawalOrder>(await requestWithdrawal(t.app, owner, '10'));
    expectFailure(await upload(owner, pending.id, four), 'WITHDRAWAL_NOT_CONFIRMABLE', 409);
    expect(storedProofs()).toEqual(before);
    const rows = await t.database.db
      .selectFrom('withdrawal_proofs')
      .select('id')
      .where('withdrawal_id', 'in', [order.id, pending.id])
      .execute();
    expect(rows).toHaveLength(0);
    // The owner's upload still works.
    expect(valueOf<WithdrawalOrder>(await upload(owner, order.id, png)).status).toBe('disputed');
    expect(storedProofs()).toHaveLength(before.length + 1);
  });
});
