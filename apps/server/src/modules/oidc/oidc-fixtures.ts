import pino from 'pino';
import { expect } from 'vitest';
import type { OpsOidcProvider } from '@wps/shared/schemas/oidc';
import { call, valueOf } from '../../../test/api-client';
import type { App } from '../../app';
import { startDevOidcProvider, type DevOidcProvider } from './dev-oidc-provider';

/**
 * For tests of sign-in with an identity provider against the local provider (apps/idp-sandbox, a
 * real oidc-provider process): the browser's part is played by fetch with a cookie jar.
 */

/** The local provider, sending the browser back to `app`'s callback. */
export async function startTestIdp(app: App): Promise<DevOidcProvider> {
  const started = await startDevOidcProvider({
    port: 0,
    redirectUri: app.services.oidc.client.redirectUri,
    log: pino({ level: 'silent' }),
  });
  if (!started) throw new Error('the local identity provider did not start');
  return started;
}

/** The local provider as an enabled provider of the operator's (as an admin writes it). */
export async function addEnabledTestProvider(app: App, admin: string, idp: DevOidcProvider, name: string) {
  const created = await call(app, 'POST', '/ops/oidc-providers', {
    token: admin,
    payload: {
      name,
      kind: 'oidc',
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      enabled: true,
      reason: 'connect the local provider for tests',
    },
  });
  return valueOf<OpsOidcProvider>(created).id;
}

export type IdpAttempt = { cookie: string; callback: URL };

/** A browser that signs in at the local provider: `providerId` is read at each start. */
export function createIdpBrowser(app: App, idp: DevOidcProvider, providerId: () => string) {
  const redirectUri = app.services.oidc.client.redirectUri;

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
      if (target.href.startsWith(redirectUri)) return target;
      url = target.href;
      method = 'GET';
      body = undefined;
    }
    throw new Error('too many redirects');
  }

  /** Start at our server (a browser with `cookie`, or a fresh one) and sign in at the provider. */
  async function attempt(user: string, cookie?: string): Promise<IdpAttempt> {
    const res = await app.inject({
      method: 'GET',
      url: `/wps/oidc/providers/${providerId()}/start`,
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

  /** Our callback in the attempt's browser: answers where it sends the browser. */
  async function finish(a: IdpAttempt): Promise<string> {
    const res = await app.inject({
      method: 'GET',
      url: `${a.callback.pathname}${a.callback.search}`,
      headers: { cookie: a.cookie },
    });
    expect(res.statusCode).toBe(303);
    return String(res.headers.location);
  }

  return { signInAtIdp, attempt, finish };
}
