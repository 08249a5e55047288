import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LotteryDrawView } from '@wps/shared/schemas/lottery';
import { buildApp, type App } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { call, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, describePostgres, type TestApp } from '../../../test/test-app';
import { createTestOperator } from '../../../test/operator-login';
import { createPlayer, mainBalance } from '../gateway/gateway.test-support';
import { setLicence, switchOnProducts } from '../licence/licence-fixtures';

type Event = { event: string; data: Record<string, string> };

/** Read a Server-Sent Events stream: its events in order, until the test ends it. */
async function openStream(url: string): Promise<{
  events: Event[];
  next: (match: (e: Event) => boolean, ms?: number) => Promise<Event>;
  close: () => void;
  status: number;
}> {
  const abort = new AbortController();
  const res = await fetch(url, { signal: abort.signal });
  const events: Event[] = [];
  const waiters: { match: (e: Event) => boolean; resolve: (e: Event) => void }[] = [];
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffered = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (!event || !data) continue;
            const e = { event, data: JSON.parse(data) as Record<string, string> };
            events.push(e);
            for (const w of [...waiters]) {
              if (w.match(e)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.resolve(e);
              }
            }
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    events,
    status: res.status,
    close: () => abort.abort(),
    next: (match, ms = 5_000) =>
      new Promise<Event>((resolve, reject) => {
        const seen = events.find(match);
        if (seen) return resolve(seen);
        const timer = setTimeout(
          () => reject(new Error(`no matching event in ${ms} ms; got ${JSON.stringify(events)}`)),
          ms,
        );
        waiters.push({ match, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      }),
  };
}

const START = Date.parse('2026-11-24T12:00:05.000Z');

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describeEachDatabase('lottery: live draw changes to open pages', (target) => {
  let t: TestApp;
  let base: string;
  let clock = START;

  beforeAll(async () => {
    t = await createTestApp(target, { lotteryLive: { maxStreams: 100, perIp: 3 } }, { calendarClock: () => clock });
    await t.app.services.lottery.runClock();
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("streams the server's time, then the game's draws closing, decided and settled; other games' only to a stream of every game", async () => {
    const player = await createPlayer(t.app, 5_000n);
    const { current } = valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=E5D-1', { token: player.token }),
    );
    const game = await openStream(`${base}/lgw/live?gameCode=E5D-1`);
    const other = await openStream(`${base}/lgw/live?gameCode=VN-MB`);
    const all = await openStream(`${base}/lgw/live`);
    expect(game.status).toBe(200);
    const hello = await game.next((e) => e.event === 'hello');
    expect(hello.data.serverTime).toBe(new Date(START).toISOString());

    clock = Date.parse(current.drawAt) + 1_000;
    await t.app.services.lottery.runClock();
    const mine = (status: string) => (e: Event) =>
      e.event === 'draw' && e.data.gameCode === 'E5D-1' && e.data.numero === current.numero && e.data.status === status;
    for (const status of ['closed', 'settled']) await game.next(mine(status));
    await all.next(mine('settled'));
    // Other games moved too (the 1-minute dice): the stream of every game hears them, a game's stream only its own.
    await all.next((e) => e.event === 'draw' && e.data.gameCode === 'EK3-1');
    expect(game.events.filter((e) => e.event === 'draw').every((e) => e.data.gameCode === 'E5D-1')).toBe(true);
    expect(other.events.filter((e) => e.event === 'draw')).toEqual([]);
    expect(t.app.services.lottery.live.size).toBe(3);
    for (const s of [game, other, all]) s.close();
    await expect.poll(() => t.app.services.lottery.live.size).toBe(0);
  });

  it('a voided draw is pushed when voided, and again as refunded once the stakes are back', async () => {
    const finance = (await createTestOperator(t.app, 'finance')).token;
    const player = await createPlayer(t.app, 5_000n);
    const { current } = valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=EKENO-5', { token: player.token }),
    );
    valueOf(
      await call(t.app, 'POST', '/lgw/tickets', {
        token: player.token,
        payload: {
          gameCode: 'EKENO-5',
          idempotencyKey: `live-void-${current.numero}`,
          selections: [{ betType: 'pick', numbers: [7], stakePerLineMinor: '700' }],
        },
      }),
    );
    const draws = valueOf<{ list: { drawId: string; numero: string }[] }>(
      await call(t.app, 'GET', '/ops/lottery/draws?gameCode=EKENO-5&size=100', { token: finance }),
    );
    const drawId = draws.list.find((d) => d.numero === current.numero)!.drawId;
    const stream = await openStream(`${base}/lgw/live?gameCode=EKENO-5`);
    await stream.next((e) => e.event === 'hello');
    const mine = (status: string) => (e: Event) =>
      e.event === 'draw' && e.data.numero === current.numero && e.data.status === status;

    valueOf(
      await call(t.app, 'POST', `/ops/lottery/draws/${drawId}/void`, {
        token: finance,
        payload: { reason: 'draw machine fault' },
      }),
    );
    await stream.next(mine('voided'));
    await t.app.services.lottery.settlement.finishDue();
    await stream.next(mine('refunded'));
    expect(await mainBalance(t.app, player.memberId)).toBe(5_000n);
    // Announced once: the clock's later turns find the draw finished.
    await t.app.services.lottery.runClock();
    await t.app.services.lottery.settlement.finishDue();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.filter(mine('refunded'))).toHaveLength(1);
    stream.close();
  });

  it("under BR a foreign lottery's draws are never announced and its own stream is refused; a domestic draw's still are", async () => {
    const finance = (await createTestOperator(t.app, 'finance')).token;
    const openDraw = async (gameCode: string) =>
      valueOf<{ list: { drawId: string; status: string }[] }>(
        await call(t.app, 'GET', `/ops/lottery/draws?gameCode=${gameCode}&size=100`, { token: finance }),
      ).list.find((d) => d.status === 'open' || d.status === 'scheduled')!.drawId;
    const voidDraw = async (drawId: string) =>
      valueOf(
        await call(t.app, 'POST', `/ops/lottery/draws/${drawId}/void`, {
          token: finance,
          payload: { reason: 'draw machine fault' },
        }),
      );
    await setLicence(t.app, 'BR');
    try {
      // An operator switched the foreign draws on again under BR: the licence still hides them.
      await switchOnProducts(t.app, [{ kind: 'lottery_game', id: 'VN-MB', label: 'VN-MB', rule: 'forbiddenProducts' }]);
      // This instance's copy of the licence hears of the switch through the change feed.
      await expect
        .poll(async () =>
          (await t.app.services.lottery.reads.gameMenus()).some((g) => g.gameGroupCode.startsWith('VN')),
        )
        .toBe(false);
      const refused = await fetch(`${base}/lgw/live?gameCode=VN-MB`);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        errorCode: 'LICENCE_REFUSED',
        value: { rule: 'forbiddenProducts' },
      });

      const all = await openStream(`${base}/lgw/live`);
      await all.next((e) => e.event === 'hello');
      await voidDraw(await openDraw('VN-MB'));
      await voidDraw(await openDraw('EK3-1'));
      await all.next((e) => e.event === 'draw' && e.data.gameCode === 'EK3-1' && e.data.status === 'voided');
      // Each change is checked on its own; give the foreign one the same time to arrive, were it sent.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(all.events.filter((e) => e.data.gameCode?.startsWith('VN'))).toEqual([]);
      all.close();
    } finally {
      await setLicence(t.app, 'permissive');
    }
  });

  it('refuses a bad game code, and a fourth stream from one address; the server stops with streams open', async () => {
    expect((await fetch(`${base}/lgw/live?gameCode=${encodeURIComponent("x' OR 1=1")}`)).status).toBe(400);
    const streams = [];
    for (let i = 0; i < 3; i++) streams.push(await openStream(`${base}/lgw/live`));
    for (const s of streams) await s.next((e) => e.event === 'hello');
    const refused = await fetch(`${base}/lgw/live`);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ success: false, errorCode: 'SERVER_BUSY' });
    // One closes: room for one again.
    streams.pop()!.close();
    await expect.poll(() => t.app.services.lottery.live.size).toBe(2);
    streams.push(await openStream(`${base}/lgw/live`));
    expect(streams[2]!.status).toBe(200);
    // Closing the app ends the streams instead of waiting for their clients (afterAll would hang).
    expect(t.app.services.lottery.live.size).toBe(3);
  });
});

describePostgres('lottery: live changes reach pages held by another instance [postgres]', () => {
  let t: TestApp;
  let second: { app: App; database: DatabaseHandle };
  let clock = START;

  beforeAll(async () => {
    t = await createTestApp('postgres', {}, { calendarClock: () => clock });
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl });
    second = {
      database,
      app: await buildApp({ config: t.config, database, logger: false, calendarClock: () => clock }),
    };
    await second.app.ready();
    await t.app.services.lottery.runClock();
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
    await t?.close();
  });

  it('a draw decided by one instance is pushed by the other', async () => {
    const player = await createPlayer(t.app, 5_000n);
    const { current } = valueOf<{ current: LotteryDrawView }>(
      await call(t.app, 'GET', '/lotto/lgw/games/opened/numero?gameCode=EK3-1', { token: player.token }),
    );
    const stream = await openStream(`${await listen(second.app)}/lgw/live?gameCode=EK3-1`);
    await stream.next((e) => e.event === 'hello');
    clock = Date.parse(current.drawAt) + 1_000;
    // Only the first instance runs the clock.
    await t.app.services.lottery.runClock();
    await stream.next((e) => e.event === 'draw' && e.data.numero === current.numero && e.data.status === 'settled');
    stream.close();
  });
});
