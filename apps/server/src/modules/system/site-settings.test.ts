import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SiteSettingsView } from '@wps/shared/schemas/site-settings';
import type { RegisterSettings } from '@wps/shared/schemas/system';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  strongPassword,
  uniqueUsername,
  valueOf,
} from '../../../test/api-client';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { operatorToken } from '../deposit/deposit.test-support';

// The back office's site settings through their routes: read by every role that holds
// settings.read, changed several at once by an admin with one reason, each change audited with
// its value before and after, and followed at once by the player site's calls (registration
// form settings, registration itself, maintenance). Refusals: invalid values (on their field
// paths), fixed brand fields, a stale version, roles without settings.write; none writes anything.
describeEachDatabase('site settings', (target) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let marketing: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await disableRegisterCaptcha(t.app);
    admin = await operatorToken(t, 'admin');
    support = await operatorToken(t, 'support');
    marketing = await operatorToken(t, 'marketing');
    finance = await operatorToken(t, 'finance');
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (token = admin) =>
    valueOf<SiteSettingsView>(await call(t.app, 'GET', '/ops/site-settings', { token }));
  const put = (payload: unknown, token = admin) => call(t.app, 'PUT', '/ops/site-settings', { token, payload });
  const audit = (key: string) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['reason', 'before', 'after', 'actor_type'])
      .where('action', '=', `settings.${key}`)
      .orderBy('id')
      .execute();
  const register = (overrides: Record<string, unknown>) => {
    const password = strongPassword();
    return callEncrypted(t.app, 'PUT', '/wps/member/register', {
      username: uniqueUsername(),
      password,
      confirmPassword: password,
      agree: true,
      ...overrides,
    });
  };

  it('lets every role with settings.read read every setting with its version', async () => {
    for (const token of [admin, support, marketing, finance]) {
      const view = await read(token);
      expect(view.values.brand.brandName).toBe('Lumen Bet');
      expect(Object.keys(view.versions).sort()).toEqual(Object.keys(view.values).sort());
    }
  });

  it('changes the registration rules and the minimum age in one go; the registration form and registration follow; audited', async () => {
    const view = await read();
    const rule = view.values.register.validate.username!;
    const res = await put({
      changes: {
        register: {
          value: {
            ...view.values.register,
            showPayeeName: true,
            required: { ...view.values.register.required, payeeName: true },
            validate: { ...view.values.register.validate, username: { ...rule, minLength: 8 } },
          },
          version: view.versions.register,
        },
        minimumAge: { value: 21, version: view.versions.minimumAge },
        // Unchanged: neither written nor audited.
        maintenance: { value: false, version: view.versions.maintenance },
      },
      reason: 'KYC needs the payee name',
    });
    const after = valueOf<SiteSettingsView>(res);
    expect(after.values.minimumAge).toBe(21);
    expect(after.versions.register).not.toBe(view.versions.register);
    expect(after.versions.maintenance).toBe(view.versions.maintenance);

    const form = valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register'));
    expect(form).toMatchObject({
      showPayeeName: true,
      minimumAge: 21,
      required: { payeeName: true },
      validate: { username: { minLength: 8 } },
    });
    const short = expectFailure(
      await register({ username: `a${uniqueUsername().slice(0, 6)}`, payeeName: 'Ana Souza' }),
      'VALIDATION_FAILED',
      400,
    );
    expect(JSON.stringify(short)).toContain('username');
    expectFailure(await register({ username: `abc${uniqueUsername()}`.slice(0, 14) }), 'VALIDATION_FAILED', 400);
    valueOf(await register({ username: `abc${uniqueUsername()}`.slice(0, 14), payeeName: 'Ana Souza' }));

    const [entry] = await audit('register');
    expect(entry).toMatchObject({
      reason: 'KYC needs the payee name',
      actor_type: 'operator',
      before: { showPayeeName: false },
      after: { showPayeeName: true },
    });
    expect(await audit('minimumAge')).toMatchObject([{ before: 18, after: 21 }]);
    expect(await audit('maintenance')).toEqual([]);
  });

  it('puts the site under maintenance and takes it out; players are refused meanwhile', async () => {
    let view = await read();
    valueOf(
      await put({
        changes: { maintenance: { value: true, version: view.versions.maintenance } },
        reason: 'database upgrade',
      }),
    );
    expect(valueOf(await call(t.app, 'GET', '/wps/system/status'))).toBe(1);
    expectFailure(await register({}), 'SYSTEM_MAINTENANCE');
    // The back office is not behind the player site's gate.
    view = await read();
    expect(view.values.maintenance).toBe(true);
    valueOf(
      await put({
        changes: { maintenance: { value: false, version: view.versions.maintenance } },
        reason: 'upgrade done',
      }),
    );
    expect(valueOf(await call(t.app, 'GET', '/wps/system/status'))).toBe(0);
  });

  it('refuses invalid values on their field paths, fixed brand fields and unsafe links, writing nothing', async () => {
    const view = await read();
    const { values, versions } = view;
    const fields = (res: Awaited<ReturnType<typeof put>>) =>
      (expectFailure(res, 'VALIDATION_FAILED', 400).value as { fields: { field: string }[] }).fields.map(
        (f) => f.field,
      );

    expect(
      fields(
        await put({
          changes: {
            customerService: {
              value: [{ ...values.customerService[0]!, path: 'javascript:alert(1)' }],
              version: versions.customerService,
            },
            register: {
              value: {
                ...values.register,
                validate: {
                  ...values.register.validate,
                  password: { ...values.register.validate.password!, minLength: 6 },
                },
              },
              version: versions.register,
            },
            brand: { value: { ...values.brand, currency: 'USD', brandName: 'New name' }, version: versions.brand },
            languages: { value: { ...values.languages, supported: ['PT', 'ES'] }, version: versions.languages },
            blockedCountries: { value: ['usa'], version: versions.blockedCountries },
          },
          reason: 'all wrong',
        }),
      ).sort(),
    ).toEqual([
      'blockedCountries.0',
      'brand.currency',
      'customerService.0.path',
      'languages.supported',
      'register.validate.password.minLength',
    ]);
    expect(
      fields(
        await put({
          changes: {
            resources: {
              value: [{ ...values.resources[0]!, url: 'data:text/html,<script>x</script>' }],
              version: versions.resources,
            },
          },
          reason: 'bad url',
        }),
      ),
    ).toEqual(['resources.0.url']);
    expectFailure(await put({ changes: {}, reason: 'nothing' }), 'VALIDATION_FAILED', 400);
    expectFailure(
      await put({ changes: { maintenance: { value: true, version: versions.maintenance } } }),
      'VALIDATION_FAILED',
      400,
    );
    expectFailure(
      await put({ changes: { withdrawal: { value: {}, version: 'x' } }, reason: 'not a site setting' }),
      'VALIDATION_FAILED',
      400,
    );

    expect(await read()).toEqual(view);
    for (const key of ['customerService', 'brand', 'languages', 'blockedCountries', 'resources'])
      expect(await audit(key)).toEqual([]);
  });

  it('refuses a change made from a stale version, naming the setting, and writes none of the batch', async () => {
    const first = await read();
    valueOf(
      await put({
        changes: { defaultCountry: { value: 'PT', version: first.versions.defaultCountry } },
        reason: 'first operator',
      }),
    );
    const stale = await put({
      changes: {
        defaultCountry: { value: 'AR', version: first.versions.defaultCountry },
        loginToHome: { value: !first.values.loginToHome, version: first.versions.loginToHome },
      },
      reason: 'second operator, from an old page',
    });
    expect(expectFailure(stale, 'SETTING_CHANGED', 409).value).toEqual({ keys: ['defaultCountry'] });
    const now = await read();
    expect(now.values.defaultCountry).toBe('PT');
    expect(now.values.loginToHome).toBe(first.values.loginToHome);
    expect((await audit('defaultCountry')).map((e) => e.reason)).toEqual(['first operator']);
  });

  it('refuses roles without settings.write', async () => {
    const view = await read();
    for (const token of [support, marketing, finance]) {
      expectFailure(
        await put(
          { changes: { maintenance: { value: true, version: view.versions.maintenance } }, reason: 'not mine' },
          token,
        ),
        'OPERATOR_FORBIDDEN',
        403,
      );
    }
    expect((await read()).values.maintenance).toBe(false);
  });

  it("lists the operator's domains for the speed test (the player's own when none), and each answers the ping", async () => {
    const route = async () =>
      valueOf<{ domainList: { domainName: string }[]; resources: unknown[] }>(
        await call(t.app, 'GET', '/wps/system/domainRoute', { headers: { host: 'play.lumenbet.example' } }),
      );
    expect((await route()).domainList).toEqual([{ domainName: 'http://play.lumenbet.example' }]);
    const view = await read();
    expect((await route()).resources).toEqual(view.values.resources);
    const domains = [{ domainName: 'https://a.lumenbet.example' }, { domainName: 'https://b.lumenbet.example:8443' }];
    expectFailure(
      await put({
        changes: { domains: { value: [{ domainName: 'https://a.example/path' }], version: view.versions.domains } },
        reason: 'bad domain',
      }),
      'VALIDATION_FAILED',
      400,
    );
    valueOf(
      await put({ changes: { domains: { value: domains, version: view.versions.domains } }, reason: 'two mirrors' }),
    );
    expect((await route()).domainList).toEqual(domains);

    const ping = await t.app.inject({ method: 'GET', url: '/wps/system/test/ping' });
    expect(ping.json()).toMatchObject({ success: true, value: { pong: true } });
    expect(ping.headers['access-control-allow-origin']).toBe('*');
    expect(ping.headers['cache-control']).toBe('no-store');
  });
  it('leaves the consent unticked unless the operator pre-ticks it; a value stored before the setting reads unticked', async () => {
    const form = async () =>
      valueOf<RegisterSettings>(await call(t.app, 'GET', '/wps/system/setting/register')).consentPreticked;
    const view = await read();
    expect(view.values.register.consentPreticked).toBe(false);
    expect(await form()).toBe(false);
    const ticked = valueOf<SiteSettingsView>(
      await put({
        changes: {
          register: { value: { ...view.values.register, consentPreticked: true }, version: view.versions.register },
        },
        reason: 'jurisdiction allows it',
      }),
    );
    expect(await form()).toBe(true);
    const { consentPreticked: _dropped, ...older } = ticked.values.register;
    valueOf(
      await put({
        changes: { register: { value: older, version: ticked.versions.register } },
        reason: 'as stored before',
      }),
    );
    expect(await form()).toBe(false);
    expect((await audit('register')).at(-2)).toMatchObject({
      reason: 'jurisdiction allows it',
      before: { consentPreticked: false },
      after: { consentPreticked: true },
    });
  });
});
