import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
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
  registerUser,
  strongPassword,
  uniqueUsername,
  valueOf,
} from '../../../test/api-client';
import { createTestOperator } from '../../../test/operator-login';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../test/test-app';
import { newCpf } from '../identity/identity-fixtures';
import { startDevOidcProvider, type DevOidcProvider } from './dev-oidc-provider';

/**
 * Sign-in with an identity provider against the local provider (apps/idp-sandbox, a real
 * oidc-provider process): the browser's part is played by fetch with a cookie jar.
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
    const started = await startDevOidcProvider({
      port: 0,
      redirectUri: t.app.services.oidc.client.redirectUri,
      log: pino({ level: 'silent' }),
    });
    if (!started) throw new Error('the local identity provider did not start');
    idp = started;
    admin = (await createTestOperator(t.app, 'admin')).token;
  });
  afterAll(async () => {
    await idp?.stop();
    await t?.close();
  });

  /** Follow the provider's redirects as a browser would, picking `user` on its login page; answers our callback URL. */
  async function signInAtIdp(location: string, user: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = location;
    let method = 'GET';
    let body: string | undefined;
    for (let hop = 0; hop < 12; hop++) {
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body } : {}),
      });
      for (const set of res.headers.getSetCookie()) {
        const [pair] = set.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) jar.set(name.trim(), value.join('='));
      }
      if (res.status === 200 && /\/interaction\/[\w-]+$/.test(new URL(url).pathname)) {
        url = `${url}/login`;
        method = 'POST';
        body = new URLSearchParams({ user }).toString();
        continue;
      }
      const next = res.headers.get('location');
      if (!next) throw new Error(`the provider stopped at ${url} with ${res.status}: ${await res.text()}`);
      const target = new URL(next, url);
      if (target.href.startsWith(t.app.services.oidc.client.redirectUri)) return target;
      url = target.href;
      method = 'GET';
      body = undefined;
    }
    throw new Error('too many redirects');
  }

  type Attempt = { cookie: string; callback: URL };

  /** Start at our server (a browser with `cookie`, or a fresh one) and sign in at the provider. */
  async function attempt(user: string, cookie?: string): Promise<Attempt> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/oidc/providers/${providerId}/start`,
      headers: cookie ? { cookie } : {},
    });
    expect(res.statusCode).toBe(303);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const jar = setCookie.split(';')[0] ?? '';
    const location = String(res.headers.location);
    expect(location).toContain('code_challenge_method=S256');
    expect(location).not.toContain(idp.clientSecret);
    return { cookie: jar, callback: await signInAtIdp(location, user) };
  }

  async function finish(a: Attempt): Promise<string> {
    const res = await t.app.inject({
      method: 'GET',
      url: `${a.callback.pathname}${a.callback.search}`,
      headers: { cookie: a.cookie },
    });
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  }

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

  it('links an existing account only with its password, and a revoked link signs nobody in', async () => {
    const existing = await registerUser(t.app);
    const user = `link-${Date.now()}`;
    const a = await attempt(user);
    expect(await finish(a)).toBe('/sign-in/provider?pending=1');
    const wrong = await callEncrypted(
      t.app,
      'POST',
      '/wps/oidc/pending/link',
      { username: existing.username, password: `${existing.password}x` },
      { headers: { cookie: a.cookie } },
    );
    expectFailure(wrong, ErrorCode.INVALID_CREDENTIALS);
    const right = await callEncrypted(
      t.app,
      'POST',
      '/wps/oidc/pending/link',
      { username: existing.username, password: existing.password },
      { headers: { cookie: a.cookie } },
    );
    const token = valueOf<LoginResult>(right).token;
    expect(valueOf<MemberInfo>(await call(t.app, 'GET', '/wps/member/info', { token })).account).toBe(
      existing.username,
    );

    const links = valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }));
    expect(links).toHaveLength(1);
    const linkId = links[0]?.id ?? '';
    // Another member cannot revoke it.
    const other = await registerUser(t.app);
    expectFailure(
      await call(t.app, 'DELETE', `/wps/member/oidc-links/${linkId}`, { token: other.result.token }),
      ErrorCode.OIDC_LINK_NOT_FOUND,
      404,
    );
    expect(valueOf<boolean>(await call(t.app, 'DELETE', `/wps/member/oidc-links/${linkId}`, { token }))).toBe(true);
    expect(valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }))).toEqual([]);
    // Revoked: the provider's sign-in no longer opens the account.
    expect(await finish(await attempt(user))).toBe('/sign-in/provider?pending=1');
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
    valueOf(await call(t.app, 'PUT', '/ops/rewards/settings', { token: admin, payload: { jurisdiction: 'BR' } }));
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
      { ...body, cpf: newCpf(), birthDate: '1990-05-17' },
      { headers: { cookie: a.cookie } },
    );
    const token = valueOf<LoginResult>(created).token;
    expect(valueOf<OidcLink[]>(await call(t.app, 'GET', '/wps/member/oidc-links', { token }))).toHaveLength(1);
  });
});
