import { z } from 'zod';
import {
  COMPLETE_LANGUAGES,
  LANGUAGE_CODES,
  PASSWORD_MIN_LENGTH,
  WHITELABEL_MODULES,
  type WhitelabelModule,
} from '../constants';
import { compileAcceptedPattern } from '../validation-patterns';
import { opsReasonSchema } from './ops-list';
import { operatorIdentitySchema, selfExclusionUrlSchema } from './operator-identity';
import {
  REGISTER_FIELDS,
  brandSchema,
  customerServiceEntrySchema,
  fieldRuleSchema,
  registerSettingsSchema,
  resourceSchema,
  type CustomerServiceOpenAs,
} from './system';

/*
 * The site settings an operator edits in the back office, and the server stores in
 * operator_settings (one row per key). The server validates every stored value with these
 * schemas, and the back office's forms with the same ones, so a form never sends what the
 * server would refuse.
 */

const minorUnits = z.string().regex(/^\d{1,18}$/, 'non-negative integer minor units');
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'ISO 3166-1 alpha-2 code');

/**
 * A link players open from the site (a contact entry, an app download, a social page). Only
 * web, e-mail and phone links: anything else (javascript:, data:) could run script in the
 * player's page.
 */
const PLAYER_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d-]+)$/i;
export const playerLinkSchema = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((text) => PLAYER_LINK.test(text), { message: 'an http(s), mailto: or tel: link' });

/** The scheme each way of opening a customer-service entry needs its link to have. */
const OPEN_AS_LINK: Record<CustomerServiceOpenAs, { pattern: RegExp; message: string }> = {
  link: { pattern: /^https?:\/\//i, message: 'a link entry needs an http(s) link' },
  popup: { pattern: /^https?:\/\//i, message: 'a popup entry needs an http(s) link' },
  email: { pattern: /^mailto:/i, message: 'an e-mail entry needs a mailto: link' },
  phone: { pattern: /^tel:/i, message: 'a phone entry needs a tel: link' },
  chat: { pattern: /^https?:\/\//i, message: 'a chat entry needs an http(s) link' },
};

/**
 * A customer-service entry as stored: its type code, the name players see, where it leads, how it
 * opens (the link's scheme must match) and whether only VIP players get it. (Entries stored before
 * openAs and vipOnly existed were given them by migration 0230.)
 */
export const storedCustomerServiceEntrySchema = customerServiceEntrySchema
  .extend({
    csType: z
      .string()
      .trim()
      .regex(/^[A-Z0-9_]{2,32}$/, 'upper-case letters, digits or _'),
    name: z.string().trim().min(1).max(64),
    path: playerLinkSchema,
  })
  .superRefine((entry, context) => {
    const rule = OPEN_AS_LINK[entry.openAs];
    // A link that is no player link at all was already refused, once, by playerLinkSchema.
    if (PLAYER_LINK.test(entry.path) && !rule.pattern.test(entry.path))
      context.addIssue({ code: 'custom', path: ['path'], message: rule.message });
  });

/** A resource (app download, social link) as stored; the QR code, when given, is a web link too. */
export const storedResourceSchema = resourceSchema.extend({
  resourceType: z
    .string()
    .trim()
    .regex(/^[A-Z0-9_]{2,32}$/, 'upper-case letters, digits or _'),
  labelNameEn: z.string().trim().min(1).max(64),
  url: playerLinkSchema,
  qrCodeUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/i, 'an http(s) link')
    .nullable(),
});

/** One of the site's domains, as its origin (https://play.example, no path). */
export const siteDomainSchema = z.object({
  domainName: z
    .string()
    .trim()
    .max(200)
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://play.example'),
});

/** An https origin, with an optional path prefix (https://cdn.example or https://cdn.example/site). */
const cdnBaseSchema = z
  .string()
  .trim()
  .max(200)
  .regex(/^https:\/\/[a-z0-9.-]+(:\d{1,5})?(\/[\w.~-]+)*$/i, 'an https address such as https://cdn.example');

/**
 * Where the site's pictures and the in-house games' pages may be fetched from, and the analytics
 * tag (the spec's permission fields `imageCDNs`, `launchGameCDNs` and `gtagId`). Each page picks
 * one base of each list for its session (its `imgUrl` and `startGameUrl`); an empty list means the
 * site's own origin. The CSP allows exactly these origins, and Google's only while a tag is set.
 */
export const deliverySettingsSchema = z.object({
  imageCdns: z.array(cdnBaseSchema).max(5),
  launchGameCdns: z.array(cdnBaseSchema).max(5),
  /** A Google tag id (G-XXXXXXXXXX), or empty for none. */
  gtagId: z
    .string()
    .trim()
    .regex(/^(G-[A-Z0-9]{4,16})?$/, 'a Google tag id such as G-ABC123XYZ9, or empty'),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** GET /wps/system/domainRoute: the domains to test, and the download resources beside them. */
export const domainRouteSchema = z.object({
  domainList: z.array(siteDomainSchema),
  resources: z.array(storedResourceSchema),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

/** The brand as stored. The name and symbol are the operator's; the rest is fixed at setup. */
export const storedBrandSchema = brandSchema.extend({
  brandName: z.string().trim().min(1).max(64),
  currencySymbol: z.string().trim().min(1).max(8),
});

/** Brand fields the back office cannot change: the ledger, the merchant header and every stored amount depend on them. */
export const FIXED_BRAND_FIELDS = ['merchantCode', 'currency', 'currencyScale'] as const;

const storedFieldRuleSchema = fieldRuleSchema
  .extend({
    minLength: z.number().int().min(0).max(500),
    maxLength: z.number().int().min(0).max(500),
    acceptedPattern: z.string().max(200),
  })
  .refine(
    (r) => r.acceptedPattern === '*' || r.acceptedPattern === '' || compileAcceptedPattern(r.acceptedPattern) !== null,
    {
      message: 'acceptedPattern must be * or a valid regular expression',
      path: ['acceptedPattern'],
    },
  )
  .refine((r) => r.maxLength === 0 || r.maxLength >= r.minLength, {
    message: 'maxLength must be 0 or >= minLength',
    path: ['maxLength'],
  });

/** Registration settings as stored: the derived fields (module switches, age, bonus) are composed in. */
export const storedRegisterSettingsSchema = registerSettingsSchema
  .omit({ smsEnabled: true, mobilePassword: true, minimumAge: true, registrationBonusMinor: true, jurisdiction: true })
  // Absent when stored before the setting existed: read as unticked, the safe reading.
  .extend({
    validate: z.partialRecord(z.enum(REGISTER_FIELDS), storedFieldRuleSchema),
    consentPreticked: z.boolean().optional(),
  })
  // No operator may allow login passwords shorter than 8 characters.
  .refine((r) => !r.validate.password || r.validate.password.minLength >= PASSWORD_MIN_LENGTH, {
    message: `validate.password.minLength must be at least ${PASSWORD_MIN_LENGTH}`,
    path: ['validate', 'password', 'minLength'],
  });
export type StoredRegisterSettings = z.infer<typeof storedRegisterSettingsSchema>;

const languageCode = z.enum(LANGUAGE_CODES);
/** Languages: `supported` are those the site is fully translated into; `listed` fills the language menu. */
export const languageSettingsSchema = z
  .object({ default: languageCode, supported: z.array(languageCode).min(1), listed: z.array(languageCode).min(1) })
  .refine((l) => l.supported.includes(l.default), {
    message: 'default must be a supported language',
    path: ['default'],
  })
  .refine((l) => l.supported.every((code) => COMPLETE_LANGUAGES.includes(code)), {
    message: `only ${COMPLETE_LANGUAGES.join(' and ')} are fully translated`,
    path: ['supported'],
  });
export type LanguageSettings = z.infer<typeof languageSettingsSchema>;

export const modulesSchema = z.object(
  Object.fromEntries(WHITELABEL_MODULES.map((m) => [m, z.boolean()])) as Record<WhitelabelModule, z.ZodBoolean>,
);

/** Every setting the site-settings screen edits, with the schema its stored value must pass. */
export const siteSettingsSchema = z.object({
  brand: storedBrandSchema,
  languages: languageSettingsSchema,
  modules: modulesSchema,
  register: storedRegisterSettingsSchema,
  minimumAge: z.number().int().min(0).max(99),
  registrationBonusMinor: minorUnits,
  freeplayDemoBalanceMinor: minorUnits,
  /** Password age that forces a change, applied only while the operator turns PWDEXPFORCECHANGE3 on. */
  passwordMaxAgeDays: z.number().int().min(1).max(3650),
  customerService: z
    .array(storedCustomerServiceEntrySchema)
    .max(20)
    // A chat entry's address is asked for by its type code (GET /wps/system/onlineService/target), so two chats may not share one.
    .superRefine((entries, context) => {
      const seen = new Set<string>();
      entries.forEach((entry, index) => {
        if (entry.openAs !== 'chat') return;
        if (seen.has(entry.csType))
          context.addIssue({ code: 'custom', path: [index, 'csType'], message: 'another chat entry has this type' });
        seen.add(entry.csType);
      });
    }),
  resources: z.array(storedResourceSchema).max(30),
  loginToHome: z.boolean(),
  /** Whether the player site's centred dialogs can be moved by their header (never on phones). */
  modalsDraggable: z.boolean(),
  /** A password login from a device the account has not remembered asks for a code sent to its mobile or e-mail. */
  newDeviceVerification: z.boolean(),
  maintenance: z.boolean(),
  blockedCountries: z.array(countryCodeSchema).max(250),
  /** Listed first in the dialing-code picker. */
  defaultCountry: countryCodeSchema,
  /** Security centre: bank accounts one member may bind. */
  maxBankAccountsPerMember: z.number().int().min(1).max(20),
  /** The site's domains, offered by the speed test (each answers `/wps/system/test/ping`). */
  domains: z.array(siteDomainSchema).max(20),
  /** Who runs the site (legal name, CNPJ, registered address, licence number): the footer and legal pages show it; BR requires it. */
  operatorIdentity: operatorIdentitySchema,
  /** The regulator's central self-exclusion platform, linked from the footer where the licence asks for it. */
  selfExclusionUrl: selfExclusionUrlSchema,
  /** Picture and game-page CDNs and the analytics tag. */
  delivery: deliverySettingsSchema,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;
export const SITE_SETTING_KEYS = Object.keys(siteSettingsSchema.shape) as SiteSettingKey[];

/** GET /ops/site-settings: every value, and the version of each that a change must name. */
export const siteSettingsViewSchema = z.object({
  values: siteSettingsSchema,
  versions: z.record(z.enum(SITE_SETTING_KEYS), z.string()),
});
export type SiteSettingsView = z.infer<typeof siteSettingsViewSchema>;

/**
 * PUT /ops/site-settings: the settings to change, each with the version the operator saw (a
 * change made meanwhile by someone else is refused with SETTING_CHANGED, never overwritten),
 * and one reason for them all. The values are checked by `siteSettingsSchema` per key.
 */
export const siteSettingsUpdateBodySchema = z.object({
  changes: z
    .partialRecord(z.enum(SITE_SETTING_KEYS), z.object({ value: z.unknown(), version: z.string().min(1).max(64) }))
    .refine((changes) => Object.keys(changes).length > 0, { message: 'at least one setting' }),
  reason: opsReasonSchema,
});
export type SiteSettingsUpdateBody = z.infer<typeof siteSettingsUpdateBodySchema>;
