import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OpsPlatformMessage, PlatformMessageListResult } from '@wps/shared/schemas/platform-messages';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { call, disableRegisterCaptcha, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { createOrder, demoChannel, newPlayer, operatorToken } from '../deposit/deposit.test-support';
import { XSS_PAYLOADS, looksDangerous } from '@wps/shared/xss-payloads';

// Platform messages (messageV2) through the back office's and the player's routes: who a message
// reaches (everyone registered before it, a segment, named players), read receipts and the
// header's unread count (notices + messages), scheduling and withdrawal, sanitising, permissions
// and refusals. Every send and withdrawal is audited; a refusal writes nothing.
describeEachDatabase('platform messages', (target) => {
  let t: TestApp;
  let support: string;
  let marketing: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    support = await operatorToken(t, 'support');
    marketing = await operatorToken(t, 'marketing');
    finance = await operatorToken(t, 'finance');
  });
  afterAll(async () => {
    await t?.close();
  });

  const words = (title: string, html = `<p>${title}</p>`) => ({
    PT: { title: `${title} PT`, bodyHtml: html },
    EN: { title: `${title} EN`, bodyHtml: html },
  });
  const send = (payload: Record<string, unknown>, token = support) =>
    call(t.app, 'POST', '/ops/messages', { token, payload: { sendAt: null, ...payload } });
  const sent = async (payload: Record<string, unknown>, token = support) =>
    valueOf<OpsPlatformMessage>(await send(payload, token));
  const inbox = async (token: string, language = 'PT') =>
    valueOf<PlatformMessageListResult>(
      await call(t.app, 'GET', '/wps/messages/platform?pageSize=50', { token, headers: { language } }),
    );
  const titles = async (token: string) => (await inbox(token)).list.map((m) => m.title);
  const unread = async (token: string) =>
    valueOf<number>(await call(t.app, 'GET', '/wps/relay/CSP_unreadCount', { token }));
  const messageCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('platform_messages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const audit = (subjectId: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason', 'actor_type', 'after'])
      .where('subject_type', '=', 'platform_message')
      .where('subject_id', '=', subjectId)
      .orderBy('id')
      .execute();

  it('reaches everyone registered before it, once as a row, and each player reads it on their own', async () => {
    const anna = await newPlayer(t);
    const bruno = await newPlayer(t);
    const before = await unread(anna.token);
    const message = await sent({ audience: { type: 'all' }, translations: words('Maintenance tonight') });
    expect(message).toMatchObject({ audience: { type: 'all' }, status: 'sent', readCount: 0 });
    // One row for the message, none per player.
    expect(
      await t.database.db
        .selectFrom('platform_message_recipients')
        .select('member_id')
        .where('message_id', '=', message.id)
        .execute(),
    ).toEqual([]);
    const late = await newPlayer(t);

    expect(await titles(anna.token)).toContain('Maintenance tonight PT');
    expect((await inbox(bruno.token, 'EN')).list.find((m) => m.id === message.id)).toMatchObject({
      title: 'Maintenance tonight EN',
      bodyHtml: '<p>Maintenance tonight</p>',
      isRead: false,
    });
    // A language without words falls back to the operator's default (PT).
    expect((await inbox(bruno.token, 'VI')).list.find((m) => m.id === message.id)?.title).toBe(
      'Maintenance tonight PT',
    );
    expect(await titles(late.token)).not.toContain('Maintenance tonight PT');
    expect(await unread(anna.token)).toBe(before + 1);

    const read = valueOf<{ updated: number; unreadCount: number }>(
      await call(t.app, 'POST', '/wps/messages/platform/read', { token: anna.token, payload: { ids: [message.id] } }),
    );
    expect(read).toEqual({ updated: 1, unreadCount: before });
    expect(await unread(anna.token)).toBe(before);
    // Reading again changes nothing; Bruno's copy is still unread.
    expect(
      valueOf<{ updated: number }>(
        await call(t.app, 'POST', '/wps/messages/platform/read', { token: anna.token, payload: { ids: [message.id] } }),
      ).updated,
    ).toBe(0);
    expect((await inbox(bruno.token)).list.find((m) => m.id === message.id)?.isRead).toBe(false);
    // An empty list of ids marks nothing (no ids is not "every message").
    expect(
      valueOf<{ updated: number; unreadCount: number }>(
        await call(t.app, 'POST', '/wps/messages/platform/read', { token: bruno.token, payload: { ids: [] } }),
      ),
    ).toMatchObject({ updated: 0 });
    expect((await inbox(bruno.token)).list.find((m) => m.id === message.id)?.isRead).toBe(false);
    const listed = valueOf<OpsPage<OpsPlatformMessage>>(
      await call(t.app, 'GET', '/ops/messages', { token: marketing }),
    );
    expect(listed.list.find((m) => m.id === message.id)?.readCount).toBe(1);
    expect(await audit(message.id)).toMatchObject([
      {
        action: 'message.send',
        actor_type: 'operator',
        after: { audience: 'all', translations: words('Maintenance tonight') },
      },
    ]);
  });

  it('counts notices and messages together in CSP_unreadCount, and matches the has-deposited segment', async () => {
    const depositor = await newPlayer(t);
    const other = await newPlayer(t);
    const channel = await demoChannel(t, depositor.token, 'manual_bank');
    const order = await createOrder(t, depositor.token, channel.id, '100.00');
    valueOf(
      await call(t.app, 'POST', `/ops/deposits/${order.id}/confirm`, {
        token: await operatorToken(t, 'finance'),
        payload: { reason: 'seen on the statement' },
      }),
    );
    const depositorBefore = await unread(depositor.token);
    const otherBefore = await unread(other.token);

    const toDepositors = await sent({
      audience: { type: 'segment', hasDeposited: true },
      translations: words('Thanks for depositing'),
    });
    const toOthers = await sent({
      audience: { type: 'segment', hasDeposited: false },
      translations: words('Make your first deposit'),
    });
    expect(toDepositors.audience).toEqual({
      type: 'segment',
      registeredFrom: null,
      registeredUntil: null,
      hasDeposited: true,
    });
    expect(await titles(depositor.token)).toContain('Thanks for depositing PT');
    expect(await titles(depositor.token)).not.toContain('Make your first deposit PT');
    expect(await titles(other.token)).toContain('Make your first deposit PT');
    expect(await titles(other.token)).not.toContain('Thanks for depositing PT');
    // The depositor's count already held the deposit's notice; each count moves by one message.
    expect(await unread(depositor.token)).toBe(depositorBefore + 1);
    expect(await unread(other.token)).toBe(otherBefore + 1);

    // Reading everything of one kind leaves the notices unread.
    const notices = valueOf<{ unreadCount: number }>(
      await call(t.app, 'GET', '/wps/messages', { token: depositor.token }),
    ).unreadCount;
    expect(notices).toBeGreaterThan(0);
    valueOf(await call(t.app, 'POST', '/wps/messages/platform/read', { token: depositor.token, payload: {} }));
    expect(await unread(depositor.token)).toBe(notices);
    expect(toOthers.status).toBe('sent');
  });

  it('matches a registration window and named players; names that are not players are refused', async () => {
    const early = await newPlayer(t);
    const cut = new Date(Date.now() + 1000).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const recent = await newPlayer(t);
    await sent(
      {
        audience: { type: 'segment', registeredFrom: cut, registeredUntil: null },
        translations: words('Welcome, newcomers'),
      },
      marketing,
    );
    expect(await titles(recent.token)).toContain('Welcome, newcomers PT');
    expect(await titles(early.token)).not.toContain('Welcome, newcomers PT');

    const recentAccount = recent.login.userInfo.userName;
    const named = await sent({
      audience: { type: 'players', accounts: [recentAccount.toUpperCase(), recentAccount] },
      translations: words('Just for you'),
    });
    expect(named.audience).toEqual({ type: 'players', count: 1, accounts: [recentAccount] });
    expect(await titles(recent.token)).toContain('Just for you PT');
    expect(await titles(early.token)).not.toContain('Just for you PT');

    const count = await messageCount();
    const refused = expectFailure(
      await send({ audience: { type: 'players', accounts: [recentAccount, 'nobody.here'] }, translations: words('x') }),
      'MESSAGE_RECIPIENTS_UNKNOWN',
      400,
    );
    expect(refused.value).toEqual({ accounts: ['nobody.here'] });
    expect(await messageCount()).toBe(count);
  });

  it('holds a scheduled message until its time, and a withdrawn one leaves every inbox', async () => {
    const player = await newPlayer(t);
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await sent({ audience: { type: 'all' }, sendAt: later, translations: words('Coming soon') });
    expect(scheduled).toMatchObject({ status: 'scheduled', sendAt: later });
    expect(await audit(scheduled.id)).toMatchObject([{ action: 'message.schedule' }]);
    const message = await sent({ audience: { type: 'all' }, translations: words('Read me') });
    const before = await unread(player.token);
    // The player registered before both; only the sent one is there.
    expect(await titles(player.token)).toContain('Read me PT');
    expect(await titles(player.token)).not.toContain('Coming soon PT');
    // Its time comes (the stored send time moved back, as the clock would).
    await t.database.db
      .updateTable('platform_messages')
      .set({ send_at: new Date() })
      .where('id', '=', scheduled.id)
      .execute();
    expect(await titles(player.token)).toContain('Coming soon PT');
    expect(await unread(player.token)).toBe(before + 1);

    const withdrawn = valueOf<OpsPlatformMessage>(
      await call(t.app, 'POST', `/ops/messages/${message.id}/withdraw`, {
        token: support,
        payload: { reason: 'sent by mistake' },
      }),
    );
    expect(withdrawn.status).toBe('withdrawn');
    expect(await titles(player.token)).not.toContain('Read me PT');
    expect(await unread(player.token)).toBe(before);
    expect(await audit(message.id)).toMatchObject([
      { action: 'message.send' },
      { action: 'message.withdraw', reason: 'sent by mistake' },
    ]);
    expectFailure(
      await call(t.app, 'POST', `/ops/messages/${message.id}/withdraw`, {
        token: support,
        payload: { reason: 'again' },
      }),
      'MESSAGE_WITHDRAWN',
      409,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/messages/999999999/withdraw', { token: support, payload: { reason: 'none' } }),
      'MESSAGE_NOT_FOUND',
      404,
    );
  });

  it('stores the HTML sanitised and refuses a text that is nothing but unsafe HTML', async () => {
    const player = await newPlayer(t);
    const html = `<p>Hello <strong>there</strong></p>${XSS_PAYLOADS.join('')}`;
    const message = await sent({ audience: { type: 'all' }, translations: words('Safe', html) });
    for (const language of ['PT', 'EN']) {
      expect(
        looksDangerous(message.translations[language]!.bodyHtml),
        message.translations[language]!.bodyHtml,
      ).toBeNull();
      expect(message.translations[language]!.bodyHtml).toContain('<strong>there</strong>');
    }
    const body = (await inbox(player.token)).list.find((m) => m.id === message.id)!.bodyHtml;
    expect(looksDangerous(body)).toBeNull();
    const count = await messageCount();
    const refused = expectFailure(
      await send({ audience: { type: 'all' }, translations: words('Empty', '<script>alert(1)</script>') }),
      'VALIDATION_FAILED',
      400,
    );
    expect(JSON.stringify(refused.value)).toContain('translations.PT.bodyHtml');
    expect(await messageCount()).toBe(count);
  });

  it('needs inbox.read to list and inbox.write to send or withdraw; refuses bad input with 4xx and writes nothing', async () => {
    expectFailure(await call(t.app, 'GET', '/ops/messages', { token: finance }), 'OPERATOR_FORBIDDEN', 403);
    expectFailure(
      await send({ audience: { type: 'all' }, translations: words('No') }, finance),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expectFailure(
      await call(t.app, 'POST', '/ops/messages/1/withdraw', { token: finance, payload: { reason: 'no' } }),
      'OPERATOR_FORBIDDEN',
      403,
    );
    expect((await call(t.app, 'GET', '/ops/messages')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/wps/messages/platform')).statusCode).toBe(401);
    const count = await messageCount();
    const bad: Record<string, unknown>[] = [
      { audience: { type: 'all' }, translations: { PT: words('x').PT } },
      { audience: { type: 'segment' }, translations: words('x') },
      {
        audience: { type: 'segment', registeredFrom: '2026-02-01T00:00:00Z', registeredUntil: '2026-01-01T00:00:00Z' },
        translations: words('x'),
      },
      { audience: { type: 'players', accounts: [] }, translations: words('x') },
      { audience: { type: 'everyone' }, translations: words('x') },
      { audience: { type: 'all' }, sendAt: 'tomorrow', translations: words('x') },
      { audience: { type: 'all' }, sendAt: new Date(Date.now() - 86_400_000).toISOString(), translations: words('x') },
      { audience: { type: 'all' }, translations: { PT: { title: '', bodyHtml: '<p>x</p>' }, EN: words('x').EN } },
    ];
    for (const payload of bad) expectFailure(await send(payload), 'VALIDATION_FAILED', 400);
    expectFailure(
      await call(t.app, 'POST', '/ops/messages/abc/withdraw', { token: support, payload: { reason: 'bad id' } }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await call(t.app, 'POST', '/wps/messages/platform/read', {
        token: (await newPlayer(t)).token,
        payload: { ids: ['x'] },
      }),
      'VALIDATION_FAILED',
      400,
    );
    expect(await messageCount()).toBe(count);
  });
});
