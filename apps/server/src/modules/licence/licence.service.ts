import type { Kysely } from 'kysely';
import { LICENCE_PROFILES } from '@wps/shared/licence';
import type { LicenceView } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import { createLicenceChanges } from './licence-changes';
import { createLicencePolicy } from './licence-policy';
import { findLicence, findPendingLicenceChange, findRecentLicenceChanges } from './licence.repository';

type LicenceContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  operators: Pick<OperatorService, 'namesOf'>;
};

/**
 * The operator's licence (docs/compliance.md, "The licence as one policy"): the profile in force,
 * the port every door asks (`policy`), and switching profile with four eyes (`changes`).
 */
export function createLicenceService(ctx: LicenceContext) {
  const policy = createLicencePolicy({ db: ctx.db });
  const changes = createLicenceChanges(ctx);

  return {
    policy,
    changes,

    /** GET /ops/licence: the profile, its rules with their sources, the doors, the switch waiting and the last ones. */
    async view(): Promise<LicenceView> {
      const [row, pending, recent] = await Promise.all([
        findLicence(ctx.db),
        findPendingLicenceChange(ctx.db),
        findRecentLicenceChanges(ctx.db, 10),
      ]);
      const { rules, sources } = LICENCE_PROFILES[row.profile];
      return {
        profile: row.profile,
        changedAt: row.changed_at.toISOString(),
        rules: Object.entries(rules).map(([rule, value]) => {
          const source = sources[rule as keyof typeof rules];
          return {
            rule,
            value: Array.isArray(value)
              ? [...(value as readonly string[])]
              : (value as string | number | boolean | null),
            source: source?.citation ?? '',
            read: source?.read ?? null,
          };
        }),
        doors: policy.doors().map(({ door, checks }) => ({ door, checks })),
        pending: pending ? (await changes.present([pending]))[0]! : null,
        recent: await changes.present(recent),
      };
    },
  };
}

export type LicenceService = ReturnType<typeof createLicenceService>;
