import { z } from 'zod';

/** A bounded free-text field: clients cannot send megabyte strings into any column. */
export const shortText = (max = 128) => z.string().max(max);

/** Optional trimmed text; empty strings count as absent. */
export const optionalText = (max = 128) =>
  z
    .string()
    .max(max)
    .transform((v) => v.trim())
    .optional()
    .transform((v) => (v ? v : undefined));

export const dialingCodeSchema = z
  .string()
  .trim()
  .regex(/^\+?\d{1,4}$/, 'dialing code')
  .transform((v) => v.replace(/^\+/, ''));

export const mobileNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{4,15}$/, 'mobile number');

/**
 * Whole non-negative minor units as decimal text (never a JSON number: decisions.md "Money on the
 * wire"), at most `digits` digits, trimmed first when `trim`. The format check stops the schema's
 * later checks, and zod then skips the refinements of the object or array around it: a refinement
 * that reads the text with BigInt (above zero, minimum not above maximum) only ever sees a number,
 * so "12.50" is a validation error naming its field, not a SyntaxError the error handler would
 * answer as malformed JSON.
 */
export const minorUnitsText = (digits = 18, { trim = false, message = 'whole minor units' } = {}) =>
  (trim ? z.string().trim() : z.string()).regex(new RegExp(`^\\d{1,${digits}}$`), { message, abort: true });

/** Headers the API reads on every call. */
export const commonHeadersSchema = z.object({
  authorization: z.string().max(512).optional(),
  merchant: z.string().max(64).optional(),
  language: z.string().max(16).optional(),
});

/** Login response value, shared by every call that logs the player in. */
export const loginResultSchema = z.object({
  token: z.string(),
  firstTimeLogin: z.boolean(),
  passwordExpired: z.boolean(),
  /** True when the server refuses other calls until the password is changed. */
  mustChangePassword: z.boolean(),
  /**
   * True when the licence identifies players and this account (made before the switch) has not
   * given its CPF: the server refuses other calls (IDENTITY_REQUIRED) until POST /wps/member/identity.
   */
  identityRequired: z.boolean().optional(),
  userInfo: z.object({
    userName: z.string(),
    nickname: z.string().nullable(),
    type: z.number().int(),
  }),
  /** Present on mobile registration: the generated account name. */
  account: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
