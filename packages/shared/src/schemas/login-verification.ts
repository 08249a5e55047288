import { z } from 'zod';
import { loginResultSchema } from './common';
import { opsReasonSchema } from './ops-list';

/** How long a verified device may be remembered, in days (the player picks one; 0: not remembered). */
export const REMEMBER_DEVICE_DAYS = [0, 7, 30, 90] as const;
export type RememberDeviceDays = (typeof REMEMBER_DEVICE_DAYS)[number];

/** A remembered device's token as the client keeps it: 43 base64url characters (32 random bytes). */
export const deviceTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/**
 * Value of POST /wps/session/login when the login comes from a device the account has not
 * remembered and the operator asks for a code. It is the same whether or not the account exists
 * and the password was right: only whoever receives the code can learn that (docs/decisions.md).
 */
export const loginVerificationRequiredSchema = z.object({
  verificationRequired: z.literal(true),
  /** Names this login attempt at the code step; not a secret to the code's receiver, useless without the code. */
  challengeId: z.string(),
  /** Epoch milliseconds after which the code no longer works. */
  expirationTime: z.number().int(),
  expiredMinutes: z.number().int(),
});
export type LoginVerificationRequired = z.infer<typeof loginVerificationRequiredSchema>;

/**
 * POST /wps/session/login/verify: the session, and the new device token when the player chose to be
 * remembered. A password login that used the agent's pass (an account no code can reach) answers
 * this shape too, with the device it came from remembered.
 */
export const loginVerifiedResultSchema = loginResultSchema.extend({
  deviceToken: z.string().optional(),
  /** The remembered device's id, so the security centre can mark this device in its list. */
  deviceId: z.string().optional(),
});
export type LoginVerifiedResult = z.infer<typeof loginVerifiedResultSchema>;

/** What POST /wps/session/login answers: a session, or the code step. */
export const loginAnswerSchema = z.union([loginVerifiedResultSchema, loginVerificationRequiredSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** POST /wps/session/login/verify: the code sent for a login challenge, and how long to remember the device. */
export const loginVerifyBodySchema = z.object({
  challengeId: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
  rememberDays: z.union(
    REMEMBER_DEVICE_DAYS.map((d) => z.literal(d)) as [
      z.ZodLiteral<0>,
      z.ZodLiteral<7>,
      z.ZodLiteral<30>,
      z.ZodLiteral<90>,
    ],
  ),
  /** The login form's "Lembrar de mim", carried to the session the code opens (schemas/session.ts). */
  rememberMe: z.boolean().optional(),
});
export type LoginVerifyBody = z.input<typeof loginVerifyBodySchema>;

/** A remembered device as the player and the back office see it: never its token. */
export const trustedDeviceSchema = z.object({
  id: z.string(),
  /** The browser and system it was verified on, from its user agent (shortened). */
  label: z.string(),
  /** Where it was verified from and last used from. */
  ip: z.string(),
  lastIp: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
});
export type TrustedDevice = z.infer<typeof trustedDeviceSchema>;

/** GET /wps/member/trusted-devices (token): the player's remembered devices, newest first. */
export const trustedDeviceListSchema = z.object({ list: z.array(trustedDeviceSchema) });
export type TrustedDeviceList = z.infer<typeof trustedDeviceListSchema>;

/** DELETE /wps/member/trusted-devices/:deviceId (token). */
export const trustedDeviceParamsSchema = z.object({ deviceId: z.string().regex(/^\d{1,19}$/) });

/** DELETE /wps/member/trusted-devices (token) and the ops revoke-all: how many were forgotten. */
export const trustedDevicesRevokedSchema = z.object({ revoked: z.number().int() });

/** DELETE /ops/players/:memberId/trusted-devices[/:deviceId]: the operator's reason (audited). */
export const opsTrustedDeviceRevokeBodySchema = z.object({ reason: opsReasonSchema });
export const opsTrustedDeviceParamsSchema = z.object({
  memberId: z.string().regex(/^\d{1,19}$/),
  deviceId: z.string().regex(/^\d{1,19}$/),
});

/** GET /ops/login-verification/summary (settings.read): the active accounts no login code can reach (no mobile, no e-mail). */
export const newDeviceSummarySchema = z.object({ activeWithoutContact: z.number().int().min(0) });
export type NewDeviceSummary = z.infer<typeof newDeviceSummarySchema>;
