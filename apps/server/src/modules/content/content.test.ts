import { afterAll, beforeAll, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { ContentImage, OpsContentItem } from '@wps/shared/schemas/content';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';
import { XSS_PAYLOADS, looksDangerous } from '@wps/shared/xss-payloads';

// Site content through the back office's routes: a marketing operator writes a banner (its HTML
// sanitised on save), schedules, publishes, edits and archives it; what players get follows at
// once on this instance (the live cache is evicted by the change feed) and each language falls
// back to the operator's default. Every change is audited; refusals write nothing.
describeEachDatabase('site content', (target) => {
  let t: TestApp;
  let marketing: string;
  let support: string;
  let slide: ContentImage;

  beforeAll(async () => {
    t = await createTestApp(target);
    marketing = await operatorToken(t, 'marketing');
    support = await operatorToken(t, 'support');
    slide = valueOf<ContentImage>(await upload(png(1200, 400)));
  });
  afterAll(async () => {
    await t?.close();
  });

  const hour = 3_600_000;
  /** A PNG of the given size, its pixels varied so that different sizes hash differently. */
  const png = (width: number, height: number): Buffer => {
    const image = new PNG({ width, height });
    image.data.fill(width % 251);
    return PNG.sync.write(image);
  };
  const upload = (bytes: Buffer, type = 'png', token = marketing) =>
    call(t.app, 'POST', '/ops/content/images', {
      token,
      payload: { dataUrl: `data:image/${type};base64,${bytes.toString('base64')}` },
    });
  const banner = (overrides: Record<string, unknown> = {}) => ({
    kind: 'banner',
    groupCode: 'w_home',
    sortOrder: 10,
    publishFrom: null,
    publishUntil: null,
    linkage: { type: 'page', target: '/promotions' },
    imageName: slide.name,
    translations: {
      PT: { title: 'Bônus de boas-vindas', bodyHtml: '<p>Ganhe <strong>100%</strong></p>' },
      EN: { title: 'Welcome bonus', bodyHtml: '<p>Get <strong>100%</strong></p>' },
    },
    reason: 'welcome campaign',
    ...overrides,
  });
  const put = (url: string, payload: unknown, token = marketing) => call(t.app, 'PUT', url, { token, payload });
  const live = (language: string, group?: string) => t.app.services.content.live('banner', language, group);
  const audit = (subjectId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'before', 'after'])
      .where('subject_id', '=', subjectId)
      .where('action', 'like', 'content.%')
      .orderBy('id')
      .execute();
  const itemCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('content_items')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes a draft, publishes it on schedule, edits and archives it; players follow at once, audited', async () => {
    const created = valueOf<OpsContentItem>(
      await put('/ops/content', banner({ publishFrom: new Date(Date.now() + hour).toISOString() })),
    );
    expect(created).toMatchObject({
      kind: 'banner',
      groupCode: 'w_home',
      status: 'draft',
      version: 1,
      linkage: { type: 'page', target: '/promotions' },
    });
    expect(await live('PT')).toEqual([]);

    valueOf(await put(`/ops/content/${created.id}/status`, { status: 'published', reason: 'ready' }));
    // Published, but not due yet.
    expect(await live('PT')).toEqual([]);
    const due = valueOf<OpsContentItem>(
      await put(
        `/ops/content/${created.id}`,
        banner({ publishFrom: new Date(Date.now() - hour).toISOString(), reason: 'start now' }),
      ),
    );
    expect(due).toMatchObject({ status: 'published', version: 3 });
    expect((await live('PT', 'w_home')).map((i) => [i.id, i.title, i.version])).toEqual([
      [created.id, 'Bônus de boas-vindas', 3],
    ]);
    expect((await live('PT'))[0]!.image).toEqual({
      url: `/wps/content/images/${slide.name}`,
      width: 1200,
      height: 400,
    });
    expect((await live('EN')).map((i) => i.title)).toEqual(['Welcome bonus']);
    // A language the item lacks falls back to the operator's default (PT).
    expect((await live('ES')).map((i) => i.title)).toEqual(['Bônus de boas-vindas']);
    expect(await live('PT', 'w_live')).toEqual([]);

    valueOf(
      await put(
        `/ops/content/${created.id}`,
        banner({
          translations: { PT: { title: 'Bônus dobrado', bodyHtml: '' }, EN: { title: 'Double bonus', bodyHtml: '' } },
          reason: 'new title',
        }),
      ),
    );
    expect((await live('PT')).map((i) => i.title)).toEqual(['Bônus dobrado']);

    const expired = valueOf<OpsContentItem>(
      await put(
        `/ops/content/${created.id}`,
        banner({
          publishFrom: new Date(Date.now() - 2 * hour).toISOString(),
          publishUntil: new Date(Date.now() - hour).toISOString(),
          reason: 'ended',
        }),
      ),
    );
    expect(expired.publishUntil).not.toBeNull();
    expect(await live('PT')).toEqual([]);

    valueOf(await put(`/ops/content/${created.id}/status`, { status: 'archived', reason: 'campaign over' }));
    expectFailure(
      await put(`/ops/content/${created.id}/status`, { status: 'archived', reason: 'again' }),
      'CONTENT_STATUS_UNCHANGED',
      409,
    );

    const entries = await audit(created.id);
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ['content.create', 'welcome campaign'],
      ['content.publish', 'ready'],
      ['content.update', 'start now'],
      ['content.update', 'new title'],
      ['content.update', 'ended'],
      ['content.archive', 'campaign over'],
    ]);
    expect(entries[3]).toMatchObject({
      before: { translations: { PT: { title: 'Bônus de boas-vindas' } } },
      after: { translations: { PT: { title: 'Bônus dobrado' } } },
    });

    const page = valueOf<OpsPage<OpsContentItem>>(
      await call(t.app, 'GET', '/ops/content?kind=banner&status=archived', { token: support }),
    );
    expect(page.list.map((i) => i.id)).toContain(created.id);
    expect(
      valueOf<OpsContentItem>(await call(t.app, 'GET', `/ops/content/${created.id}`, { token: support })).status,
    ).toBe('archived');
  });

  it('stores every XSS payload sanitised', async () => {
    const translations = {
      PT: { title: 'XSS', bodyHtml: XSS_PAYLOADS.join('\n') },
      EN: { title: 'XSS', bodyHtml: XSS_PAYLOADS.join('<br>') },
    };
    const item = valueOf<OpsContentItem>(
      await put(
        '/ops/content',
        banner({ kind: 'announcement', groupCode: 'B', linkage: null, imageName: null, translations }),
      ),
    );
    for (const language of ['PT', 'EN'])
      expect(looksDangerous(item.translations[language]!.bodyHtml), item.translations[language]!.bodyHtml).toBeNull();
    const stored = await t.database.db
      .selectFrom('content_translations')
      .select('body_html')
      .where('item_id', '=', item.id)
      .execute();
    for (const row of stored) expect(looksDangerous(row.body_html), row.body_html).toBeNull();
  });

  it('refuses bad items, unknown ids and roles without content.write, writing nothing', async () => {
    const before = await itemCount();
    const fields = (res: Awaited<ReturnType<typeof put>>) =>
      JSON.stringify(expectFailure(res, 'VALIDATION_FAILED', 400));
    expect(
      fields(await put('/ops/content', banner({ translations: { PT: { title: 'Só português', bodyHtml: '' } } }))),
    ).toContain('EN');
    expect(fields(await put('/ops/content', banner({ groupCode: 'w_nowhere' })))).toContain('groupCode');
    expect(
      fields(await put('/ops/content', banner({ linkage: { type: 'url', target: 'javascript:alert(1)' } }))),
    ).toContain('linkage');
    expect(
      fields(
        await put(
          '/ops/content',
          banner({ publishFrom: '2026-12-02T00:00:00Z', publishUntil: '2026-12-01T00:00:00Z' }),
        ),
      ),
    ).toContain('publishUntil');
    expectFailure(await put('/ops/content', banner({ reason: '' })), 'VALIDATION_FAILED', 400);
    expect(fields(await put('/ops/content', banner({ imageName: null })))).toContain('imageName');
    expectFailure(await put('/ops/content', banner({ imageName: `${'0'.repeat(64)}.png` })), 'IMAGE_NOT_FOUND', 400);
    expectFailure(await put('/ops/content/999999', banner()), 'CONTENT_NOT_FOUND', 404);
    expectFailure(
      await put('/ops/content/999999/status', { status: 'published', reason: 'nothing there' }),
      'CONTENT_NOT_FOUND',
      404,
    );
    expectFailure(await put('/ops/content', banner(), support), 'OPERATOR_FORBIDDEN', 403);
    const item = valueOf<OpsContentItem>(await put('/ops/content', banner()));
    expect(fields(await put(`/ops/content/${item.id}`, banner({ kind: 'promotion', groupCode: 'deposit' })))).toContain(
      'kind',
    );
    expect(await itemCount()).toBe(before + 1);
    expect((await audit(item.id)).map((e) => e.action)).toEqual(['content.create']);
  });

  it('stores an upload under the hash of its bytes and serves it for a year; refuses what is not a small png, jpg or webp', async () => {
    const bytes = png(300, 100);
    const image = valueOf<ContentImage>(await upload(bytes));
    expect(image).toMatchObject({ contentType: 'image/png', width: 300, height: 100, sizeBytes: bytes.length });
    expect(image.name).toMatch(/^[0-9a-f]{64}\.png$/);
    // The same bytes again: the same name, stored once.
    expect(valueOf<ContentImage>(await upload(bytes)).name).toBe(image.name);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(bytes)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/wps/content/images/${'f'.repeat(64)}.png` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: '/wps/content/images/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(
      400,
    );

    // Checked by the bytes, not the declared type: a script called a PNG, a GIF, a picture too wide.
    expectFailure(await upload(Buffer.from('<script>alert(1)</script>')), 'IMAGE_TYPE_INVALID', 415);
    expectFailure(await upload(Buffer.from('R0lGODlhAQABAAAAACw=', 'base64')), 'IMAGE_TYPE_INVALID', 415);
    expectFailure(await upload(png(5000, 1)), 'IMAGE_TOO_LARGE', 413);
    expectFailure(await upload(bytes, 'png', support), 'OPERATOR_FORBIDDEN', 403);
    const uploads = await t.database.db
      .selectFrom('audit_log')
      .select('subject_id')
      .where('action', '=', 'content.image_upload')
      .execute();
    expect(uploads.filter((e) => e.subject_id === image.name)).toHaveLength(2);
  });
});
