/** Account types (the member's `type`). */
export const AccountType = {
  AGENT_1: 1,
  AGENT_2: 2,
  MEMBER: 3,
  TRIAL: 4,
  AGENT_41: 41,
  AGENT_42: 42,
} as const;

export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];

/** Whether an account type may use the agent centre. */
export function isAgentType(type: number): boolean {
  return AGENT_TYPES.includes(type);
}

/** Whether an account type is a free-play trial account. */
export function isTrialType(type: number): boolean {
  return type === AccountType.TRIAL;
}

/** A member is VIP when their club rank level is above this (the product's VIP threshold: rank level above 4). */
export const VIP_RANK_LEVEL_THRESHOLD = 4;

/** Whether a club rank level (null: no club yet) makes the member a VIP. */
export function isVipRankLevel(rankLevel: number | null | undefined): boolean {
  return typeof rankLevel === 'number' && rankLevel > VIP_RANK_LEVEL_THRESHOLD;
}

/** Whitelabel module switches. */
export const WHITELABEL_MODULES = [
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBILENUMPASSREG3',
  'USERNAMEREG3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'DIRECTREG3',
  'PTSYS3',
  'CHNGPASSVERIF3',
] as const;
export type WhitelabelModule = (typeof WHITELABEL_MODULES)[number];

/**
 * The shortest login password any operator setting may allow (ASVS 5.0 V6.2.1): the
 * operator's rule may ask for more, never for less, and the server applies this floor even to a
 * rule stored before it existed.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** The weak default password that must always be changed. */
export const DEFAULT_WEAK_PASSWORD = '{secret}';

/** Interface language codes the selector lists; PT and EN are complete. */
export const LANGUAGE_CODES = [
  'PT',
  'EN',
  'PT-BR',
  'ES',
  'FR',
  'DE',
  'IT',
  'NL',
  'RU',
  'UK',
  'PL',
  'TR',
  'AR',
  'HE',
  'FA',
  'HI',
  'BN',
  'UR',
  'TA',
  'TE',
  'MR',
  'CN',
  'TW',
  'JA',
  'KO',
  'TH',
  'VI',
  'ID',
  'MS',
  'FIL',
  'KM',
  'LO',
  'MY',
  'NE',
  'SI',
  'SW',
  'RO',
  'EL',
  'CS',
  'HU',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'PT';
export const COMPLETE_LANGUAGES: readonly LanguageCode[] = ['PT', 'EN'];

/** Timing constants of the product. */
export const SMS_COUNTDOWN_SECONDS_PER_MINUTE = 60;
export const CLICK_THROTTLE_MS = 1000;
export const REMEMBER_ME_DAYS = 1;
/**
 * How long "Lembrar de mim" keeps a player signed in on a browser (the refresh cookie's Max-Age and
 * its sign-in's absolute end; docs/decisions.md, "Staying signed in"). The session rules still
 * hold inside it: a sign-in left unused past the idle limit ends.
 */
export const REFRESH_REMEMBER_DAYS = 30;
export const COUNTRY_PICKER_CLOSE_DELAY_MS = 200;
export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
export const CAPTCHA_AFTER_FAILURES = 3;
export const OTP_TTL_MINUTES = 5;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_SECONDS = 60;
export const ENCRYPTION_KEY_GRACE_MS = 10 * 60 * 1000;

/** Largest JSON body the API accepts. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Paths whose bodies must use the payload encryption of docs/api.md. */
export const ENCRYPTED_PATHS = [
  '/wps/session/login',
  '/wps/session/login/freeplay',
  '/wps/member/register',
  '/wps/member/register/mobile',
  '/wps/member/password',
  '/wps/member/password/verification',
  '/wps/member/password/reset',
  '/wps/member/payment-password',
  // They carry the payment password.
  '/wps/withdraw/orders',
  '/wps/member/transfer/upline',
  '/wps/agent/centre/transfer',
  // The agent centre's register centre carries the new account's first password.
  '/wps/agent/centre/register',
  // Creating an account through an identity provider's sign-in carries its first password.
  '/wps/oidc/pending/register',
  '/wps/relay/passwordCheck/MCS2_redeemPointReward',
  '/wps/relay/passwordCheck/MCS2_convertPoint',
] as const;
