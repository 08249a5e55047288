import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  ACCOUNT_NUMBER_PATTERN,
  normaliseAccountNumber,
  normaliseName,
  sameName,
  type Bank,
  type BankAccountSummary,
  type EmailCodeSent,
  type SecuritySummary,
} from '@wps/shared/schemas/security';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import type { Country, FieldRule, RegisterSettings } from '@wps/shared/schemas/system';
import { validateField, type FieldError } from '@wps/shared/validation-patterns';
import type { AppConfig } from '../../config';
import type { DatabaseKind } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../services';
import { findUniqueViolation } from '../member/member.repository';
import { createPasswordHasher, isWeakPassword } from '../member/password-hasher';
import type { Notifier } from '../verification/notifier';
import type { OtpService } from '../verification/otp.service';
import type { RateLimiter } from '../verification/rate-limiter';
import {
  confirmEmailLink,
  consumeEmailCode,
  countBankAccounts,
  deletePaymentPasswordFailure,
  findBankAccount,
  findBankAccounts,
  findEmailCode,
  findEnabledBank,
  findEnabledBanks,
  findPayeeName,
  findPaymentPasswordFailures,
  findPaymentPasswordHash,
  findPaymentPasswordLock,
  findSecurityMember,
  insertBankAccount,
  insertPaymentPasswordFailure,
  isEmailLinkedElsewhere,
  isMobileUsedElsewhere,
  lockKey,
  lockPaymentPassword,
  prunePaymentPasswordFailures,
  recordEmailCodeFailure,
  setMobileOnce,
  setPayeeNameOnce,
  updatePaymentPasswordHash,
  upsertEmailCode,
  type BankAccountRow,
  type SecurityMemberRow,
} from './security.repository';

type Db = Kysely<Database>;

/** What the security service needs from the system service (operator configuration). */
type SystemPort = {
  getRegisterSettings(): Promise<RegisterSettings>;
  getOperatorConfig(): Promise<{ maxBankAccountsPerMember: number }>;
  listCountries(): Country[] | readonly Country[] | Promise<Country[] | readonly Country[]>;
};

type SecurityContext = Pick<AppContext, 'db' | 'log'> & {
  config: Pick<AppConfig, 'scryptLogN'>;
  /** PGlite has one session: inside a caller's transaction every query must go through it. */
  databaseKind: DatabaseKind;
  system: SystemPort;
  otp: Pick<OtpService, 'send' | 'verify'>;
  rateLimiter: RateLimiter;
  notifier: Pick<Notifier, 'sendEmail'>;
  /** Told after a committed change to the member row, so cached member info is evicted at once. */
  changeFeed?: Pick<ChangeFeed, 'announce'>;
  now?: () => number;
};

/** Who is calling: the IP is used for the code-sending limits. */
export type SecurityOrigin = { ip: string };

/**
 * Payment password tries: 5 wrong in 15 minutes lock it for 15 minutes. A success clears nothing,
 * so a correct guess among wrong ones never buys the attacker more tries.
 */
export const PAYMENT_PASSWORD_LIMITS = { maxFailures: 5, windowSeconds: 15 * 60, lockSeconds: 15 * 60 } as const;

/** Other limits (limit per window in seconds). */
export const SECURITY_LIMITS = {
  paymentPasswordChangePerMember: { limit: 10, windowSeconds: 15 * 60 },
  emailSendPerMember: { limit: 1, windowSeconds: 60 },
  emailSendPerMemberHourly: { limit: 10, windowSeconds: 60 * 60 },
  emailSendPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  emailSendPerIp: { limit: 20, windowSeconds: 60 * 60 },
  emailCheckPerMember: { limit: 10, windowSeconds: 10 * 60 },
} as const;

/** Used when the operator's register settings have no rule for the field. */
const FALLBACK_RULES = {
  /** Six digits, the usual payment PIN. */
  paymentPassword: { acceptedPattern: '*', minLength: 6, maxLength: 6, patternId: 6 },
  /** Letters of any script and spaces. */
  payeeName: { acceptedPattern: '*', minLength: 2, maxLength: 64, patternId: 12 },
  email: { acceptedPattern: '*', minLength: 6, maxLength: 128, patternId: 3 },
} satisfies Record<string, FieldRule>;

const EMAIL_CODE_TTL_MS = OTP_TTL_MINUTES * 60 * 1000;
const PRUNE_EVERY = 20;

/** One failed field in a VALIDATION_FAILED value (the same shape registration uses). */
type FieldFailure = { field: string } & FieldError;

function failFields(fields: FieldFailure[]): never {
  throw new AppError(ErrorCode.VALIDATION_FAILED, `Invalid input: ${fields.map((f) => f.field).join(', ')}`, { fields });
}

function required(field: string): FieldFailure {
  return { field, code: 'required', patternId: 0, min: 0, max: 0 };
}

function checkField(field: string, rule: FieldRule | undefined, value: string): void {
  const error = validateField(rule, value, { required: true });
  if (error) failFields([{ field, ...error }]);
}

/** Same digit repeated, or a straight run up or down (123456, 987654): guessed first. */
function isTrivialPin(value: string): boolean {
  if (!/^\d{4,}$/.test(value)) return false;
  const steps = new Set<number>();
  for (let i = 1; i < value.length; i++) steps.add(Number(value[i]) - Number(value[i - 1]));
  return steps.size === 1 && [0, 1, -1].includes([...steps][0] ?? 2);
}

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.indexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

function maskMobile(dialingCode: string | null, mobile: string | null): string | null {
  if (!mobile) return null;
  const visible = mobile.length > 6 ? `${mobile.slice(0, 2)}${'*'.repeat(mobile.length - 5)}${mobile.slice(-3)}` : `${'*'.repeat(Math.max(0, mobile.length - 2))}${mobile.slice(-2)}`;
  return dialingCode ? `+${dialingCode} ${visible}` : visible;
}

/** Only the last 4 digits of an account number are ever shown. */
export function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.slice(-4)}`;
}

function toSummary(row: BankAccountRow): BankAccountSummary {
  return {
    id: row.id,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountNumberMasked: maskAccountNumber(row.accountNumber),
    holderName: row.holderName,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A bound bank account as payments use it: the full number, for payouts. */
export type BankAccount = { id: string; bankCode: string; bankName: string; accountNumber: string; holderName: string };

function toBankAccount(row: BankAccountRow): BankAccount {
  return { id: row.id, bankCode: row.bankCode, bankName: row.bankName, accountNumber: row.accountNumber, holderName: row.holderName };
}

/** HMAC keyed by a per-code salt over purpose, member, address and code. */
function hashEmailCode(salt: string, memberId: string, email: string, code: string): string {
  return crypto.createHmac('sha256', salt).update(`bind\u0000${memberId}\u0000${email}\u0000${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function retryAfter(untilMs: number, nowMs: number): number {
  return Math.max(1, Math.ceil((untilMs - nowMs) / 1000));
}

/**
 * The member's security centre: payment password (set, change, verify with a try limit), the
 * payee name (set once), bank accounts (bind only; the holder must be the payee), and the e-mail
 * and mobile links (confirmed by a code, then fixed). Payments call `verifyPaymentPassword`,
 * `getBankAccount`, `hasPaymentPassword` and `getPayeeName`.
 */
export function createSecurityService(ctx: SecurityContext) {
  const { db, log, system, otp, rateLimiter, notifier } = ctx;
  const now = ctx.now ?? Date.now;
  const hasher = createPasswordHasher({ logN: ctx.config.scryptLogN });

  async function loadMember(memberId: string): Promise<SecurityMemberRow> {
    const row = await findSecurityMember(db, memberId);
    if (!row) throw new AppError(ErrorCode.UNAUTHORIZED, 'You are not logged in');
    return row;
  }

  async function rules(): Promise<Partial<Record<keyof typeof FALLBACK_RULES, FieldRule>>> {
    return (await system.getRegisterSettings()).validate;
  }

  /**
   * Record this try as a failure before the hash is checked, under a per-member lock, so parallel
   * guesses see each other. Throws PAYMENT_PASSWORD_LOCKED when locked or out of tries.
   */
  async function reserveTry(exec: Db, inCallerTransaction: boolean, memberId: string): Promise<string> {
    const reserve = async (trx: Db): Promise<string> => {
      await lockKey(trx, `payment-password:${memberId}`);
      const at = now();
      const lockedUntil = await findPaymentPasswordLock(trx, memberId, new Date(at));
      if (lockedUntil) {
        throw new AppError(ErrorCode.PAYMENT_PASSWORD_LOCKED, 'Too many wrong payment passwords; try again later', {
          retryAfterSeconds: retryAfter(lockedUntil.getTime(), at),
        });
      }
      const windowMs = PAYMENT_PASSWORD_LIMITS.windowSeconds * 1000;
      const failures = await findPaymentPasswordFailures(trx, memberId, new Date(at - windowMs));
      if (failures.length >= PAYMENT_PASSWORD_LIMITS.maxFailures) {
        // Only reachable while other tries are being checked (the last failure sets the lock).
        const oldest = failures[failures.length - PAYMENT_PASSWORD_LIMITS.maxFailures] ?? new Date(at);
        throw new AppError(ErrorCode.PAYMENT_PASSWORD_LOCKED, 'Too many wrong payment passwords; try again later', {
          retryAfterSeconds: retryAfter(oldest.getTime() + windowMs, at),
        });
      }
      return insertPaymentPasswordFailure(trx, memberId, new Date(at));
    };
    return inCallerTransaction ? reserve(exec) : exec.transaction().execute(reserve);
  }

  /**
   * Check a member's payment password (withdrawals, transfers, changing it). Throws
   * PAYMENT_PASSWORD_NOT_SET, PAYMENT_PASSWORD_INVALID { attemptsLeft } or PAYMENT_PASSWORD_LOCKED
   * { retryAfterSeconds }. Call it before opening your transaction: with `trx` on PostgreSQL the
   * tries are written on a second pool connection (so your rollback keeps them), which many
   * parallel callers each holding a connection could exhaust.
   */
  async function verifyPaymentPassword(memberId: string, password: string, trx?: Db): Promise<void> {
    // Tries are written outside the caller's transaction (a wrong password makes the caller roll
    // back, which must not erase the failure) except on PGlite, whose single session forbids it.
    const inCaller = trx !== undefined && ctx.databaseKind === 'pglite';
    const exec = inCaller && trx ? trx : db;
    const hash = await findPaymentPasswordHash(trx ?? db, memberId);
    if (!hash) throw new AppError(ErrorCode.PAYMENT_PASSWORD_NOT_SET, 'Set a payment password first');
    const tryId = await reserveTry(exec, inCaller, memberId);
    // A throw from here on leaves the try recorded as a failure: fail closed.
    const valid = await hasher.verify(password, hash);
    if (valid) {
      await deletePaymentPasswordFailure(exec, tryId);
      return;
    }
    const at = now();
    const windowMs = PAYMENT_PASSWORD_LIMITS.windowSeconds * 1000;
    if (crypto.randomInt(PRUNE_EVERY) === 0) {
      prunePaymentPasswordFailures(db, new Date(at - windowMs)).catch((err: unknown) => log.warn({ err }, 'payment password prune failed'));
    }
    const failures = await findPaymentPasswordFailures(exec, memberId, new Date(at - windowMs));
    const attemptsLeft = Math.max(0, PAYMENT_PASSWORD_LIMITS.maxFailures - failures.length);
    if (attemptsLeft === 0) {
      const lockMs = PAYMENT_PASSWORD_LIMITS.lockSeconds * 1000;
      await lockPaymentPassword(exec, memberId, new Date(at + lockMs));
      throw new AppError(ErrorCode.PAYMENT_PASSWORD_LOCKED, 'Too many wrong payment passwords; try again later', {
        retryAfterSeconds: PAYMENT_PASSWORD_LIMITS.lockSeconds,
      });
    }
    throw new AppError(ErrorCode.PAYMENT_PASSWORD_INVALID, 'The payment password is incorrect', { attemptsLeft });
  }

  async function checkNewPaymentPassword(row: SecurityMemberRow, body: { newPaymentPassword: string; confirmPaymentPassword: string }): Promise<string> {
    const rule = (await rules()).paymentPassword ?? FALLBACK_RULES.paymentPassword;
    checkField('newPaymentPassword', rule, body.newPaymentPassword);
    if (body.newPaymentPassword !== body.confirmPaymentPassword) {
      throw new AppError(ErrorCode.PASSWORD_MISMATCH, 'The payment passwords do not match');
    }
    const password = body.newPaymentPassword;
    if (isWeakPassword(password) || isTrivialPin(password)) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'This payment password is too easy to guess', { reason: 'common' });
    }
    // A stolen login password must not also unlock withdrawals.
    if (await hasher.verify(password, row.passwordHash)) {
      throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'The payment password must differ from the login password', {
        reason: 'same_as_login',
      });
    }
    return password;
  }

  async function checkMobileLength(dialingCode: string, mobile: string): Promise<void> {
    const countries = await system.listCountries();
    const lengths = countries.filter((c) => c.countryDialingCode === dialingCode).flatMap((c) => c.mobileLengths);
    if (lengths.length === 0 || lengths.includes(mobile.length)) return;
    failFields([{ field: 'mobileNum', code: 'length', patternId: 6, min: Math.min(...lengths), max: Math.max(...lengths) }]);
  }

  async function addBankAccount(
    memberId: string,
    body: { bankCode: string; accountNumber: string; holderName: string },
  ): Promise<BankAccount> {
    const payee = await findPayeeName(db, memberId);
    if (!payee) throw new AppError(ErrorCode.PAYEE_NAME_REQUIRED, 'Bind your real name before adding a bank account');
    const accountNumber = normaliseAccountNumber(body.accountNumber);
    const holder = normaliseName(body.holderName);
    const failures: FieldFailure[] = [];
    if (!accountNumber) failures.push(required('accountNumber'));
    else if (!ACCOUNT_NUMBER_PATTERN.test(accountNumber)) failures.push({ field: 'accountNumber', code: 'pattern', patternId: 6, min: 4, max: 20 });
    if (!holder) failures.push(required('holderName'));
    if (failures.length > 0) failFields(failures);
    const bank = await findEnabledBank(db, body.bankCode);
    if (!bank) throw new AppError(ErrorCode.BANK_NOT_SUPPORTED, 'This bank is not supported');
    if (!sameName(holder, payee)) {
      throw new AppError(ErrorCode.BANK_ACCOUNT_HOLDER_MISMATCH, 'The account holder must be your bound real name');
    }
    const max = (await system.getOperatorConfig()).maxBankAccountsPerMember;
    try {
      const id = await db.transaction().execute(async (trx) => {
        // Serialises one member's binds so parallel requests cannot pass the count together.
        await lockKey(trx, `bank-accounts:${memberId}`);
        if ((await countBankAccounts(trx, memberId)) >= max) {
          throw new AppError(ErrorCode.BANK_ACCOUNT_LIMIT_REACHED, 'You cannot add more bank accounts', { max });
        }
        return insertBankAccount(trx, { memberId, bankCode: bank.code, accountNumber, holderName: payee, now: new Date(now()) });
      });
      return { id, bankCode: bank.code, bankName: bank.name, accountNumber, holderName: payee };
    } catch (err) {
      if (findUniqueViolation(err) === 'member_bank_accounts_unique_key') {
        throw new AppError(ErrorCode.BANK_ACCOUNT_DUPLICATE, 'This bank account is already bound');
      }
      throw err;
    }
  }

  async function listAccounts(memberId: string): Promise<BankAccountSummary[]> {
    return (await findBankAccounts(db, memberId)).map(toSummary);
  }

  return {
    verifyPaymentPassword,

    /** Whether the member has a payment password. */
    async hasPaymentPassword(memberId: string): Promise<boolean> {
      return Boolean(await findPaymentPasswordHash(db, memberId));
    },

    /** The member's bound payee (real) name, or null. */
    async getPayeeName(memberId: string): Promise<string | null> {
      return findPayeeName(db, memberId);
    },

    /** One of the member's bank accounts, unmasked, for payouts; BANK_ACCOUNT_NOT_FOUND otherwise. */
    async getBankAccount(memberId: string, bankAccountId: string): Promise<BankAccount> {
      // Ids are bigints: anything else cannot be one of them (and must not reach a bigint cast).
      const row = /^\d{1,18}$/.test(bankAccountId) ? await findBankAccount(db, memberId, bankAccountId) : undefined;
      if (!row) throw new AppError(ErrorCode.BANK_ACCOUNT_NOT_FOUND, 'Bank account not found');
      return toBankAccount(row);
    },

    /** GET /wps/member/security. */
    async getSummary(memberId: string): Promise<SecuritySummary> {
      const [row, accounts, config] = await Promise.all([loadMember(memberId), listAccounts(memberId), system.getOperatorConfig()]);
      return {
        hasPaymentPassword: row.paymentPasswordHash !== null,
        payeeName: row.payeeName,
        email: maskEmail(row.email),
        emailVerified: row.emailVerifiedAt !== null,
        mobile: maskMobile(row.dialingCode, row.mobile),
        // A number on the account is the SMS login identity: registration checked it by SMS.
        mobileVerified: row.mobile !== null,
        bankAccounts: accounts,
        maxBankAccounts: config.maxBankAccountsPerMember,
      };
    },

    /**
     * PUT /wps/member/payment-password: first set needs only the new password twice; a change
     * needs the current payment password, checked against the same try limit as withdrawals.
     */
    async setPaymentPassword(
      memberId: string,
      body: { oldPaymentPassword?: string | undefined; newPaymentPassword: string; confirmPaymentPassword: string },
    ): Promise<void> {
      const limit = SECURITY_LIMITS.paymentPasswordChangePerMember;
      await rateLimiter.consume('payment-password-change', memberId, limit.limit, limit.windowSeconds);
      const row = await loadMember(memberId);
      const password = await checkNewPaymentPassword(row, body);
      const current = row.paymentPasswordHash;
      if (current !== null) {
        if (!body.oldPaymentPassword) failFields([required('oldPaymentPassword')]);
        await verifyPaymentPassword(memberId, body.oldPaymentPassword ?? '');
        if (password === body.oldPaymentPassword) {
          throw new AppError(ErrorCode.PASSWORD_TOO_WEAK, 'The new payment password must differ from the current one', {
            reason: 'unchanged',
          });
        }
      }
      const hash = await hasher.hash(password);
      if (!(await updatePaymentPasswordHash(db, memberId, hash, current))) {
        // Another request set or changed it between our read and our write.
        throw new AppError(ErrorCode.PAYMENT_PASSWORD_ALREADY_SET, 'The payment password was changed meanwhile; reload and retry');
      }
    },

    /** PUT /wps/member/payee-name: bind the real name once (operator's payeeName rule). */
    async setPayeeName(memberId: string, payeeName: string): Promise<string> {
      const name = normaliseName(payeeName);
      const rule = (await rules()).payeeName ?? FALLBACK_RULES.payeeName;
      checkField('payeeName', rule, name);
      if (!(await setPayeeNameOnce(db, memberId, name))) {
        throw new AppError(ErrorCode.PAYEE_NAME_ALREADY_SET, 'The real name is already bound and cannot be changed');
      }
      return name;
    },

    /** GET /wps/member/banks. */
    async listBanks(): Promise<Bank[]> {
      return findEnabledBanks(db);
    },

    /**
     * Bind one bank account and return it (unmasked). Needs the payee name; the holder must be
     * that name (whitespace and case aside); at most the operator's maximum per member.
     */
    addBankAccount,

    /** PUT /wps/member/bank-accounts: bind one account; answers the member's accounts, masked. */
    async bindBankAccount(
      memberId: string,
      body: { bankCode: string; accountNumber: string; holderName: string },
    ): Promise<BankAccountSummary[]> {
      await addBankAccount(memberId, body);
      return listAccounts(memberId);
    },

    /** The member's bank accounts, unmasked, oldest first (for payments; never sent to the web as is). */
    async listBankAccounts(memberId: string): Promise<BankAccount[]> {
      return (await findBankAccounts(db, memberId)).map(toBankAccount);
    },

    /** POST /wps/verification/email/bind: mail a six-digit code to the address to link. */
    async sendEmailBindCode(memberId: string, rawEmail: string, origin: SecurityOrigin): Promise<EmailCodeSent> {
      const email = rawEmail.trim();
      checkField('email', (await rules()).email ?? FALLBACK_RULES.email, email);
      const row = await loadMember(memberId);
      if (row.emailVerifiedAt) throw new AppError(ErrorCode.EMAIL_ALREADY_BOUND, 'The e-mail is already linked and cannot be changed');
      const address = email.toLowerCase();
      if (await isEmailLinkedElsewhere(db, memberId, address)) {
        throw new AppError(ErrorCode.EMAIL_TAKEN, 'This e-mail is linked to another account');
      }
      const l = SECURITY_LIMITS;
      await rateLimiter.consume('email-bind-send-ip', origin.ip, l.emailSendPerIp.limit, l.emailSendPerIp.windowSeconds);
      await rateLimiter.consume('email-bind-send-member', memberId, l.emailSendPerMember.limit, l.emailSendPerMember.windowSeconds);
      await rateLimiter.consume('email-bind-send-member-hourly', memberId, l.emailSendPerMemberHourly.limit, l.emailSendPerMemberHourly.windowSeconds);
      await rateLimiter.consume('email-bind-send-address', address, l.emailSendPerAddress.limit, l.emailSendPerAddress.windowSeconds);

      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const salt = crypto.randomBytes(16).toString('hex');
      const createdAt = new Date(now());
      const expiresAt = new Date(createdAt.getTime() + EMAIL_CODE_TTL_MS);
      await upsertEmailCode(db, {
        memberId,
        email: address,
        codeSalt: salt,
        codeHash: hashEmailCode(salt, memberId, address, code),
        createdAt,
        expiresAt,
      });
      const text = [
        `Seu código para vincular este e-mail: ${code}. Válido por ${OTP_TTL_MINUTES} minutos. Não o compartilhe.`,
        '',
        `Your code to link this e-mail: ${code}. Valid for ${OTP_TTL_MINUTES} minutes. Do not share it.`,
      ].join('\n');
      await notifier.sendEmail(email, 'Código de verificação / Verification code', text);
      return { expiredMinutes: OTP_TTL_MINUTES, expirationTime: expiresAt.getTime() };
    },

    /** POST /wps/member/email: link the address with its code; a linked e-mail is final. */
    async bindEmail(memberId: string, body: { email: string; verificationCode: string }): Promise<void> {
      const row = await loadMember(memberId);
      if (row.emailVerifiedAt) throw new AppError(ErrorCode.EMAIL_ALREADY_BOUND, 'The e-mail is already linked and cannot be changed');
      const l = SECURITY_LIMITS.emailCheckPerMember;
      await rateLimiter.consume('email-bind-check-member', memberId, l.limit, l.windowSeconds);
      const email = body.email.trim();
      const address = email.toLowerCase();
      const at = new Date(now());
      const code = await findEmailCode(db, memberId);
      if (!code || code.consumedAt !== null || code.attempts >= OTP_MAX_ATTEMPTS || code.email !== address) {
        throw new AppError(ErrorCode.EMAIL_CODE_INVALID, 'Invalid verification code');
      }
      if (code.expiresAt.getTime() <= at.getTime()) {
        throw new AppError(ErrorCode.EMAIL_CODE_EXPIRED, 'The verification code has expired; request a new one');
      }
      const given = hashEmailCode(code.codeSalt, memberId, address, body.verificationCode.trim());
      if (!sameHash(given, code.codeHash)) {
        const attempts = await recordEmailCodeFailure(db, { id: code.id, codeHash: code.codeHash });
        const attemptsLeft = Math.max(0, OTP_MAX_ATTEMPTS - (attempts ?? OTP_MAX_ATTEMPTS));
        throw new AppError(ErrorCode.EMAIL_CODE_INVALID, 'Invalid verification code', { attemptsLeft });
      }
      if (!(await consumeEmailCode(db, { id: code.id, codeHash: code.codeHash, maxAttempts: OTP_MAX_ATTEMPTS, now: at }))) {
        throw new AppError(ErrorCode.EMAIL_CODE_INVALID, 'Invalid verification code');
      }
      await db.transaction().execute(async (trx) => {
        // One address, one confirmed account: links of the same address queue here.
        await lockKey(trx, `email-link:${address}`);
        if (await isEmailLinkedElsewhere(trx, memberId, address)) {
          throw new AppError(ErrorCode.EMAIL_TAKEN, 'This e-mail is linked to another account');
        }
        if (!(await confirmEmailLink(trx, memberId, email, at))) {
          throw new AppError(ErrorCode.EMAIL_ALREADY_BOUND, 'The e-mail is already linked and cannot be changed');
        }
      });
      ctx.changeFeed?.announce(CHANGE_CHANNELS.memberChange, memberId);
    },

    /** POST /wps/verification/sms/bind: text a code (purpose 'bind') to the number to link. */
    async sendMobileBindCode(
      memberId: string,
      body: { countryDialingCode: string; mobileNum: string },
      origin: SecurityOrigin,
    ): Promise<SmsSentResult> {
      const row = await loadMember(memberId);
      if (row.mobile !== null) throw new AppError(ErrorCode.MOBILE_ALREADY_BOUND, 'The mobile number is already linked and cannot be changed');
      await checkMobileLength(body.countryDialingCode, body.mobileNum);
      if (await isMobileUsedElsewhere(db, memberId, body.countryDialingCode, body.mobileNum)) {
        throw new AppError(ErrorCode.MOBILE_TAKEN, 'This mobile number is used by another account');
      }
      return otp.send({ purpose: 'bind', dialingCode: body.countryDialingCode, mobile: body.mobileNum, ip: origin.ip });
    },

    /** POST /wps/member/mobile: link the number with its code; a linked number is final. */
    async bindMobile(
      memberId: string,
      body: { countryDialingCode: string; mobileNum: string; verificationCode: string },
      origin: SecurityOrigin,
    ): Promise<void> {
      const row = await loadMember(memberId);
      if (row.mobile !== null) throw new AppError(ErrorCode.MOBILE_ALREADY_BOUND, 'The mobile number is already linked and cannot be changed');
      await otp.verify({
        purpose: 'bind',
        dialingCode: body.countryDialingCode,
        mobile: body.mobileNum,
        code: body.verificationCode,
        ip: origin.ip,
      });
      try {
        if (!(await setMobileOnce(db, memberId, body.countryDialingCode, body.mobileNum))) {
          throw new AppError(ErrorCode.MOBILE_ALREADY_BOUND, 'The mobile number is already linked and cannot be changed');
        }
      } catch (err) {
        if (findUniqueViolation(err) === 'members_mobile_key') {
          throw new AppError(ErrorCode.MOBILE_TAKEN, 'This mobile number is used by another account');
        }
        throw err;
      }
      ctx.changeFeed?.announce(CHANGE_CHANNELS.memberChange, memberId);
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
