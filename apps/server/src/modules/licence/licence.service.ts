import type { Kysely } from 'kysely';
import { LICENCE_PROFILES, licenceRules, type JurisdictionProfile, type LicenceRules } from '@wps/shared/licence';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { LicenceView } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import type { AuditService } from '../audit/audit.service';
import type { OperatorService } from '../operator/operator.service';
import { createLicenceChanges } from './licence-changes';
import { createLicencePolicy } from './licence-policy';
import { createProductLicence } from './licence-products';
import { findLicence, findPendingLicenceChange, findRecentLicenceChanges } from './licence.repository';

type LicenceContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  operators: Pick<OperatorService, 'namesOf'>;
  /** Other instances' switches; without a live feed the rules are read from the database every time. */
  changeFeed?: ChangeFeed;
};

/**
 * The operator's licence (docs/compliance.md, "The licence as one policy"): the profile in force,
 * the port every door asks (`policy`), and switching profile with four eyes (`changes`).
 */
export function createLicenceService(ctx: LicenceContext) {
  const policy = createLicencePolicy({ db: ctx.db });
  const changes = createLicenceChanges(ctx);

  // This instance's copy of the profile, for reads on every request (a session's idle limit). A
  // switch on any instance notifies all of them at commit (migration 0561); while the feed is down
  // nothing is kept. `version` drops a read that raced a notification.
  let cached: JurisdictionProfile | undefined;
  let version = 0;
  const forget = () => {
    cached = undefined;
    version += 1;
  };
  ctx.changeFeed?.subscribe(CHANGE_CHANNELS.licenceChange, forget);
  ctx.changeFeed?.onReset(forget);

  async function currentProfile(): Promise<JurisdictionProfile> {
    if (cached && ctx.changeFeed?.isLive) return cached;
    const readVersion = version;
    const profile = await policy.profile();
    if (ctx.changeFeed?.isLive && readVersion === version) cached = profile;
    return profile;
  }

  const currentRules = async (): Promise<LicenceRules> => licenceRules(await currentProfile());

  return {
    policy,
    changes,

    /** The rules in force, from this instance's copy (a hot read; a decision that moves money asks a door instead). */
    currentRules,
    /** The profile in force, from this instance's copy (what players are shown; a decision asks a door). */
    currentProfile,

    /** What the modules that sell games ask about the products the licence allows (licence-products.ts). */
    products: createProductLicence({ policy, currentRules }),

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
        changedAt: row.changedAt.toISOString(),
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
