import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type { OidcLink, OidcPending } from '@wps/shared/schemas/oidc';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { MemberService, RequestOrigin } from '../member/member.service';
import type { MessagesService } from '../messages/messages.service';
import type { RegisterInput } from '../member/member-registration';
import type { ExchangeCodeService } from '../session/exchange-code.service';
import type { SessionService } from '../session/session.service';
import type { RateLimiter } from '../verification/rate-limiter';
import type { OidcClient } from './oidc-client';
import type { OidcProviders } from './oidc-providers';
import {
  completeFlow,
  deleteMemberLink,
  deleteMemberLinks,
  findLinkBySubject,
  findPendingFlow,
  insertFlow,
  insertLink,
  listMemberLinks,
  markFlowPending,
  touchLink,
  useFlow,
} from './oidc.repository';

type Db = Kysely<Database>;

/** The provider's page has this long to send the player back. */
export const OIDC_FLOW_TTL_SECONDS = 10 * 60;
/** An identity no account has yet waits this long for the player to link or create one. */
export const OIDC_PENDING_TTL_SECONDS = 15 * 60;
const START_PER_IP = { limit: 30, windowSeconds: 60 };
/** The inbox notices of this module (NOTICE_KINDS; the web words them with the provider's name or the count). */
const OIDC_LINKED_NOTICE = 'oidc_linked';
const OIDC_LINKS_REMOVED_NOTICE = 'oidc_links_removed';

/** Stored forms of the state and of the browser's flow cookie: a leaked table row opens nothing. */
function digest(kind: string, value: string): string {
  return crypto.createHash('sha256').update(`oidc-${kind}\u0000${value}`).digest('base64url');
}

function flowInvalid(): AppError {
  return new AppError(ErrorCode.OIDC_FLOW_INVALID, 'This sign-in attempt is unknown, used or expired; start again');
}

/** Where the SPA's continuation page is; the callback's answer sends the browser there. */
export const OIDC_CONTINUE_PATH = '/sign-in/provider';

type OidcContext = {
  db: Db;
  log: Logger;
  providers: OidcProviders;
  client: OidcClient;
  member: Pick<MemberService, 'loginLinkedMember' | 'registerByUsername'>;
  messages: Pick<MessagesService, 'notify'>;
  session: Pick<SessionService, 'resolve'>;
  loginCodes: Pick<ExchangeCodeService, 'mint'>;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  now?: () => number;
};

/**
 * Sign-in with an identity provider. The browser carries one random value of ours, the flow
 * cookie (HttpOnly, SameSite=Lax, path /wps/oidc): the state, nonce and PKCE verifier stay in
 * `oidc_flows`, found by the state's hash and the cookie's hash together and spent once. A linked
 * identity ends in a login exchange code (never a token in a URL); an unlinked one waits, under
 * the same cookie, for the player to link it from a signed-in session or create an account (the
 * registration service, under the operator's rules).
 */
export function createOidcService(ctx: OidcContext) {
  const { db, providers, client, member, rateLimiter } = ctx;
  const now = () => new Date((ctx.now ?? Date.now)());

  async function pendingOf(browser: string | undefined, trx: Db = db, lock = false) {
    if (!browser) throw flowInvalid();
    const pending = await findPendingFlow(trx, digest('browser', browser), now(), lock);
    if (!pending) throw flowInvalid();
    return pending;
  }

  /** A code for the SPA to trade (POST /wps/session/login/exchange) for the session just opened. */
  async function exchangeCodeFor(result: LoginResult): Promise<string> {
    const auth = await ctx.session.resolve(result.token);
    if (!auth) throw new Error('a session opened a moment ago did not resolve');
    return (await ctx.loginCodes.mint(auth)).code;
  }

  /**
   * Link the browser's waiting identity to `memberId` in the caller's transaction, spending the
   * attempt, and tell the account in its inbox: a link it did not make is something to act on.
   */
  async function linkWithin(trx: Db, browser: string | undefined, memberId: string): Promise<OidcLink> {
    const p = await pendingOf(browser, trx, true);
    const at = now();
    if (!(await completeFlow(trx, p.id, at))) throw flowInvalid();
    const id = await insertLink(trx, {
      memberId,
      providerId: p.providerId,
      subject: p.subject,
      email: p.email,
      now: at,
    });
    if (!id) throw new AppError(ErrorCode.OIDC_IDENTITY_TAKEN, 'This sign-in is linked to an account already');
    await ctx.messages.notify(trx, { memberId, kind: OIDC_LINKED_NOTICE, params: { provider: p.providerName } });
    return { id, providerName: p.providerName, email: p.email, createdAt: at.toISOString(), lastUsedAt: null };
  }

  return {
    /**
     * GET /wps/oidc/providers/:providerId/start: a fresh attempt. Answers the provider's URL and
     * the browser's flow cookie value (a new one when the browser had none).
     */
    async start(
      providerId: string,
      browser: string | undefined,
      ip: string,
    ): Promise<{ location: string; browser: string }> {
      await rateLimiter.consume('oidc-start-ip', ip, START_PER_IP.limit, START_PER_IP.windowSeconds);
      const provider = await providers.enabledProvider(providerId);
      const cookie = browser && /^[\w-]{43}$/.test(browser) ? browser : crypto.randomBytes(32).toString('base64url');
      let request;
      try {
        request = await client.authorizationRequest(provider);
      } catch (err) {
        ctx.log.warn({ providerId, error: (err as Error).message }, 'identity provider unreachable at sign-in start');
        throw new AppError(ErrorCode.OIDC_SIGN_IN_FAILED, 'The identity provider cannot be reached now');
      }
      const at = now();
      await insertFlow(db, {
        providerId,
        stateHash: digest('state', request.state),
        browserHash: digest('browser', cookie),
        nonce: request.nonce,
        codeVerifier: request.codeVerifier,
        now: at,
        expiresAt: new Date(at.getTime() + OIDC_FLOW_TTL_SECONDS * 1000),
      });
      return { location: request.url, browser: cookie };
    },

    /**
     * GET /wps/oidc/callback: where the provider sends the browser. Always answers the SPA page to
     * go to: the home page with a login exchange code (`/?token=`), `/sign-in/provider?pending=1` (the player chooses), or with an error code.
     */
    async callback(callbackUrl: URL, browser: string | undefined, origin: RequestOrigin): Promise<string> {
      const fail = (code: string) => `${OIDC_CONTINUE_PATH}?error=${encodeURIComponent(code)}`;
      const state = callbackUrl.searchParams.get('state');
      if (!state || !browser) return fail(ErrorCode.OIDC_FLOW_INVALID);
      const flow = await useFlow(db, digest('state', state), digest('browser', browser), now());
      if (!flow) return fail(ErrorCode.OIDC_FLOW_INVALID);
      let identity;
      try {
        const provider = await providers.enabledProvider(flow.providerId);
        identity = await client.complete(provider, callbackUrl, {
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
      } catch (err) {
        // The library's message names the failed check (state, nonce, signature…), never a secret or the code.
        ctx.log.warn(
          { providerId: flow.providerId, error: (err as Error).message },
          'identity provider sign-in refused',
        );
        return fail(err instanceof AppError ? err.errorCode : ErrorCode.OIDC_SIGN_IN_FAILED);
      }
      const link = await findLinkBySubject(db, flow.providerId, identity.subject);
      if (!link) {
        await markFlowPending(db, flow.id, identity, new Date(now().getTime() + OIDC_PENDING_TTL_SECONDS * 1000));
        return `${OIDC_CONTINUE_PATH}?pending=1`;
      }
      try {
        const result = await member.loginLinkedMember(link.memberId, origin);
        await touchLink(db, link.id, now());
        // The site's login link: the page trades the code (UrlLoginHandler), as for any start URL's `?token=`.
        return `/?token=${encodeURIComponent(await exchangeCodeFor(result))}`;
      } catch (err) {
        if (err instanceof AppError) return fail(err.errorCode);
        throw err;
      }
    },

    /** GET /wps/oidc/pending. */
    async pending(browser: string | undefined): Promise<OidcPending> {
      const p = await pendingOf(browser);
      return {
        providerName: p.providerName,
        email: p.email,
        displayName: p.displayName,
        expiresAt: p.expiresAt.toISOString(),
      };
    },

    /**
     * POST /wps/oidc/pending/link, from a signed-in member's session: link the browser's waiting
     * identity to that member. No password is taken here: the session came through the password
     * login and its new-device code, so this is no second door that skips the code or tells a
     * right password from a wrong one (docs/decisions.md, "Linking a provider's sign-in").
     */
    async linkPending(browser: string | undefined, memberId: string): Promise<OidcLink> {
      await pendingOf(browser);
      return runInTransaction(db, (trx) => linkWithin(trx, browser, memberId));
    },

    /** POST /wps/oidc/pending/register: the registration service (operator's rules, identity checks), linked in its transaction. */
    async registerPending(
      browser: string | undefined,
      body: RegisterInput,
      origin: RequestOrigin,
    ): Promise<LoginResult> {
      await pendingOf(browser);
      return member.registerByUsername(body, origin, async (trx, memberId) => {
        await linkWithin(trx, browser, memberId);
      });
    },

    /** GET /wps/member/oidc-links. */
    async links(memberId: string): Promise<OidcLink[]> {
      const rows = await listMemberLinks(db, memberId);
      return rows.map((r) => ({
        id: r.id,
        providerName: r.providerName,
        email: r.email,
        createdAt: r.createdAt.toISOString(),
        lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
      }));
    },

    /** DELETE /wps/member/oidc-links/:linkId: the provider no longer signs this member in. */
    async revokeLink(memberId: string, linkId: string): Promise<void> {
      const removed = await deleteMemberLink(db, memberId, linkId);
      if (!removed) throw new AppError(ErrorCode.OIDC_LINK_NOT_FOUND, 'No such linked sign-in');
    },

    /**
     * In a password change's or reset's transaction (the member module's port): the links go.
     * A password changed because someone else knew it must not leave their provider signed in.
     */
    async removeLinksOnPasswordChange(trx: Db, memberId: string): Promise<void> {
      const removed = await deleteMemberLinks(trx, memberId);
      if (removed > 0)
        await ctx.messages.notify(trx, {
          memberId,
          kind: OIDC_LINKS_REMOVED_NOTICE,
          params: { count: String(removed) },
        });
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
