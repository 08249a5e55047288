import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { Activity, OpsApplication, PromoSettings } from '@wps/shared/schemas/promo';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { expectLedgerHealthy } from '../../../test/ledger-invariants';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { balanceMinor, newPlayer, operatorToken } from '../deposit/deposit.test-support';

// Promotions' activity through the real API: the operator's settings, a player's join (once per
// period, with its promotion_joined event), an application with a comment and images decided in
// the back office (approval issues a claimable grant and records application_approved; rejection
// shows its reason), the claim that pays it, and the refusals, which write nothing.
describeEachDatabase('promotions activity', (target) => {
  let t: TestApp;
  let marketing: string;
  let support: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    marketing = await operatorToken(t, 'marketing');
    support = await operatorToken(t, 'support');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectLedgerHealthy(t.database);
  });

  const png = (): Buffer => {
    const image = new PNG({ width: 40, height: 20 });
    image.data.fill(90);
    return PNG.sync.write(image);
  };

  async function promotion(title = 'Promo'): Promise<string> {
    const item = valueOf<OpsContentItem>(
      await call(t.app, 'PUT', '/ops/content', {
        token: marketing,
        payload: {
          kind: 'promotion',
          groupCode: 'deposit',
          sortOrder: 1,
          publishFrom: null,
          publishUntil: null,
          linkage: null,
          imageName: null,
          translations: {
            PT: { title: `${title} PT`, bodyHtml: '<p>Regras</p>' },
            EN: { title, bodyHtml: '<p>Rules</p>' },
          },
          reason: 'new campaign',
        },
      }),
    );
    valueOf(
      await call(t.app, 'PUT', `/ops/content/${item.id}/status`, {
        token: marketing,
        payload: { status: 'published', reason: 'go live' },
      }),
    );
    return item.id;
  }
  const settings = (promotionId: string, body: Record<string, unknown>, token = marketing) =>
    call(t.app, 'PUT', `/ops/promo/settings/${promotionId}`, {
      token,
      payload: {
        period: 'once',
        startsAt: null,
        endsAt: null,
        rewardKind: null,
        rewardAmount: null,
        reason: 'set up activity',
        ...body,
      },
    });
  const activities = async (token?: string) =>
    valueOf<{ list: Activity[]; availablePromoCount: number }>(
      await call(t.app, 'GET', '/wps/promo/activities', token ? { token } : {}),
    );
  const statusOf = async (promotionId: string, token?: string) =>
    (await activities(token)).list.find((a) => a.promotionId === promotionId)?.status;

  function form(fields: Record<string, string>, files: Buffer[] = []) {
    const boundary = `----wps${crypto.randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields))
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    files.forEach((f, i) =>
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="f${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        f,
        Buffer.from('\r\n'),
      ),
    );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }
  const apply = (token: string, fields: Record<string, string>, files: Buffer[] = []) => {
    const body = form(fields, files);
    return t.app.inject({
      method: 'POST',
      url: '/wps/promo/apply',
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
    });
  };
  const eventsOf = async (kind: string, memberId: string) =>
    t.database.db
      .selectFrom('reward_events')
      .select('data')
      .where('kind', '=', kind)
      .where('member_id', '=', memberId)
      .execute();

  it('a join promotion: a visitor is asked to log in; a player joins once per period, with its event; the count of what can be joined follows', async () => {
    const id = await promotion('Join me');
    expectFailure(await settings(id, { mode: 'join' }, support), 'OPERATOR_FORBIDDEN', 403);
    expect(valueOf<PromoSettings>(await settings(id, { mode: 'join', period: 'daily' }))).toMatchObject({
      promotionId: id,
      mode: 'join',
      period: 'daily',
      version: 1,
    });
    const player = await newPlayer(t);
    expect(await statusOf(id)).toBe('login');
    const before = (await activities(player.token)).availablePromoCount;
    expect(await statusOf(id, player.token)).toBe('join');
    expect(
      valueOf<{ availablePromoCount: number }>(await call(t.app, 'GET', '/wps/promo/state', { token: player.token }))
        .availablePromoCount,
    ).toBe(before);

    const joined = valueOf<Activity>(
      await call(t.app, 'POST', '/wps/promo/join', { token: player.token, payload: { promotionId: id } }),
    );
    expect(joined).toMatchObject({ status: 'joined', periodKey: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expectFailure(
      await call(t.app, 'POST', '/wps/promo/join', { token: player.token, payload: { promotionId: id } }),
      'PROMO_ALREADY_DONE',
      409,
    );
    expect(await eventsOf('promotion_joined', player.memberId)).toEqual([
      { data: expect.objectContaining({ promotionId: id, periodKey: joined.periodKey }) },
    ]);
    expect((await activities(player.token)).availablePromoCount).toBe(before - 1);
    // The rules engine's fact: joined in the period that contains now, not in another one.
    expect(await t.app.services.promoActivity.joinedPromotion(id, player.memberId, new Date(), t.database.db)).toBe(
      true,
    );
    expect(
      await t.app.services.promoActivity.joinedPromotion(
        id,
        player.memberId,
        new Date(Date.now() - 3 * 86_400_000),
        t.database.db,
      ),
    ).toBe(false);

    // Applying to a join promotion, an unknown one, a closed or not-yet-open one: refused.
    expectFailure(await apply(player.token, { promotionId: id, comment: 'hi' }), 'PROMO_MODE_MISMATCH', 409);
    expectFailure(
      await call(t.app, 'POST', '/wps/promo/join', { token: player.token, payload: { promotionId: '999999' } }),
      'PROMO_NOT_FOUND',
      404,
    );
    const later = await promotion('Later');
    valueOf(await settings(later, { mode: 'join', startsAt: new Date(Date.now() + 86_400_000).toISOString() }));
    expect(await statusOf(later, player.token)).toBe('coming_soon');
    expectFailure(
      await call(t.app, 'POST', '/wps/promo/join', { token: player.token, payload: { promotionId: later } }),
      'PROMO_NOT_OPEN',
      409,
    );
    valueOf(await settings(later, { mode: 'join', endsAt: new Date(Date.now() - 1000).toISOString() }));
    expect(await statusOf(later, player.token)).toBe('closed');
    expectFailure(
      await call(t.app, 'POST', '/wps/promo/join', { token: player.token, payload: { promotionId: later } }),
      'PROMO_NOT_OPEN',
      409,
    );
    expectFailure(await call(t.app, 'POST', '/wps/promo/join', { payload: { promotionId: id } }), 'UNAUTHORIZED', 401);
  });

  it('an application: comment and images, reviewed in the back office; approved it is claimed and paid once; rejected it shows its reason', async () => {
    const id = await promotion('Apply');
    expectFailure(await settings(id, { mode: 'apply' }), 'VALIDATION_FAILED', 400);
    valueOf(await settings(id, { mode: 'apply', rewardKind: 'cash', rewardAmount: '1500' }));
    const player = await newPlayer(t);
    const other = await newPlayer(t);
    expect(await statusOf(id, player.token)).toBe('apply');

    // Refusals first: a long comment, a fake image, four images. Nothing is stored.
    expectFailure(await apply(player.token, { promotionId: id, comment: 'x'.repeat(141) }), 'VALIDATION_FAILED', 400);
    expectFailure(
      await apply(player.token, { promotionId: id, comment: 'ok' }, [Buffer.from('not an image at all')]),
      'IMAGE_TYPE_INVALID',
      415,
    );
    expectFailure(
      await apply(player.token, { promotionId: id, comment: 'ok' }, [png(), png(), png(), png()]),
      'IMAGE_TOO_MANY',
      400,
    );
    expect(await statusOf(id, player.token)).toBe('apply');

    expect(
      valueOf<Activity>(await apply(player.token, { promotionId: id, comment: 'Depositei 100 ontem' }, [png(), png()]))
        .status,
    ).toBe('applying');
    expectFailure(await apply(player.token, { promotionId: id, comment: 'again' }), 'PROMO_ALREADY_DONE', 409);
    valueOf(await apply(other.token, { promotionId: id, comment: 'Eu também' }));
    expectFailure(
      await call(t.app, 'POST', '/wps/promo/claim', { token: player.token, payload: { promotionId: id } }),
      'PROMO_NOTHING_TO_CLAIM',
      409,
    );

    const queue = valueOf<OpsPage<OpsApplication>>(
      await call(t.app, 'GET', `/ops/promo/applications?status=applying&promotionId=${id}`, { token: marketing }),
    );
    expect(queue.list.map((a) => a.comment)).toEqual(['Depositei 100 ontem', 'Eu também']);
    const mine = queue.list[0]!;
    expect(mine).toMatchObject({ imageCount: 2, status: 'applying', memberId: player.memberId });
    const image = await call(t.app, 'GET', `/ops/promo/applications/${mine.id}/images/1`, { token: marketing });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(
      (await call(t.app, 'GET', `/wps/promo/applications/${mine.id}/images/0`, { token: other.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/wps/promo/applications/${mine.id}/images/0`, { token: player.token })).statusCode,
    ).toBe(200);

    const approved = valueOf<OpsApplication>(
      await call(t.app, 'POST', `/ops/promo/applications/${mine.id}/approve`, {
        token: marketing,
        payload: { reason: 'deposit checked' },
      }),
    );
    expect(approved).toMatchObject({ status: 'approved', grantId: expect.any(String), claimedAt: null });
    expectFailure(
      await call(t.app, 'POST', `/ops/promo/applications/${mine.id}/reject`, {
        token: marketing,
        payload: { reason: 'changed my mind' },
      }),
      'PROMO_APPLICATION_DECIDED',
      409,
    );
    expect(await eventsOf('application_approved', player.memberId)).toEqual([
      { data: expect.objectContaining({ applicationId: mine.id, grantId: approved.grantId }) },
    ]);
    expect(await statusOf(id, player.token)).toBe('issued');

    const balance = await balanceMinor(t, player.token);
    expect(
      valueOf<Activity>(
        await call(t.app, 'POST', '/wps/promo/claim', { token: player.token, payload: { promotionId: id } }),
      ).status,
    ).toBe('claimed');
    expect((await balanceMinor(t, player.token)) - balance).toBe(1500n);
    expectFailure(
      await call(t.app, 'POST', '/wps/promo/claim', { token: player.token, payload: { promotionId: id } }),
      'PROMO_NOTHING_TO_CLAIM',
      409,
    );
    expect(await balanceMinor(t, player.token)).toBe(balance + 1500n);

    const second = queue.list[1]!;
    expectFailure(
      await call(t.app, 'POST', `/ops/promo/applications/${second.id}/reject`, {
        token: marketing,
        payload: { reason: '' },
      }),
      'VALIDATION_FAILED',
      400,
    );
    valueOf(
      await call(t.app, 'POST', `/ops/promo/applications/${second.id}/reject`, {
        token: marketing,
        payload: { reason: 'No deposit found' },
      }),
    );
    const rejected = (await activities(other.token)).list.find((a) => a.promotionId === id)!;
    expect(rejected).toMatchObject({ status: 'rejected', reason: 'No deposit found' });

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('subject_type', '=', 'promo_application')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'promo.application.approve', reason: 'deposit checked' },
      { action: 'promo.application.reject', reason: 'No deposit found' },
    ]);
  });
});
