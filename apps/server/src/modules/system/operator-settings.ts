import type { z } from 'zod';
import {
  COMPLETE_LANGUAGES,
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  PASSWORD_MIN_LENGTH,
  type WhitelabelModule,
} from '@wps/shared/constants';
import type { FieldRule, RegisterField } from '@wps/shared/schemas/system';
import { siteSettingsSchema } from '@wps/shared/schemas/site-settings';
import { withdrawalSettingsSchema } from '@wps/shared/schemas/withdrawal';

/**
 * The operator's settings: one row per key in operator_settings, each validated by its schema
 * here. The site settings' schemas live in packages/shared (schemas/site-settings.ts), because
 * the back office's forms check with them too. To add a setting, add a key with its schema and
 * default; the seed inserts the default on the next start (existing values are never
 * overwritten) and `npm run ops -- config:set` accepts it at once.
 */

const site = siteSettingsSchema.shape;

const rule = (patternId: number, minLength: number, maxLength: number): FieldRule => ({
  acceptedPattern: '*',
  minLength,
  maxLength,
  patternId,
});

const DEMO_RULES: Partial<Record<RegisterField, FieldRule>> = {
  username: rule(1, 4, 16),
  // At least 8; the security guide asks for at least 64 characters to be accepted. Pattern 19
  // (printable characters, no spaces) takes a password manager's symbols; no composition rule is
  // asked beyond the length (NIST SP 800-63B 5.1.1.2 advises against them), and the server refuses
  // the most common passwords whatever the pattern (password-hasher.ts `isWeakPassword`).
  password: rule(19, PASSWORD_MIN_LENGTH, 64),
  paymentPassword: rule(6, 6, 6),
  payeeName: rule(21, 3, 64),
  email: rule(3, 6, 64),
  qqNum: rule(6, 5, 12),
  mobileNum: rule(6, 8, 11),
  recommenderId: rule(1, 4, 16),
  line: rule(9, 2, 32),
  whatsapp: rule(6, 8, 15),
  zalo: rule(6, 8, 15),
  facebook: rule(9, 2, 64),
  wechat: rule(9, 2, 32),
  idNumber: rule(4, 6, 20),
  affiliateCode: rule(4, 4, 32),
  captcha: rule(4, 5, 5),
  verificationCode: rule(6, 6, 6),
};

const DEMO_MODULES: Record<WhitelabelModule, boolean> = {
  MOBILENUMREG3: true,
  REGMOBVERF3: true,
  MOBILENUMPASSREG3: true,
  USERNAMEREG3: true,
  FREEPLAY3: true,
  // Off: no forced periodic password expiry unless the operator asks for it (ASVS 5.0 V6.2.10).
  PWDEXPFORCECHANGE3: false,
  MOBILEVERCODELOGIN3: true,
  DIRECTREG3: true,
  PTSYS3: false,
  CHNGPASSVERIF3: true,
};

/** A setting's schema with its demo value, type-checked against each other. */
function defineSetting<S extends z.ZodType>(schema: S, demo: z.output<S>): { schema: S; demo: z.output<S> } {
  return { schema, demo };
}

/** Every setting: its schema and the demo operator's value. */
export const SETTINGS = {
  brand: defineSetting(site.brand, {
    merchantCode: 'demo',
    brandName: 'Lumen Bet',
    currency: 'BRL',
    currencyScale: 2,
    currencySymbol: 'R$',
  }),
  languages: defineSetting(site.languages, {
    default: DEFAULT_LANGUAGE,
    supported: [...COMPLETE_LANGUAGES],
    listed: [...LANGUAGE_CODES],
  }),
  modules: defineSetting(site.modules, DEMO_MODULES),
  register: defineSetting(site.register, {
    showMobile: false,
    showPayeeName: false,
    showpaymentPassword: false,
    showQQ: false,
    showline: false,
    showwhatsapp: false,
    showZaloapp: false,
    showfacebook: false,
    showwechat: false,
    showidNumber: false,
    showEmail: true,
    hasAffiliate: true,
    showCaptcha: true,
    showRegisterCountryCode: true,
    consentPreticked: false,
    required: {
      username: true,
      password: true,
      mobileNum: true,
      verificationCode: true,
      captcha: true,
      email: false,
      payeeName: false,
      affiliateCode: false,
    },
    validate: DEMO_RULES,
  }),
  minimumAge: defineSetting(site.minimumAge, 18),
  registrationBonusMinor: defineSetting(site.registrationBonusMinor, '0'),
  freeplayDemoBalanceMinor: defineSetting(site.freeplayDemoBalanceMinor, '200000'),
  /** Password age that forces a change, applied only while the operator turns PWDEXPFORCECHANGE3 on. */
  passwordMaxAgeDays: defineSetting(site.passwordMaxAgeDays, 90),
  customerService: defineSetting(site.customerService, [
    { csType: 'LIVECHAT', name: 'Live chat', path: 'https://t.me/lumenbet_support', openAs: 'popup', vipOnly: false },
    { csType: 'EMAIL', name: 'E-mail', path: 'mailto:support@lumenbet.example', openAs: 'email', vipOnly: false },
    { csType: 'WHATSAPP', name: 'WhatsApp', path: 'https://wa.me/5511999990000', openAs: 'link', vipOnly: false },
    { csType: 'VIP', name: 'VIP manager', path: 'https://t.me/lumenbet_vip', openAs: 'link', vipOnly: true },
  ]),
  resources: defineSetting(site.resources, [
    {
      resourceType: 'ANDROID',
      labelNameEn: 'Android app',
      url: 'https://lumenbet.example/app/lumenbet.apk',
      qrCodeUrl: null,
    },
    {
      resourceType: 'MOBILECONFIG',
      labelNameEn: 'iOS app',
      url: 'https://lumenbet.example/app/lumenbet.mobileconfig',
      qrCodeUrl: null,
    },
    { resourceType: 'FACEBOOK', labelNameEn: 'Facebook', url: 'https://www.facebook.com/lumenbet', qrCodeUrl: null },
    { resourceType: 'INSTAGRAM', labelNameEn: 'Instagram', url: 'https://www.instagram.com/lumenbet', qrCodeUrl: null },
    { resourceType: 'TELEGRAM', labelNameEn: 'Telegram', url: 'https://t.me/lumenbet', qrCodeUrl: null },
  ]),
  loginToHome: defineSetting(site.loginToHome, false),
  /** The product's modal is draggable: on unless the operator turns it off. */
  modalsDraggable: defineSetting(site.modalsDraggable, true),
  // Off until the operator turns it on: players without a mobile or e-mail could not log in from a new device.
  newDeviceVerification: defineSetting(site.newDeviceVerification, false),
  maintenance: defineSetting(site.maintenance, false),
  blockedCountries: defineSetting(site.blockedCountries, ['US']),
  /** Listed first in the dialing-code picker. */
  defaultCountry: defineSetting(site.defaultCountry, 'BR'),
  /** Security centre: bank accounts one member may bind. */
  maxBankAccountsPerMember: defineSetting(site.maxBankAccountsPerMember, 5),
  /** Withdrawal limits and the auto-receipt delay N (the product leaves N unstated; 30 minutes, docs/decisions.md). */
  withdrawal: defineSetting(withdrawalSettingsSchema, {
    minAmountMinor: '1000',
    maxAmountMinor: '5000000',
    dailyCountLimit: 5,
    autoReceiptMinutes: 30,
    reviewDeadlineHours: 48,
  }),
  /** The speed test's domains; none listed means the domain the player is on. */
  domains: defineSetting(site.domains, []),
  /**
   * Blank, not the demo's: a database upgraded to this release gets this row, and a real operator's
   * footer must never name a fictitious company. A new database gets DEMO_OPERATOR_IDENTITY (seed.ts).
   */
  operatorIdentity: defineSetting(site.operatorIdentity, {
    legalName: '',
    cnpj: '',
    registeredAddress: '',
    authorisationNumber: '',
  }),
  /** The Ministry of Finance's central self-exclusion platform (gov.br/autoexclusaoapostas); to confirm, docs/compliance.md. */
  selfExclusionUrl: defineSetting(site.selfExclusionUrl, 'https://www.gov.br/autoexclusaoapostas'),
  /** No CDN and no analytics tag until the operator sets them: pictures and games from the site itself. */
  delivery: defineSetting(site.delivery, { imageCdns: [], launchGameCdns: [], gtagId: '' }),
};

/**
 * The demo operator's identification, written by the first seed of a new database: plainly
 * fictitious (the CNPJ is the Receita Federal's documentation example), so a screenshot never passes
 * for a licensed operator's.
 */
export const DEMO_OPERATOR_IDENTITY: Settings['operatorIdentity'] = {
  legalName: 'Demo Apostas Ltda.',
  cnpj: '11.222.333/0001-81',
  registeredAddress: 'Rua Exemplo, 100 — São Paulo/SP',
  authorisationNumber: 'SPA/MF nº 0000/2026 (demonstração)',
};

export type SettingKey = keyof typeof SETTINGS;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export type Settings = { [K in SettingKey]: z.output<(typeof SETTINGS)[K]['schema']> };

/** Whether a string names a known setting. */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTINGS, key);
}

/** Validate a value for a setting; throws a ZodError naming what is wrong. */
export function parseSetting<K extends SettingKey>(key: K, value: unknown): Settings[K] {
  return SETTINGS[key].schema.parse(value) as Settings[K];
}

/** The demo operator's value of every setting. */
export function getDemoSettings(): Settings {
  return Object.fromEntries(SETTING_KEYS.map((k) => [k, SETTINGS[k].demo])) as Settings;
}

/**
 * Demo CIDR blocks: the documentation ranges of RFC 5737 and RFC 3849, so the region page can be
 * shown (with TRUST_PROXY and an X-Forwarded-For of 203.0.113.x) without mapping any real address.
 */
export const DEMO_REGION_CIDRS = [
  { cidr: '192.0.2.0/24', countryCode: 'PT', note: 'demo: RFC 5737 TEST-NET-1' },
  { cidr: '198.51.100.0/24', countryCode: 'BR', note: 'demo: RFC 5737 TEST-NET-2' },
  { cidr: '203.0.113.0/24', countryCode: 'US', note: 'demo: RFC 5737 TEST-NET-3' },
  { cidr: '2001:db8::/32', countryCode: 'BR', note: 'demo: RFC 3849 documentation prefix' },
] as const;
