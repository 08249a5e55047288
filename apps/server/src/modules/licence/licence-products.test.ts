import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { GameList, VendorLanes } from '@wps/shared/schemas/catalogue';
import type { LicenceBlocker, LicenceChange } from '@wps/shared/schemas/licence';
import type { LotteryGameMenu, LotteryMenuGroup } from '@wps/shared/schemas/lottery';
import type { OpsLotteryGame } from '@wps/shared/schemas/lottery-ops';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestOperator, type TestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { AppError } from '../../http/app-error';
import { insertMissingVendors } from '../catalogue/catalogue.repository';
import { connectEveryVendor, injectCallback, mainBalance } from '../gateway/gateway.test-support';
import { fundMember } from '../withdrawal/withdrawal.test-support';
import {
  brPlayer,
  makeVipLevelsBrReady,
  playerWithoutCpf,
  setLicence,
  switchOffForbiddenProducts,
  switchOnProducts,
} from './licence-fixtures';

/*
 * Products the licence allows (docs/compliance.md): under BR no P2P table
 * (the catalogue's PVP games) and no foreign lottery draw (the Vietnamese daily draws, whose
 * results are Vietnam's). The lobby, the lottery's menus and the room list leave them out; their
 * launch is refused; a stake on them (a vendor's bet, a lottery ticket) asks the stake door in its
 * transaction and is refused with no money moved; and a switch to BR is refused, listing them,
 * while they are live. Each of these fails without the change: the lists would show them, the
 * launch and the stakes would go through, and the switch would pass.
 */

// A minute past noon UTC: the Vietnamese north draw (18:15 in Ho Chi Minh City) of tomorrow takes bets.
const START = Date.parse('2026-11-24T12:00:05.000Z');

/** The demo seed's P2P tables and foreign lottery draws. */
const P2P_TABLES = ['CRD-niu', 'CRD-rummy', 'CRD-teen', 'SBP-holdem', 'SBP-truco-br', 'SBT-pvp-01'];
const FOREIGN_DRAWS = ['VN-MB', 'VN-MN', 'VN-MT'];

/** The placeholder vendors' shared secret: the tests sign SBP's callbacks with it. */
const SECRET = crypto.randomBytes(24).toString('hex');

type Player = { token: string; memberId: string };
type OpsGames = { games: { nodeId: string; hiddenByLicence: boolean }[] };

describeEachDatabase('products the licence allows', (target) => {
  let t: TestApp;
  let admin: TestOperator;
  let admin2: TestOperator;
  /** Switched off before the switch to BR, switched on again under it. */
  let products: LicenceBlocker[] = [];
  /** A P2P table opened under the generic licence: its player and the vendor session. */
  let table: { player: Player; sessionToken: string };

  beforeAll(async () => {
    t = await createTestApp(target, {}, { calendarClock: () => START });
    // A P2P vendor with a transfer wallet (the demo's are seamless): money sent to it is a stake on its tables.
    await insertMissingVendors(t.database.db, [
      {
        vassalage: 'PVT',
        name: 'Transfer Poker',
        category: 'PVP',
        walletModel: 'transfer',
        sortOrder: 999,
        isHot: false,
      },
    ]);
    // Players see only connected vendors: the P2P vendors (SBP, CRD, PVT) are connected to placeholders.
    await connectEveryVendor(t.app, SECRET);
    await disableRegisterCaptcha(t.app);
    await t.app.services.lottery.runClock();
    [admin, admin2] = await Promise.all([createTestOperator(t.app, 'admin'), createTestOperator(t.app, 'admin')]);
    // The default VIP levels' cash bonuses would stand in the way of the switch too (licence-offers.test.ts).
    await makeVipLevelsBrReady(t.app);
  }, 180_000);

  afterAll(async () => {
    if (t) {
      await setLicence(t.app, 'permissive');
      await expectLedgerHealthy(t.database);
    }
    await t?.close();
  });

  /** A player with money; under BR one made as BR asks (brPlayer: a CPF, a date of birth, the limits). */
  async function player(br: boolean): Promise<Player> {
    const p = br ? await brPlayer(t.app) : await playerWithoutCpf(t.app);
    await fundMember(t.app, p.memberId, 10_000n);
    return p;
  }
  const relay = (name: string, payload: unknown, token: string) =>
    call(t.app, 'POST', `/wps/relay/${name}`, { token, payload });
  const pvpGames = async (p: Player) =>
    valueOf<GameList>(await relay('GCSGAME_gameList', { pageNo: 1, pageSize: 100, gameType: 'PVP' }, p.token))
      .games.map((g) => g.nodeId)
      .sort();
  const lotteryGames = async (p: Player) =>
    valueOf<GameList>(await relay('GCSGAME_gameList', { pageNo: 1, pageSize: 100, vassalage: 'ILT' }, p.token))
      .games.map((g) => g.nodeId)
      .sort();
  const laneTitles = async (p: Player) =>
    valueOf<VendorLanes>(await relay('GCSGAME_newGameVendor', { platform: 'html5-desktop' }, p.token)).lanes.map(
      (l) => l.title,
    );
  const vnMenu = async () =>
    valueOf<LotteryMenuGroup[]>(await call(t.app, 'GET', '/lgw/vn/games/game_menu?prizeMode=Lott&device=WEB'))
      .flatMap((g) => g.gameMenus.map((m) => m.gameCode))
      .sort();
  const popular = async () =>
    valueOf<LotteryGameMenu[]>(await call(t.app, 'GET', '/lgw/games/popular?count=20')).map((m) => m.gameCode);
  const launch = (p: Player, nodeId: string, vassalage: string) =>
    call(t.app, 'POST', '/wps/game/launchGame', {
      token: p.token,
      payload: {
        nodeId,
        vassalage,
        gameId: nodeId,
        accountType: 1,
        confirmTrans: 0,
        launchMode: 'GLS',
        platform: 'html5-desktop',
        clientType: 3,
        language: 'en',
      },
    });
  const bet = (p: Player, tx: string) =>
    t.app.services.gateway.seamless.bet({
      vassalage: 'SBP',
      memberId: p.memberId,
      transactionId: tx,
      roundId: `round-${tx}`,
      gameId: 'SBP-holdem',
      amountMinor: 100n,
    });
  const ticket = (p: Player) =>
    call(t.app, 'POST', '/lgw/tickets', {
      token: p.token,
      payload: {
        idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`,
        gameCode: 'VN-MB',
        selections: [{ betType: 'lo', numbers: [27], stakePerLineMinor: '100' }],
      },
    });
  const ask = (op: TestOperator) =>
    call(t.app, 'POST', '/ops/licence/changes', {
      token: op.token,
      payload: { profile: 'BR', reason: 'licence granted by SPA/MF' },
    });

  it('under the generic licence the lobby, the menus and the launch offer P2P tables and foreign draws', async () => {
    const p = await player(false);
    expect(await pvpGames(p)).toEqual(P2P_TABLES);
    expect(await lotteryGames(p)).toEqual(expect.arrayContaining(FOREIGN_DRAWS));
    expect(await laneTitles(p)).toContain('PVP');
    expect(await vnMenu()).toEqual(FOREIGN_DRAWS);
    const url = new URL(valueOf<{ game_url: string }>(await launch(p, 'SBP-holdem', 'SBP')).game_url);
    expect(url.searchParams.get('game')).toBe('SBP-holdem');
    // The vendor opens its session with the launch token (kept for a bet after the switch).
    const auth = await injectCallback(t.app, SECRET, 'SBP', 'authenticate', {
      launchToken: url.searchParams.get('token'),
    });
    table = { player: p, sessionToken: valueOf<{ sessionToken: string }>(auth).sessionToken };
  });

  it('a switch to BR is refused while they are live, each listed by name, and goes once they are off', async () => {
    const refused = expectFailure(await ask(admin), ErrorCode.LICENCE_SWITCH_BLOCKED, 409);
    const blockers = (refused.value as { blockers: LicenceBlocker[] }).blockers.filter(
      (b) => b.rule === 'forbiddenProducts',
    );
    expect(blockers.map((b) => b.id).sort()).toEqual([...P2P_TABLES, ...FOREIGN_DRAWS].sort());
    expect(blockers).toContainEqual({
      kind: 'game',
      id: 'SBP-holdem',
      label: "Texas Hold'em (Sandbox Poker)",
      rule: 'forbiddenProducts',
    });
    expect(blockers).toContainEqual({
      kind: 'lottery_game',
      id: 'VN-MB',
      label: 'Xổ số Miền Bắc (VN)',
      rule: 'forbiddenProducts',
    });

    // Disabled tables and paused draws no longer stand in the way: asked and approved by a second operator.
    products = await switchOffForbiddenProducts(t.app, 'BR');
    expect(products).toHaveLength(P2P_TABLES.length + FOREIGN_DRAWS.length);
    expect((await t.app.services.licence.changes.blockers('BR')).filter((b) => b.rule === 'forbiddenProducts')).toEqual(
      [],
    );
    const asked = valueOf<LicenceChange>(await ask(admin));
    valueOf(
      await call(t.app, 'POST', `/ops/licence/changes/${asked.id}/approve`, {
        token: admin2.token,
        payload: { reason: 'checked' },
      }),
    );
    expect(await t.app.services.licence.policy.profile()).toBe('BR');
  });

  it('under BR, switched on again, they stay out of every list and the back office marks them', async () => {
    // An operator may switch them on under BR: the licence still hides them.
    await switchOnProducts(t.app, products);
    const p = await player(true);
    // This instance's copy of the licence hears of the switch through the change feed, within moments.
    await expect.poll(() => pvpGames(p), { timeout: 5_000 }).toEqual([]);
    await expect.poll(() => vnMenu(), { timeout: 5_000 }).toEqual([]);
    const lottery = await lotteryGames(p);
    expect(lottery).toContain('SEA-N5');
    for (const code of FOREIGN_DRAWS) expect(lottery).not.toContain(code);
    expect(await laneTitles(p)).not.toContain('PVP');
    expect((await popular()).filter((code) => FOREIGN_DRAWS.includes(code))).toEqual([]);
    expect(valueOf<{ rooms: unknown[] }>(await relay('GLS2_roomList', { vassalage: 'SBP' }, p.token)).rooms).toEqual(
      [],
    );

    const ops = valueOf<OpsGames>(await call(t.app, 'GET', '/ops/games?vassalage=SBP', { token: admin.token }));
    expect(ops.games.map((g) => g.hiddenByLicence)).toEqual([true, true]);
    const vendors = valueOf<{ vassalage: string; hiddenByLicence: boolean }[]>(
      await call(t.app, 'GET', '/ops/vendors', { token: admin.token }),
    );
    expect(
      vendors
        .filter((v) => v.hiddenByLicence)
        .map((v) => v.vassalage)
        .sort(),
    ).toEqual(['CRD', 'DIG', 'DS88', 'PVT', 'SBC', 'SBP']);
    const draws = valueOf<OpsLotteryGame[]>(await call(t.app, 'GET', '/ops/lottery/games', { token: admin.token }));
    expect(
      draws
        .filter((g) => g.hiddenByLicence)
        .map((g) => g.code)
        .sort(),
    ).toEqual(FOREIGN_DRAWS);
    expect(draws.find((g) => g.code === 'VN-MB')).toMatchObject({ resultCountry: 'VN', status: 'active' });
  });

  it('under BR their launch is refused, naming the rule and its source', async () => {
    const p = await player(true);
    for (const [nodeId, vassalage, product] of [
      ['SBP-holdem', 'SBP', 'p2p_table'],
      ['VN-MB', 'ILT', 'foreign_lottery'],
      ['SBC-meron-wala', 'SBC', 'animal_fight'],
    ] as const) {
      const refused = expectFailure(await launch(p, nodeId, vassalage), ErrorCode.LICENCE_REFUSED, 403);
      expect(refused.value).toMatchObject({
        rule: 'forbiddenProducts',
        profile: 'BR',
        product,
        source: expect.stringContaining('14.790'),
      });
    }
  });

  it("under BR a vendor's bet callback on a table opened before the switch is refused, nothing moved", async () => {
    const tx = `cb-${crypto.randomBytes(6).toString('hex')}`;
    const res = await injectCallback(t.app, SECRET, 'SBP', 'bet', {
      sessionToken: table.sessionToken,
      playerId: table.player.memberId,
      transactionId: tx,
      roundId: `round-${tx}`,
      gameId: 'SBP-holdem',
      amountMinor: '100',
    });
    const refused = expectFailure(res, ErrorCode.LICENCE_REFUSED, 403);
    expect(refused.value).toMatchObject({ rule: 'forbiddenProducts', profile: 'BR' });
    expect(await mainBalance(t.app, table.player.memberId)).toBe(10_000n);
  });

  it('under BR a stake on them is refused with no money moved: a bet, a ticket, a transfer', async () => {
    const p = await player(true);
    const tx = `p2p-${crypto.randomBytes(6).toString('hex')}`;
    const error = await bet(p, tx).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      errorCode: ErrorCode.LICENCE_REFUSED,
      message: "The operator's licence does not allow this game",
      value: { rule: 'forbiddenProducts', profile: 'BR' },
    });
    expect(await mainBalance(t.app, p.memberId)).toBe(10_000n);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM round_bets WHERE vassalage = 'SBP' AND vendor_tx_id = ${tx}`.execute(
      t.database.db,
    );
    expect(rows[0]?.n).toBe('0');

    const refused = expectFailure(await ticket(p), ErrorCode.LICENCE_REFUSED, 403);
    expect(refused.value).toMatchObject({ door: 'stake', rule: 'forbiddenProducts', profile: 'BR' });
    expect(await mainBalance(t.app, p.memberId)).toBe(10_000n);
    const tickets = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM lottery_tickets WHERE member_id = ${p.memberId}`.execute(t.database.db);
    expect(tickets.rows[0]?.n).toBe('0');

    // The transfer wallet: refused before its hold, so the vendor is never called and nothing moves.
    const sent = expectFailure(
      await relay(
        'GCS_walletTransfer',
        {
          direction: 'in',
          vassalage: 'PVT',
          amount: '10.00',
          idempotencyKey: `k-${crypto.randomBytes(8).toString('hex')}`,
        },
        p.token,
      ),
      ErrorCode.LICENCE_REFUSED,
      403,
    );
    expect(sent.value).toMatchObject({ door: 'stake', rule: 'forbiddenProducts', profile: 'BR' });
    expect(await mainBalance(t.app, p.memberId)).toBe(10_000n);
    const transfers = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM vendor_transfers WHERE member_id = ${p.memberId}`.execute(t.database.db);
    expect(transfers.rows[0]?.n).toBe('0');

    // Under the generic licence again, the same stakes go through: the refusals were the licence's.
    await setLicence(t.app, 'permissive');
    await bet(p, `${tx}-again`);
    expect(await mainBalance(t.app, p.memberId)).toBe(9_900n);
    valueOf(await ticket(p));
    expect(await mainBalance(t.app, p.memberId)).toBe(9_800n);
  });
});
