import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { loginResultSchema } from '@wps/shared/schemas/common';
import {
  oidcLinkParamsSchema,
  oidcLinkSchema,
  oidcPendingSchema,
  oidcProviderParamsSchema,
  oidcRegisterBodySchema,
  publicOidcProviderSchema,
} from '@wps/shared/schemas/oidc';
import type { RouteApp } from '../../app-types';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { doneSchema, nonJson, success } from '../../openapi/responses';
import { requireMember } from '../../plugins/auth';
import type { AppServices } from '../../services';
import { readOrigin } from '../../http/request-origin';
import { OIDC_CONTINUE_PATH, OIDC_PENDING_TTL_SECONDS } from './oidc.service';

/** The browser's flow cookie: only these routes see it (path), only the server reads it (HttpOnly). */
const FLOW_COOKIE = 'wps_oidc';

function readFlowCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FLOW_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

function setFlowCookie(reply: FastifyReply, value: string, secure: boolean): void {
  // Lax: sent on the provider's top-level redirect back to us, never on another site's POST.
  const attributes = [
    `${FLOW_COOKIE}=${value}`,
    'Path=/wps/oidc',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${OIDC_PENDING_TTL_SECONDS + 600}`,
  ];
  if (secure) attributes.push('Secure');
  void reply.header('set-cookie', attributes.join('; '));
}

/**
 * Sign-in with an identity provider: the public list, the start and the callback (browser
 * navigations answered with redirects), the choice for an identity no account has (link it from a
 * signed-in session, or create an account), and the member's linked sign-ins in the security centre.
 */
export function registerOidcRoutes(app: RouteApp, services: AppServices): void {
  const { oidc } = services;
  const redirectUri = new URL(oidc.client.redirectUri);
  const secureCookie = redirectUri.protocol === 'https:';

  app.get('/wps/oidc/providers', { schema: { response: success(z.array(publicOidcProviderSchema)) } }, async () => {
    return ok(await oidc.providers.listPublic());
  });

  app.get(
    '/wps/oidc/providers/:providerId/start',
    {
      schema: {
        params: oidcProviderParamsSchema,
        response: {
          303: nonJson(
            ['text/html'],
            "The provider's authorization page, or /sign-in/provider with the error (Location)",
          ),
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      try {
        const started = await oidc.flow.start(request.params.providerId, readFlowCookie(request), request.ip);
        setFlowCookie(reply, started.browser, secureCookie);
        return reply.redirect(started.location, 303);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.redirect(`${OIDC_CONTINUE_PATH}?error=${encodeURIComponent(err.errorCode)}`, 303);
      }
    },
  );

  app.get(
    '/wps/oidc/callback',
    {
      // A linked identity's sign-in opens a session (handed over by a login exchange code).
      config: { licenceDoors: ['session.open'] },
      schema: { response: { 303: nonJson(['text/html'], 'The site page that continues the sign-in (Location)') } },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      // The URL the provider sent the browser to, on our registered redirect URI (never the Host header).
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const callbackUrl = new URL(`${redirectUri.origin}${redirectUri.pathname}${query}`);
      const location = await oidc.flow.callback(callbackUrl, readFlowCookie(request), readOrigin(request));
      return reply.redirect(location, 303);
    },
  );

  app.get('/wps/oidc/pending', { schema: { response: success(oidcPendingSchema) } }, async (request) => {
    return ok(await oidc.flow.pending(readFlowCookie(request)));
  });

  // A signed-in member only (the token header and the flow cookie together): the session passed
  // the password login and its new-device code, so no password is taken here.
  app.post('/wps/oidc/pending/link', { schema: { response: success(oidcLinkSchema) } }, async (request) => {
    const auth = await requireMember(request);
    return ok(await oidc.flow.linkPending(readFlowCookie(request), auth.memberId));
  });

  app.post(
    '/wps/oidc/pending/register',
    {
      config: { licenceDoors: ['account.create', 'session.open'] },
      schema: { body: oidcRegisterBodySchema, response: success(loginResultSchema) },
    },
    async (request) => {
      return ok(await oidc.flow.registerPending(readFlowCookie(request), request.body, readOrigin(request)));
    },
  );

  app.get('/wps/member/oidc-links', { schema: { response: success(z.array(oidcLinkSchema)) } }, async (request) => {
    const auth = await requireMember(request);
    return ok(await oidc.flow.links(auth.memberId));
  });

  app.delete(
    '/wps/member/oidc-links/:linkId',
    { schema: { params: oidcLinkParamsSchema, response: success(doneSchema) } },
    async (request) => {
      const auth = await requireMember(request);
      await oidc.flow.revokeLink(auth.memberId, request.params.linkId);
      return ok(true);
    },
  );
}
