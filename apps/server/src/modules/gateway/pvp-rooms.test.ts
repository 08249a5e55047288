import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LaunchGameResult } from '@wps/shared/schemas/gateway';
import type { RoomList } from '@wps/shared/schemas/pvp';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { describeEachDatabase } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';
import { SANDBOX_PVP } from './gateway.service';
import { createGatewayHarness, createPlayer, type GatewayHarness, type Player } from './gateway.test-support';

// PVP rooms read from the reference vendor's room list (docs/vendor-api.md "PVP rooms"), and joined through the launch.
describeEachDatabase('PVP rooms through the reference vendor', (target) => {
  let h: GatewayHarness;
  let player: Player;

  beforeAll(async () => {
    h = await createGatewayHarness(target);
    await h.app.services.gateway.configureAdapter({
      vassalage: SANDBOX_PVP,
      walletModel: 'seamless',
      launchUrl: `${h.sandbox.url}/play`,
      apiUrl: `${h.sandbox.url}/api`,
      secret: h.sandbox.secret,
      requestTimeoutMs: 2000,
    });
    player = await createPlayer(h.app, 50_000n);
  });
  afterAll(async () => {
    await h?.close();
  });
  afterEach(async () => {
    await h.sandbox.control('/control/reset', {});
  });

  const rooms = (payload: Record<string, unknown> = {}, token = player.token) =>
    call(h.app, 'POST', '/wps/relay/GLS2_roomList', { token, payload });
  const launch = (payload: Record<string, unknown>) =>
    call(h.app, 'POST', '/wps/game/launchGame', {
      token: player.token,
      payload: {
        vassalage: SANDBOX_PVP,
        accountType: 1,
        confirmTrans: 0,
        launchMode: 'GLS',
        platform: 'html5-desktop',
        clientType: 3,
        language: 'en',
        ...payload,
      },
    });

  it('lists the vendor rooms with stakes, seats and status, filtered by game, status, stake and free seats', async () => {
    expectFailure(await call(h.app, 'POST', '/wps/relay/GLS2_roomList', { payload: {} }), ErrorCode.UNAUTHORIZED, 401);
    const all = valueOf<RoomList>(await rooms());
    expect(all.rooms.map((r) => r.roomId)).toEqual([
      'hm-101',
      'hm-102',
      'hm-103',
      'hm-104',
      'tr-201',
      'tr-202',
      'tr-203',
    ]);
    expect(all.games.map((g) => g.nodeId)).toEqual(['SBP-holdem', 'SBP-truco-br']);
    expect(all.rooms[0]).toMatchObject({
      vassalage: SANDBOX_PVP,
      vendorName: 'Sandbox Poker',
      nodeId: 'SBP-holdem',
      gameName: "Texas Hold'em",
      name: 'Copacabana',
      minStake: '20.00',
      maxStake: '100.00',
      blinds: { small: '0.50', big: '1.00' },
      seats: 6,
      seatsFree: 4,
      status: 'open',
      joinable: true,
    });
    expect(all.rooms.find((r) => r.roomId === 'hm-102')).toMatchObject({
      status: 'full',
      seatsFree: 0,
      joinable: false,
    });
    expect(all.rooms.find((r) => r.roomId === 'tr-201')!.blinds).toBeNull();

    const ids = async (payload: Record<string, unknown>) =>
      valueOf<RoomList>(await rooms(payload)).rooms.map((r) => r.roomId);
    expect(await ids({ vassalage: SANDBOX_PVP, nodeId: 'SBP-truco-br' })).toEqual(['tr-201', 'tr-202', 'tr-203']);
    expect(await ids({ status: ['open', 'playing'] })).toEqual(['hm-101', 'hm-103', 'tr-201', 'tr-202', 'tr-203']);
    // Rooms whose stake range meets 30.00–60.00.
    expect(await ids({ minStake: '30', maxStake: '60.00' })).toEqual(['hm-101', 'hm-102', 'hm-104', 'tr-202']);
    expect(await ids({ minStake: '300' })).toEqual(['hm-103']);
    expect(await ids({ seatsFree: 3 })).toEqual(['hm-101', 'hm-104', 'tr-201', 'tr-203']);
    // The original client's "no filter" is ''.
    expect(await ids({ nodeId: '', minStake: '', status: '' })).toHaveLength(7);

    expectFailure(await rooms({ minStake: '10', maxStake: '5' }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(await rooms({ minStake: '1.001' }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(await rooms({ status: ['waiting'] }), ErrorCode.VALIDATION_FAILED, 400);
    expectFailure(await rooms({ vassalage: 'SBX' }), ErrorCode.VENDOR_NOT_FOUND, 404);
  });

  it('launches a room with roomId: value.content opens the vendor table, whose seat shows in the next list', async () => {
    const before = valueOf<RoomList>(await rooms({ nodeId: 'SBP-truco-br' })).rooms.find((r) => r.roomId === 'tr-201')!;
    const value = valueOf<LaunchGameResult>(
      await launch({ nodeId: 'SBP-truco-br', gameId: 'SBP-truco-br', roomId: 'tr-201' }),
    );
    const url = new URL(value.content);
    expect(url.origin).toBe(h.sandbox.url);
    expect(url.searchParams.get('room')).toBe('tr-201');
    expect(url.searchParams.get('game')).toBe('SBP-truco-br');
    expect(url.searchParams.get('vendor')).toBe(SANDBOX_PVP);
    expect(url.searchParams.get('token')).toMatch(/^[a-f0-9]{64}$/);

    // The vendor's table page authenticates the single-use token and seats the player.
    const page = await fetch(value.content);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Truco Paulista');
    expect((await fetch(value.content)).status).toBe(401);
    const after = valueOf<RoomList>(await rooms({ nodeId: 'SBP-truco-br' })).rooms.find((r) => r.roomId === 'tr-201')!;
    expect(after.seatsTaken).toBe(before.seatsTaken + 1);
  });

  it('refuses an unknown room, a room of another game, a full or closed room, and a vendor that does not answer', async () => {
    expectFailure(await launch({ nodeId: 'SBP-holdem', roomId: 'nope-1' }), ErrorCode.ROOM_NOT_FOUND, 404);
    expectFailure(await launch({ nodeId: 'SBP-holdem', roomId: 'tr-201' }), ErrorCode.ROOM_NOT_FOUND, 404);
    expectFailure(await launch({ nodeId: 'SBP-holdem', roomId: 'hm-102' }), ErrorCode.ROOM_NOT_JOINABLE, 409);
    expectFailure(await launch({ nodeId: 'SBP-holdem', roomId: 'hm-104' }), ErrorCode.ROOM_NOT_JOINABLE, 409);
    expectFailure(await launch({ nodeId: 'SBP-holdem', roomId: 'a b' }), ErrorCode.VALIDATION_FAILED, 400);

    await h.sandbox.control('/control/faults', { down: true });
    // Past the short copy: the vendor is asked again.
    await new Promise((r) => setTimeout(r, 3_100));
    expectFailure(await rooms({ vassalage: SANDBOX_PVP }), ErrorCode.VENDOR_UNAVAILABLE, 502);
    // Without a vendor named, a vendor down lists nothing rather than failing the page.
    expect(valueOf<RoomList>(await rooms()).rooms).toEqual([]);
  });

  it('the operator switch: a PVP vendor turned off in the back office lists no rooms and launches none', async () => {
    const support = await operatorToken(h, 'support');
    const setVendor = (status: string) =>
      call(h.app, 'PUT', `/ops/vendors/${SANDBOX_PVP}/status`, {
        token: support,
        payload: { status, reason: 'PVP tables closed tonight' },
      });
    valueOf(await setVendor('disabled'));
    try {
      expect(valueOf<RoomList>(await rooms()).rooms).toEqual([]);
      expectFailure(await rooms({ vassalage: SANDBOX_PVP }), ErrorCode.VENDOR_NOT_FOUND, 404);
      expectFailure(await launch({ nodeId: 'SBP-truco-br', roomId: 'tr-203' }), ErrorCode.GAME_NOT_FOUND, 404);
    } finally {
      valueOf(await setVendor('active'));
    }
    expect(valueOf<RoomList>(await rooms()).rooms.length).toBeGreaterThan(0);
  });
});
