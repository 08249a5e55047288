import { z } from 'zod';
import { JURISDICTION_PROFILES, LICENCE_DOORS } from '../licence';
import { opsReasonSchema } from './ops-list';

/**
 * The operator's licence in the back office (`/ops/licence`): the profile in force with its rules
 * and their sources, the doors and what each asks, and a switch of profile, which one operator
 * asks and another approves. A switch that live set-ups would break is refused with their list.
 */

export const licenceProfileSchema = z.enum(JURISDICTION_PROFILES);

/** Something live that a profile would forbid: a reward rule, a setting, a product. */
export const licenceBlockerSchema = z.object({
  /** What kind of thing it is (`reward_rule`, `site_setting`, …), for the back office's link. */
  kind: z.string(),
  /** Its id where it has one (a rule's id, a setting's key). */
  id: z.string(),
  /** How the back office names it. */
  label: z.string(),
  /** The rule of the profile it breaks (a key of `LicenceRules`). */
  rule: z.string(),
});
export type LicenceBlocker = z.infer<typeof licenceBlockerSchema>;

export const LICENCE_CHANGE_STATUSES = ['pending', 'applied', 'rejected', 'refused'] as const;

export const licenceChangeSchema = z.object({
  id: z.string(),
  from: licenceProfileSchema,
  to: licenceProfileSchema,
  reason: z.string(),
  status: z.enum(LICENCE_CHANGE_STATUSES),
  requestedBy: z.string(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  blockers: z.array(licenceBlockerSchema),
});
export type LicenceChange = z.infer<typeof licenceChangeSchema>;

const ruleValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

export const licenceViewSchema = z.object({
  profile: licenceProfileSchema,
  changedAt: z.string(),
  /** Each rule of the profile in force: its value and the text it comes from. */
  rules: z.array(
    z.object({
      rule: z.string(),
      value: ruleValueSchema,
      source: z.string(),
      read: z.enum(['primary', 'summary']).nullable(),
    }),
  ),
  /** The doors and the checks wired to each, as the server runs them. */
  doors: z.array(z.object({ door: z.enum(LICENCE_DOORS), checks: z.array(z.string()) })),
  pending: licenceChangeSchema.nullable(),
  recent: z.array(licenceChangeSchema),
});
export type LicenceView = z.infer<typeof licenceViewSchema>;

export const licenceChangeBodySchema = z.object({ profile: licenceProfileSchema, reason: opsReasonSchema });
export type LicenceChangeBody = z.infer<typeof licenceChangeBodySchema>;

export const licenceDecisionBodySchema = z.object({ reason: z.string().trim().max(500).optional() });
export type LicenceDecisionBody = z.infer<typeof licenceDecisionBodySchema>;

export const licenceChangeParamsSchema = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/) });
