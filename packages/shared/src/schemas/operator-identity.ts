import { z } from 'zod';
import { formatCnpj, normalizeCnpj } from '../cnpj';
import { OPERATOR_IDENTITY_FIELDS } from '../operator-identity';

/*
 * The operator's identification as a site setting, as the player site receives it, and the notes
 * the back office shows about it (docs/compliance.md, "Operator identification"). Each field may
 * be left blank here; which a licence requires is the server's check (operator-identity.ts).
 */

/**
 * A CNPJ as stored: blank, or a valid one (check digits) in its mask, whatever mask it was typed in.
 * The mask is an overwrite, not a transform: the value keeps its type, so the back office's view of
 * the settings (a response schema, encoded when answers are checked) holds it too.
 */
const cnpjSettingSchema = z
  .string()
  .trim()
  .max(32)
  .refine((text) => text === '' || normalizeCnpj(text) !== null, { message: 'a CNPJ with valid check digits' })
  .overwrite((text) => {
    const cnpj = normalizeCnpj(text);
    return cnpj === null ? text : formatCnpj(cnpj);
  });

/** Site setting `operatorIdentity`. */
export const operatorIdentitySchema = z.object({
  legalName: z.string().trim().max(200),
  cnpj: cnpjSettingSchema,
  registeredAddress: z.string().trim().max(300),
  /** The licence's number as the regulator writes it ("SPA/MF nº 1234/2025"). */
  authorisationNumber: z.string().trim().max(120),
});

/** Site setting `selfExclusionUrl`: the regulator's central self-exclusion platform, an https link. */
export const selfExclusionUrlSchema = z
  .string()
  .trim()
  .max(500)
  .regex(/^https:\/\/[^\s]+$/i, 'an https link');

/**
 * The permission call's `operatorIdentity`: the fields that are filled (a blank one is null, so no
 * screen draws an empty line), and the self-exclusion platform's link where the licence asks for it
 * (else null).
 */
export const publicOperatorIdentitySchema = z.object({
  legalName: z.string().nullable(),
  cnpj: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  authorisationNumber: z.string().nullable(),
  selfExclusionUrl: z.string().nullable(),
});
export type PublicOperatorIdentity = z.infer<typeof publicOperatorIdentitySchema>;

/** GET /ops/site-settings/licence-notes: what the licence asks of the identification and the site's addresses. */
export const licenceNotesSchema = z.object({
  profile: z.string(),
  isIdentityRequired: z.boolean(),
  /** Identification fields the licence requires that are blank now. */
  missingIdentity: z.array(z.enum(OPERATOR_IDENTITY_FIELDS)),
  /** The footer links to the regulator's self-exclusion platform. */
  hasSelfExclusionLink: z.boolean(),
  /** The domain the licence wants the site under (`bet.br`), or null. */
  publicDomain: z.string().nullable(),
  /** The public address (`PUBLIC_URL`). */
  publicUrl: z.string(),
  /** The public address and the listed domains that are not under `publicDomain` (a warning, never a block). */
  outsideDomain: z.array(z.string()),
});
export type LicenceNotes = z.infer<typeof licenceNotesSchema>;
