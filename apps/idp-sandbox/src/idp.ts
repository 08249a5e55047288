import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';
import { loginPage } from './page';
import { userFor } from './users';

export type IdpOptions = {
  port: number;
  host: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
};

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

/**
 * A local OpenID Connect provider on oidc-provider: discovery, authorization code with PKCE,
 * signed id_tokens and userinfo, for development and browser tests. Its own interaction pages
 * sign a test user in (no password) and grant what the client asked for without a consent step.
 */
export async function createIdp(opts: IdpOptions): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${opts.host}:${port}`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        client_name: 'WPS platform',
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx, sub) {
      const user = userFor(sub);
      if (!user) return undefined;
      return {
        accountId: user.id,
        claims: () => ({ sub: user.id, name: user.name, email: user.email, email_verified: true }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
  };
  const provider = new Provider(issuer, configuration);
  const handle = provider.callback();

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec((req.url ?? '').split('?')[0] ?? '');
    if (!match) return void handle(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (match[2] && req.method === 'POST') {
          const user = userFor((await readForm(req)).get('user')?.trim().toLowerCase() ?? '');
          if (!user) {
            res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
            return void res.end(loginPage(details.uid, 'WPS platform', 'Unknown user name'));
          }
          return void (await provider.interactionFinished(
            req,
            res,
            { login: { accountId: user.id } },
            { mergeWithLastSubmission: false },
          ));
        }
        if (details.prompt.name === 'login') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
          return void res.end(loginPage(details.uid, 'WPS platform'));
        }
        // Consent: a test provider grants what was asked.
        const accountId = details.session?.accountId;
        if (!accountId) throw new Error('consent without a signed-in user');
        const grant = details.grantId
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
        if (!grant) throw new Error('grant not found');
        const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
        if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
        if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`sign-in failed: ${(err as Error).message}`);
      }
    })();
  });

  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
