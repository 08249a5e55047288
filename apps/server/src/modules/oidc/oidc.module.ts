import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { MemberService } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import type { ExchangeCodeService } from '../session/exchange-code.service';
import type { SessionService } from '../session/session.service';
import type { RateLimiter } from '../verification/rate-limiter';
import { createOidcClient } from './oidc-client';
import { createOidcProviders } from './oidc-providers';
import { createOidcService } from './oidc.service';

/** The path the providers send the browser back to, under PUBLIC_URL (never the Host header). */
export const OIDC_CALLBACK_PATH = '/wps/oidc/callback';

/** Sign-in with an identity provider: the operator's providers, the library client and the players' flow. */
export function wireOidc(
  ctx: AppContext & {
    audit: Pick<AuditService, 'record'>;
    member: Pick<MemberService, 'loginLinkedMember' | 'registerByUsername'>;
    messages: Pick<MessagesService, 'notify'>;
    session: Pick<SessionService, 'resolve'>;
    loginCodes: Pick<ExchangeCodeService, 'mint'>;
    rateLimiter: Pick<RateLimiter, 'consume'>;
  },
) {
  const base = (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
  // Plain http to a provider only on this machine and outside production: the local identity provider.
  const client = createOidcClient({
    allowLoopbackHttp: ctx.config.nodeEnv !== 'production',
    redirectUri: `${base}${OIDC_CALLBACK_PATH}`,
  });
  const providers = createOidcProviders({ db: ctx.db, audit: ctx.audit });
  const flow = createOidcService({ ...ctx, providers, client });
  return { client, providers, flow };
}

export type OidcModule = ReturnType<typeof wireOidc>;
