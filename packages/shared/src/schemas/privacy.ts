import { z } from 'zod';
import { BR_STATES, GENDERS } from '../registration-details';

/** POST /wps/member/close: closing one's account, confirmed with the password (docs/compliance.md, "Player rights"). */
export const closeAccountBodySchema = z.object({ password: z.string().min(1).max(128) }).strict();
export type CloseAccountBody = z.infer<typeof closeAccountBodySchema>;

/** What became of a closed account's balance: nothing to pay, a payout opened at once, or held for payout on request. */
export const CLOSURE_PAYOUTS = ['none', 'withdrawal', 'held'] as const;
export type ClosurePayout = (typeof CLOSURE_PAYOUTS)[number];

/** Why a closed account's balance could not go out at once (it stays, held, until `payoutDueBy`). */
export const CLOSURE_HELD_REASONS = ['no_pix_key', 'below_minimum', 'above_maximum', 'identity_unverified'] as const;
export type ClosureHeldReason = (typeof CLOSURE_HELD_REASONS)[number];

/** One closing of an account and its balance's way out: the player's answer, the data copy and the back office. */
export const accountClosureSchema = z.object({
  id: z.string(),
  closedAt: z.string(),
  currency: z.string(),
  /** The main wallet's balance read under its lock when the account closed. */
  balanceMinor: z.string(),
  payout: z.enum(CLOSURE_PAYOUTS),
  /** The withdrawal paying it to the player's own PIX key (payout 'withdrawal'). */
  withdrawalId: z.string().nullable(),
  heldReason: z.enum(CLOSURE_HELD_REASONS).nullable(),
  /** By when a held balance is paid out on the player's request. */
  payoutDueBy: z.string().nullable(),
});
export type AccountClosure = z.infer<typeof accountClosureSchema>;

/** POST /wps/member/close's answer: closed, and what became of the balance. */
export const closeAccountResultSchema = z.object({ closed: z.literal(true), closure: accountClosureSchema });
export type CloseAccountResult = z.infer<typeof closeAccountResultSchema>;

/** GET /ops/players/:memberId/closures: the member's closings, newest first. */
export const accountClosureListSchema = z.object({ list: z.array(accountClosureSchema) });
export type AccountClosureList = z.infer<typeof accountClosureListSchema>;

/**
 * The identity part of a player's data copy (LGPD art. 18 II): what the identity module holds.
 * `address` and `gender` are those a registration under a licence that asks for them gave
 * (registration-details.ts); null for an identity from before, or once anonymised.
 */
export const identityDataSchema = z.object({
  cpf: z.string().nullable(),
  birthDate: z.string().nullable(),
  /** The name read from the player's document by the identity check. */
  fullName: z.string().nullable(),
  address: z
    .object({
      street: z.string(),
      number: z.string(),
      complement: z.string().nullable(),
      district: z.string(),
      city: z.string(),
      state: z.enum(BR_STATES),
      /** 8 digits. */
      cep: z.string(),
    })
    .nullable(),
  gender: z.enum(GENDERS).nullable(),
  createdAt: z.string(),
  /** Set once LGPD anonymisation removed the values above. */
  anonymisedAt: z.string().nullable(),
});
export type IdentityData = z.infer<typeof identityDataSchema>;
