import { z } from 'zod';
import { PIX_KEY_TYPES } from '../pix-key';
import { dialingCodeSchema, mobileNumberSchema } from './common';

/**
 * Security centre: payment password, payee name, bank accounts and the e-mail and
 * mobile links. Field rules (pattern ids, lengths) come from the operator's register settings and
 * are checked by the server on top of these shapes, like registration.
 */

/** A secret field: bounded, never trimmed (spaces may be part of it). */
const secret = z.string().max(128);

/**
 * PUT /wps/member/payment-password (encrypted, token). Without a payment password yet, only the
 * new one and its confirmation are needed; to change it, `oldPaymentPassword` is required.
 */
export const paymentPasswordBodySchema = z.object({
  oldPaymentPassword: secret.optional(),
  newPaymentPassword: secret.min(1),
  confirmPaymentPassword: secret.min(1),
});
export type PaymentPasswordBody = z.input<typeof paymentPasswordBodySchema>;

/** PUT /wps/member/payee-name (token): the real name, set once. */
export const payeeNameBodySchema = z.object({ payeeName: z.string().max(128) });
export type PayeeNameBody = z.input<typeof payeeNameBodySchema>;

/** PUT /wps/member/bank-accounts (token): bind one bank account. */
export const bindBankAccountBodySchema = z.object({
  bankCode: z.string().trim().min(1).max(16),
  accountNumber: z.string().max(64),
  holderName: z.string().max(128),
});
export type BindBankAccountBody = z.input<typeof bindBankAccountBodySchema>;

/**
 * PUT /wps/member/pix-keys (token): bind a PIX key as a payout account. The PIX directory names
 * the key's account and owner; under a licence that pays only the player's own accounts the owner
 * must be the player's CPF (docs/compliance.md, "PIX").
 */
export const bindPixKeyBodySchema = z.object({
  keyType: z.enum(PIX_KEY_TYPES),
  key: z.string().trim().min(1).max(100),
});
export type BindPixKeyBody = z.input<typeof bindPixKeyBodySchema>;

/** POST /wps/verification/email/bind (token): mail a code to the address to link. */
export const emailBindCodeBodySchema = z.object({ email: z.string().trim().max(128) });
export type EmailBindCodeBody = z.input<typeof emailBindCodeBodySchema>;

/** POST /wps/member/email (token): link the address with the mailed code. */
export const bindEmailBodySchema = z.object({
  email: z.string().trim().max(128),
  verificationCode: z.string().trim().min(1).max(8),
});
export type BindEmailBody = z.input<typeof bindEmailBodySchema>;

/** POST /wps/verification/sms/bind (token): text a code to the number to link. */
export const smsBindCodeBodySchema = z.object({ countryDialingCode: dialingCodeSchema, mobileNum: mobileNumberSchema });
export type SmsBindCodeBody = z.input<typeof smsBindCodeBodySchema>;

/** POST /wps/member/mobile (token): link the number with the texted code. */
export const bindMobileBodySchema = z.object({
  countryDialingCode: dialingCodeSchema,
  mobileNum: mobileNumberSchema,
  verificationCode: z.string().trim().min(1).max(8),
});
export type BindMobileBody = z.input<typeof bindMobileBodySchema>;

/** GET /wps/member/banks: one bank the operator accepts for withdrawals. */
export const bankSchema = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;

/** A bound bank account as the player sees it: the number masked to its last 4 digits. */
export const bankAccountSummarySchema = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
  /** A PIX key bound as a payout account: its type and the key, masked. */
  pixKeyType: z.enum(PIX_KEY_TYPES).nullable(),
  pixKeyMasked: z.string().nullable(),
});
export type BankAccountSummary = z.infer<typeof bankAccountSummarySchema>;

/** GET /wps/member/security: everything the security centre page shows. */
export const securitySummarySchema = z.object({
  hasPaymentPassword: z.boolean(),
  payeeName: z.string().nullable(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  mobile: z.string().nullable(),
  mobileVerified: z.boolean(),
  bankAccounts: z.array(bankAccountSummarySchema),
  maxBankAccounts: z.number().int(),
  /** The payee name is the one the identity check read (a licence that identifies players): no form to type it. */
  payeeNameFromIdentity: z.boolean(),
  /** Payout accounts must be the player's own (the PIX directory names their owner's CPF). */
  ownAccountsOnly: z.boolean(),
});
export type SecuritySummary = z.infer<typeof securitySummarySchema>;

/** POST /wps/verification/email/bind answer: when the code expires (epoch ms). */
export const emailCodeSentSchema = z.object({ expiredMinutes: z.number().int(), expirationTime: z.number().int() });
export type EmailCodeSent = z.infer<typeof emailCodeSentSchema>;

/** Collapse runs of whitespace and trim: how a payee or holder name is stored. */
export function normaliseName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** Whether two names are the same person's name: whitespace-normalised and case-insensitive. */
export function sameName(a: string, b: string): boolean {
  return normaliseName(a).toLocaleLowerCase('und') === normaliseName(b).toLocaleLowerCase('und');
}

/** A bank account number with spaces, dots and hyphens removed (as typed from a bank card). */
export function normaliseAccountNumber(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

/** Digits only, 4 to 20: the account number rule (Brazilian accounts are 5–13 digits with check digit). */
export const ACCOUNT_NUMBER_PATTERN = /^\d{4,20}$/;

/** PUT /wps/member/payee-name: the name now stored. */
export const payeeNameResultSchema = z.object({ payeeName: z.string() });
