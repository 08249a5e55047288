import { z } from 'zod';
import { dialingCodeSchema, mobileNumberSchema, optionalText } from './common';

/** POST /wps/verification/sms/register — value.expiredMinutes. */
export const smsRegisterBodySchema = z.object({
  countryDialingCode: dialingCodeSchema,
  mobileNo: mobileNumberSchema,
  captcha: optionalText(16),
  captchaKey: optionalText(64),
});

/** POST /wps/verification/sms/noLogin — login code; value.expiredMinutes. */
export const smsLoginBodySchema = z.object({
  countryDialingCode: dialingCodeSchema,
  mobileNum: mobileNumberSchema,
});

/** POST /wps/verification/sms/password — phone reset code; value.expirationTime (epoch ms). */
export const smsPasswordBodySchema = z.object({
  countryDialingCode: dialingCodeSchema,
  mobileNum: mobileNumberSchema,
});

export const smsSentResultSchema = z.object({
  expiredMinutes: z.number().int(),
  expirationTime: z.number().int(),
});
export type SmsSentResult = z.infer<typeof smsSentResultSchema>;

/** GET /dev/outbox/sms?mobile= (outbox provider only): the full number, dialing code included. */
export const outboxSmsQuerySchema = z.object({
  mobile: z
    .string()
    .trim()
    .regex(/^\+?\d{4,20}$/, 'mobile number')
    .transform((v) => v.replace(/^\+/, '')),
});

/** GET /dev/outbox/email?to= (outbox provider only). */
export const outboxEmailQuerySchema = z.object({
  to: z.string().trim().min(3).max(254),
});

/** One SMS in the dev outbox; `code` is the six-digit code parsed from the text, if any. */
export const outboxSmsMessageSchema = z.object({
  to: z.string(),
  text: z.string(),
  code: z.string().nullable(),
  at: z.string(),
});
export type OutboxSmsMessage = z.infer<typeof outboxSmsMessageSchema>;

export const outboxEmailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  at: z.string(),
});
export type OutboxEmailMessage = z.infer<typeof outboxEmailMessageSchema>;

/** GET /wps/captcha: the challenge as a PNG data URL. */
export const captchaImageSchema = z.string().describe('A data:image/png;base64 URL');
