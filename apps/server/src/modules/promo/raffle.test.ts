import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import { hashServerSeed } from '@wps/shared/provably-fair';
import { drawRaffleWinners } from '@wps/shared/raffle-draw';
import type { Raffle } from '@wps/shared/schemas/promo';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceMinor, newPlayer, operatorToken } from '../deposit/deposit.test-support';

const run = promisify(execFile);
const VERIFIER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../scripts/verify-raffle.mjs');

// Raffles through the real API: the commitment published at creation, tickets given as
// raffle_ticket grants (the module's sink) and claimed with MCS2_claimRafflePromotion, the draw
// (once, by the operator or the periodic job) paying prizes as grants and revealing the seed, and
// the stand-alone verifier agreeing with what the site shows.
describeEachDatabase('raffles', (target) => {
  let t: TestApp;
  let marketing: string;
  let promotionId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await operatorToken(t, 'marketing');
    const item = valueOf<OpsContentItem>(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing,
        payload: {
          kind: 'promotion',
          groupCode: 'others',
          sortOrder: 1,
          publishFrom: null,
          publishUntil: null,
          linkage: null,
          imageName: null,
          translations: { PT: { title: 'Sorteio', bodyHtml: '' }, EN: { title: 'Raffle', bodyHtml: '' } },
          reason: 'raffle campaign',
        },
      }),
    );
    promotionId = item.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const create = (
    drawAt: Date,
    prizes = [
      { rewardKind: 'cash', amount: '5000' },
      { rewardKind: 'cash', amount: '1000' },
    ],
  ) =>
    call(t.app, 'POST', '/ops/raffles', {
      token: marketing,
      payload: {
        promotionId,
        title: 'Sorteio de Natal',
        drawAt: drawAt.toISOString(),
        prizes,
        reason: 'christmas raffle',
      },
    });
  const gift = (raffleId: string, account: string, tickets: number) =>
    call(t.app, 'POST', `/ops/raffles/${raffleId}/tickets`, {
      token: marketing,
      payload: { account, tickets, reason: 'campaign tickets' },
    });
  const claim = (token: string | undefined, raffleId: string) =>
    call(t.app, 'POST', '/wps/relay/MCS2_claimRafflePromotion', { ...(token ? { token } : {}), payload: { raffleId } });
  const accountOf = async (memberId: string) =>
    (await t.database.db.selectFrom('members').select('account').where('id', '=', memberId).executeTakeFirstOrThrow())
      .account;

  it('a prize with decimals is a validation error naming the field, and no raffle is made', async () => {
    const listed = async () =>
      valueOf<{ list: Raffle[] }>(await call(t.app, 'GET', '/ops/raffles', { token: marketing })).list;
    const before = (await listed()).length;
    const refused = expectFailure(
      await create(new Date(Date.now() + 3_600_000), [{ rewardKind: 'cash', amount: '12.50' }]),
      'VALIDATION_FAILED',
      400,
    );
    expect(refused.value).toEqual({ fields: [expect.objectContaining({ field: 'body.prizes.0.amount' })] });
    expect(await listed()).toHaveLength(before);
  });

  it('commits, takes claimed tickets in order, draws once with prizes paid as grants, reveals the seed; the verifier agrees', async () => {
    const raffle = valueOf<Raffle>(await create(new Date(Date.now() + 3_600_000)));
    expect(raffle).toMatchObject({
      status: 'open',
      serverSeed: null,
      ticketCount: 0,
      winners: [],
      prizes: [
        { rank: 1, amount: '5000' },
        { rank: 2, amount: '1000' },
      ],
    });
    expect(raffle.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const a = await newPlayer(t);
    const b = await newPlayer(t);
    expectFailure(await claim(undefined, raffle.id), 'UNAUTHORIZED', 401);
    expectFailure(await claim(a.token, raffle.id), 'RAFFLE_NO_TICKETS', 409);
    expectFailure(await claim(a.token, '999999'), 'RAFFLE_NOT_FOUND', 404);
    valueOf(await gift(raffle.id, await accountOf(a.memberId), 3));
    valueOf(await gift(raffle.id, await accountOf(b.memberId), 2));
    expect(
      valueOf<Raffle>(await call(t.app, 'GET', `/wps/promo/raffles/${raffle.id}`, { token: a.token })).mine,
    ).toEqual({ claimable: 3, tickets: [] });

    expect(valueOf(await claim(a.token, raffle.id))).toEqual({
      raffleId: raffle.id,
      claimed: [1, 2, 3],
      tickets: [1, 2, 3],
      ticketCount: 3,
    });
    expectFailure(await claim(a.token, raffle.id), 'RAFFLE_NO_TICKETS', 409);
    expect(valueOf(await claim(b.token, raffle.id))).toMatchObject({ claimed: [4, 5], ticketCount: 5 });

    const before = await Promise.all([balanceMinor(t, a.token), balanceMinor(t, b.token)]);
    const drawn = valueOf<Raffle>(
      await call(t.app, 'POST', `/ops/raffles/${raffle.id}/draw`, {
        token: marketing,
        payload: { reason: 'draw night' },
      }),
    );
    expect(drawn.status).toBe('drawn');
    expect(hashServerSeed(drawn.serverSeed!)).toBe(raffle.serverSeedHash);
    const expected = drawRaffleWinners(drawn.serverSeed!, raffle.id, 5, 2);
    expect(drawn.winners.map((w) => w.ticket)).toEqual(expected);
    const owner = (ticket: number) => (ticket <= 3 ? 0 : 1);
    const paid = [0n, 0n];
    paid[owner(expected[0]!)]! += 5000n;
    paid[owner(expected[1]!)]! += 1000n;
    const after = await Promise.all([balanceMinor(t, a.token), balanceMinor(t, b.token)]);
    expect([after[0] - before[0]!, after[1] - before[1]!]).toEqual(paid);

    // Drawn once: again by the operator or by the job, nothing moves; no more tickets.
    valueOf(
      await call(t.app, 'POST', `/ops/raffles/${raffle.id}/draw`, { token: marketing, payload: { reason: 'again' } }),
    );
    await t.app.services.raffles.drawDue(new Date(Date.now() + 7_200_000));
    expect(await Promise.all([balanceMinor(t, a.token), balanceMinor(t, b.token)])).toEqual(after);
    expectFailure(await gift(raffle.id, await accountOf(a.memberId), 1), 'RAFFLE_CLOSED', 409);
    expectFailure(await claim(a.token, raffle.id), 'RAFFLE_CLOSED', 409);

    // The stand-alone verifier checks the public answer; a tampered one fails.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'raffle-'));
    const answer = (await call(t.app, 'GET', `/wps/promo/raffles/${raffle.id}`)).body;
    fs.writeFileSync(path.join(dir, 'good.json'), answer);
    expect((await run(process.execPath, [VERIFIER, '--file', path.join(dir, 'good.json')])).stdout).toContain(
      'verified: 2 winners from 5 tickets',
    );
    const tampered = JSON.parse(answer) as { value: Raffle };
    tampered.value.winners[0]!.ticket = [1, 2, 3, 4, 5].find((n) => !expected.includes(n))!;
    fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify(tampered));
    await expect(run(process.execPath, [VERIFIER, '--file', path.join(dir, 'bad.json')])).rejects.toMatchObject({
      code: 1,
    });
  });

  it('the periodic job draws a raffle whose time has come, once; tickets are refused from its draw time', async () => {
    const raffle = valueOf<Raffle>(
      await create(new Date(Date.now() + 60_000), [{ rewardKind: 'cash', amount: '700' }]),
    );
    const a = await newPlayer(t);
    valueOf(await gift(raffle.id, await accountOf(a.memberId), 1));
    valueOf(await claim(a.token, raffle.id));
    expect(await t.app.services.raffles.drawDue(new Date())).toBe(0);
    const balance = await balanceMinor(t, a.token);
    const due = new Date(Date.now() + 120_000);
    const [first, second] = await Promise.all([
      t.app.services.raffles.drawDue(due),
      t.app.services.raffles.drawDue(due),
    ]);
    expect(first + second).toBe(1);
    expect((await balanceMinor(t, a.token)) - balance).toBe(700n);
    const shown = valueOf<Raffle>(await call(t.app, 'GET', `/wps/promo/raffles/${raffle.id}`));
    expect(shown.winners).toEqual([{ rank: 1, ticket: 1, account: expect.stringContaining('***') }]);

    // A raffle whose draw time has passed takes no more tickets, even before the job draws it.
    const late = valueOf<Raffle>(await create(new Date(Date.now() - 1000)));
    valueOf(await gift(late.id, await accountOf(a.memberId), 2));
    expectFailure(await claim(a.token, late.id), 'RAFFLE_CLOSED', 409);
    expect(valueOf<Raffle>(await call(t.app, 'GET', `/wps/promo/raffles/${late.id}`, { token: a.token })).mine).toEqual(
      { claimable: 2, tickets: [] },
    );
  });

  it('the raffle_ticket sink refuses a grant that names no raffle', async () => {
    const a = await newPlayer(t);
    await expect(
      t.database.db.transaction().execute((trx) =>
        t.app.services.rewards.grants.issue(trx, {
          memberId: a.memberId,
          kind: 'raffle_ticket',
          amount: 1n,
          source: 'operator',
          sourceRef: 'test',
          key: `orphan:${a.memberId}`,
          delivery: 'auto',
          params: { raffleId: '999999' },
        }),
      ),
    ).rejects.toMatchObject({ errorCode: 'RAFFLE_NOT_FOUND' });
  });
});
