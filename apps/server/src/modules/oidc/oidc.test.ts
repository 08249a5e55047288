import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { MemberInfo } from '@wps/shared/schemas/member';
import type { OidcLink, OidcPending, OpsOidcProvider, PublicOidcProvider } from '@wps/shared/schemas/oidc';
import {
  call,
  callEncrypted,
  disableRegisterCaptcha,
  expectFailure,
  strongPassword,
  uniqueUsername,
  valueOf,
} from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { brRegistrationDetails, newCpf } from '../identity/identity-fixtures';
import type { DevOidcProvider } from './dev-oidc-provider';
import { createIdpBrowser, startTestIdp, type IdpAttempt } from './oidc-fixtures';
import { setLicence } from '../licence/licence-fixtures';

/**
 * Sign-in with an identity provider against the local provider (apps/idp-sandbox, a real
 * oidc-provider process): the browser's part is played by fetch with a cookie jar
 * (oidc-fixtures.ts). Linking from a signed-in session: oidc-link.test.ts.
 */
describeEachDatabase('sign-in with an identity provider', (target) => {
  let t: TestApp;
  let idp: DevOidcProvider;
  let admin: string;
  let providerId: string;
  const reason = 'connect the local provider for tests';

  beforeAll(async () => {
    t = await createTestApp(target, { publicUrl: 'http://127.0.0.1:7999' });
    await disableRegisterCaptcha(t.app);
    idp = await startTestIdp(t.app);
    admin = (await createTestOperator(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await idp?.stop();
    await t?.close();
  });

  /** The provider's browser, built lazily: the app and provider exist once beforeAll ran. */
  const browser = () => createIdpBrowser(t.app, idp, () => providerId);
  const signInAtIdp = (location: string, user: string) => browser().signInAtIdp(location, user);
  const attempt = (user: string, cookie?: string) => browser().attempt(user, cookie);
  const finish = (a: IdpAttempt) => browser().finish(a);

  it('keeps the client secret write-only and lists only enabled providers', async () => {
    const created = await call(t.app, 'POST', '/ops/oidc-providers', {
      token: admin,
      payload: {
        name: 'Local test IdP',
        kind: 'oidc',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        enabled: false,
        reason,
      },
    });
    const provider = valueOf<OpsOidcProvider>(created);
    providerId = provider.id;
    expect(created.body).not.toContain(idp.clientSecret);
    expect(valueOf<PublicOidcProvider[]>(await call(t.app, 'GET', '/wps/oidc/providers'))).toEqual([]);
    // Disabled: its start answers the continuation page with the error, not the provider.
    const closed = await t.app.inject({ method: 'GET', url: `/wps/oidc/providers/${providerId}/start` });
    expect(closed.headers.location).toBe(`/sign-in/provider?error=${ErrorCode.OIDC_PROVIDER_NOT_FOUND}`);

    const enabled = await call(t.app, 'PUT', `/ops/oidc-providers/${providerId}/enabled`, {
      token: admin,
      payload: { enabled: true, reason },
    });
    expect(valueOf<OpsOidcProvider>(enabled).enabled).toBe(true);
    const list = await call(t.app, 'GET', '/ops/oidc-providers', { token: admin });
    expect(list.body).not.toContain(idp.clientSecret);
    expect(valueOf<PublicOidcProvider[]>(await call(t.app, 'GET', '/wps/oidc/providers'))).toEqual([
      { id: providerId, name: 'Local test IdP' },
    ]);

    // An edit without a secret keeps it (and when it was set).
    const before = valueOf<OpsOidcProvider>(list).valueOf() as unknown as OpsOidcProvider[];
    const edited = await call(t.app, 'PUT', `/ops/oidc-providers/${providerId}`, {
      token: admin,
      payload: {
        name: 'Local test IdP',
        kind: 'oidc',
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: '',
        enabled: true,
        reason,
      },
    });
    expect(valueOf<OpsOidcProvider>(edited).secretSetAt).toBe(before[0]?.secretSetAt);
    const audit = await sql<{
      entry: string;
    }>`SELECT row_to_json(a)::text AS entry FROM audit_log a WHERE subject_type = 'oidc_provider'`.execute(
      t.database.db,
    );
    expect(audit.rows.length).toBe(3);
    for (const row of audit.rows) expect(row.entry).not.toContain(idp.clientSecret);
    // A second provider needs a name of its own and, when created, a secret; neither refusal writes anything.
    const second = { kind: 'oidc', issuer: idp.issuer, clientId: 'other-client', enabled: false, reason };
    const taken = expectFailure(
      await call(t.app, 'POST', '/ops/oidc-providers', {
        token: admin,
        payload: { ...second, name: 'Local test IdP', clientSecret: 'another-secret-0123456789' },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(taken.value).toEqual({ fields: [{ field: 'name', code: 'taken' }] });
    const noSecret = expectFailure(
      await call(t.app, 'POST', '/ops/oidc-providers', {
        token: admin,
        payload: { ...second, name: 'Second IdP', clientSecret: '' },
      }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect(noSecret.value).toEqual({ fields: [{ field: 'clientSecret', code: 'required' }] });
    expect(valueOf<OpsOidcProvider[]>(await call(t.app, 'GET', '/ops/oidc-providers', { token: admin }))).toHaveLength(
      1,
    );
    // Support may not change providers.
    const support = (await createTestOperator(t.app, 'support')).token;
    expect(
      (
        await call(t.app, 'PUT', `/ops/oidc-providers/${providerId}/enabled`, {
          token: support,
          payload: { enabled: false, reason },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('creates an account under the registration rules, then signs the same identity in through an exchange code', async () => {
    const user = `new-${Date.now()}`;
    const first = await attempt(user);
    expect(await finish(first)).toBe('/sign-in/provider?pending=1');
    const pending = valueOf<OidcPending>(
      await call(t.app, 'GET', '/wps/oidc/pending', { headers: { cookie: first.cookie } }),
    );
    expect(pending).toMatchObject({ providerName: 'Local test IdP', email: `${user}@idp.test` });
    // Another browser has no pending identity.
    expectFailure(await call(t.app, 'GET', '/wps/oidc/pending'), ErrorCode.OIDC_FLOW_INVALID, 400);

    const username = uniqueUsername('oi');
    const password = strongPassword();
    // The operator's rules apply: the confirmation must match.
    const mismatch = await callEncrypted(
      t.app,
      'POST',
      '/wps/oidc/pending/register',
      { username, password, confirmPassword: `${password}x`, agree: true },
      { headers: { cookie: first.cookie } },
    );
    expectFailure(mismatch, ErrorCode.PASSWORD_MISMATCH);
    const created = await callEncrypted(
      t.app,
      'POST',
      '/wps/oidc/pending/register',
      { username, password, confirmPassword: password, agree: true },
      { headers: { cookie: first.cookie } },
    );
    const token = valueOf<LoginResult>(created).token;
    const links = valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }));
    expect(links).toMatchObject([{ providerName: 'Local test IdP', email: `${user}@idp.test`, lastUsedAt: null }]);
    // Spent: the same pending identity cannot make a second account.
    const again = await callEncrypted(
      t.app,
      'POST',
      '/wps/oidc/pending/register',
      { username: uniqueUsername('oi'), password, confirmPassword: password, agree: true },
      { headers: { cookie: first.cookie } },
    );
    expectFailure(again, ErrorCode.OIDC_FLOW_INVALID, 400);

    const second = await attempt(user, first.cookie);
    const location = await finish(second);
    const code = new URL(location, 'http://x').searchParams.get('token');
    expect(location).toMatch(/^\/\?token=/);
    expect(code).toBeTruthy();
    expect(location).not.toContain(token);
    const exchanged = valueOf<LoginResult>(
      await call(t.app, 'POST', '/wps/session/login/exchange', { payload: { code } }),
    );
    expect(valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token: exchanged.token })).account).toBe(
      username,
    );
  });

  it('refuses a replayed state, a callback in another browser and a wrong nonce', async () => {
    const user = `replay-${Date.now()}`;
    const a = await attempt(user);
    // Another browser (another flow cookie) with the right state finds nothing.
    const stranger = await t.app.inject({
      method: 'GET',
      url: `${a.callback.pathname}${a.callback.search}`,
      headers: { cookie: 'wps_oidc=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(stranger.headers.location).toBe(`/sign-in/provider?error=${ErrorCode.OIDC_FLOW_INVALID}`);
    expect(await finish(a)).toBe('/sign-in/provider?pending=1');
    expect(await finish(a)).toBe(`/sign-in/provider?error=${ErrorCode.OIDC_FLOW_INVALID}`);

    // The nonce we kept is not the one the id_token carries: the library refuses the token.
    const start = await t.app.inject({ method: 'GET', url: `/wps/oidc/providers/${providerId}/start` });
    const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
    await sql`UPDATE oidc_flows SET nonce = 'not-the-nonce-sent' WHERE used_at IS NULL`.execute(t.database.db);
    const callback = await signInAtIdp(String(start.headers.location), user);
    expect(await finish({ cookie, callback })).toBe(`/sign-in/provider?error=${ErrorCode.OIDC_SIGN_IN_FAILED}`);
  });

  it('signs in through a Facebook-type provider: named endpoints, no id_token, the id read from userinfo', async () => {
    // A minimal OAuth 2 provider in the Graph API's shape: the code for a token (PKCE verifier and client secret checked), `/me` answers `id`.
    const seen: { verifier?: string | null; auth?: string | undefined } = {};
    const fake = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += String(chunk)));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/token' && req.method === 'POST') {
          const form = new URLSearchParams(body);
          seen.verifier = form.get('code_verifier');
          seen.auth = req.headers.authorization;
          return void res.end(JSON.stringify({ access_token: 'fb-access', token_type: 'bearer', expires_in: 3600 }));
        }
        if (req.url === '/me' && req.headers.authorization === 'Bearer fb-access')
          return void res.end(JSON.stringify({ id: 4242, name: 'Face Person', email: 'face@fb.test' }));
        res.statusCode = 400;
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      const created = await call(t.app, 'POST', '/ops/oidc-providers', {
        token: admin,
        payload: {
          name: 'Facebook-type',
          kind: 'oauth2',
          issuer: base,
          authorizationEndpoint: `${base}/dialog/oauth`,
          tokenEndpoint: `${base}/token`,
          userinfoEndpoint: `${base}/me`,
          scopes: 'email public_profile',
          clientId: 'fb-client',
          clientSecret: 'fb-secret-0123456789',
          enabled: true,
          reason,
        },
      });
      const fbId = valueOf<OpsOidcProvider>(created).id;
      const start = await t.app.inject({ method: 'GET', url: `/wps/oidc/providers/${fbId}/start` });
      const location = new URL(String(start.headers.location));
      expect(location.origin + location.pathname).toBe(`${base}/dialog/oauth`);
      expect(location.searchParams.get('nonce')).toBeNull();
      const cookie = String(start.headers['set-cookie']).split(';')[0] ?? '';
      const callback = new URL(t.app.services.oidc.client.redirectUri);
      callback.search = new URLSearchParams({
        code: 'fb-code',
        state: location.searchParams.get('state') ?? '',
      }).toString();
      expect(await finish({ cookie, callback })).toBe('/sign-in/provider?pending=1');
      expect(seen.verifier).toMatch(/^[\w-]{43}$/);
      // client_secret_basic: the id and secret form-encoded, then base64.
      expect(decodeURIComponent(Buffer.from((seen.auth ?? '').replace(/^Basic /, ''), 'base64').toString())).toBe(
        'fb-client:fb-secret-0123456789',
      );
      const pending = valueOf<OidcPending>(await call(t.app, 'GET', '/wps/oidc/pending', { headers: { cookie } }));
      expect(pending).toMatchObject({
        providerName: 'Facebook-type',
        email: 'face@fb.test',
        displayName: 'Face Person',
      });
      await call(t.app, 'PUT', `/ops/oidc-providers/${fbId}/enabled`, {
        token: admin,
        payload: { enabled: false, reason },
      });
    } finally {
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });

  // Last: it leaves the operator under the BR profile.
  it('under the BR profile, an account made through a provider passes the registration identity checks (CPF, date of birth)', async () => {
    await setLicence(t.app, 'BR');
    const a = await attempt(`br-${Date.now()}`);
    expect(await finish(a)).toBe('/sign-in/provider?pending=1');
    const username = uniqueUsername('br');
    const password = strongPassword();
    const body = { username, password, confirmPassword: password, agree: true };
    const missing = expectFailure(
      await callEncrypted(t.app, 'POST', '/wps/oidc/pending/register', body, { headers: { cookie: a.cookie } }),
      ErrorCode.VALIDATION_FAILED,
      400,
    );
    expect((missing.value as { fields: { field: string; code: string }[] }).fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'cpf', code: 'required' }),
        expect.objectContaining({ field: 'birthDate', code: 'required' }),
      ]),
    );
    const created = await callEncrypted(
      t.app,
      'POST',
      '/wps/oidc/pending/register',
      { ...body, cpf: newCpf(), birthDate: '1990-05-17', ...brRegistrationDetails() },
      { headers: { cookie: a.cookie } },
    );
    const token = valueOf<LoginResult>(created).token;
    expect(valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }))).toHaveLength(1);
  });
});
