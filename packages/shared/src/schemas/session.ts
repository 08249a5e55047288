import { z } from 'zod';
import { dialingCodeSchema, optionalText } from './common';

/** GET /wps/session/key/rsa */
export const rsaKeyResultSchema = z.object({
  keyId: z.string(),
  jwk: z.object({ kty: z.literal('RSA'), n: z.string(), e: z.string(), alg: z.string().optional() }).loose(),
});
export type RsaKeyResult = z.infer<typeof rsaKeyResultSchema>;

/** The encrypted envelope every encrypted call sends as its body. */
export const encryptedBodySchema = z.object({
  keyId: z.string().min(1).max(64),
  key: z.string().min(1).max(2048),
  iv: z.string().min(1).max(64),
  data: z.string().min(1).max(60000),
});
export type EncryptedBody = z.infer<typeof encryptedBodySchema>;

/** POST /wps/session/login (encrypted). For type 'sms', username is the mobile number and password the code. */
export const loginBodySchema = z.object({
  type: z.enum(['username', 'sms']).default('username'),
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  countryDialingCode: dialingCodeSchema.optional(),
  captcha: optionalText(16),
  captchaKey: optionalText(64),
  /** A remembered device's token (login-verification.ts): a login carrying a live one is not asked for a code. */
  deviceToken: z.string().max(64).optional(),
  /** "Lembrar de mim": a persistent refresh cookie (30 days) instead of one that ends with the browser. */
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** Value of a failed login: tells the client whether a captcha is now required. */
export const loginFailureValueSchema = z.object({ captcha: z.boolean() });

/** POST /wps/session/login/freeplay (encrypted). */
export const freeplayBodySchema = z.object({
  os: optionalText(32),
  platform: z.string().max(8).default('W'),
  random: z.string().min(8).max(128),
  gatewayVersion: z.coerce.number().int().optional(),
  idempotencyKey: z.string().min(8).max(64).optional(),
});
export type FreeplayBody = z.input<typeof freeplayBodySchema>;

/** GET /wps/captcha?captchaKey= — the client names the captcha with a random key it sends back at login. */
export const captchaQuerySchema = z.object({
  captchaKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});

/**
 * POST /wps/session/exchange-code (token): a single-use login code for a link that hands the
 * member's login to another device or app (`…/?token=<code>`). Never the session token itself.
 */
export const exchangeCodeResultSchema = z.object({
  code: z.string(),
  /** ISO 8601; at most 60 seconds after the call. */
  expiresAt: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type ExchangeCodeResult = z.infer<typeof exchangeCodeResultSchema>;

/** POST /wps/session/login/exchange: trade a login code for a new session (login value). */
export const exchangeLoginBodySchema = z.object({
  code: z.string().trim().min(16).max(128),
});
export type ExchangeLoginBody = z.input<typeof exchangeLoginBodySchema>;

/** GET /wps/session/key/rsa: the key and the server's clock (epoch ms) for the sealed body's `ts`. */
export const rsaKeyWithTimeResultSchema = rsaKeyResultSchema.extend({ serverTime: z.number().int() });
