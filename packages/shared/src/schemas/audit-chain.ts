import { z } from 'zod';

/**
 * What the audit chain's check found (POST /ops/audit/chain/verify, `npm run audit:verify`).
 * `firstBroken` names the first link that does not hold, in chain order:
 * - `content_changed`: the entry's stored fields no longer hash to the hash sealed for it;
 * - `link_broken`: the link does not carry the hash of the link before it;
 * - `entry_missing`: the link's entry is gone (deleted);
 * - `sequence_gap`: a place in the chain is missing (a link deleted);
 * - `unsealed_entry`: an entry that was never linked (written with the sealing trigger off);
 * - `head_mismatch`: the chain's head does not name its last link;
 * - `anchor_mismatch`: the link at a place whose hash was kept outside the database (the regulator
 *   export's manifest) now holds another hash: the chain was rewritten from there on;
 * - `keyed_seal_mismatch`: the link's hash is not the one sealed with AUDIT_CHAIN_KEY (migration
 *   0485): the entry was rewritten and the chain sealed again by someone without the key;
 * - `keyed_seal_missing`: a link without its keyed seal, either older than the sealing grace or
 *   followed by sealed links (a seal removed).
 */
export const AUDIT_CHAIN_PROBLEMS = [
  'content_changed',
  'link_broken',
  'entry_missing',
  'sequence_gap',
  'unsealed_entry',
  'head_mismatch',
  'anchor_mismatch',
  'keyed_seal_mismatch',
  'keyed_seal_missing',
] as const;
export type AuditChainProblem = (typeof AUDIT_CHAIN_PROBLEMS)[number];

export const auditChainResultSchema = z.object({
  ok: z.boolean(),
  /** Links checked, from the first up to the head read when the check began. */
  checked: z.number().int(),
  headSeq: z.string(),
  headHash: z.string(),
  checkedAt: z.string(),
  /** Heads kept outside the database that were compared (the back office: every stored regulator export's manifest). */
  anchorsCompared: z.number().int(),
  firstBroken: z
    .object({
      seq: z.string().nullable(),
      entryId: z.string().nullable(),
      problem: z.enum(AUDIT_CHAIN_PROBLEMS),
      /** What differs, in words (hashes as hex). */
      detail: z.string(),
    })
    .nullable(),
});
export type AuditChainResult = z.infer<typeof auditChainResultSchema>;
