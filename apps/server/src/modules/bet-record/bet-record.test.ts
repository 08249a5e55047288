import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { BetProfitResult, BetRecordPage } from '@wps/shared/schemas/bet-record';
import type { InhouseRoundResult, InhouseSession, RotateSeedResult } from '@wps/shared/schemas/inhouse';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createPlayer, type Player } from '../gateway/gateway.test-support';

describeEachDatabase('betting record and personal profit and loss', (target) => {
  let t: TestApp;
  let player: Player;
  const spins: InhouseRoundResult[] = [];
  const rolls: InhouseRoundResult[] = [];
  /** Before any round is played: the rounds' local day lies between this one's and the check's. */
  const startedAt = Date.now();

  async function open(nodeId: string): Promise<InhouseSession> {
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: player.token,
        payload: { nodeId, vassalage: 'inhouse' },
      }),
    ).game_url;
    const launchToken = new URLSearchParams(url.split('?')[1]).get('launch')!;
    return valueOf<InhouseSession>(await call(t.app, 'POST', '/wps/inhouse/session', { payload: { launchToken } }));
  }

  beforeAll(async () => {
    t = await createTestApp(target);
    player = await createPlayer(t.app, 1_000_000n);
    const slot = await open('inhouse-slot');
    for (let i = 0; i < 5; i++) {
      const payload = {
        sessionToken: slot.sessionToken,
        playerId: slot.playerId,
        stakeMinor: String(100 * (i + 1)),
        idempotencyKey: `bet-record-slot-${i}-${crypto.randomBytes(4).toString('hex')}`,
      };
      spins.push(valueOf<InhouseRoundResult>(await call(t.app, 'POST', '/wps/inhouse/slot/spin', { payload })));
    }
    const dice = await open('inhouse-dice');
    for (let i = 0; i < 2; i++) {
      const payload = {
        sessionToken: dice.sessionToken,
        playerId: dice.playerId,
        stakeMinor: '250',
        target: 5000,
        direction: 'under',
        idempotencyKey: `bet-record-dice-${i}-${crypto.randomBytes(4).toString('hex')}`,
      };
      rolls.push(valueOf<InhouseRoundResult>(await call(t.app, 'POST', '/wps/inhouse/dice/roll', { payload })));
    }
    // Another player's rounds never show.
    const other = await createPlayer(t.app, 10_000n);
    const url = valueOf<{ game_url: string }>(
      await call(t.app, 'POST', '/wps/game/launchGame', {
        token: other.token,
        payload: { nodeId: 'inhouse-slot', vassalage: 'inhouse' },
      }),
    ).game_url;
    const s = valueOf<InhouseSession>(
      await call(t.app, 'POST', '/wps/inhouse/session', {
        payload: { launchToken: new URLSearchParams(url.split('?')[1]).get('launch')! },
      }),
    );
    valueOf(
      await call(t.app, 'POST', '/wps/inhouse/slot/spin', {
        payload: {
          sessionToken: s.sessionToken,
          playerId: s.playerId,
          stakeMinor: '100',
          idempotencyKey: 'other-player-spin-1',
        },
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const list = async (query: Record<string, string | number> = {}) =>
    valueOf<BetRecordPage>(
      await call(
        t.app,
        'GET',
        `/wps/bet-record?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
        { token: player.token },
      ),
    );

  it('lists every bet, newest first, with vendor, game, stake, payout, profit, status and time', async () => {
    const page = await list();
    expect(page.total).toBe(7);
    expect(page.list.map((r) => r.roundId)).toEqual([...spins, ...rolls].map((r) => r.roundId).reverse());
    const top = page.list[0]!;
    const roll = rolls[1]!;
    expect(top).toMatchObject({
      vassalage: 'inhouse',
      vendorName: 'In-house Games',
      category: 'RNG',
      nodeId: 'inhouse-dice',
      gameName: 'Provable Dice',
      stakeMinor: '250',
      payoutMinor: roll.payoutMinor,
      profitMinor: (BigInt(roll.payoutMinor) - 250n).toString(),
      status: 'settled',
      fair: { serverSeedHash: roll.serverSeedHash, serverSeed: null, clientSeed: roll.clientSeed, nonce: roll.nonce },
    });
    expect(Date.parse(top.createdAt)).toBeGreaterThan(Date.now() - 120_000);
    // Totals come from the round records and agree with the ledger: balance = start + profit.
    const profit = [...spins, ...rolls].reduce((sum, r) => sum + BigInt(r.payoutMinor) - BigInt(r.stakeMinor), 0n);
    expect(page.totals).toMatchObject({ count: 7, stakeMinor: '2000', profitMinor: profit.toString() });
    expect(await t.app.services.ledger.getPlayerBalance(player.memberId)).toBe(1_000_000n + profit);
  });

  it('pages and filters by category, vendor and time', async () => {
    const p1 = await list({ page: 1, pageSize: 3 });
    const p3 = await list({ page: 3, pageSize: 3 });
    expect(p1).toMatchObject({ total: 7, totalPages: 3, page: 1 });
    expect(p1.list).toHaveLength(3);
    expect(p3.list).toHaveLength(1);
    expect(p3.list[0]!.roundId).toBe(spins[0]!.roundId);
    expect((await list({ category: 'RNG' })).total).toBe(7);
    expect((await list({ category: 'LIVE' })).total).toBe(0);
    expect((await list({ vassalage: 'inhouse' })).total).toBe(7);
    expect((await list({ vassalage: 'SBX' })).total).toBe(0);
    expect((await list({ from: new Date(Date.now() + 60_000).toISOString() })).total).toBe(0);
    expect(
      (
        await list({
          from: new Date(Date.now() - 600_000).toISOString(),
          to: new Date(Date.now() + 60_000).toISOString(),
        })
      ).total,
    ).toBe(7);
    // Empty filter values are ignored, unknown fields stripped.
    expect((await list({ category: '', vassalage: '', extra: 'x' })).total).toBe(7);
    for (const bad of [
      { category: 'CASINO' },
      { from: 'yesterday' },
      { pageSize: 500 },
      { from: new Date().toISOString(), to: new Date(Date.now() - 86_400_000).toISOString() },
    ]) {
      const q = new URLSearchParams(Object.entries(bad).map(([k, v]) => [k, String(v)]));
      expectFailure(
        await call(t.app, 'GET', `/wps/bet-record?${q}`, { token: player.token }),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
    }
    expectFailure(await call(t.app, 'GET', '/wps/bet-record'), ErrorCode.UNAUTHORIZED, 401);
  });

  it('shows the revealed server seed on rounds once it is rotated out', async () => {
    const s = await open('inhouse-slot');
    const rotated = valueOf<RotateSeedResult>(
      await call(t.app, 'POST', '/wps/inhouse/fair/rotate', {
        payload: { sessionToken: s.sessionToken, playerId: s.playerId },
      }),
    );
    const page = await list({ pageSize: 100 });
    for (const row of page.list) expect(row.fair?.serverSeed).toBe(rotated.revealed.serverSeed);
  });

  it('sums profit and loss by day and by category', async () => {
    const pnl = valueOf<BetProfitResult>(
      await call(t.app, 'GET', '/wps/bet-record/profit?utcOffsetMinutes=-180', { token: player.token }),
    );
    const profit = [...spins, ...rolls].reduce((sum, r) => sum + BigInt(r.payoutMinor) - BigInt(r.stakeMinor), 0n);
    expect(pnl.totals).toMatchObject({ count: 7, stakeMinor: '2000', profitMinor: profit.toString() });
    expect(pnl.byCategory).toEqual([
      expect.objectContaining({ category: 'RNG', count: 7, profitMinor: profit.toString() }),
    ]);
    const localDay = (ms: number) => new Date(ms - 180 * 60_000).toISOString().slice(0, 10);
    // Rounds played around local midnight could split over two days, and the check may run after it; the sums still add up.
    expect(pnl.byDay.length).toBeGreaterThan(0);
    for (const d of pnl.byDay) expect([localDay(startedAt), localDay(Date.now())]).toContain(d.day);
    expect(pnl.byDay.reduce((sum, d) => sum + BigInt(d.profitMinor), 0n)).toBe(profit);
    expect(pnl.byDay.reduce((sum, d) => sum + d.count, 0)).toBe(7);
    const none = valueOf<BetProfitResult>(
      await call(t.app, 'GET', '/wps/bet-record/profit?category=FISH', { token: player.token }),
    );
    expect(none).toMatchObject({ totals: { count: 0, stakeMinor: '0', profitMinor: '0' }, byDay: [], byCategory: [] });
    expectFailure(
      await call(t.app, 'GET', '/wps/bet-record/profit?utcOffsetMinutes=9999', { token: player.token }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
  });
});
