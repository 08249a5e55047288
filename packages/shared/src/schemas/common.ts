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
  userInfo: z.object({
    userName: z.string(),
    nickname: z.string().nullable(),
    type: z.number().int(),
  }),
  /** Present on mobile registration: the generated account name. */
  account: z.string().optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;
