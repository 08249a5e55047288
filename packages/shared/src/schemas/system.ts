import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { JURISDICTION_PROFILES } from '../rewards-jurisdiction';
import { publicOperatorIdentitySchema } from './operator-identity';

/** 0 normal, 1 maintenance, 2 region restricted. */
export const systemStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** One node of the whitelabel module tree; `enabled` is 1 when the module is on. */
export type WhitelabelNode = { moduleId: string; name: string; enabled: 0 | 1; children: WhitelabelNode[] };
export const whitelabelNodeSchema: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    moduleId: z.string(),
    name: z.string(),
    enabled: z.union([z.literal(0), z.literal(1)]),
    children: z.array(whitelabelNodeSchema),
  }),
);
export const whitelabelResultSchema = z.array(whitelabelNodeSchema);

/** Per-field rule: the value must match the pattern and lie within the lengths. */
export const fieldRuleSchema = z.object({
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  patternId: z.number().int().min(0).max(22),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

/**
 * The login password rule as applied: the operator's rule with the PASSWORD_MIN_LENGTH floor
 * (length only, when there is no rule). The server checks passwords with it and the forms check
 * them with it too, so a password a form accepts is never refused for its length.
 */
export function getPasswordRule(rule: FieldRule | undefined): FieldRule {
  return rule
    ? { ...rule, minLength: Math.max(rule.minLength, PASSWORD_MIN_LENGTH) }
    : { acceptedPattern: '*', minLength: PASSWORD_MIN_LENGTH, maxLength: 0, patternId: 0 };
}

/** What the site learns of the operator's licence (`JurisdictionRules` with the profile's name). */
export const jurisdictionRulesSchema = z.object({
  profile: z.enum(JURISDICTION_PROFILES),
  identity: z.enum(['none', 'cpf']),
  minimumAge: z.number().int().nullable(),
  kyc: z.boolean(),
  barredList: z.boolean(),
  limitsAtSignUp: z.boolean(),
  addressAtSignUp: z.boolean(),
  genderAtSignUp: z.boolean(),
  contactConfirmation: z.boolean(),
  depositMethods: z.union([
    z.literal('any'),
    z.array(z.enum(['pix', 'bank_transfer', 'card', 'crypto', 'cash', 'other'])),
  ]),
  ownAccountsOnly: z.boolean(),
});
export type PublicJurisdictionRules = z.infer<typeof jurisdictionRulesSchema>;

export const REGISTER_FIELDS = [
  'username',
  'password',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'recommenderId',
  'paymentPassword',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'affiliateCode',
  'captcha',
  'verificationCode',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

/** GET /wps/system/setting/register */
export const registerSettingsSchema = z.object({
  showMobile: z.boolean(),
  smsEnabled: z.boolean(),
  showPayeeName: z.boolean(),
  showpaymentPassword: z.boolean(),
  showQQ: z.boolean(),
  showline: z.boolean(),
  showwhatsapp: z.boolean(),
  showZaloapp: z.boolean(),
  showfacebook: z.boolean(),
  showwechat: z.boolean(),
  showidNumber: z.boolean(),
  showEmail: z.boolean(),
  hasAffiliate: z.boolean(),
  showCaptcha: z.boolean(),
  showRegisterCountryCode: z.boolean(),
  /** Mobile registration also asks for a password and its confirmation. */
  mobilePassword: z.boolean(),
  /**
   * The consent checkbox (age, terms, privacy) starts ticked. Off unless the operator turns it on
   * where its jurisdiction allows a pre-ticked consent (docs/decisions.md).
   */
  consentPreticked: z.boolean(),
  minimumAge: z.number().int(),
  required: z.partialRecord(z.enum(REGISTER_FIELDS), z.boolean()),
  validate: z.partialRecord(z.enum(REGISTER_FIELDS), fieldRuleSchema),
  registrationBonusMinor: z.string(),
  /**
   * The operator's jurisdiction profile and its rules (packages/shared/src/jurisdiction.ts), so the
   * forms know what the licence asks: a CPF and a date of birth where `identity` is 'cpf', no one
   * younger than `minimumAge` (docs/compliance.md).
   */
  jurisdiction: jurisdictionRulesSchema,
});
export type RegisterSettings = z.infer<typeof registerSettingsSchema>;

/**
 * How a customer-service entry opens: `link` in a new tab, `popup` in a 440×750 window (a web
 * chat), `email` a mailto: link and `phone` a tel: link in the device's own app, `chat` the
 * online-service list's type 3: a 440×500 window whose address the server hands out at the click.
 */
export const CUSTOMER_SERVICE_OPEN_AS = ['link', 'popup', 'email', 'phone', 'chat'] as const;
export type CustomerServiceOpenAs = (typeof CUSTOMER_SERVICE_OPEN_AS)[number];

export const customerServiceEntrySchema = z.object({
  csType: z.string(),
  name: z.string(),
  path: z.string(),
  openAs: z.enum(CUSTOMER_SERVICE_OPEN_AS),
  /** Offered only to VIP players (club rank level above 4), in place of the others' first entry. */
  vipOnly: z.boolean(),
  /** Absent (entries stored before the switch existed) reads as on; a switched-off entry is offered nowhere. */
  enabled: z.boolean().optional(),
});
export type CustomerServiceEntry = z.infer<typeof customerServiceEntrySchema>;
export const resourceSchema = z.object({
  resourceType: z.string(),
  labelNameEn: z.string(),
  url: z.string(),
  qrCodeUrl: z.string().nullable(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const brandSchema = z.object({
  merchantCode: z.string(),
  brandName: z.string(),
  currency: z.string(),
  currencyScale: z.number().int(),
  currencySymbol: z.string(),
});
export type Brand = z.infer<typeof brandSchema>;

/** Promotions the site offers as entries of its own (the side menu's "Refer and earn" and "Betting bonus", the footer's affiliate start). */
export const availablePromoSchema = z.object({
  REFERRAL: z.object({ enabled: z.boolean() }),
  REBATE: z.object({ enabled: z.boolean() }),
});
export type AvailablePromo = z.infer<typeof availablePromoSchema>;

/** GET /wps/system/permission — everything the shell needs before it renders. */
export const permissionResultSchema = z.object({
  brand: brandSchema,
  whitelabel: whitelabelResultSchema,
  register: registerSettingsSchema,
  resources: z.array(resourceSchema),
  customerService: z.array(customerServiceEntrySchema),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  loginToHome: z.boolean(),
  /** Whether the site's centred dialogs can be moved by their header (a site setting). */
  modalsDraggable: z.boolean(),
  languages: z.object({ default: z.string(), supported: z.array(z.string()), listed: z.array(z.string()) }),
  availablePromo: availablePromoSchema,
  /** Who runs the site (the filled identification fields) and, where the licence asks, the self-exclusion platform's link. */
  operatorIdentity: publicOperatorIdentitySchema,
  /** The analytics tag the site loads (null: none). */
  analytics: z.object({ gtagId: z.string().nullable() }),
  /** Bases the site's pictures may come from; each page picks one for its session (empty: the site itself). */
  imageCDNs: z.array(z.string()),
  /** Bases the in-house games' pages may come from; each page picks one for its session (empty: the site itself). */
  launchGameCDNs: z.array(z.string()),
});
export type PermissionResult = z.infer<typeof permissionResultSchema>;

export const permissionQuerySchema = z.object({ url: z.string().max(512).optional() });

/** GET /wps/system/country */
export const countrySchema = z.object({
  countryCode: z.string(),
  countryDialingCode: z.string(),
  name: z.string(),
  /** Allowed national number lengths, when the country has a fixed digit count. */
  mobileLengths: z.array(z.number().int()),
});
export type Country = z.infer<typeof countrySchema>;

/** GET /healthz: plain JSON for load balancers, not the envelope. */
export const livenessSchema = z.object({ status: z.literal('ok') });

/**
 * GET /readyz: 200 when every check is `ok`, else 503 with each check's reason. With a read replica
 * (DATABASE_READ_URL), where the routed reads go and its lag: informative only, since a replica
 * that lags or is gone sends those reads to the primary and never makes the instance unready.
 */
export const readinessSchema = z.object({
  status: z.enum(['ready', 'not ready']),
  checks: z.object({ database: z.string(), migrations: z.string(), changeFeed: z.string() }),
  readReplica: z
    .object({
      serving: z.enum(['replica', 'primary']),
      lagMs: z.number().nullable(),
      reason: z.string(),
    })
    .optional(),
});

/** The longest move of the test clock (TEST_CLOCK_DOOR): a year, more than any reward period. */
export const DEV_CLOCK_MAX_OFFSET_MS = 366 * 86_400_000;

/** PUT /dev/clock (TEST_CLOCK_DOOR only, never in production): how far ahead the calendar clock runs. */
export const devClockBodySchema = z.object({ offsetMs: z.number().int().min(0).max(DEV_CLOCK_MAX_OFFSET_MS) });

/** GET and PUT /dev/clock: the offset in force and the calendar clock's time with it. */
export const devClockSchema = z.object({ offsetMs: z.number().int(), now: z.string() });
