import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { InhouseSession } from '@wps/shared/schemas/inhouse';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { AppError } from '../../http/app-error';
import { attachRoundTripCounter } from '../../db/round-trip-counter';
import { runInSavepoint } from '../../db/run-in-savepoint';
import { mainBalance } from '../gateway/gateway.test-support';
import { passIdentityCheck } from '../kyc/kyc.test-support';
import { fundMember } from '../withdrawal/withdrawal.test-support';
import { newCpf } from '../identity/identity-fixtures';
import { brPlayer, playerWithoutCpf, setBrLimits, setLicence } from './licence-fixtures';

/*
 * The stake door for every stake (docs/compliance.md, "Identity before
 * a stake"): under BR an account without a CPF, or with one but no passed identity check, stakes
 * nothing: a vendor's seamless bet is refused with the wallet's `licence_identity` (no balance moved,
 * no round written), a lottery ticket and an in-house round are refused; once identified and
 * verified they go through; under the generic licence nothing changes.
 * Each fails without the change: the stake door was asked only for forbidden products, so every
 * one of these stakes went through.
 */

// A minute past noon UTC, as licence-products.test.ts: the operator's draws take tickets.
const START = Date.parse('2026-11-24T12:00:05.000Z');

type Player = { token: string; memberId: string };

describeEachDatabase('the stake door asks who bets', (target) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => START });
    await disableRegisterCaptcha(t.app);
    await t.app.services.lottery.runClock();
  }, 180_000);

  afterAll(async () => {
    if (t) {
      await setLicence(t.app, 'permissive');
      await expectLedgerHealthy(t.database);
    }
    await t?.close();
  });

  /**
   * A player with money; when `cpf`, made as BR asks (brPlayer: a CPF, a date of birth and the limits
   * BR asks before play), so what refuses these stakes is the licence's door alone.
   */
  async function player(cpf: boolean): Promise<Player> {
    const p = cpf ? await brPlayer(t.app) : await playerWithoutCpf(t.app);
    await fundMember(t.app, p.memberId, 10_000n);
    return p;
  }

  const bet = (p: Player, tx: string) =>
    t.app.services.gateway.seamless.bet({
      vassalage: 'SBX',
      memberId: p.memberId,
      transactionId: tx,
      roundId: `round-${tx}`,
      gameId: 'SBX-slot-01',
      amountMinor: 100n,
    });
  const ticket = (p: Player) =>
    call(t.app, 'POST', '/lgw/tickets', {
      token: p.token,
      payload: {
        idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`,
        gameCode: 'EK3-1',
        selections: [{ betType: 'sum_size', option: 'big', stakePerLineMinor: '100' }],
      },
    });
  async function spin(p: Player) {
    const launched = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: p.token,
        payload: { nodeId: 'inhouse-slot', vassalage: 'inhouse', gameId: 'inhouse-slot', language: 'en' },
      }),
    );
    const launch = new URLSearchParams(launched.game_url.split('?')[1]).get('launch')!;
    const s = valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken: launch } }),
    );
    return call(t.app, 'POST', '/wps/inhouse/slot/spin', {
      payload: {
        sessionToken: s.sessionToken,
        playerId: s.playerId,
        stakeMinor: '100',
        idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`,
      },
    });
  }
  const roundsOf = async (p: Player) =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(*)::text AS n FROM game_rounds WHERE member_id = ${p.memberId}`.execute(
          t.database.db,
        )
      ).rows[0]!.n,
    );

  /** Refused at the stake door: LICENCE_REFUSED naming the rule, nothing written, no money moved. */
  async function expectNoStake(p: Player, rule: 'identity' | 'kyc', throughRoutes = true) {
    const before = await mainBalance(t.app, p.memberId);
    const refused = await bet(p, `tx-${crypto.randomBytes(6).toString('hex')}`).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).errorCode).toBe(ErrorCode.LICENCE_REFUSED);
    expect((refused as AppError).value).toMatchObject({ rule, profile: 'BR' });
    if (throughRoutes) {
      expect(expectFailure(await ticket(p), ErrorCode.LICENCE_REFUSED).value).toMatchObject({ rule });
      expectFailure(await spin(p), ErrorCode.LICENCE_REFUSED);
    }
    expect(await mainBalance(t.app, p.memberId)).toBe(before);
    expect(await roundsOf(p)).toBe(0);
  }

  it('under the generic licence a player with no CPF and no identity check stakes as before', async () => {
    const p = await player(false);
    await bet(p, `tx-${crypto.randomBytes(6).toString('hex')}`);
    valueOf(await ticket(p));
    valueOf(await spin(p));
  });

  it('under BR no stake from an account without a CPF, nor from one whose identity check has not passed', async () => {
    // Made before the switch: no CPF (the path that made it did not ask).
    const anonymous = await player(false);
    await setLicence(t.app, 'BR');
    // Its session from before the switch may be asked for the CPF first (IDENTITY_REQUIRED, migration
    // 0602), so the wallet's own path is what shows the door here; the routes are shown below.
    await expectNoStake(anonymous, 'identity', false);

    const unverified = await player(true);
    await expectNoStake(unverified, 'kyc');
  });

  it('under BR, once identified and verified, the same player stakes', async () => {
    const p = await player(true);
    await expectNoStake(p, 'kyc');
    await passIdentityCheck(t.app, p);
    const before = await mainBalance(t.app, p.memberId);
    await bet(p, `tx-${crypto.randomBytes(6).toString('hex')}`);
    expect(await mainBalance(t.app, p.memberId)).toBe(before - 100n);
    valueOf(await ticket(p));
    valueOf(await spin(p));
  });

  it('under BR a check passed before the switch, never compared with the CPF, does not count: the player is asked for a new one', async () => {
    await setLicence(t.app, 'permissive');
    const p = await player(false);
    await passIdentityCheck(t.app, p);
    await setLicence(t.app, 'BR');
    // The account gives its CPF at its next call (an account from before the switch), and the limits BR asks.
    valueOf(
      await call(t.app, 'POST', '/wps/member/identity', {
        token: p.token,
        payload: { cpf: newCpf(), birthDate: '1990-04-12' },
      }),
    );
    await setBrLimits(t.app, p);
    await expectNoStake(p, 'kyc');
    expect(
      valueOf<{ level: string; reason: string | null }>(
        await call(t.app, 'GET', '/wps/kyc/status', { token: p.token }),
      ),
    ).toMatchObject({ level: 'unverified', reason: 'identity_unbound' });
    const listed = valueOf<{ list: { memberId: string; notBoundToCpf: boolean }[] }>(
      await call(t.app, 'GET', '/ops/kyc/checks?status=passed&pageSize=100', {
        token: (await createTestOperator(t.app, 'support')).token,
      }),
    ).list.filter((c) => c.memberId === p.memberId);
    expect(listed.map((c) => c.notBoundToCpf)).toEqual([true]);

    // A new check, bound to the CPF it gave: the same player stakes.
    await passIdentityCheck(t.app, p);
    const before = await mainBalance(t.app, p.memberId);
    await bet(p, `tx-${crypto.randomBytes(6).toString('hex')}`);
    expect(await mainBalance(t.app, p.memberId)).toBe(before - 100n);
  });

  it('a transaction reads the licence once for all its doors, and again after rolling back the savepoint that read it', async () => {
    await setLicence(t.app, 'permissive');
    const p = await player(false);
    const { policy } = t.app.services.licence;
    const counter = attachRoundTripCounter(t.database);
    try {
      const { sent } = await counter.measure(() =>
        t.database.db.transaction().execute(async (trx) => {
          // A rolled-back savepoint releases the share lock its door took: what it read is forgotten.
          await runInSavepoint(trx, 'licence_test', async () => {
            await policy.ask(trx, 'stake', { memberId: p.memberId });
            throw new Error('rolled back');
          }).catch(() => undefined);
          // The tickets of one batch ask the stake door in one transaction: one read, under the lock.
          for (let i = 0; i < 5; i++) await policy.ask(trx, 'stake', { memberId: p.memberId });
        }),
      );
      expect(sent.filter((q) => /from "operator_licence"/i.test(q))).toHaveLength(2);
    } finally {
      counter.detach();
    }
  });
});
