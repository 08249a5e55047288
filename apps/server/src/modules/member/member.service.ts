import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  AccountType,
  CAPTCHA_AFTER_FAILURES,
  DEFAULT_LANGUAGE,
  DEFAULT_WEAK_PASSWORD,
  LANGUAGE_CODES,
  isAgentType,
  isTrialType,
  type WhitelabelModule,
} from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import {
  AVATAR_COUNT,
  avatarUrl,
  type MemberAvatar,
  type MemberInfo,
  type PlayerAvatarList,
} from '@wps/shared/schemas/member';
import type { Country, RegisterField, RegisterSettings } from '@wps/shared/schemas/system';
import { validateField, type FieldError } from '@wps/shared/validation-patterns';
import { createTtlCache } from '../../cache/ttl-cache';
import type { AppConfig } from '../../config';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../services';
import type { LedgerService } from '../ledger/ledger.service';
import type { SessionMember, SessionService } from '../session/session.service';
import type { CaptchaService } from '../verification/captcha.service';
import type { Notifier } from '../verification/notifier';
import type { OtpService } from '../verification/otp.service';
import type { RateLimiter } from '../verification/rate-limiter';
import {
  consumeResetToken,
  findAffiliateCode,
  findCredentialsByAccount,
  findCredentialsById,
  findCredentialsByMobile,
  findFreeplayGrant,
  findMemberInfo,
  findUniqueViolation,
  insertFreeplayGrant,
  insertMember,
  isAccountTaken,
  isMobileTaken,
  recordLogin,
  replaceResetToken,
  updateLanguage,
  findAvatarId,
  updateAvatarId,
  updatePassword,
  type AffiliateCodeRow,
  type CredentialRow,
  type MemberInfoRow,
  type NewMember,
} from './member.repository';
import { createPasswordHasher, isWeakPassword } from './password-hasher';

type Db = Kysely<Database>;

/** What the member service needs from the system service (operator configuration). */
type SystemPort = {
  getRegisterSettings(): Promise<RegisterSettings>;
  isModuleEnabled(id: WhitelabelModule): Promise<boolean>;
  getOperatorConfig(): Promise<{
    registrationBonusMinor: string | bigint;
    freeplayDemoBalanceMinor: string | bigint;
    passwordMaxAgeDays: number;
  }>;
  listCountries(): Country[] | readonly Country[] | Promise<Country[] | readonly Country[]>;
};

type MemberContext = Pick<AppContext, 'db' | 'log'> & {
  config: Pick<AppConfig, 'scryptLogN' | 'port'> & { publicUrl?: string | undefined };
  system: SystemPort;
  ledger: Pick<LedgerService, 'ensurePlayerWallet' | 'creditPlayerFromSystem'>;
  captcha: Pick<CaptchaService, 'verify'>;
  otp: Pick<OtpService, 'verify'>;
  rateLimiter: RateLimiter;
  session: SessionService;
  notifier: Pick<Notifier, 'sendEmail'>;
  /** Member-row changes on any instance; without a live feed member info is not cached. */
  changeFeed?: ChangeFeed;
  now?: () => number;
};

/**
 * Member info is read on every page load. It is cached briefly and evicted when the member row
 * changes: by the members trigger's notification on every instance, and at once on this
 * instance by the writer's announcement after its commit (read-your-writes).
 */
const INFO_CACHE_TTL_MS = 5_000;
const INFO_CACHE_MAX_ENTRIES = 20_000;

/** Who is calling: used for rate limits and stored with sessions. */
export type RequestOrigin = { ip: string; userAgent: string | null; language?: string | undefined };

/** Rate limits (limit per window in seconds). Short account windows: they slow guessing, never lock a player out for long. */
export const MEMBER_LIMITS = {
  loginPerIp: { limit: 60, windowSeconds: 5 * 60 },
  loginPerAccount: { limit: 20, windowSeconds: 60 },
  /** Failed logins within this window make a captcha necessary. */
  failureWindowSeconds: 15 * 60,
  registerPerIp: { limit: 60, windowSeconds: 60 * 60 },
  freeplayPerIp: { limit: 30, windowSeconds: 60 * 60 },
  passwordChangePerMember: { limit: 10, windowSeconds: 15 * 60 },
  forgotPerIp: { limit: 10, windowSeconds: 60 * 60 },
  forgotPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  resetTokenPerIp: { limit: 20, windowSeconds: 60 * 60 },
  affiliatePerIp: { limit: 30, windowSeconds: 60 },
} as const;

const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;
const MAX_GENERATE_ATTEMPTS = 8;
const MAX_TRANSACTION_ATTEMPTS = 4;
const DAY_MS = 24 * 60 * 60 * 1000;

type RegisterInput = {
  username?: string | undefined;
  password?: string | undefined;
  confirmPassword?: string | undefined;
  payeeName?: string | undefined;
  email?: string | undefined;
  qqNum?: string | undefined;
  mobileNum?: string | undefined;
  countryDialingCode?: string | undefined;
  recommenderId?: string | undefined;
  captcha?: string | undefined;
  captchaKey?: string | undefined;
  verificationCode?: string | undefined;
  affiliateCode?: string | undefined;
  referralCode?: string | undefined;
  paymentPassword?: string | undefined;
  line?: string | undefined;
  whatsapp?: string | undefined;
  zalo?: string | undefined;
  facebook?: string | undefined;
  wechat?: string | undefined;
  idNumber?: string | undefined;
  domain?: string | undefined;
  agree: boolean;
};

type LoginInput = {
  type: 'username' | 'sms';
  username: string;
  password: string;
  countryDialingCode?: string | undefined;
  captcha?: string | undefined;
  captchaKey?: string | undefined;
};

/** One failed field in a VALIDATION_FAILED value. */
export type FieldFailure = { field: string } & FieldError;

function failFields(fields: FieldFailure[]): never {
  const names = fields.map((f) => f.field).join(', ');
  throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${names}`, { fields });
}

function required(field: string): FieldFailure {
  return { field, code: 'required', patternId: 0, min: 0, max: 0 };
}

function hashKey(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

function randomDigits(count: number): string {
  let out = String(crypto.randomInt(1, 10));
  while (out.length < count) out += String(crypto.randomInt(0, 10));
  return out;
}

/** A password nobody knows, for accounts that log in another way (SMS, free play). */
function randomPassword(): string {
  return crypto.randomBytes(24).toString('base64url');
}

function normaliseDomain(domain: string | undefined): string | null {
  if (!domain) return null;
  const host = domain.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').split('/')[0]?.split(':')[0] ?? '';
  return host.replace(/^www\./, '') || null;
}

/** A code bound to a domain is valid on that domain and its subdomains only. */
function isCodeValidOn(code: AffiliateCodeRow, domain: string | undefined): boolean {
  if (!code.domain) return true;
  const host = normaliseDomain(domain);
  return host !== null && (host === code.domain || host.endsWith(`.${code.domain}`));
}

function maskMobile(dialingCode: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  const visible = mobile.length > 6 ? `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-3)}` : `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
  return dialingCode ? `+${dialingCode} ${visible}` : visible;
}

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

function isRetryable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
}

/**
 * Player accounts: registration (username and mobile), login (password and SMS), free play,
 * member info and language, and passwords (change, forgot by email, reset by phone).
 */
export function createMemberService(ctx: MemberContext) {
  const { db, log, system, ledger, captcha, otp, rateLimiter, session, notifier } = ctx;
  const now = ctx.now ?? Date.now;
  const hasher = createPasswordHasher({ logN: ctx.config.scryptLogN });
  const feed = ctx.changeFeed;
  // Holds only what comes from the members row: a field read from another table would also need
  // evicting when that table changes.
  const infoCache = createTtlCache<MemberInfoRow>({ ttlMs: INFO_CACHE_TTL_MS, maxEntries: INFO_CACHE_MAX_ENTRIES, now });
  feed?.subscribe(CHANGE_CHANNELS.memberChange, (memberId) => infoCache.delete(memberId));
  feed?.onReset(() => infoCache.clear());

  /** The members-row fields of member info, from the cache while the change feed is live. */
  async function readMemberInfo(memberId: string): Promise<MemberInfoRow | undefined> {
    const isCacheUsable = feed?.isLive === true;
    const cached = isCacheUsable ? infoCache.get(memberId) : undefined;
    if (cached) return cached;
    const readVersion = infoCache.version;
    const row = await findMemberInfo(db, memberId);
    if (row && isCacheUsable) infoCache.set(memberId, row, readVersion);
    return row;
  }

  /** Run `fn` in a transaction, again on serialization failures and deadlocks. */
  async function inTransaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(fn);
      } catch (err) {
        if (!isRetryable(err) || attempt >= MAX_TRANSACTION_ATTEMPTS) throw err;
      }
    }
  }

  async function requireModules(...modules: WhitelabelModule[]): Promise<void> {
    for (const module of modules) {
      if (!(await system.isModuleEnabled(module))) {
        throw new AppError(ErrorCode.FEATURE_DISABLED, 'This feature is not enabled', { module });
      }
    }
  }

  async function isCaptchaRequired(account: string, ip: string): Promise<boolean> {
    const window = MEMBER_LIMITS.failureWindowSeconds;
    const [byAccount, byIp] = await Promise.all([
      rateLimiter.count('login-fail-account', account, window),
      rateLimiter.count('login-fail-ip', ip, window),
    ]);
    return byAccount >= CAPTCHA_AFTER_FAILURES || byIp >= CAPTCHA_AFTER_FAILURES;
  }

  async function checkCaptcha(key: string | undefined, answer: string | undefined): Promise<void> {
    if (!key || !answer) throw new AppError(ErrorCode.CAPTCHA_REQUIRED, 'Enter the captcha', { captcha: true });
    if (!(await captcha.verify(key, answer))) {
      throw new AppError(ErrorCode.CAPTCHA_INVALID, 'The captcha is wrong or has expired', { captcha: true });
    }
  }

  function checkNewPassword(
    settings: RegisterSettings,
    field: string,
    password: string | undefined,
    confirmField: string,
    confirm: string | undefined,
  ): string {
    const failures: FieldFailure[] = [];
    const error = validateField(settings.validate.password, password, { required: true });
    if (error) failures.push({ field, ...error });
    if (!confirm) failures.push(required(confirmField));
    if (failures.length > 0) failFields(failures);
    if (password !== confirm) throw new AppError(ErrorCode.PASSWORD_MISMATCH, 'The passwords do not match');
    if (isWeakPassword(password ?? '')) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'This password is too common; choose another one');
    }
    return password ?? '';
  }

  async function checkMobileLength(dialingCode: string, mobile: string): Promise<FieldFailure | null> {
    const countries = await system.listCountries();
    const lengths = countries.filter((c) => c.countryDialingCode === dialingCode).flatMap((c) => c.mobileLengths);
    if (lengths.length === 0 || lengths.includes(mobile.length)) return null;
    const min = Math.min(...lengths);
    const max = Math.max(...lengths);
    return { field: 'mobileNum', code: 'length', patternId: 6, min, max };
  }

  async function resolveCode(code: string | undefined, domain: string | undefined): Promise<AffiliateCodeRow | null> {
    if (!code) return null;
    const row = await findAffiliateCode(db, code.trim());
    if (!row || !isCodeValidOn(row, domain)) {
      throw new AppError(ErrorCode.INVITATION_CODE_ERROR, 'The invitation code is not valid');
    }
    return row;
  }

  async function passwordAge(row: CredentialRow): Promise<{ expired: boolean; forceChange: boolean }> {
    const [operator, force] = await Promise.all([system.getOperatorConfig(), system.isModuleEnabled('PWDEXPFORCECHANGE3')]);
    const maxAgeDays = operator.passwordMaxAgeDays;
    const expired = maxAgeDays > 0 && row.passwordChangedAt.getTime() + maxAgeDays * DAY_MS <= now();
    return { expired, forceChange: expired && force };
  }

  function toLoginResult(
    row: Pick<CredentialRow, 'account' | 'nickname' | 'type'>,
    input: { token: string; firstTimeLogin: boolean; passwordExpired: boolean; mustChangePassword: boolean; account?: string },
  ): LoginResult {
    const result: LoginResult = {
      token: input.token,
      firstTimeLogin: input.firstTimeLogin,
      passwordExpired: input.passwordExpired,
      mustChangePassword: input.mustChangePassword,
      userInfo: { userName: row.account, nickname: row.nickname, type: row.type },
    };
    if (input.account) result.account = input.account;
    return result;
  }

  /** Open a session for an existing account after its credentials were checked. */
  async function startSession(
    row: CredentialRow,
    origin: RequestOrigin,
    opts: { mustChangePassword: boolean; passwordExpired: boolean; persistMustChange?: boolean; upgradedHash?: string | undefined },
  ): Promise<LoginResult> {
    if (row.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account is disabled');
    const at = new Date(now());
    const { token } = await inTransaction(async (trx) => {
      const opened = await session.createSession(trx, {
        memberId: row.id,
        mustChangePassword: opts.mustChangePassword,
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      await recordLogin(trx, row.id, {
        now: at,
        mustChangePassword: opts.persistMustChange === true && !row.mustChangePassword,
        upgradedHash: opts.upgradedHash,
      });
      return opened;
    });
    return toLoginResult(row, {
      token,
      firstTimeLogin: row.lastLoginAt === null,
      passwordExpired: opts.passwordExpired,
      mustChangePassword: opts.mustChangePassword,
    });
  }

  /**
   * Insert the member with wallet, optional bonus and first session in one transaction. A taken
   * account name or mobile number surfaces as USERNAME_TAKEN / MOBILE_TAKEN; a generated name
   * that collides is generated again.
   */
  async function createAccount(
    member: Omit<NewMember, 'account' | 'now'> & { account: string | (() => string) },
    origin: RequestOrigin,
    extra: {
      credit?: { amountMinor: bigint; systemAccount: 'promotion_budget' | 'demo_bank'; kind: string; idempotencyKey: (id: string) => string };
      grantKey?: string;
    },
  ): Promise<{ memberId: string; account: string; token: string } | { grantTaken: true }> {
    for (let attempt = 1; ; attempt++) {
      const account = typeof member.account === 'function' ? member.account() : member.account;
      try {
        return await inTransaction(async (trx) => {
          const at = new Date(now());
          const memberId = await insertMember(trx, { ...member, account, now: at });
          if (extra.grantKey) await insertFreeplayGrant(trx, extra.grantKey, memberId, at);
          await ledger.ensurePlayerWallet(trx, memberId);
          if (extra.credit && extra.credit.amountMinor > 0n) {
            await ledger.creditPlayerFromSystem(
              {
                memberId,
                systemAccount: extra.credit.systemAccount,
                amountMinor: extra.credit.amountMinor,
                kind: extra.credit.kind,
                idempotencyKey: extra.credit.idempotencyKey(memberId),
                reference: `member:${memberId}`,
              },
              trx,
            );
          }
          const { token } = await session.createSession(trx, { memberId, ip: origin.ip, userAgent: origin.userAgent });
          return { memberId, account, token };
        });
      } catch (err) {
        const constraint = findUniqueViolation(err);
        if (constraint === 'freeplay_grants_pkey') return { grantTaken: true };
        if (constraint === 'members_account_key') {
          if (typeof member.account === 'function' && attempt < MAX_GENERATE_ATTEMPTS) continue;
          throw new AppError(ErrorCode.USERNAME_TAKEN, 'This username is already taken');
        }
        if (constraint === 'members_mobile_key') throw new AppError(ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered');
        throw err;
      }
    }
  }

  /** The shared part of both registrations; `mode` decides which fields apply. */
  async function register(mode: 'username' | 'mobile', body: RegisterInput, origin: RequestOrigin): Promise<LoginResult> {
    await requireModules('DIRECTREG3', mode === 'username' ? 'USERNAMEREG3' : 'MOBILENUMREG3');
    if (body.agree !== true) {
      throw new AppError(ErrorCode.AGREEMENT_REQUIRED, 'Accept the terms, the privacy policy and the minimum age to register');
    }
    const [settings, smsVerification] = await Promise.all([system.getRegisterSettings(), system.isModuleEnabled('REGMOBVERF3')]);

    const mobileShown = mode === 'mobile' || settings.showMobile;
    const mobile = mobileShown ? body.mobileNum?.trim() || undefined : undefined;
    const dialingCode = mobile ? body.countryDialingCode : undefined;
    const usesPassword = mode === 'username' || settings.mobilePassword;
    const shown: [RegisterField, string | undefined, boolean, boolean][] = [
      // field, value, shown, always required
      ['username', body.username, mode === 'username', true],
      ['password', body.password, usesPassword, true],
      ['payeeName', body.payeeName, settings.showPayeeName, false],
      ['email', body.email, settings.showEmail, false],
      ['qqNum', body.qqNum, settings.showQQ, false],
      ['mobileNum', body.mobileNum, mobileShown, mode === 'mobile'],
      ['paymentPassword', body.paymentPassword, settings.showpaymentPassword, false],
      ['line', body.line, settings.showline, false],
      ['whatsapp', body.whatsapp, settings.showwhatsapp, false],
      ['zalo', body.zalo, settings.showZaloapp, false],
      ['facebook', body.facebook, settings.showfacebook, false],
      ['wechat', body.wechat, settings.showwechat, false],
      ['idNumber', body.idNumber, settings.showidNumber, false],
      ['affiliateCode', body.affiliateCode, settings.hasAffiliate, false],
      ['recommenderId', body.recommenderId, body.recommenderId !== undefined, false],
      ['verificationCode', body.verificationCode, smsVerification && mobile !== undefined, true],
    ];
    const failures: FieldFailure[] = [];
    for (const [field, value, isShown, always] of shown) {
      if (!isShown) continue;
      const error = validateField(settings.validate[field], value, { required: always || settings.required[field] === true });
      if (error) failures.push({ field, ...error });
    }
    if (mobile && !dialingCode) failures.push(required('countryDialingCode'));
    if (mobile && dialingCode && !failures.some((f) => f.field === 'mobileNum')) {
      const lengthError = await checkMobileLength(dialingCode, mobile);
      if (lengthError) failures.push(lengthError);
    }
    if (usesPassword && !body.confirmPassword) failures.push(required('confirmPassword'));
    if (failures.length > 0) failFields(failures);
    if (usesPassword && body.password !== body.confirmPassword) {
      throw new AppError(ErrorCode.PASSWORD_MISMATCH, 'The passwords do not match');
    }
    if (usesPassword && isWeakPassword(body.password ?? '')) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'This password is too common; choose another one');
    }

    await rateLimiter.consume('register-ip', origin.ip, MEMBER_LIMITS.registerPerIp.limit, MEMBER_LIMITS.registerPerIp.windowSeconds);
    if (settings.showCaptcha) await checkCaptcha(body.captchaKey, body.captcha);

    const affiliate = await resolveCode(settings.hasAffiliate ? body.affiliateCode : undefined, body.domain);
    const referral = await resolveCode(body.referralCode ?? body.recommenderId, body.domain);
    const account = mode === 'username' ? (body.username ?? '').trim().toLowerCase() : undefined;
    // Cheap pre-checks, so a taken name does not burn the player's SMS code; the unique indexes decide.
    if (account && (await isAccountTaken(db, account))) throw new AppError(ErrorCode.USERNAME_TAKEN, 'This username is already taken');
    if (mobile && dialingCode && (await isMobileTaken(db, dialingCode, mobile))) {
      throw new AppError(ErrorCode.MOBILE_TAKEN, 'This mobile number is already registered');
    }
    if (smsVerification && mobile && dialingCode) {
      await otp.verify({ purpose: 'register', dialingCode, mobile, code: body.verificationCode ?? '', ip: origin.ip });
    }

    const passwordHash = await hasher.hash(usesPassword ? (body.password ?? '') : randomPassword());
    const paymentPasswordHash =
      settings.showpaymentPassword && body.paymentPassword ? await hasher.hash(body.paymentPassword) : null;
    const keep = (shownFlag: boolean, value: string | undefined) => (shownFlag && value ? value : null);
    const sponsors = [affiliate, referral].filter((c): c is AffiliateCodeRow => c !== null);
    // An agent's code places the player in the agent's downline; any other member's code records a referral.
    const upline = sponsors.find((c) => isAgentType(c.memberType));
    const referrer = sponsors.find((c) => !isAgentType(c.memberType));
    const operator = await system.getOperatorConfig();
    const bonus = BigInt(String(operator.registrationBonusMinor || '0'));

    const created = await createAccount(
      {
        account: account ?? (() => `m${randomDigits(9)}`),
        nickname: null,
        type: AccountType.MEMBER,
        passwordHash,
        paymentPasswordHash,
        dialingCode: dialingCode ?? null,
        mobile: mobile ?? null,
        email: keep(settings.showEmail, body.email),
        payeeName: keep(settings.showPayeeName, body.payeeName),
        qq: keep(settings.showQQ, body.qqNum),
        line: keep(settings.showline, body.line),
        whatsapp: keep(settings.showwhatsapp, body.whatsapp),
        zalo: keep(settings.showZaloapp, body.zalo),
        facebook: keep(settings.showfacebook, body.facebook),
        wechat: keep(settings.showwechat, body.wechat),
        idNumber: keep(settings.showidNumber, body.idNumber),
        language: pickLanguage(origin.language),
        uplineId: upline?.memberId ?? null,
        referrerId: referrer?.memberId ?? null,
        registerDomain: normaliseDomain(body.domain),
        registerIp: origin.ip,
        mustChangePassword: false,
        lastLoginAt: new Date(now()),
      },
      origin,
      {
        credit: {
          amountMinor: bonus,
          systemAccount: 'promotion_budget',
          kind: 'registration_bonus',
          idempotencyKey: (id) => `register-bonus:${id}`,
        },
      },
    );
    if ('grantTaken' in created) throw new Error('unreachable: registration has no grant key');
    return {
      token: created.token,
      firstTimeLogin: true,
      passwordExpired: false,
      mustChangePassword: false,
      userInfo: { userName: created.account, nickname: null, type: AccountType.MEMBER },
      ...(mode === 'mobile' ? { account: created.account } : {}),
    };
  }

  async function loginWithPassword(body: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
    const account = body.username.trim().toLowerCase();
    await rateLimiter.consume('login-ip', origin.ip, MEMBER_LIMITS.loginPerIp.limit, MEMBER_LIMITS.loginPerIp.windowSeconds);
    await rateLimiter.consume('login-account', account, MEMBER_LIMITS.loginPerAccount.limit, MEMBER_LIMITS.loginPerAccount.windowSeconds);
    if (await isCaptchaRequired(account, origin.ip)) await checkCaptcha(body.captchaKey, body.captcha);

    const row = await findCredentialsByAccount(db, account);
    const valid = row ? await hasher.verify(body.password, row.passwordHash) : await hasher.verifyDummy(body.password);
    if (!row || !valid) {
      const window = MEMBER_LIMITS.failureWindowSeconds;
      await rateLimiter.hit('login-fail-account', account, window);
      await rateLimiter.hit('login-fail-ip', origin.ip, window);
      const next = await isCaptchaRequired(account, origin.ip);
      throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Incorrect username or password', { captcha: next });
    }
    if (row.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account is disabled');
    await rateLimiter.reset('login-fail-account', account);

    const isDefault = body.password === DEFAULT_WEAK_PASSWORD;
    const trial = isTrialType(row.type);
    const age = trial ? { expired: false, forceChange: false } : await passwordAge(row);
    const mustChangePassword = !trial && (isDefault || row.mustChangePassword || age.forceChange);
    const upgradedHash = !isDefault && hasher.needsRehash(row.passwordHash) ? await hasher.hash(body.password) : undefined;
    return startSession(row, origin, { mustChangePassword, passwordExpired: age.expired, persistMustChange: isDefault, upgradedHash });
  }

  async function loginWithSms(body: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
    await requireModules('MOBILEVERCODELOGIN3');
    const mobile = body.username.trim();
    const failures: FieldFailure[] = [];
    if (!/^\d{4,15}$/.test(mobile)) failures.push({ field: 'username', code: 'pattern', patternId: 6, min: 4, max: 15 });
    if (!body.countryDialingCode) failures.push(required('countryDialingCode'));
    if (failures.length > 0 || !body.countryDialingCode) failFields(failures);
    await rateLimiter.consume('login-ip', origin.ip, MEMBER_LIMITS.loginPerIp.limit, MEMBER_LIMITS.loginPerIp.windowSeconds);
    // The code's own limits (5 wrong tries, checks per number and IP) stand in for the captcha here.
    await otp.verify({ purpose: 'login', dialingCode: body.countryDialingCode, mobile, code: body.password, ip: origin.ip });
    const row = await findCredentialsByMobile(db, body.countryDialingCode, mobile);
    if (!row) throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'No account uses this mobile number', { captcha: false });
    const age = await passwordAge(row);
    // Spec §4: the change-password step is skipped for SMS login.
    return startSession(row, origin, { mustChangePassword: false, passwordExpired: age.expired });
  }

  function pickLanguage(language: string | undefined): string {
    const code = language?.trim().toUpperCase();
    return code && (LANGUAGE_CODES as readonly string[]).includes(code) ? code : DEFAULT_LANGUAGE;
  }

  async function setPassword(memberId: string, password: string, keepSessionId: string | undefined): Promise<void> {
    const passwordHash = await hasher.hash(password);
    await inTransaction(async (trx) => {
      await updatePassword(trx, memberId, passwordHash, new Date(now()));
      await session.revokeOthers(memberId, keepSessionId, trx);
      if (keepSessionId) await session.clearMustChangePassword(keepSessionId, trx);
    });
  }

  function buildResetLink(token: string): string {
    const base = (ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`).replace(/\/+$/, '');
    // The token rides in the fragment (issue 8 §7): browsers never send it to a server, so it
    // stays out of access logs, proxies and Referer headers; the page posts it in the body.
    return `${base}/reset-password#token=${encodeURIComponent(token)}`;
  }

  return {
    /** PUT /wps/member/register: create a username account and log it in. */
    registerByUsername(body: RegisterInput, origin: RequestOrigin): Promise<LoginResult> {
      return register('username', body, origin);
    },

    /** PUT /wps/member/register/mobile: create an account named by the server and log it in. */
    registerByMobile(body: RegisterInput, origin: RequestOrigin): Promise<LoginResult> {
      return register('mobile', body, origin);
    },

    /** POST /wps/session/login by password or SMS code. */
    login(body: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
      return body.type === 'sms' ? loginWithSms(body, origin) : loginWithPassword(body, origin);
    },

    /**
     * POST /wps/session/login/freeplay: a trial account with a demo balance. Requests with one
     * client key (from one IP) share one account and one demo credit, however many run at once.
     */
    async loginFreeplay(body: { random: string; idempotencyKey?: string | undefined }, origin: RequestOrigin): Promise<LoginResult> {
      await requireModules('FREEPLAY3');
      await rateLimiter.consume('freeplay-ip', origin.ip, MEMBER_LIMITS.freeplayPerIp.limit, MEMBER_LIMITS.freeplayPerIp.windowSeconds);
      // Bound to the IP too, so a leaked key does not hand a stranger the trial account.
      const grantKey = hashKey(`freeplay\u0000${origin.ip}\u0000${body.idempotencyKey ?? body.random}`);
      const loginExisting = async (memberId: string): Promise<LoginResult> => {
        const row = await findCredentialsById(db, memberId);
        if (!row || !isTrialType(row.type)) throw new Error(`freeplay grant points at a non-trial member ${memberId}`);
        return startSession(row, origin, { mustChangePassword: false, passwordExpired: false });
      };
      const existing = await findFreeplayGrant(db, grantKey);
      if (existing) return loginExisting(existing);

      const operator = await system.getOperatorConfig();
      const created = await createAccount(
        {
          account: () => `demo${randomDigits(8)}`,
          nickname: null,
          type: AccountType.TRIAL,
          passwordHash: await hasher.hash(randomPassword()),
          paymentPasswordHash: null,
          dialingCode: null,
          mobile: null,
          email: null,
          payeeName: null,
          qq: null,
          line: null,
          whatsapp: null,
          zalo: null,
          facebook: null,
          wechat: null,
          idNumber: null,
          language: pickLanguage(origin.language),
          uplineId: null,
          referrerId: null,
          registerDomain: null,
          registerIp: origin.ip,
          mustChangePassword: false,
          lastLoginAt: new Date(now()),
        },
        origin,
        {
          grantKey,
          credit: {
            amountMinor: BigInt(String(operator.freeplayDemoBalanceMinor || '0')),
            systemAccount: 'demo_bank',
            kind: 'freeplay_demo_credit',
            idempotencyKey: () => `freeplay:${grantKey}`,
          },
        },
      );
      if ('grantTaken' in created) {
        const memberId = await findFreeplayGrant(db, grantKey);
        if (!memberId) throw new Error('freeplay grant vanished after a conflict');
        return loginExisting(memberId);
      }
      return {
        token: created.token,
        firstTimeLogin: true,
        passwordExpired: false,
        mustChangePassword: false,
        userInfo: { userName: created.account, nickname: null, type: AccountType.TRIAL },
      };
    },

    /** GET /wps/member/info. */
    async getInfo(memberId: string): Promise<MemberInfo> {
      const row = await readMemberInfo(memberId);
      if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
      return {
        id: row.id,
        account: row.account,
        nickname: row.nickname,
        type: row.type,
        toUpline: row.uplineId !== null,
        clubLabel: null,
        memberLabel: [],
        language: row.language,
        mobileNum: maskMobile(row.dialingCode, row.mobile),
        email: maskEmail(row.email),
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** GET /wps/member/info/icon: the member's avatar (nulls mean the default avatar). */
    async getAvatar(memberId: string): Promise<MemberAvatar> {
      const avatarId = await findAvatarId(db, memberId);
      return { avatarId, url: avatarId === null ? null : avatarUrl(avatarId) };
    },

    /** GET /wps/relay/MCSFE_getPlayerAvatar: every avatar on offer and the member's current one. */
    async listAvatars(memberId: string): Promise<PlayerAvatarList> {
      const list = Array.from({ length: AVATAR_COUNT }, (_, i) => ({ avatarId: i + 1, url: avatarUrl(i + 1) }));
      return { list, current: await findAvatarId(db, memberId) };
    },

    /** PUT /wps/member/info/icon: choose one of the drawn avatars. */
    async setAvatar(memberId: string, avatarId: number): Promise<MemberAvatar> {
      await updateAvatarId(db, memberId, avatarId);
      return { avatarId, url: avatarUrl(avatarId) };
    },

    /** PUT /wps/member/language: store one of the listed language codes. */
    async setLanguage(memberId: string, language: string): Promise<string> {
      const code = language.trim().toUpperCase();
      if (!(LANGUAGE_CODES as readonly string[]).includes(code)) {
        failFields([{ field: 'language', code: 'pattern', patternId: 0, min: 2, max: 8 }]);
      }
      await updateLanguage(db, memberId, code);
      feed?.announce(CHANGE_CHANNELS.memberChange, memberId);
      return code;
    },

    /** GET /wps/agent/affiliate: the agent behind a code valid on the given domain. */
    async checkAffiliate(code: string, domain: string | undefined, origin: RequestOrigin): Promise<{ code: string; agent: string }> {
      await rateLimiter.consume('affiliate-ip', origin.ip, MEMBER_LIMITS.affiliatePerIp.limit, MEMBER_LIMITS.affiliatePerIp.windowSeconds);
      const row = await resolveCode(code, domain);
      if (!row) throw new AppError(ErrorCode.INVITATION_CODE_ERROR, 'The invitation code is not valid');
      return { code: row.code, agent: row.memberAccount };
    },

    /**
     * POST /wps/member/password: the old password is always checked; the new one follows the
     * operator's password rule, is not common, and other sessions are revoked.
     */
    async changePassword(
      auth: SessionMember,
      body: { oldPassword?: string | undefined; newPassword: string; confirmNewPassword: string },
    ): Promise<void> {
      if (!body.oldPassword) failFields([required('oldPassword')]);
      await rateLimiter.consume(
        'password-change-member',
        auth.memberId,
        MEMBER_LIMITS.passwordChangePerMember.limit,
        MEMBER_LIMITS.passwordChangePerMember.windowSeconds,
      );
      const row = await findCredentialsById(db, auth.memberId);
      if (!row || !(await hasher.verify(body.oldPassword ?? '', row.passwordHash))) {
        throw new AppError(ErrorCode.OLD_PASSWORD_INCORRECT, 'The current password is incorrect');
      }
      const settings = await system.getRegisterSettings();
      const password = checkNewPassword(settings, 'newPassword', body.newPassword, 'confirmNewPassword', body.confirmNewPassword);
      if (password === body.oldPassword) {
        throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'The new password must differ from the current one', { reason: 'unchanged' });
      }
      await setPassword(auth.memberId, password, auth.sessionId);
    },

    /**
     * POST /wps/member/password/email: when the username and e-mail match an account, mail a
     * single-use reset link (30 minutes). The answer never says whether they matched.
     */
    async requestEmailReset(body: { username: string; email: string }, origin: RequestOrigin): Promise<void> {
      const account = body.username.trim().toLowerCase();
      await rateLimiter.consume('forgot-ip', origin.ip, MEMBER_LIMITS.forgotPerIp.limit, MEMBER_LIMITS.forgotPerIp.windowSeconds);
      await rateLimiter.consume('forgot-account', account, MEMBER_LIMITS.forgotPerAccount.limit, MEMBER_LIMITS.forgotPerAccount.windowSeconds);
      const row = await findCredentialsByAccount(db, account);
      const matches =
        row !== undefined &&
        row.status === 'active' &&
        !isTrialType(row.type) &&
        row.email !== null &&
        row.email.trim().toLowerCase() === body.email.trim().toLowerCase();
      if (!matches || !row?.email) return;
      const token = crypto.randomBytes(32).toString('base64url');
      const at = new Date(now());
      await replaceResetToken(db, { tokenHash: hashKey(token), memberId: row.id, now: at, expiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS) });
      const link = buildResetLink(token);
      const text = [
        `Olá ${row.account},`,
        `Para redefinir a sua senha, abra este link nos próximos 30 minutos: ${link}`,
        'Se não pediu esta alteração, ignore este e-mail.',
        '',
        `Hello ${row.account},`,
        `To reset your password, open this link within 30 minutes: ${link}`,
        'If you did not ask for this, ignore this e-mail.',
      ].join('\n');
      // Sent in the background: the response time must not tell a match from a miss.
      notifier.sendEmail(row.email, 'Redefinir senha / Reset your password', text).catch((err: unknown) => {
        log.warn({ err }, 'password reset e-mail failed');
      });
    },

    /** POST /wps/member/password/reset: complete an e-mail reset with its single-use token. */
    async resetWithEmailToken(
      body: { token: string; newPassword: string; confirmNewPassword: string },
      origin: RequestOrigin,
    ): Promise<void> {
      await rateLimiter.consume('reset-token-ip', origin.ip, MEMBER_LIMITS.resetTokenPerIp.limit, MEMBER_LIMITS.resetTokenPerIp.windowSeconds);
      const settings = await system.getRegisterSettings();
      const password = checkNewPassword(settings, 'newPassword', body.newPassword, 'confirmNewPassword', body.confirmNewPassword);
      const memberId = await consumeResetToken(db, hashKey(body.token), new Date(now()));
      // Not UNAUTHORIZED: a client takes that for its own dead session and logs out whoever is there.
      if (!memberId) throw new AppError(ErrorCode.RESET_LINK_INVALID, 'This reset link is invalid or has expired');
      await setPassword(memberId, password, undefined);
    },

    /** POST /wps/member/password/verification: verify the reset code, set the password, log in. */
    async resetByPhone(
      body: { mobileNum: string; countryDialingCode: string; verificationCode: string; newPassword: string; confirmNewPassword?: string | undefined },
      origin: RequestOrigin,
    ): Promise<LoginResult> {
      await requireModules('CHNGPASSVERIF3');
      const settings = await system.getRegisterSettings();
      const password = checkNewPassword(
        settings,
        'newPassword',
        body.newPassword,
        'confirmNewPassword',
        body.confirmNewPassword ?? body.newPassword,
      );
      await otp.verify({
        purpose: 'reset',
        dialingCode: body.countryDialingCode,
        mobile: body.mobileNum,
        code: body.verificationCode,
        ip: origin.ip,
      });
      const row = await findCredentialsByMobile(db, body.countryDialingCode, body.mobileNum);
      if (!row || isTrialType(row.type)) {
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'No account uses this mobile number', { captcha: false });
      }
      if (row.status !== 'active') throw new AppError(ErrorCode.ACCOUNT_DISABLED, 'This account is disabled');
      await setPassword(row.id, password, undefined);
      const fresh = await findCredentialsById(db, row.id);
      if (!fresh) throw new Error('member vanished after a password reset');
      return startSession(fresh, origin, { mustChangePassword: false, passwordExpired: false });
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
