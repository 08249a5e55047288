import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import type { AuditService } from '../audit/audit.service';
import { anonymiseMemberIdentity } from '../identity/identity-data';
import { anonymiseClosedMember, anonymousAccount } from '../member/member-anonymise';
import { findAnonymisationCandidates } from './anonymisation.repository';
import type { RecordsViews } from './records-views';

/** How long records are kept before a closed account's personal data may be anonymised (Law 14.790/2023; SPA/MF 722/2024). */
export const RETENTION_YEARS = 5;
const BATCH = 500;

/** The instant `years` calendar years before `now` (UTC). */
export function yearsBefore(now: Date, years: number): Date {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
}

export type AnonymisationResult = { cutoff: string; candidates: string[]; anonymised: string[] };

/**
 * LGPD anonymisation of closed accounts past retention (docs/compliance.md, "Retention"). Each
 * member in its own transaction: the member module clears the personal fields under the row's
 * lock (re-checking that it is still closed), the identity module removes the CPF, date of birth
 * and KYC name from the member's identity (no table of migration 0600: nothing refuses it), and an
 * audit entry names the cleared fields, never their values. The records themselves (rounds,
 * ledger, deposits, withdrawals, audit) stay as they are; they name the member by id. With `apply` false it only lists who would be anonymised.
 */
export async function anonymiseClosedAccounts(
  ctx: { db: Kysely<Database>; views: RecordsViews; audit: Pick<AuditService, 'record'> },
  opts: { now: Date; apply: boolean; actor: { actorType: 'operator' | 'system'; actorId: string | null } },
): Promise<AnonymisationResult> {
  const cutoff = yearsBefore(opts.now, RETENTION_YEARS);
  const candidates = await findAnonymisationCandidates(ctx.db, ctx.views, cutoff, BATCH);
  const anonymised: string[] = [];
  if (opts.apply) {
    for (const memberId of candidates) {
      const done = await runInTransaction(ctx.db, async (trx) => {
        const fields = await anonymiseClosedMember(trx, memberId);
        if (!fields) return false;
        const identityFields = await anonymiseMemberIdentity(trx, memberId, opts.now);
        await ctx.audit.record(trx, {
          actorType: opts.actor.actorType,
          actorId: opts.actor.actorId,
          action: 'member.anonymise',
          subjectType: 'member',
          subjectId: memberId,
          reason: `LGPD: closed account with no activity since before ${cutoff.toISOString()} (${RETENTION_YEARS}-year retention)`,
          before: { fields, identityFields: identityFields ?? [] },
          after: { account: anonymousAccount(memberId) },
        });
        return true;
      });
      if (done) anonymised.push(memberId);
    }
  }
  return { cutoff: cutoff.toISOString(), candidates, anonymised };
}
