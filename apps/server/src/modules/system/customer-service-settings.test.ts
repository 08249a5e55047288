import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import type { PermissionResult } from '@wps/shared/schemas/system';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';
import { upsertSetting } from './system.repository';

// The customer-service entries of the site settings: each opens as a link, a 440×750 popup, an
// e-mail or a call, and may be for VIP players only. The link's scheme must match how the entry
// opens (an e-mail entry with a web link, or a web entry with a tel: link, is refused on its field);
// entries stored before `openAs` existed are given, by migration 0230, what the site did with them then.
describeEachDatabase('customer-service settings', (target) => {
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
  const put = (customerService: unknown, version: string) =>
    call(t.app, 'PUT', '/ops/site-settings', {
      token: admin,
      payload: { changes: { customerService: { value: customerService, version } }, reason: 'support channels' },
    });
  const fieldsOf = (res: Awaited<ReturnType<typeof put>>) =>
    (expectFailure(res, 'VALIDATION_FAILED', 400).value as { fields: { field: string; message: string }[] }).fields;

  const ENTRIES = [
    { csType: 'LIVECHAT', name: 'Chat', path: 'https://chat.lumenbet.example/room', openAs: 'popup', vipOnly: false },
    { csType: 'WHATSAPP', name: 'WhatsApp', path: 'https://wa.me/5511999990000', openAs: 'link', vipOnly: false },
    { csType: 'EMAIL', name: 'E-mail', path: 'mailto:help@lumenbet.example', openAs: 'email', vipOnly: false },
    { csType: 'PHONE', name: 'Phone', path: 'tel:+55-11-4000-1234', openAs: 'phone', vipOnly: false },
    { csType: 'VIP', name: 'VIP desk', path: 'https://t.me/lumenbet_vip', openAs: 'link', vipOnly: true },
  ];

  it('saves entries of every kind with a VIP-only one; the permission call hands them to players; audited', async () => {
    const view = await read();
    const saved = valueOf<SiteSettingsView>(await put(ENTRIES, view.versions.customerService));
    expect(saved.values.customerService).toEqual(ENTRIES);
    const permission = valueOf<PermissionResult>(await call(t.app, 'GET', '/wps/system/permission'));
    expect(permission.customerService).toEqual(ENTRIES);
    const [entry] = await t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'after'])
      .where('action', '=', 'settings.customerService')
      .execute();
    expect(entry).toMatchObject({ reason: 'support channels', after: ENTRIES });
  });

  it('refuses a link whose scheme does not match how the entry opens, an unsafe link and an unknown kind, writing nothing', async () => {
    const view = await read();
    const [popup, link, email, phone] = ENTRIES as [
      (typeof ENTRIES)[number],
      (typeof ENTRIES)[number],
      (typeof ENTRIES)[number],
      (typeof ENTRIES)[number],
    ];
    const fields = fieldsOf(
      await put(
        [
          { ...email, path: 'https://mail.lumenbet.example' },
          { ...phone, path: 'mailto:help@lumenbet.example' },
          { ...link, path: 'tel:+5511' },
          { ...popup, path: 'javascript:alert(1)' },
          { ...popup, openAs: 'iframe' },
          { ...link, vipOnly: 'yes' },
          { ...link, path: 'ftp://files.lumenbet.example/app' },
        ],
        view.versions.customerService,
      ),
    );
    expect(fields.map((f) => f.field)).toEqual([
      'customerService.0.path',
      'customerService.1.path',
      'customerService.2.path',
      'customerService.3.path',
      'customerService.4.openAs',
      'customerService.5.vipOnly',
      'customerService.6.path',
    ]);
    expect(fields[0]!.message).toBe('an e-mail entry needs a mailto: link');
    expect(fields[1]!.message).toBe('a phone entry needs a tel: link');
    expect(fields[2]!.message).toBe('a link entry needs an http(s) link');
    expect(await read()).toEqual(view);
  });

  it('migration 0230 gives entries stored before openAs existed what the site did with them: mailto: e-mail, tel: phone, web links the popup; none VIP-only', async () => {
    await upsertSetting(t.database.db, 'customerService', [
      { csType: 'LIVECHAT', name: 'Chat', path: 'https://chat.lumenbet.example' },
      { csType: 'EMAIL', name: 'E-mail', path: 'MAILTO:help@lumenbet.example' },
      { csType: 'PHONE', name: 'Phone', path: 'tel:+551140001234' },
      { csType: 'VIP', name: 'VIP desk', path: 'https://t.me/lumenbet_vip', openAs: 'link', vipOnly: true },
    ]);
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0230_customer_service_open_as.sql', import.meta.url),
      'utf8',
    );
    await sql.raw(migration).execute(t.database.db);
    expect((await read()).values.customerService).toEqual([
      { csType: 'LIVECHAT', name: 'Chat', path: 'https://chat.lumenbet.example', openAs: 'popup', vipOnly: false },
      { csType: 'EMAIL', name: 'E-mail', path: 'MAILTO:help@lumenbet.example', openAs: 'email', vipOnly: false },
      { csType: 'PHONE', name: 'Phone', path: 'tel:+551140001234', openAs: 'phone', vipOnly: false },
      { csType: 'VIP', name: 'VIP desk', path: 'https://t.me/lumenbet_vip', openAs: 'link', vipOnly: true },
    ]);
  });
});
