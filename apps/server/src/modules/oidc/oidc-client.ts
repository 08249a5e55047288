import * as client from 'openid-client';
import type { ProviderRow } from './oidc.repository';

/** What the provider vouched for. */
export type ProviderIdentity = { subject: string; email: string | null; displayName: string | null };

export type AuthorizationRequest = { url: string; state: string; nonce: string; codeVerifier: string };

/** Discovered configurations live this long, so a provider's key rotation reaches us soon. */
const CONFIG_TTL_MS = 10 * 60_000;

/** http:// issuers only on the machine itself, and never in production (the local identity provider). */
function isLoopbackHttp(url: string): boolean {
  return /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i.test(url);
}

function stringClaim(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : null;
}

/**
 * The one door to identity providers, over openid-client: discovery or the named endpoints,
 * PKCE (S256), state and nonce, the code exchange and the id_token's validation (signature by
 * the provider's keys, issuer, audience, expiry, nonce), and the userinfo read of a provider
 * without id_token. Nothing here is written by hand that the library does.
 */
export function createOidcClient(opts: { allowLoopbackHttp: boolean; redirectUri: string }) {
  const cache = new Map<string, { config: client.Configuration; at: number; version: string }>();

  async function configurationOf(p: ProviderRow): Promise<client.Configuration> {
    const version = `${p.updatedAt.getTime()}:${p.secretSetAt.getTime()}`;
    const hit = cache.get(p.id);
    if (hit && hit.version === version && Date.now() - hit.at < CONFIG_TTL_MS) return hit.config;
    const urls = [p.issuer, p.authorizationEndpoint, p.tokenEndpoint, p.userinfoEndpoint].filter(
      (u): u is string => u !== null,
    );
    const insecure = urls.some((u) => u.startsWith('http:'));
    if (insecure && !(opts.allowLoopbackHttp && urls.every((u) => u.startsWith('https:') || isLoopbackHttp(u)))) {
      throw new Error(`identity provider ${p.id}: http:// endpoints are refused here`);
    }
    const auth = client.ClientSecretBasic(p.clientSecret);
    let config: client.Configuration;
    if (p.kind === 'oidc') {
      config = await client.discovery(
        new URL(p.issuer),
        p.clientId,
        undefined,
        auth,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
    } else {
      config = new client.Configuration(
        {
          issuer: p.issuer,
          authorization_endpoint: p.authorizationEndpoint ?? undefined,
          token_endpoint: p.tokenEndpoint ?? undefined,
          userinfo_endpoint: p.userinfoEndpoint ?? undefined,
        },
        p.clientId,
        undefined,
        auth,
      );
      if (insecure) client.allowInsecureRequests(config);
    }
    cache.set(p.id, { config, at: Date.now(), version });
    return config;
  }

  return {
    redirectUri: opts.redirectUri,

    /** A new authorization request: fresh state, nonce and PKCE verifier, which the caller keeps server-side. */
    async authorizationRequest(p: ProviderRow): Promise<AuthorizationRequest> {
      const config = await configurationOf(p);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const params: Record<string, string> = {
        redirect_uri: opts.redirectUri,
        scope: p.scopes,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      };
      if (p.kind === 'oidc') params.nonce = nonce;
      return { url: client.buildAuthorizationUrl(config, params).href, state, nonce, codeVerifier };
    },

    /**
     * Trade the callback's code and read who signed in. `callbackUrl` is the URL the provider
     * sent the browser to; the library checks its state and issuer against what we kept.
     */
    async complete(
      p: ProviderRow,
      callbackUrl: URL,
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<ProviderIdentity> {
      const config = await configurationOf(p);
      if (p.kind === 'oidc') {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.codeVerifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no id_token claims');
        // Many providers put e-mail and name only in userinfo; read it for the same subject (the library checks it).
        const info =
          (claims.email === undefined || claims.name === undefined) && config.serverMetadata().userinfo_endpoint
            ? await client.fetchUserInfo(config, tokens.access_token, claims.sub)
            : claims;
        return {
          subject: claims.sub,
          email: info.email_verified === true ? stringClaim(info.email) : null,
          displayName: stringClaim(info.name),
        };
      }
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        expectedState: checks.state,
        pkceCodeVerifier: checks.codeVerifier,
      });
      // A Facebook-type userinfo answers `id` (Graph API) or `sub`; either is the player's id at the provider.
      const response = await client.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(p.userinfoEndpoint ?? ''),
        'GET',
      );
      if (!response.ok) throw new Error(`userinfo answered ${response.status}`);
      const info = (await response.json()) as Record<string, unknown>;
      const subject = stringClaim(info.sub) ?? (typeof info.id === 'number' ? String(info.id) : stringClaim(info.id));
      if (!subject) throw new Error('userinfo named no subject');
      return { subject, email: stringClaim(info.email), displayName: stringClaim(info.name) };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
