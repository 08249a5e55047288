import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OnlineServiceList, OnlineServiceTarget } from '@wps/shared/schemas/online-service';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';

// The online-service list: the customer-service entries switched on, in the operator's order, with
// the product's type codes (3: the chat whose 440×500 window asks for its address at the click).
describeEachDatabase('online-service list', (target) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await operatorToken(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async () => valueOf<SiteSettingsView>(await call(t.app, 'GET', '/ops/site-settings', { token: admin }));
  const put = async (customerService: unknown) =>
    call(t.app, 'PUT', '/ops/site-settings', {
      token: admin,
      payload: {
        changes: { customerService: { value: customerService, version: (await read()).versions.customerService } },
        reason: 'support channels',
      },
    });
  const list = async () => valueOf<OnlineServiceList>(await call(t.app, 'GET', '/wps/system/onlineService'));
  const targetOf = (csType: string) => call(t.app, 'GET', `/wps/system/onlineService/target?csType=${csType}`);

  const CHAT = {
    csType: 'LIVECHAT',
    name: 'Chat',
    path: 'https://chat.lumenbet.example/room',
    openAs: 'chat',
    vipOnly: false,
  };
  const MAIL = {
    csType: 'EMAIL',
    name: 'E-mail',
    path: 'mailto:help@lumenbet.example',
    openAs: 'email',
    vipOnly: false,
  };
  const TAB = {
    csType: 'WHATSAPP',
    name: 'WhatsApp',
    path: 'https://wa.me/5511999990000',
    openAs: 'link',
    vipOnly: false,
    enabled: true,
  };
  const OFF = {
    csType: 'TELEGRAM',
    name: 'Telegram',
    path: 'https://t.me/lumenbet',
    openAs: 'chat',
    vipOnly: false,
    enabled: false,
  };

  it('lists the entries switched on in order with their types; a chat answers its address; one switched off is nowhere', async () => {
    valueOf(await put([MAIL, CHAT, OFF, TAB]));
    const { version } = await list();
    expect(version.pathList).toEqual([
      { type: '4', csType: 'EMAIL', name: 'E-mail', path: MAIL.path, vipOnly: false },
      { type: '3', csType: 'LIVECHAT', name: 'Chat', path: CHAT.path, vipOnly: false },
      { type: '1', csType: 'WHATSAPP', name: 'WhatsApp', path: TAB.path, vipOnly: false },
    ]);
    expect(valueOf<OnlineServiceTarget>(await targetOf('LIVECHAT'))).toEqual({ url: CHAT.path });
    expectFailure(await targetOf('TELEGRAM'), 'ONLINE_SERVICE_NOT_FOUND', 404);
    // Only chats are asked for; a link entry is a plain link.
    expectFailure(await targetOf('WHATSAPP'), 'ONLINE_SERVICE_NOT_FOUND', 404);
    expectFailure(await targetOf('bad type!'), 'VALIDATION_FAILED', 400);
    const permission = valueOf<PermissionResult>(await call(t.app, 'GET', '/wps/system/permission'));
    expect(permission.customerService.map((entry) => entry.csType)).toEqual(['EMAIL', 'LIVECHAT', 'WHATSAPP']);
  });

  it('a reorder changes the version; switching the chat off answers 404 to the next click; audited with the reason', async () => {
    const before = (await list()).version.id;
    valueOf(await put([CHAT, MAIL, TAB]));
    expect((await list()).version.id).not.toBe(before);
    valueOf(await put([{ ...CHAT, enabled: false }, MAIL]));
    expectFailure(await targetOf('LIVECHAT'), 'ONLINE_SERVICE_NOT_FOUND', 404);
    expect((await list()).version.pathList.map((entry) => entry.csType)).toEqual(['EMAIL']);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['reason'])
      .where('action', '=', 'settings.customerService')
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((row) => row.reason === 'support channels')).toBe(true);
  });

  it('refuses two chats of one type and a chat without a web link, writing nothing', async () => {
    const view = await read();
    const res = await put([CHAT, { ...CHAT, name: 'Chat 2' }, { ...CHAT, csType: 'OTHER', path: 'tel:+5511' }]);
    const fields = (
      expectFailure(res, 'VALIDATION_FAILED', 400).value as { fields: { field: string; message: string }[] }
    ).fields;
    expect(fields.map((f) => f.field)).toEqual(['customerService.2.path', 'customerService.1.csType']);
    expect(await read()).toEqual(view);
  });

  it('the modal switch travels in the permission answer and is audited', async () => {
    const view = await read();
    expect(view.values.modalsDraggable).toBe(true);
    valueOf(
      await call(t.app, 'PUT', '/ops/site-settings', {
        token: admin,
        payload: {
          changes: { modalsDraggable: { value: false, version: view.versions.modalsDraggable } },
          reason: 'fixed dialogs',
        },
      }),
    );
    expect(valueOf<PermissionResult>(await call(t.app, 'GET', '/wps/system/permission')).modalsDraggable).toBe(false);
    const [entry] = await t.database.db
      .selectFrom('audit_log')
      .select(['reason'])
      .where('action', '=', 'settings.modalsDraggable')
      .execute();
    expect(entry?.reason).toBe('fixed dialogs');
  });
});
