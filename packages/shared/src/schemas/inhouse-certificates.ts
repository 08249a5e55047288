import { z } from 'zod';
import { isHouseOriginal } from './inhouse-steps';
import type { InhouseGameKind } from './inhouse';
import { opsReasonSchema } from './ops-list';

// A house original's certificate from an accredited testing lab, as the operator records it in the
// back office (PUT /ops/inhouse-games/:nodeId/certificate). Under a licence whose `certifiedGames`
// rule asks for one (BR: Portaria SPA/MF 1.207/2024, from a summary), an original without a
// certificate on record is hidden from players and refused at every new round (docs/compliance.md,
// "House originals and their certificates").

/** Whether a game of the studio needs a certificate on record where the licence asks: the house originals. */
export function needsCertificate(game: InhouseGameKind): boolean {
  return isHouseOriginal(game);
}

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD')
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    'not a day',
  );

/** What the operator types: the lab, its certificate's number and the day it was issued. */
export const inhouseCertificateSchema = z.object({
  lab: z.string().trim().min(2).max(120),
  number: z.string().trim().min(1).max(80),
  issuedOn: isoDay,
});
export type InhouseCertificate = z.infer<typeof inhouseCertificateSchema>;

/** PUT /ops/inhouse-games/:nodeId/certificate: record (or replace) the certificate, or null to withdraw it; with the reason. */
export const inhouseCertificateBodySchema = z.object({
  certificate: inhouseCertificateSchema.nullable(),
  reason: opsReasonSchema,
});
export type InhouseCertificateBody = z.infer<typeof inhouseCertificateBodySchema>;

/** A certificate on record, with when it was recorded. */
export const storedCertificateSchema = inhouseCertificateSchema.extend({ recordedAt: z.string() });
export type StoredCertificate = z.infer<typeof storedCertificateSchema>;

/** The answer to the PUT: the certificate before and after (null: none on record). */
export const inhouseCertificateChangeSchema = z.object({
  nodeId: z.string(),
  before: storedCertificateSchema.nullable(),
  after: storedCertificateSchema.nullable(),
});
export type InhouseCertificateChange = z.infer<typeof inhouseCertificateChangeSchema>;

/** GET /wps/inhouse/offer: the in-house games the licence in force hides from players (their lobby and game pages). */
export const inhouseOfferSchema = z.object({ hiddenByLicence: z.array(z.string()) });
export type InhouseOffer = z.infer<typeof inhouseOfferSchema>;
