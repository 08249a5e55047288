import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHITELABEL_MODULES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  countrySchema,
  permissionResultSchema,
  registerSettingsSchema,
  whitelabelResultSchema,
  type Country,
  type PermissionResult,
  type RegisterSettings,
  type WhitelabelNode,
} from '@wps/shared/schemas/system';
import { call, expectFailure, valueOf } from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { seedDemoOperator } from '../../db/seed';
import { getDemoSettings } from './operator-settings';

function flatten(nodes: WhitelabelNode[]): WhitelabelNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

describeEachDatabase('system routes', (target) => {
  let t: TestApp;
  let proxied: TestApp;

  beforeAll(async () => {
    [t, proxied] = await Promise.all([createTestApp(target), createTestApp(target, { trustProxy: 1 })]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), proxied?.close()]);
  });

  const status = async (app: TestApp, headers: Record<string, string> = {}) =>
    valueOf<number>(await call(app.app, 'GET', '/wps/system/status', { headers }));

  describe('status', () => {
    it('is 0 for a local caller and 1 during maintenance', async () => {
      expect(await status(t)).toBe(0);
      await t.app.services.system.updateSetting('maintenance', true);
      try {
        expect(await status(t)).toBe(1);
        const permission = valueOf<PermissionResult>(await call(t.app, 'GET', '/wps/system/permission'));
        expect(permission.maintenance).toBe(true);
      } finally {
        await t.app.services.system.updateSetting('maintenance', false);
      }
      expect(await status(t)).toBe(0);
    });

    it('ignores X-Forwarded-For without TRUST_PROXY', async () => {
      expect(await status(t, { 'x-forwarded-for': '203.0.113.7' })).toBe(0);
      const permission = valueOf<PermissionResult>(
        await call(t.app, 'GET', '/wps/system/permission', { headers: { 'x-forwarded-for': '203.0.113.7' } }),
      );
      expect(permission.location).toEqual({ ip: '127.0.0.1', country: null });
      expect(permission.regionRestriction).toBe(false);
    });

    it('honours X-Forwarded-For with TRUST_PROXY: a blocked country gets 2', async () => {
      // Demo: 203.0.113.0/24 → US (blocked), 198.51.100.0/24 → BR (allowed).
      expect(await status(proxied, { 'x-forwarded-for': '203.0.113.7' })).toBe(2);
      expect(await status(proxied, { 'x-forwarded-for': '198.51.100.7' })).toBe(0);
      expect(await status(proxied, { 'x-forwarded-for': '8.8.8.8' })).toBe(0);
      expect(await status(proxied, { 'x-forwarded-for': '2001:db8::1' })).toBe(0);
      const permission = valueOf<PermissionResult>(
        await call(proxied.app, 'GET', '/wps/system/permission', { headers: { 'x-forwarded-for': '203.0.113.7' } }),
      );
      expect(permission.location).toEqual({ ip: '203.0.113.7', country: 'US' });
      expect(permission.regionRestriction).toBe(true);
    });

    it('closes the rest of the API during maintenance and to blocked countries', async () => {
      const captcha = '/wps/captcha?captchaKey=gate-test-key-01';
      await t.app.services.system.updateSetting('maintenance', true);
      try {
        const res = await call(t.app, 'GET', captcha);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ success: false, errorCode: 'SYSTEM_MAINTENANCE' });
        // The shell still reads what it needs to draw the maintenance page.
        expect((await call(t.app, 'GET', '/wps/system/permission')).statusCode).toBe(200);
        expect((await call(t.app, 'GET', '/wps/session/key/rsa')).statusCode).toBe(200);
      } finally {
        await t.app.services.system.updateSetting('maintenance', false);
      }
      expect((await call(t.app, 'GET', captcha)).statusCode).toBe(200);

      const blocked = await call(proxied.app, 'GET', captcha, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ success: false, errorCode: 'REGION_RESTRICTED' });
      const allowed = await call(proxied.app, 'GET', captcha, { headers: { 'x-forwarded-for': '198.51.100.9' } });
      expect(allowed.statusCode).toBe(200);
    });

    it('lets maintenance win over a region block', async () => {
      await proxied.app.services.system.updateSetting('maintenance', true);
      try {
        expect(await status(proxied, { 'x-forwarded-for': '203.0.113.7' })).toBe(1);
      } finally {
        await proxied.app.services.system.updateSetting('maintenance', false);
      }
    });

    it('picks the most specific CIDR block', async () => {
      const { system } = proxied.app.services;
      expect(await system.addRegionCidr('203.0.113.130/25', 'PT', 'test')).toBe('203.0.113.128/25');
      try {
        expect(await system.locate('203.0.113.200')).toEqual({ ip: '203.0.113.200', country: 'PT' });
        expect(await system.locate('203.0.113.5')).toEqual({ ip: '203.0.113.5', country: 'US' });
        expect(await status(proxied, { 'x-forwarded-for': '203.0.113.200' })).toBe(0);
        expect(await status(proxied, { 'x-forwarded-for': '203.0.113.5' })).toBe(2);
      } finally {
        expect(await system.removeRegionCidr('203.0.113.128/25')).toBe(true);
      }
      expect(await system.locate('203.0.113.200')).toEqual({ ip: '203.0.113.200', country: 'US' });
    });

    it('never locates or blocks loopback and private addresses', async () => {
      const { system } = proxied.app.services;
      await system.addRegionCidr('10.0.0.0/8', 'US');
      await system.addRegionCidr('127.0.0.0/8', 'US');
      try {
        expect(await system.locate('10.1.2.3')).toEqual({ ip: '10.1.2.3', country: null });
        expect(await system.locate('::ffff:127.0.0.1')).toEqual({ ip: '127.0.0.1', country: null });
        expect(await status(proxied, { 'x-forwarded-for': '10.1.2.3' })).toBe(0);
        expect(await status(proxied)).toBe(0);
      } finally {
        await system.removeRegionCidr('10.0.0.0/8');
        await system.removeRegionCidr('127.0.0.0/8');
      }
    });

    it('blocks whatever countries the operator lists', async () => {
      const { system } = proxied.app.services;
      await system.updateSetting('blockedCountries', ['BR']);
      try {
        expect(await status(proxied, { 'x-forwarded-for': '198.51.100.7' })).toBe(2);
        expect(await status(proxied, { 'x-forwarded-for': '203.0.113.7' })).toBe(0);
      } finally {
        await system.updateSetting('blockedCountries', ['US']);
      }
    });

    it('survives a garbage X-Forwarded-For', async () => {
      const res = await call(proxied.app, 'GET', '/wps/system/status', {
        headers: { 'x-forwarded-for': "1.2.3.4'; DROP TABLE x" },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('whitelabel, register settings, permission, countries', () => {
    it('serves the module tree with every whitelabel module switch', async () => {
      const tree = whitelabelResultSchema.parse(valueOf(await call(t.app, 'GET', '/wps/system/whitelabel')));
      const nodes = new Map(flatten(tree).map((n) => [n.moduleId, n.enabled]));
      for (const m of WHITELABEL_MODULES) expect(nodes.has(m), m).toBe(true);
      expect(nodes.get('PTSYS3')).toBe(0);
      // PWDEXPFORCECHANGE3 is off by default: no forced periodic expiry.
      expect(nodes.get('PWDEXPFORCECHANGE3')).toBe(0);
      for (const m of [
        'MOBILENUMREG3',
        'REGMOBVERF3',
        'USERNAMEREG3',
        'FREEPLAY3',
        'MOBILEVERCODELOGIN3',
        'DIRECTREG3',
        'CHNGPASSVERIF3',
        'MOBILENUMPASSREG3',
      ]) {
        expect(nodes.get(m), m).toBe(1);
      }
      expect(await t.app.services.system.isModuleEnabled('PTSYS3')).toBe(false);
      expect(await t.app.services.system.isModuleEnabled('FREEPLAY3')).toBe(true);
    });

    it('serves the registration settings with derived switches', async () => {
      const settings = registerSettingsSchema.parse(
        valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register')),
      );
      expect(settings).toMatchObject({
        showCaptcha: true,
        showEmail: true,
        smsEnabled: true,
        mobilePassword: true,
        minimumAge: 18,
      });
      expect(settings.required).toMatchObject({ username: true, password: true, email: false });
      expect(settings.validate.username).toEqual({ acceptedPattern: '*', minLength: 4, maxLength: 16, patternId: 1 });
      expect(settings.validate.password?.patternId).toBe(19);
      expect(settings.validate.mobileNum?.patternId).toBe(6);
      expect(settings.validate.payeeName?.patternId).toBe(21);
      expect(settings.registrationBonusMinor).toBe('0');

      const { system } = t.app.services;
      const modules = (await system.getOperatorConfig()).modules;
      await system.updateSetting('modules', { ...modules, MOBILENUMPASSREG3: false });
      try {
        const changed = valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register'));
        expect(changed.mobilePassword).toBe(false);
      } finally {
        await system.updateSetting('modules', modules);
      }
    });

    it('serves the permission bundle', async () => {
      const res = await call(t.app, 'GET', '/wps/system/permission?url=lumenbet.example');
      const permission = permissionResultSchema.parse(valueOf(res));
      expect(permission.brand).toEqual({
        merchantCode: 'demo',
        brandName: 'Lumen Bet',
        currency: 'BRL',
        currencyScale: 2,
        currencySymbol: 'R$',
      });
      expect(permission.location).toEqual({ ip: '127.0.0.1', country: null });
      expect(permission).toMatchObject({ maintenance: false, regionRestriction: false, loginToHome: false });
      expect(permission.languages.default).toBe('PT');
      expect(permission.languages.supported).toEqual(['PT', 'EN']);
      expect(permission.languages.listed.length).toBeGreaterThanOrEqual(37);
      expect(permission.resources.map((r) => r.resourceType)).toEqual([
        'ANDROID',
        'MOBILECONFIG',
        'FACEBOOK',
        'INSTAGRAM',
        'TELEGRAM',
      ]);
      expect(permission.customerService.length).toBeGreaterThan(0);
      expect(permission.register.showCaptcha).toBe(true);
      expectFailure(
        await call(t.app, 'GET', `/wps/system/permission?url=${'x'.repeat(600)}`),
        ErrorCode.VALIDATION_FAILED,
        400,
      );
    });

    it('serves the dialing codes with the default country first', async () => {
      const countries = valueOf<Country[]>(await call(t.app, 'GET', '/wps/system/country'));
      for (const c of countries) countrySchema.parse(c);
      expect(countries.length).toBeGreaterThanOrEqual(60);
      expect(countries[0]).toMatchObject({ countryCode: 'BR', countryDialingCode: '55' });
      const byCode = new Map(countries.map((c) => [c.countryCode, c]));
      expect(byCode.get('PT')?.countryDialingCode).toBe('351');
      expect(byCode.get('US')?.countryDialingCode).toBe('1');
      expect(byCode.get('VN')?.countryDialingCode).toBe('84');
      expect(new Set(countries.map((c) => c.countryCode)).size).toBe(countries.length);

      await t.app.services.system.updateSetting('defaultCountry', 'PT');
      try {
        expect(valueOf<Country[]>(await call(t.app, 'GET', '/wps/system/country'))[0]?.countryCode).toBe('PT');
      } finally {
        await t.app.services.system.updateSetting('defaultCountry', 'BR');
      }
    });
  });

  describe('merchant header', () => {
    it('accepts the operator code or no header, refuses another code on every /wps/ route', async () => {
      expect(await status(t, { merchant: 'demo' })).toBe(0);
      expect(await status(t)).toBe(0);
      expectFailure(
        await call(t.app, 'GET', '/wps/system/status', { headers: { merchant: 'other' } }),
        ErrorCode.UNKNOWN_MERCHANT,
        400,
      );
      expectFailure(
        await call(t.app, 'GET', '/wps/session/key/rsa', { headers: { merchant: 'other' } }),
        ErrorCode.UNKNOWN_MERCHANT,
        400,
      );
      // The gate decides on the matched route: a path that matches none is simply unknown.
      expectFailure(
        await call(t.app, 'GET', '/wps/no/such/path', { headers: { merchant: 'other' } }),
        ErrorCode.NOT_FOUND,
        404,
      );
    });
  });

  describe('operator settings storage', () => {
    it('refuses invalid values and keeps the stored one', async () => {
      const { system } = t.app.services;
      await expect(system.updateSetting('blockedCountries', ['usa'])).rejects.toThrow();
      await expect(system.updateSetting('minimumAge', '18')).rejects.toThrow();
      const register = (await system.getOperatorConfig()).register;
      await expect(
        system.updateSetting('register', {
          ...register,
          validate: {
            ...register.validate,
            username: { acceptedPattern: '([', minLength: 4, maxLength: 16, patternId: 1 },
          },
        }),
      ).rejects.toThrow();
      expect((await system.getOperatorConfig()).blockedCountries).toEqual(['US']);
    });

    it('falls back to the default for a missing or hand-broken row, and the seed restores missing rows only', async () => {
      const { system } = t.app.services;
      const db = t.database.db;
      await system.updateSetting('loginToHome', true);
      await db.deleteFrom('operator_settings').where('key', '=', 'passwordMaxAgeDays').execute();
      await sql`UPDATE operator_settings SET value = '"not a number"'::jsonb WHERE key = 'minimumAge'`.execute(db);
      system.invalidateCache();
      const config = await system.getOperatorConfig();
      expect(config.passwordMaxAgeDays).toBe(getDemoSettings().passwordMaxAgeDays);
      expect(config.minimumAge).toBe(18);
      expect((await call(t.app, 'GET', '/wps/system/setting/register')).statusCode).toBe(200);

      const seeded = await seedDemoOperator(db);
      expect(seeded).toEqual({ insertedSettings: ['passwordMaxAgeDays'], firstSeed: false });
      expect(await seedDemoOperator(db)).toEqual({ insertedSettings: [], firstSeed: false });
      system.invalidateCache();
      expect((await system.getOperatorConfig()).loginToHome).toBe(true);

      await system.updateSetting('minimumAge', 18);
      await system.updateSetting('loginToHome', false);
    });

    it('does not re-add demo CIDR blocks the operator removed', async () => {
      const { system } = t.app.services;
      expect(await system.removeRegionCidr('192.0.2.0/24')).toBe(true);
      await seedDemoOperator(t.database.db);
      expect((await system.listRegionCidrs()).map((r) => r.cidr)).not.toContain('192.0.2.0/24');
    });

    it('exposes money settings as bigint minor units', async () => {
      const config = await t.app.services.system.getOperatorConfig();
      expect(config.freeplayDemoBalanceMinor).toBe(200000n);
      expect(config.registrationBonusMinor).toBe(0n);
    });
  });
});
