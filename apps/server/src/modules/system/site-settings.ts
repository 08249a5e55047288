import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { ErrorCode } from '@wps/shared/error-codes';
import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import { findMissingIdentityFields } from '@wps/shared/operator-identity';
import type { LicenceNotes } from '@wps/shared/schemas/operator-identity';
import {
  FIXED_BRAND_FIELDS,
  SITE_SETTING_KEYS,
  siteSettingsSchema,
  type SiteSettingKey,
  type SiteSettings,
  type SiteSettingsUpdateBody,
  type SiteSettingsView,
} from '@wps/shared/schemas/site-settings';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import { SETTINGS } from './operator-settings';
import { describeLicenceNotes } from './operator-identity';
import {
  findAllSettings,
  insertMissingSettings,
  lockSettings,
  upsertSetting,
  type SettingRow,
} from './system.repository';

type SiteSettingsActor = { actorType: AuditActorType; actorId: string | null };

type SiteSettingsContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  /** Drop this instance's configuration copy; other instances reload theirs within its cache time. */
  evict: () => void;
  /** Whether the operator's licence (the licence module's profile) allows a registration bonus. */
  signUpBonusAllowed: () => Promise<boolean>;
  /**
   * The operator's licence profile, read fresh: the one place this service asks for it (the
   * licence module's policy, wired in services.ts), so moving where the profile lives re-wires one line.
   */
  profile: () => Promise<JurisdictionProfile>;
  /** The site's public origin (`PUBLIC_URL`), which the licence may want under its domain. */
  publicUrl: string;
};

/** JSON with object keys sorted at every depth, so equal values print equal whatever order they were stored in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * A setting's version: a digest of its value. A change names the version the operator saw; if
 * the value changed since, the change is refused rather than silently overwriting it. (A value
 * changed and changed back has the same version, and overwriting it loses nothing.)
 */
export function settingVersion(value: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 24);
}

/** A stored row's value for `key` as the site uses it: the stored value when valid, else the default. */
function effectiveValue<K extends SiteSettingKey>(key: K, row: SettingRow | undefined): SiteSettings[K] {
  const parsed = row ? siteSettingsSchema.shape[key].safeParse(row.value) : undefined;
  return (parsed?.success ? parsed.data : SETTINGS[key].demo) as SiteSettings[K];
}

type FieldIssue = { field: string; message: string };

/** The issues of one proposed value, on paths under its key (`register.validate.username.minLength`). */
function checkValue(
  key: SiteSettingKey,
  value: unknown,
  current: SiteSettings[SiteSettingKey],
): { issues: FieldIssue[]; data?: unknown } {
  const parsed = (siteSettingsSchema.shape[key] as z.ZodType).safeParse(value);
  if (!parsed.success)
    return { issues: parsed.error.issues.map((i) => ({ field: [key, ...i.path].join('.'), message: i.message })) };
  if (key === 'brand') {
    const brand = parsed.data as SiteSettings['brand'];
    const fixed = current as SiteSettings['brand'];
    const changed = FIXED_BRAND_FIELDS.filter((field) => brand[field] !== fixed[field]);
    if (changed.length > 0)
      return {
        issues: changed.map((field) => ({
          field: `brand.${field}`,
          message: 'fixed at setup; cannot be changed here',
        })),
      };
  }
  return { issues: [], data: parsed.data };
}

/**
 * The back office's site settings (brand, languages, switches, registration, region, contacts,
 * maintenance): read with a version per setting, and changed several at once in one
 * transaction, each checked by the shared schema the back office's forms use, each audited
 * (`settings.<key>`, before and after, the reason).
 */
export function createSiteSettings({ db, audit, evict, signUpBonusAllowed, profile, publicUrl }: SiteSettingsContext) {
  async function read(): Promise<SiteSettingsView> {
    const rows = new Map((await findAllSettings(db)).map((row) => [row.key, row]));
    const values = {} as Record<SiteSettingKey, unknown>;
    const versions = {} as Record<SiteSettingKey, string>;
    for (const key of SITE_SETTING_KEYS) {
      values[key] = effectiveValue(key, rows.get(key));
      versions[key] = settingVersion(values[key]);
    }
    return { values: values as SiteSettings, versions };
  }

  return {
    /** GET /ops/site-settings. */
    read,

    /** GET /ops/site-settings/licence-notes: the identification fields and addresses the licence would have otherwise. */
    async licenceNotes(): Promise<LicenceNotes> {
      const [{ values }, current] = await Promise.all([read(), profile()]);
      return describeLicenceNotes({
        profile: current,
        identity: values.operatorIdentity,
        publicUrl,
        domains: values.domains.map((d) => d.domainName),
      });
    },

    /**
     * PUT /ops/site-settings. All or nothing: an invalid value (400 VALIDATION_FAILED naming its
     * fields, among them an identification field the licence requires left blank) or a version
     * that is no longer current (409 SETTING_CHANGED naming its keys) writes nothing. Settings
     * whose value does not change are left alone and not audited.
     */
    async update(actor: SiteSettingsActor, { changes, reason }: SiteSettingsUpdateBody): Promise<SiteSettingsView> {
      const keys = (Object.keys(changes) as SiteSettingKey[]).sort();
      // Read before the transaction: the profile lives in the licence module's table, read on its own
      // connection (PGlite has only one). A profile switched meanwhile is still enforced where the
      // bonus is paid, at registration.
      const bonusAllowed = 'registrationBonusMinor' in changes ? await signUpBonusAllowed() : true;
      // The same for the profile that decides which identification fields are required.
      const identityProfile = 'operatorIdentity' in changes ? await profile() : undefined;
      await runInTransaction(db, async (trx) => {
        // Rows are made to exist first (the seed writes them all, so this is normally nothing),
        // so that every key has a row to lock.
        await insertMissingSettings(
          trx,
          keys.map((key) => ({ key, value: SETTINGS[key].demo })),
        );
        const rows = new Map((await lockSettings(trx, keys)).map((row) => [row.key, row]));
        const issues: FieldIssue[] = [];
        const stale: SiteSettingKey[] = [];
        const writes: { key: SiteSettingKey; before: unknown; after: unknown }[] = [];
        for (const key of keys) {
          const change = changes[key]!;
          const before = effectiveValue(key, rows.get(key));
          if (settingVersion(before) !== change.version) stale.push(key);
          const checked = checkValue(key, change.value, before);
          issues.push(...checked.issues);
          // A licence that requires the identification refuses it with a field blank (the footer's
          // "CNPJ:" line would be empty), naming each such field. Other settings save meanwhile.
          if (key === 'operatorIdentity' && identityProfile && checked.issues.length === 0) {
            const missing = findMissingIdentityFields(
              checked.data as SiteSettings['operatorIdentity'],
              identityProfile,
            );
            issues.push(
              ...missing.map((field) => ({
                field: `operatorIdentity.${field}`,
                message: `required under the ${identityProfile} licence`,
              })),
            );
          }
          if (checked.issues.length === 0 && settingVersion(checked.data) !== settingVersion(before))
            writes.push({ key, before, after: checked.data });
        }
        if (issues.length > 0) {
          throw new AppError(ErrorCode.VALIDATION_FAILED, issues.map((i) => `${i.field}: ${i.message}`).join('; '), {
            fields: issues,
          });
        }
        if (stale.length > 0) {
          throw new AppError(
            ErrorCode.SETTING_CHANGED,
            'Another operator changed these settings since they were loaded',
            { keys: stale },
          );
        }
        // A registration bonus is refused where the licence forbids sign-up bonuses; lowering it to 0 is always allowed.
        const bonus = writes.find((w) => w.key === 'registrationBonusMinor');
        if (bonus && BigInt(bonus.after as string) > 0n && !bonusAllowed) {
          throw new AppError(
            ErrorCode.REWARD_FORBIDDEN_BY_JURISDICTION,
            'The jurisdiction profile forbids a registration bonus',
            {
              reasons: ['SIGN_UP_BONUS_FORBIDDEN'],
            },
          );
        }
        for (const { key, before, after } of writes) {
          await upsertSetting(trx, key, after);
          await audit.record(trx, {
            ...actor,
            action: `settings.${key}`,
            subjectType: 'operator_setting',
            subjectId: key,
            reason,
            before,
            after,
          });
        }
      });
      evict();
      return read();
    },
  };
}

export type SiteSettingsService = ReturnType<typeof createSiteSettings>;
