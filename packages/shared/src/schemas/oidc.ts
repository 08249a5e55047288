import { z } from 'zod';
import { registerBodySchema } from './member';
import { opsReasonSchema } from './ops-list';

/**
 * Sign-in with an identity provider (docs/api.md, "Sign-in with an identity provider").
 * Kind `oidc`: OpenID Connect, endpoints discovered from the issuer, an id_token validated.
 * Kind `oauth2`: a Facebook-type provider, no discovery and no id_token: its three endpoints are
 * named and the player's id is read from its userinfo endpoint (`sub`, else `id`).
 */
export const OIDC_PROVIDER_KINDS = ['oidc', 'oauth2'] as const;
export type OidcProviderKind = (typeof OIDC_PROVIDER_KINDS)[number];

const id = z.string().regex(/^\d{1,18}$/);
const httpsOrLocalUrl = z
  .string()
  .trim()
  .max(500)
  .url()
  .refine((v) => /^https:\/\//i.test(v) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/i.test(v), {
    message: 'https',
  });
const optionalUrl = z.preprocess((v) => (v === '' ? null : v), httpsOrLocalUrl.nullable().optional());

/** GET /wps/oidc/providers: the enabled providers, for the "Sign in with …" buttons. */
export const publicOidcProviderSchema = z.object({ id, name: z.string() });
export type PublicOidcProvider = z.infer<typeof publicOidcProviderSchema>;

export const oidcProviderParamsSchema = z.object({ providerId: id });

/** GET /wps/oidc/pending: the identity the provider answered for, waiting for the player's choice. */
export const oidcPendingSchema = z.object({
  providerName: z.string(),
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  expiresAt: z.string(),
});
export type OidcPending = z.infer<typeof oidcPendingSchema>;

/** POST /wps/oidc/pending/register (encrypted): the registration form, under the operator's rules, then the link. */
export const oidcRegisterBodySchema = registerBodySchema;

/**
 * GET /wps/member/oidc-links: the member's linked identities (security centre); also the answer of
 * POST /wps/oidc/pending/link, which links the browser's waiting identity from a signed-in session.
 */
export const oidcLinkSchema = z.object({
  id,
  providerName: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type OidcLink = z.infer<typeof oidcLinkSchema>;
export const oidcLinkParamsSchema = z.object({ linkId: id });

/** A provider as operators see it: never the client secret, only when it was set. */
export const opsOidcProviderSchema = z.object({
  id,
  name: z.string(),
  kind: z.enum(OIDC_PROVIDER_KINDS),
  issuer: z.string(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  userinfoEndpoint: z.string().nullable(),
  scopes: z.string(),
  clientId: z.string(),
  secretSetAt: z.string(),
  enabled: z.boolean(),
  linkedMembers: z.number().int(),
  updatedAt: z.string(),
});
export type OpsOidcProvider = z.infer<typeof opsOidcProviderSchema>;

/**
 * POST /ops/oidc-providers (secret required) and PUT /ops/oidc-providers/:providerId (an empty
 * or absent secret keeps the stored one). The secret is write-only: no answer carries it.
 */
export const oidcProviderBodySchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    kind: z.enum(OIDC_PROVIDER_KINDS),
    issuer: httpsOrLocalUrl,
    authorizationEndpoint: optionalUrl,
    tokenEndpoint: optionalUrl,
    userinfoEndpoint: optionalUrl,
    scopes: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(/^[\w.:/-]+( [\w.:/-]+)*$/)
      .default('openid email profile'),
    clientId: z.string().trim().min(1).max(500),
    clientSecret: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(8).max(500).optional()),
    enabled: z.boolean(),
    reason: opsReasonSchema,
  })
  .superRefine((body, ctx) => {
    if (body.kind !== 'oauth2') return;
    for (const key of ['authorizationEndpoint', 'tokenEndpoint', 'userinfoEndpoint'] as const) {
      if (!body[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required' });
    }
  });
export type OidcProviderBody = z.output<typeof oidcProviderBodySchema>;

/** PUT /ops/oidc-providers/:providerId/enabled: the switch alone. */
export const oidcProviderEnabledBodySchema = z.object({ enabled: z.boolean(), reason: opsReasonSchema });
