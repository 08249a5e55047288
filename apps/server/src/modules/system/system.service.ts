import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { JurisdictionProfile } from '@wps/shared/licence';
import { findMissingIdentityFields } from '@wps/shared/operator-identity';
import { allowsSignUpBonus } from '@wps/shared/rewards-jurisdiction';
import type { LicenceBlocker } from '@wps/shared/schemas/licence';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { WhitelabelModule } from '@wps/shared/constants';
import type {
  Brand,
  Country,
  PermissionResult,
  AvailablePromo,
  RegisterSettings,
  SystemStatus,
  WhitelabelNode,
} from '@wps/shared/schemas/system';
import type { DomainRoute } from '@wps/shared/schemas/site-settings';
import type { AppContext } from '../../app-context';
import { runInTransaction } from '../../db/run-in-transaction';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import { listCountriesFirst } from './country-list';
import {
  SETTINGS,
  SETTING_KEYS,
  getDemoSettings,
  isSettingKey,
  parseSetting,
  type SettingKey,
  type Settings,
} from './operator-settings';
import { createCallerLocator, type Location } from './caller-location';
import { isCidr } from './region-lookup';
import { createRegistrationBonusPolicy } from './registration-bonus';
import { createJurisdictionSource } from './jurisdiction-source';
import { toPublicOperatorIdentity } from './operator-identity';
import {
  deleteRegionCidr,
  findAllSettings,
  findRegionCidrs,
  upsertRegionCidr,
  upsertSetting,
  type RegionCidrRow,
} from './system.repository';

/** The operator's configuration; money settings are bigint minor units (currency scale in brand). */
export type OperatorConfig = Omit<Settings, 'registrationBonusMinor' | 'freeplayDemoBalanceMinor'> & {
  registrationBonusMinor: bigint;
  freeplayDemoBalanceMinor: bigint;
};

export type SystemContext = Pick<AppContext, 'db' | 'log'> & {
  /** Clock in epoch ms, injectable for tests. */
  now?: () => number;
  /** How long a loaded configuration is reused; changes made elsewhere show within this time. */
  cacheMs?: number;
};

const DEFAULT_CACHE_MS = 3000;

/** Display grouping of the module switches; group nodes are containers, each switch stands alone. */
const WHITELABEL_LAYOUT: {
  moduleId: string;
  name: string;
  children: { moduleId: WhitelabelModule; name: string }[];
}[] = [
  {
    moduleId: 'REGISTRATION',
    name: 'Registration',
    children: [
      { moduleId: 'DIRECTREG3', name: 'Direct registration' },
      { moduleId: 'USERNAMEREG3', name: 'Registration by username' },
      { moduleId: 'MOBILENUMREG3', name: 'Registration by mobile number' },
      { moduleId: 'REGMOBVERF3', name: 'SMS verification at registration' },
      { moduleId: 'MOBILENUMPASSREG3', name: 'Password at mobile registration' },
    ],
  },
  {
    moduleId: 'LOGIN',
    name: 'Login',
    children: [
      { moduleId: 'MOBILEVERCODELOGIN3', name: 'Login by SMS code' },
      { moduleId: 'FREEPLAY3', name: 'Free demo' },
    ],
  },
  {
    moduleId: 'PASSWORD',
    name: 'Passwords',
    children: [
      { moduleId: 'PWDEXPFORCECHANGE3', name: 'Force change of expired passwords' },
      { moduleId: 'CHNGPASSVERIF3', name: 'Password reset by SMS code' },
    ],
  },
  { moduleId: 'POINTS', name: 'Points', children: [{ moduleId: 'PTSYS3', name: 'Points system' }] },
];

function toConfig(settings: Settings): OperatorConfig {
  return {
    ...settings,
    registrationBonusMinor: BigInt(settings.registrationBonusMinor),
    freeplayDemoBalanceMinor: BigInt(settings.freeplayDemoBalanceMinor),
  };
}

/** Build the module tree from the switches. A group is enabled when any child is. */
export function buildWhitelabelTree(modules: Record<WhitelabelModule, boolean>): WhitelabelNode[] {
  return WHITELABEL_LAYOUT.map((group) => {
    const children: WhitelabelNode[] = group.children.map((c) => ({
      moduleId: c.moduleId,
      name: c.name,
      enabled: modules[c.moduleId] ? 1 : 0,
      children: [],
    }));
    return {
      moduleId: group.moduleId,
      name: group.name,
      enabled: children.some((c) => c.enabled === 1) ? 1 : 0,
      children,
    };
  });
}

/** Who changed a setting and why, for the audit entry written with the change (the ops CLI passes it). */
export type AuditedChange = {
  audit: Pick<AuditService, 'record'>;
  actor: { actorType: AuditActorType; actorId: string | null };
  reason: string | null;
};

/**
 * The operator's configuration and everything derived from it: module switches, registration
 * settings, brand, region status and the dialing-code list. The configuration is read from
 * operator_settings and reused for `cacheMs`, so hot paths (every request's merchant check,
 * module checks) cost no query.
 */
export function createSystemService(ctx: SystemContext) {
  const { db, log } = ctx;
  const now = ctx.now ?? Date.now;
  const cacheMs = ctx.cacheMs ?? DEFAULT_CACHE_MS;
  let cached: { config: OperatorConfig; loadedAt: number } | undefined;
  let loading: Promise<OperatorConfig> | undefined;
  const loadedListeners: ((config: OperatorConfig) => void)[] = [];
  // No promotion is on until a module that runs one says so.
  let promoSwitches: () => Promise<AvailablePromo> = async () => ({
    REFERRAL: { enabled: false },
    REBATE: { enabled: false },
  });
  const bonusPolicy = createRegistrationBonusPolicy({ now, cacheMs });
  const registrationBonus = (config: OperatorConfig, fresh = false) =>
    bonusPolicy.bonusOf(config.registrationBonusMinor, fresh);
  const jurisdiction = createJurisdictionSource({ now, cacheMs });

  async function loadConfig(from: Kysely<Database> = db): Promise<OperatorConfig> {
    const settings = getDemoSettings();
    const rows = await findAllSettings(from);
    const target = settings as Record<SettingKey, unknown>;
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue;
      const parsed = SETTINGS[row.key].schema.safeParse(row.value);
      if (parsed.success) {
        target[row.key] = parsed.data;
      } else {
        // Only a hand-edited row can be invalid (ops validates); keep serving with the default.
        log.error({ key: row.key, issues: parsed.error.issues }, 'invalid operator setting ignored; using the default');
      }
    }
    return toConfig(settings);
  }

  async function getOperatorConfig(): Promise<OperatorConfig> {
    if (cached && now() - cached.loadedAt < cacheMs) return cached.config;
    loading ??= loadConfig()
      .then((config) => {
        cached = { config, loadedAt: now() };
        for (const listener of loadedListeners) listener(config);
        return config;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  }

  function invalidateCache(): void {
    cached = undefined;
    bonusPolicy.evict();
    jurisdiction.evict();
  }

  function composeRegisterSettings(
    config: OperatorConfig,
    bonusMinor: bigint,
    rules: RegisterSettings['jurisdiction'],
  ): RegisterSettings {
    return {
      ...config.register,
      // One switch each, so the module tree and the registration settings cannot disagree.
      smsEnabled: config.modules.REGMOBVERF3,
      mobilePassword: config.modules.MOBILENUMPASSREG3,
      // Unticked unless the operator pre-ticked it; a value stored before the setting has none.
      consentPreticked: config.register.consentPreticked === true,
      minimumAge: config.minimumAge,
      // What a new account receives, so the site never advertises a bonus the licence forbids.
      registrationBonusMinor: bonusMinor.toString(),
      // What the licence asks of a registration (a CPF and a date of birth under BR).
      jurisdiction: rules,
    };
  }

  const { locate, locateCached, cachedCountry } = createCallerLocator(db, now, cacheMs);

  function isBlocked(config: OperatorConfig, location: Location): boolean {
    return location.country !== null && config.blockedCountries.includes(location.country);
  }

  function statusOf(config: OperatorConfig, location: Location): SystemStatus {
    if (config.maintenance) return 1;
    if (isBlocked(config, location)) return 2;
    return 0;
  }

  return {
    getOperatorConfig,
    /**
     * Call `listener` with every configuration read from the database (at most once per cache
     * period, and after each change), on this instance: for what is derived from the settings
     * outside a request, such as the CSP's list of the site's domains.
     */
    onConfigLoaded(listener: (config: OperatorConfig) => void): void {
      loadedListeners.push(listener);
    },
    invalidateCache,

    /** Where the permission call reads which promotions are on; set once the modules that run them exist (services.ts). */
    setPromoSwitches(source: () => Promise<AvailablePromo>): void {
      promoSwitches = source;
    },

    /** Where the registration bonus's licence check reads the jurisdiction profile; set by services.ts from the licence module. */
    setSignUpBonusPolicy: bonusPolicy.setSource,

    /** Where the registration settings read the jurisdiction profile; set by services.ts from the licence module. */
    setJurisdictionSource: jurisdiction.setSource,

    /**
     * The settings a licence profile would forbid, read in the caller's transaction: a switch of
     * licence to it is refused while they are set (the licence module asks).
     */
    async licenceBlockers(trx: Kysely<Database>, to: JurisdictionProfile): Promise<LicenceBlocker[]> {
      const config = await loadConfig(trx);
      const blockers: LicenceBlocker[] = [];
      if (config.registrationBonusMinor > 0n && !allowsSignUpBonus(to))
        blockers.push({
          kind: 'site_setting',
          id: 'registrationBonusMinor',
          label: 'Registration bonus',
          rule: 'signUpBonus',
        });
      // The identification the profile requires on the site (legal name, CNPJ, address, licence number).
      for (const field of findMissingIdentityFields(config.operatorIdentity, to))
        blockers.push({
          kind: 'site_setting',
          id: `operatorIdentity.${field}`,
          label: field,
          rule: 'operatorIdentity',
        });
      return blockers;
    },

    /** Whether the licence lets the operator pay a registration bonus now (site settings refuse one where it does not). */
    isSignUpBonusAllowed: bonusPolicy.isAllowed,

    /** The registration bonus a new account receives now (0 where the licence forbids it). */
    async getRegistrationBonus(): Promise<bigint> {
      return registrationBonus(await getOperatorConfig(), true);
    },

    /** Which promotions are on now (the permission call's and the public state's `availablePromo`). */
    getPromoSwitches: (): Promise<AvailablePromo> => promoSwitches(),

    /** Whether a whitelabel module switch is on. */
    async isModuleEnabled(id: WhitelabelModule): Promise<boolean> {
      return (await getOperatorConfig()).modules[id];
    },

    /** The module tree served at /wps/system/whitelabel. */
    async getWhitelabel(): Promise<WhitelabelNode[]> {
      return buildWhitelabelTree((await getOperatorConfig()).modules);
    },

    /** Registration fields, flags and rules (GET /wps/system/setting/register). */
    async getRegisterSettings(): Promise<RegisterSettings> {
      const config = await getOperatorConfig();
      return composeRegisterSettings(config, await registrationBonus(config), await jurisdiction.rules());
    },

    async getBrand(): Promise<Brand> {
      return (await getOperatorConfig()).brand;
    },

    /** Whether a `Merchant` header value names this deployment's operator. */
    async isKnownMerchant(code: string): Promise<boolean> {
      return (await getOperatorConfig()).brand.merchantCode === code;
    },

    /** The caller's country from the operator's CIDR table; null for local or unknown addresses. */
    locate,

    /**
     * Refuse API calls while the site is under maintenance or from a blocked country, so the
     * maintenance and region-block pages are enforced by the server and not only drawn by the UI.
     */
    async assertAccessAllowed(ip: string): Promise<void> {
      const config = await getOperatorConfig();
      if (config.maintenance) throw new AppError(ErrorCode.SYSTEM_MAINTENANCE, 'The site is under maintenance');
      if (config.blockedCountries.length === 0) return;
      const country = await locateCached(ip);
      if (country !== null && config.blockedCountries.includes(country)) {
        throw new AppError(ErrorCode.REGION_RESTRICTED, 'Access is restricted for your location');
      }
    },

    /**
     * assertAccessAllowed's answer when it needs no wait (the config and, with countries blocked,
     * the caller's country are cached): the refusal, or null when allowed; undefined when only
     * assertAccessAllowed can tell. The access gate runs on every API call, and an answer here
     * saves it several promises per request (bench:member-info).
     */
    cachedAccessRefusal(ip: string): AppError | null | undefined {
      const at = now();
      if (!cached || at - cached.loadedAt >= cacheMs) return undefined;
      const { config } = cached;
      if (config.maintenance) return new AppError(ErrorCode.SYSTEM_MAINTENANCE, 'The site is under maintenance');
      if (config.blockedCountries.length === 0) return null;
      const country = cachedCountry(ip, at);
      if (country === undefined) return undefined;
      return country !== null && config.blockedCountries.includes(country)
        ? new AppError(ErrorCode.REGION_RESTRICTED, 'Access is restricted for your location')
        : null;
    },

    /** Whether a `Merchant` header value names this deployment's operator; undefined while the config is not cached. */
    cachedIsKnownMerchant(code: string): boolean | undefined {
      if (!cached || now() - cached.loadedAt >= cacheMs) return undefined;
      return cached.config.brand.merchantCode === code;
    },

    /** 0 normal, 1 maintenance, 2 the caller's country is blocked. */
    async getStatus(ip: string): Promise<SystemStatus> {
      const config = await getOperatorConfig();
      if (config.maintenance) return 1;
      return statusOf(config, await locate(ip));
    },

    /**
     * Everything the shell needs before rendering. `url` (the page's host) is accepted for
     * compatibility with the original call; a deployment serves one operator on every domain.
     */
    async getPermission(ip: string, _url?: string): Promise<PermissionResult> {
      const config = await getOperatorConfig();
      const location = await locate(ip);
      const rules = await jurisdiction.rules();
      return {
        brand: config.brand,
        whitelabel: buildWhitelabelTree(config.modules),
        register: composeRegisterSettings(config, await registrationBonus(config), rules),
        resources: config.resources,
        customerService: config.customerService.filter((entry) => entry.enabled !== false),
        location,
        maintenance: config.maintenance,
        regionRestriction: isBlocked(config, location),
        loginToHome: config.loginToHome,
        modalsDraggable: config.modalsDraggable,
        languages: config.languages,
        availablePromo: await promoSwitches(),
        // The profile as the registration settings read it (the jurisdiction source, re-wired in services.ts).
        operatorIdentity: toPublicOperatorIdentity(config.operatorIdentity, config.selfExclusionUrl, rules.profile),
        analytics: { gtagId: config.delivery.gtagId || null },
        imageCDNs: config.delivery.imageCdns,
        launchGameCDNs: config.delivery.launchGameCdns,
      };
    },

    /**
     * GET /wps/system/domainRoute: the domains the speed test measures (the operator's list, or
     * the one the player is on when the list is empty) and the download resources.
     */
    async getDomainRoute(currentOrigin: string): Promise<DomainRoute> {
      const config = await getOperatorConfig();
      return {
        domainList: config.domains.length > 0 ? config.domains : [{ domainName: currentOrigin }],
        resources: config.resources,
      };
    },

    /** Dialing codes, the operator's default country first. */
    async listCountries(): Promise<Country[]> {
      return listCountriesFirst((await getOperatorConfig()).defaultCountry);
    },

    /**
     * Validate and store one setting; throws a ZodError for an invalid value. With `audited`, the
     * change and its audit entry (`settings.<key>`, the value before and after) commit together.
     */
    async updateSetting<K extends SettingKey>(key: K, value: unknown, audited?: AuditedChange): Promise<Settings[K]> {
      const parsed = parseSetting(key, value);
      if (!audited) {
        await upsertSetting(db, key, parsed);
      } else {
        const before = (await getOperatorConfig())[key as keyof OperatorConfig] ?? null;
        await runInTransaction(db, async (trx) => {
          await upsertSetting(trx, key, parsed);
          await audited.audit.record(trx, {
            ...audited.actor,
            action: `settings.${key}`,
            subjectType: 'operator_setting',
            subjectId: key,
            reason: audited.reason,
            before,
            after: parsed,
          });
        });
      }
      invalidateCache();
      return parsed;
    },

    /** Add or replace a CIDR → country block; returns the stored (network-normalised) block. */
    async addRegionCidr(cidr: string, countryCode: string, note?: string, audited?: AuditedChange): Promise<string> {
      if (!isCidr(cidr)) throw new Error(`not a CIDR block: ${cidr}`);
      if (!/^[A-Z]{2}$/.test(countryCode)) throw new Error(`not an ISO 3166-1 alpha-2 code: ${countryCode}`);
      if (!audited) return upsertRegionCidr(db, { cidr, countryCode, note: note ?? null });
      return runInTransaction(db, async (trx) => {
        const stored = await upsertRegionCidr(trx, { cidr, countryCode, note: note ?? null });
        await audited.audit.record(trx, {
          ...audited.actor,
          action: 'region.add',
          subjectType: 'region_cidr',
          subjectId: stored,
          reason: audited.reason,
          before: null,
          after: { cidr: stored, countryCode, note: note ?? null },
        });
        return stored;
      });
    },

    async removeRegionCidr(cidr: string, audited?: AuditedChange): Promise<boolean> {
      if (!isCidr(cidr)) throw new Error(`not a CIDR block: ${cidr}`);
      if (!audited) return deleteRegionCidr(db, cidr);
      return runInTransaction(db, async (trx) => {
        const removed = await deleteRegionCidr(trx, cidr);
        if (removed)
          await audited.audit.record(trx, {
            ...audited.actor,
            action: 'region.remove',
            subjectType: 'region_cidr',
            subjectId: cidr,
            reason: audited.reason,
            before: { cidr },
            after: null,
          });
        return removed;
      });
    },

    async listRegionCidrs(): Promise<RegionCidrRow[]> {
      return findRegionCidrs(db);
    },

    /** Every setting key, for tooling. */
    listSettingKeys(): readonly SettingKey[] {
      return SETTING_KEYS;
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
