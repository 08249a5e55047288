import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentItemBody } from '@wps/shared/schemas/content';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createContentAnswerCache } from './content-answers';
import { createContentService } from './content.service';

const bodyOf = (page: { json: Buffer }) =>
  JSON.parse(page.json.toString('utf8')) as { success: boolean; value: unknown };

describe('content answer cache', () => {
  const setup = () => {
    const state = { now: 1_000, live: true, builds: 0 };
    const cache = createContentAnswerCache({ maxEntries: 2, isLive: () => state.live, now: () => state.now });
    const build =
      (value: unknown, validUntil = Number.POSITIVE_INFINITY) =>
      async () => {
        state.builds++;
        return { value, validUntil };
      };
    return { state, cache, build };
  };

  it('sends the serialised envelope and builds it again only once it stops being true', async () => {
    const { state, cache, build } = setup();
    expect(bodyOf(await cache.get('a', build({ n: 1 }, 2_000)))).toEqual({ success: true, value: { n: 1 } });
    await cache.get('a', build({ n: 2 }, 2_000));
    expect(state.builds).toBe(1);
    state.now = 2_000;
    expect(bodyOf(await cache.get('a', build({ n: 3 }))).value).toEqual({ n: 3 });
    expect(state.builds).toBe(2);
  });

  it('drops everything on eviction, and never keeps an answer built across one', async () => {
    const { state, cache, build } = setup();
    await cache.get('a', build(1));
    cache.evict();
    await cache.get('a', async () => {
      cache.evict(); // a change landed while this answer was being read
      return { value: 2, validUntil: Number.POSITIVE_INFINITY };
    });
    await cache.get('a', build(3));
    expect(state.builds).toBe(2);
    expect(bodyOf(await cache.get('a', build(4))).value).toBe(3);
  });

  it('keeps nothing while the change feed is down, and stays within its size', async () => {
    const { state, cache, build } = setup();
    state.live = false;
    await cache.get('a', build(1));
    await cache.get('a', build(1));
    expect(state.builds).toBe(2);
    state.live = true;
    for (const key of ['a', 'b', 'c']) await cache.get(key, build(key));
    await cache.get('c', build('c'));
    expect(state.builds).toBe(5);
    await cache.get('a', build('a'));
    expect(state.builds).toBe(6);
  });
});

// The content service's cached answers follow the schedule: an item appears at its publish-from
// and goes at its publish-until although nothing was written (the clock is the service's own).
describeEachDatabase('content answers on schedule', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('turns with the schedule without a write', async () => {
    const clock = { now: Date.parse('2026-11-24T12:00:00Z') };
    const feed = { isLive: true, subscribe: () => undefined, onReset: () => undefined };
    const content = createContentService({
      db: t.database.db,
      audit: t.app.services.audit,
      system: t.app.services.system,
      licence: t.app.services.licence,
      changeFeed: feed,
      now: () => clock.now,
    });
    content.usePublishGuard(t.app.services.promoRewards.assertPublishable);
    const actor = { actorType: 'system' as const, actorId: null };
    const body: ContentItemBody = {
      kind: 'promotion',
      groupCode: 'deposit',
      sortOrder: 1,
      publishFrom: '2026-11-24T13:00:00Z',
      publishUntil: '2026-11-24T14:00:00Z',
      linkage: null,
      imageName: null,
      translations: {
        PT: { title: 'Só à tarde', bodyHtml: '<p>Uma hora</p>' },
        EN: { title: 'Afternoon only', bodyHtml: '<p>One hour</p>' },
      },
      reason: 'an hour-long offer',
    };
    const item = await content.create(actor, body);
    await content.setStatus(actor, item.id, 'published', 'schedule it');
    const titles = async () => {
      const page = await content.answer('promotion', 'EN', '', async () => ({
        list: await content.live('promotion', 'EN'),
      }));
      return (bodyOf(page).value as { list: { title: string }[] }).list.map((p) => p.title);
    };
    expect(await titles()).toEqual([]);
    clock.now = Date.parse('2026-11-24T12:59:59Z');
    expect(await titles()).toEqual([]);
    clock.now = Date.parse('2026-11-24T13:00:00Z');
    expect(await titles()).toEqual(['Afternoon only']);
    clock.now = Date.parse('2026-11-24T14:00:00Z');
    expect(await titles()).toEqual([]);
  });
});
