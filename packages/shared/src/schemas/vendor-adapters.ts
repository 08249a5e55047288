import { z } from 'zod';
import { WALLET_MODELS } from './catalogue';
import { opsReasonSchema } from './ops-list';

// A vendor's connection as operators see and change it (GET /ops/vendor-adapters, PUT
// /ops/vendor-adapters/:vassalage). The shared secret is write-only: it is sent to connect or to
// replace it, and never comes back, not even in part; answers and the audit log carry a
// fingerprint (a hash) and when it was last set. A missing field's issue says 'required', a bad
// address 'url', so a form picks its own words by them.

export const VENDOR_SECRET_MIN_LENGTH = 16;
export const VENDOR_SECRET_MAX_LENGTH = 200;
export const VENDOR_TIMEOUT_MIN_MS = 100;
export const VENDOR_TIMEOUT_MAX_MS = 60_000;

/**
 * An http(s) URL as the gateway stores it (no trailing slash), or null when the text is not one.
 * A URL carrying a user name or password is refused: the listing shows URLs, and a secret must
 * never sit in one.
 */
export function normaliseVendorUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    !url.hostname ||
    url.username !== '' ||
    url.password !== ''
  )
    return null;
  return url.toString().replace(/\/+$/, '');
}

const vendorUrlSchema = z
  .string()
  .max(500)
  .transform((text, ctx) => {
    const url = normaliseVendorUrl(text);
    if (url === null) {
      ctx.addIssue({ code: 'custom', message: 'url' });
      return z.NEVER;
    }
    return url;
  });

/**
 * The HMAC key shared with the vendor: 16–200 printable ASCII characters without a space at either
 * end (a pasted key keeps no stray blank). Error messages never repeat the value.
 */
export const vendorSecretSchema = z
  .string()
  .min(VENDOR_SECRET_MIN_LENGTH, 'too short')
  .max(VENDOR_SECRET_MAX_LENGTH, 'too long')
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, 'printable characters, no space at either end');

/**
 * PUT /ops/vendor-adapters/:vassalage. `secret` is required the first time a vendor is connected;
 * afterwards, absent (or empty, as a form sends a field left blank) keeps the stored one. A
 * transfer-model vendor needs `apiUrl`, the base of the wallet API we call.
 */
export const vendorAdapterBodySchema = z
  .object({
    walletModel: z.enum(WALLET_MODELS),
    launchUrl: vendorUrlSchema,
    apiUrl: z.preprocess((v) => (v === '' ? null : v), vendorUrlSchema.nullable().optional()),
    requestTimeoutMs: z.number().int().min(VENDOR_TIMEOUT_MIN_MS).max(VENDOR_TIMEOUT_MAX_MS),
    secret: z.preprocess((v) => (v === '' ? undefined : v), vendorSecretSchema.optional()),
    reason: opsReasonSchema,
  })
  .superRefine((body, ctx) => {
    if (body.walletModel === 'transfer' && !body.apiUrl)
      ctx.addIssue({ code: 'custom', path: ['apiUrl'], message: 'required' });
  });
export type VendorAdapterBody = z.output<typeof vendorAdapterBodySchema>;

/** The same body when the vendor has no adapter yet: then the secret is required (the server refuses it without). */
export const vendorAdapterConnectBodySchema = vendorAdapterBodySchema.refine((body) => body.secret !== undefined, {
  path: ['secret'],
  message: 'required',
});

/** A connected vendor as operators see it: never the secret, only its fingerprint and when it was set. */
export const opsVendorAdapterSchema = z.object({
  vassalage: z.string(),
  walletModel: z.enum(['seamless', 'transfer', 'internal']),
  launchUrl: z.string(),
  apiUrl: z.string().nullable(),
  requestTimeoutMs: z.number().int(),
  /** The first 12 hex digits of the secret's SHA-256: tells two secrets apart, gives neither away. */
  secretFingerprint: z.string(),
  secretSetAt: z.string(),
  updatedAt: z.string(),
});
export type OpsVendorAdapter = z.infer<typeof opsVendorAdapterSchema>;
