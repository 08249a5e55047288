import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { OTP_MAX_ATTEMPTS, OTP_TTL_MINUTES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import type { LoginResult } from '@wps/shared/schemas/common';
import type {
  LoginVerificationRequired,
  LoginVerifiedResult,
  LoginVerifyBody,
  TrustedDevice,
} from '@wps/shared/schemas/login-verification';
import { loginCodeMail, loginCodeSms, noticeLanguage, type NoticeLanguage } from '../verification/notice-texts';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { Notifier } from '../verification/notifier';
import type { RateLimiter } from '../verification/rate-limiter';
import { hashOneTimeCode, newOneTimeCode, sameCodeHash } from '../verification/one-time-code';
import { deviceLabel } from './device-label';
import {
  consumeChallenge,
  findChallenge,
  hasDevicePass,
  insertChallenge,
  insertDevicePass,
  insertTrustedDevice,
  listTrustedDevices,
  pruneChallenges,
  recordChallengeFailure,
  revokeTrustedDevices,
  touchTrustedDevice,
  useDevicePass,
  type TrustedDeviceRow,
} from './login-verification.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an agent's pass waits for the downline's login. */
const PASS_TTL_MS = DAY_MS;
/** How long the device a pass let in is remembered, like the code step's middle choice. */
const PASS_REMEMBER_DAYS = 30;
const CODE_TTL_MS = OTP_TTL_MINUTES * 60 * 1000;
const PRUNE_EVERY = 20;

/** The same rules as the SMS codes (otp.service.ts): sends per account and IP, checks per IP. */
export const LOGIN_CODE_LIMITS = {
  /** Every challenge from one IP, right password or not (so the limit reveals nothing). */
  challengesPerIp: { limit: 20, windowSeconds: 60 * 60 },
  /** Codes actually sent to one account; over it the challenge is answered alike and nothing is sent. */
  sendsPerMember: { limit: 5, windowSeconds: 15 * 60 },
  checksPerIp: { limit: 30, windowSeconds: 10 * 60 },
} as const;

export type LoginOrigin = { ip: string; userAgent: string | null; language?: string | undefined };

/** What the code step hands back to the member module to open the session. */
export type VerifiedLogin = { memberId: string; mustChangePassword: boolean; passwordExpired: boolean };

type Contacts = { email: string | null; phoneE164: string | null };

export type LoginVerificationContext = Pick<AppContext, 'db' | 'log'> & {
  notifier: Pick<Notifier, 'sendSms' | 'sendEmail'>;
  rateLimiter: RateLimiter;
  audit: Pick<AuditService, 'record'>;
  /** Whether the operator's switch is on (site settings, newDeviceVerification). */
  isEnabled: () => Promise<boolean>;
  findContacts: (memberId: string) => Promise<Contacts | undefined>;
  /** How many active accounts have no contact (the back office's note under the switch). */
  countWithoutContact: () => Promise<number>;
  now?: () => number;
};

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const randomToken = () => crypto.randomBytes(32).toString('base64url');

/** A code's hash is bound to its challenge (one-time-code.ts). */
const hashCode = (salt: string, challengeHash: string, code: string) =>
  hashOneTimeCode(salt, ['login', challengeHash], code);

function view(row: TrustedDeviceRow): TrustedDevice {
  return {
    id: row.id,
    label: row.label,
    ip: row.ip,
    lastIp: row.lastIp,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Verification of a password login from a device the account has not remembered
 * (docs/decisions.md, "Login from a new device"): the code step, and the remembered devices.
 */
export function createLoginVerificationService(ctx: LoginVerificationContext) {
  const { db, log, notifier, rateLimiter, audit } = ctx;
  const now = ctx.now ?? Date.now;

  /** Deliver without making the caller wait: the answer's timing must not tell a sent code from none. */
  function deliver(memberId: string, contacts: Contacts, code: string, language: NoticeLanguage): Promise<void> {
    const mail = loginCodeMail(code, language);
    const sending = contacts.phoneE164
      ? notifier.sendSms(contacts.phoneE164.replace(/^\+/, ''), loginCodeSms(code, language))
      : notifier.sendEmail(contacts.email ?? '', mail.subject, mail.text);
    return sending.catch((err: unknown) => log.warn({ err, memberId }, 'login code delivery failed'));
  }

  /** Whether a login code can reach the member (a mobile or an e-mail on file). */
  async function hasContact(memberId: string): Promise<boolean> {
    const contacts = await ctx.findContacts(memberId);
    return Boolean(contacts?.phoneE164 || contacts?.email);
  }

  return {
    /** Whether the operator asks for a code at logins from devices not remembered. */
    isEnabled: () => ctx.isEnabled(),

    /**
     * Whether `deviceToken` is a live remembered device of the member; with `touch`, records
     * this use (only after the right password, so a guess leaves no trace on the device).
     */
    async isTrusted(
      memberId: string,
      deviceToken: string | undefined,
      origin: LoginOrigin,
      touch: boolean,
    ): Promise<boolean> {
      if (!deviceToken || !/^[A-Za-z0-9_-]{43}$/.test(deviceToken)) return false;
      const tokenHash = sha256(deviceToken);
      const at = new Date(now());
      if (touch) return touchTrustedDevice(db, { memberId, tokenHash, ip: origin.ip, now: at });
      return (await listTrustedDevices(db, memberId, at)).some((d) => d.tokenHash === tokenHash);
    },

    /**
     * Open the code step of a login. `member` is null when the account is unknown, disabled or the
     * password wrong: the answer is the same, only no code is sent and none can ever match.
     */
    async challenge(
      member: { id: string; mustChangePassword: boolean; passwordExpired: boolean } | null,
      origin: LoginOrigin,
    ): Promise<LoginVerificationRequired> {
      const l = LOGIN_CODE_LIMITS;
      await rateLimiter.consume(
        'login-challenge-ip',
        origin.ip,
        l.challengesPerIp.limit,
        l.challengesPerIp.windowSeconds,
      );
      const challengeId = randomToken();
      const challengeHash = sha256(challengeId);
      const createdAt = new Date(now());
      const expiresAt = new Date(createdAt.getTime() + CODE_TTL_MS);
      // The same reads for every attempt (id 0 matches no member), so its time tells little.
      const lookupId = member?.id ?? '0';
      const found = await ctx.findContacts(lookupId);
      const contacts = member ? found : undefined;
      const channel = contacts?.phoneE164 ? 'sms' : contacts?.email ? 'email' : null;
      const sends = await rateLimiter.peek(
        'login-code-send-member',
        lookupId,
        l.sendsPerMember.limit,
        l.sendsPerMember.windowSeconds,
      );
      const sendable = member !== null && channel !== null && !sends.limited;
      if (sendable) await rateLimiter.hit('login-code-send-member', lookupId, l.sendsPerMember.windowSeconds);
      const { code, salt } = newOneTimeCode();
      await insertChallenge(db, {
        challengeHash,
        memberId: sendable ? lookupId : null,
        channel: sendable ? channel : null,
        codeSalt: salt,
        // Nothing is sent for a dead attempt: random bytes, which no code's HMAC can equal.
        codeHash: sendable ? hashCode(salt, challengeHash, code) : crypto.randomBytes(32).toString('hex'),
        ip: origin.ip,
        userAgent: origin.userAgent,
        mustChangePassword: member?.mustChangePassword ?? false,
        passwordExpired: member?.passwordExpired ?? false,
        createdAt,
        expiresAt,
      });
      if (crypto.randomInt(PRUNE_EVERY) === 0) {
        pruneChallenges(db, new Date(createdAt.getTime() - DAY_MS)).catch((err: unknown) =>
          log.warn({ err }, 'login challenge prune failed'),
        );
      }
      if (sendable && member && contacts) void deliver(member.id, contacts, code, noticeLanguage(origin.language));
      return {
        verificationRequired: true,
        challengeId,
        expirationTime: expiresAt.getTime(),
        expiredMinutes: OTP_TTL_MINUTES,
      };
    },

    /**
     * The code step: check the code (single use; of parallel checks one wins), then open the
     * session through `startSession` and remember the device when asked to.
     */
    async verify(
      body: LoginVerifyBody,
      origin: LoginOrigin,
      startSession: (login: VerifiedLogin) => Promise<LoginResult>,
    ): Promise<LoginVerifiedResult> {
      const l = LOGIN_CODE_LIMITS.checksPerIp;
      await rateLimiter.consume('login-code-check-ip', origin.ip, l.limit, l.windowSeconds);
      const challengeHash = sha256(body.challengeId);
      const at = new Date(now());
      const row = await findChallenge(db, challengeHash);
      const invalid = (attemptsLeft?: number) =>
        new AppError(
          ErrorCode.DEVICE_CODE_INVALID,
          'Invalid verification code',
          attemptsLeft === undefined ? undefined : { attemptsLeft },
        );
      if (!row || row.consumedAt !== null || row.attempts >= OTP_MAX_ATTEMPTS) throw invalid();
      if (row.expiresAt.getTime() <= at.getTime())
        throw new AppError(ErrorCode.DEVICE_CODE_EXPIRED, 'The code has expired; log in again for a new one');
      const given = hashCode(row.codeSalt, challengeHash, body.code.trim());
      if (!sameCodeHash(given, row.codeHash) || row.memberId === null) {
        const attempts = await recordChallengeFailure(db, row.id);
        throw invalid(Math.max(0, OTP_MAX_ATTEMPTS - (attempts ?? OTP_MAX_ATTEMPTS)));
      }
      if (!(await consumeChallenge(db, { id: row.id, maxAttempts: OTP_MAX_ATTEMPTS, now: at }))) throw invalid();
      const memberId = row.memberId;
      const result: LoginVerifiedResult = await startSession({
        memberId,
        mustChangePassword: row.mustChangePassword,
        passwordExpired: row.passwordExpired,
      });
      if (body.rememberDays > 0) {
        const deviceToken = randomToken();
        const tokenHash = sha256(deviceToken);
        await insertTrustedDevice(db, {
          memberId,
          tokenHash,
          label: deviceLabel(origin.userAgent),
          ip: origin.ip,
          now: at,
          expiresAt: new Date(at.getTime() + body.rememberDays * DAY_MS),
        });
        const added = (await listTrustedDevices(db, memberId, at)).find((d) => d.tokenHash === tokenHash);
        return { ...result, deviceToken, ...(added ? { deviceId: added.id } : {}) };
      }
      return result;
    },

    /** GET /wps/member/trusted-devices and the back office's player page. */
    async list(memberId: string): Promise<{ list: TrustedDevice[] }> {
      return { list: (await listTrustedDevices(db, memberId, new Date(now()))).map(view) };
    },

    hasContact,

    /** Whether the member holds a live pass from their agent (a wrong password then says so plainly). */
    hasPass: (memberId: string) => hasDevicePass(db as Kysely<Database>, memberId, new Date(now())),

    /**
     * An account no code can reach: its agent lets the next login from a device not remembered
     * through once, within a day (DEVICE_PASS_HAS_CONTACT when a code can reach it: then the code
     * step is the way in). The caller checked that `agentId` is the member's direct upline.
     */
    async grantPass(agentId: string, memberId: string): Promise<{ expiresAt: string }> {
      if (await hasContact(memberId))
        throw new AppError(ErrorCode.DEVICE_PASS_HAS_CONTACT, 'This player receives login codes; no pass is needed');
      const at = new Date(now());
      const expiresAt = new Date(at.getTime() + PASS_TTL_MS);
      await runInTransaction(db as Kysely<Database>, async (trx) => {
        await insertDevicePass(trx, { memberId, grantedBy: agentId, now: at, expiresAt });
        await audit.record(trx, {
          actorType: 'member',
          actorId: agentId,
          action: 'login.device_pass_granted',
          subjectType: 'member',
          subjectId: memberId,
          reason: null,
          before: null,
          after: { expiresAt: expiresAt.toISOString() },
        });
      });
      return { expiresAt: expiresAt.toISOString() };
    },

    /**
     * Use the member's pass for this right-password login and remember the device it came from, so
     * the next login from it needs no pass; null when no pass is left.
     */
    async usePass(memberId: string, origin: LoginOrigin): Promise<{ deviceToken: string; deviceId?: string } | null> {
      const at = new Date(now());
      const deviceToken = randomToken();
      const tokenHash = sha256(deviceToken);
      const used = await runInTransaction(db as Kysely<Database>, async (trx) => {
        if (!(await useDevicePass(trx, memberId, { now: at, ip: origin.ip }))) return false;
        await insertTrustedDevice(trx, {
          memberId,
          tokenHash,
          label: deviceLabel(origin.userAgent),
          ip: origin.ip,
          now: at,
          expiresAt: new Date(at.getTime() + PASS_REMEMBER_DAYS * DAY_MS),
        });
        await audit.record(trx, {
          actorType: 'member',
          actorId: memberId,
          action: 'login.device_pass_used',
          subjectType: 'member',
          subjectId: memberId,
          reason: null,
          before: null,
          after: { ip: origin.ip, rememberDays: PASS_REMEMBER_DAYS },
        });
        return true;
      });
      if (!used) return null;
      const added = (await listTrustedDevices(db, memberId, at)).find((d) => d.tokenHash === tokenHash);
      return { deviceToken, ...(added ? { deviceId: added.id } : {}) };
    },

    /** The back office's note under the switch: the active accounts no code can reach. */
    async summary(): Promise<{ activeWithoutContact: number }> {
      return { activeWithoutContact: await ctx.countWithoutContact() };
    },

    /** The player forgets one device (TRUSTED_DEVICE_NOT_FOUND when it is not a live one of theirs) or all. */
    async revokeByMember(memberId: string, deviceId?: string): Promise<{ revoked: number }> {
      const revoked = await revokeTrustedDevices(db, { memberId, deviceId, by: 'member', now: new Date(now()) });
      if (deviceId !== undefined && revoked === 0)
        throw new AppError(ErrorCode.TRUSTED_DEVICE_NOT_FOUND, 'No such remembered device');
      return { revoked };
    },

    /** An operator forgets one device or all of a player's, audited with the reason in the same transaction. */
    async revokeByOperator(
      actor: { actorType: 'operator'; actorId: string },
      memberId: string,
      deviceId: string | undefined,
      reason: string,
    ): Promise<{ revoked: number }> {
      return runInTransaction(db as Kysely<Database>, async (trx) => {
        const revoked = await revokeTrustedDevices(trx, { memberId, deviceId, by: 'operator', now: new Date(now()) });
        if (deviceId !== undefined && revoked === 0)
          throw new AppError(ErrorCode.TRUSTED_DEVICE_NOT_FOUND, 'No such remembered device');
        await audit.record(trx, {
          ...actor,
          action: deviceId === undefined ? 'member.trusted_devices.revoke_all' : 'member.trusted_device.revoke',
          subjectType: 'member',
          subjectId: memberId,
          reason,
          before: deviceId === undefined ? null : { deviceId },
          after: { revoked },
        });
        return { revoked };
      });
    },
  };
}

export type LoginVerificationService = ReturnType<typeof createLoginVerificationService>;
