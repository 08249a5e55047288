import crypto from 'node:crypto';
import { ErrorCode } from '@wps/shared/error-codes';
import type { OperatorEnrolment, OperatorLoginResult } from '@wps/shared/schemas/operator';
import type { AppConfig } from '../../config';
import { AppError } from '../../http/app-error';
import type { AppContext } from '../../app-context';
import type { AuditService } from '../audit/audit.service';
import type { PasswordHasher } from '../member/password-hasher';
import type { RateLimiter } from '../verification/rate-limiter';
import {
  findOperatorByUsername,
  insertOperatorSession,
  setOperatorLastLogin,
  type OperatorRow,
} from './operator.repository';
import {
  claimOperatorTotpStep,
  completeTotpEnrolment,
  findOperatorTotp,
  findTotpEnrolment,
  insertTotpEnrolment,
} from './operator-totp.repository';
import { createTotpCipher, matchTotpStep, newTotpSecret } from './operator-totp';
import { createTotpThrottle, totpWaitSeconds } from './operator-totp-throttle';

export type OperatorLoginContext = Pick<AppContext, 'db' | 'metrics'> & {
  config: Pick<AppConfig, 'operatorTotpKey' | 'operatorSessionAbsoluteSeconds'>;
  rateLimiter: RateLimiter;
  audit: Pick<AuditService, 'record'>;
  hasher: PasswordHasher;
  now: () => number;
  /** The clock the waits between wrong codes run on (the app's calendar clock; `now` when absent). */
  clock?: () => number;
};

type Origin = { ip: string; userAgent: string | null };

/**
 * Back-office sessions are shorter than players': 30 minutes idle, 12 hours in all, unless
 * OPERATOR_SESSION_IDLE_SECONDS / OPERATOR_SESSION_ABSOLUTE_SECONDS say otherwise.
 */
export const OPERATOR_IDLE_SECONDS = 30 * 60;
export const OPERATOR_ABSOLUTE_SECONDS = 12 * 60 * 60;
const TOKEN_BYTES = 32;
/** Operator tokens carry their scope in a prefix, so logs and support can tell them from member tokens. */
export const TOKEN_PREFIX = 'ops_';
const ENROLMENT_PREFIX = 'enr_';
/** Time to scan the QR code and type the first code. */
const ENROLMENT_SECONDS = 10 * 60;

/**
 * Login limits. Attempts and failures are counted per operator and IP together, so an attacker
 * elsewhere slows only themself down: the right password with the right code from the
 * operator's own address always gets in. A per-IP failure cap slows one address spraying many
 * operators. Nothing here ever blocks an account.
 */
export const OPERATOR_LIMITS = {
  loginPerIp: { limit: 60, windowSeconds: 5 * 60 },
  loginPerAccountIp: { limit: 20, windowSeconds: 60 },
  failuresPerAccountIp: { limit: 5, windowSeconds: 15 * 60 },
  failuresPerIp: { limit: 30, windowSeconds: 15 * 60 },
};

/** The stored form of an operator token (SHA-256, base64url); the token is never stored. */
export function hashOperatorToken(token: string): string {
  return crypto.createHash('sha256').update(`operator:${token}`).digest('base64url');
}

function hashEnrolmentToken(token: string): string {
  return crypto.createHash('sha256').update(`operator-enrolment:${token}`).digest('base64url');
}

/** Password, then TOTP (or a first enrolment), then a session: POST /ops/session/login and /enrol. */
export function createOperatorLogin(ctx: OperatorLoginContext) {
  const { db, rateLimiter, audit, hasher, now } = ctx;
  const cipher = createTotpCipher(ctx.config.operatorTotpKey);
  const L = OPERATOR_LIMITS;
  const totpThrottle = createTotpThrottle({ db, audit, clock: ctx.clock ?? now });

  const accountIp = (username: string, ip: string) => `${username}|${ip}`;

  /** Refuse early while this operator+IP (or this IP) has too many recent failures. */
  async function throttle(username: string, ip: string): Promise<void> {
    await rateLimiter.consume('ops-login-ip', ip, L.loginPerIp.limit, L.loginPerIp.windowSeconds);
    await rateLimiter.consume(
      'ops-login-account-ip',
      accountIp(username, ip),
      L.loginPerAccountIp.limit,
      L.loginPerAccountIp.windowSeconds,
    );
    for (const [bucket, key, limit] of [
      ['ops-login-fail-account-ip', accountIp(username, ip), L.failuresPerAccountIp],
      ['ops-login-fail-ip', ip, L.failuresPerIp],
    ] as const) {
      const status = await rateLimiter.peek(bucket, key, limit.limit, limit.windowSeconds);
      if (status.limited) {
        throw new AppError(
          ErrorCode.TOO_MANY_REQUESTS,
          `Too many failed logins; retry in ${status.retryAfterSeconds} s`,
          {
            retryAfterSeconds: status.retryAfterSeconds,
          },
        );
      }
    }
  }

  async function recordFailure(username: string, ip: string): Promise<void> {
    ctx.metrics?.loginFailed('operator');
    await rateLimiter.hit('ops-login-fail-account-ip', accountIp(username, ip), L.failuresPerAccountIp.windowSeconds);
    await rateLimiter.hit('ops-login-fail-ip', ip, L.failuresPerIp.windowSeconds);
  }

  async function openSession(
    operator: Pick<OperatorRow, 'id' | 'username' | 'role'>,
    origin: Origin,
    failedCodesBefore = 0,
  ): Promise<OperatorLoginResult> {
    await rateLimiter.reset('ops-login-fail-account-ip', accountIp(operator.username, origin.ip));
    const token = TOKEN_PREFIX + crypto.randomBytes(TOKEN_BYTES).toString('base64url');
    const at = new Date(now());
    const expiresAt = new Date(
      at.getTime() + (ctx.config.operatorSessionAbsoluteSeconds ?? OPERATOR_ABSOLUTE_SECONDS) * 1000,
    );
    await insertOperatorSession(db, {
      tokenHash: hashOperatorToken(token),
      operatorId: operator.id,
      now: at,
      expiresAt,
      ip: origin.ip,
      userAgent: origin.userAgent ? origin.userAgent.slice(0, 256) : null,
      totpPassedAt: at,
    });
    await setOperatorLastLogin(db, operator.id, at);
    return {
      status: 'signedIn',
      token,
      operator: { operatorId: operator.id, username: operator.username, role: operator.role },
      expiresAt: expiresAt.toISOString(),
      ...(failedCodesBefore > 0 ? { failedCodesBefore } : {}),
    };
  }

  async function startEnrolment(operator: OperatorRow): Promise<OperatorEnrolment> {
    const { secret, otpauthUri } = newTotpSecret(operator.username);
    const enrolmentToken = ENROLMENT_PREFIX + crypto.randomBytes(TOKEN_BYTES).toString('base64url');
    const at = new Date(now());
    const expiresAt = new Date(at.getTime() + ENROLMENT_SECONDS * 1000);
    await insertTotpEnrolment(db, {
      tokenHash: hashEnrolmentToken(enrolmentToken),
      operatorId: operator.id,
      secret: cipher.encrypt(secret),
      now: at,
      expiresAt,
    });
    return { status: 'enrolmentRequired', enrolmentToken, secret, otpauthUri, expiresAt: expiresAt.toISOString() };
  }

  return {
    /**
     * POST /ops/session/login. The right password opens a session only with a valid, unused code;
     * an operator without TOTP gets an enrolment instead (the secret is shown only then).
     */
    async login(
      input: { username: string; password: string; code?: string | undefined },
      origin: Origin,
    ): Promise<OperatorLoginResult | OperatorEnrolment> {
      const username = input.username.trim().toLowerCase();
      await throttle(username, origin.ip);
      const row = await findOperatorByUsername(db, username);
      const valid = row
        ? await hasher.verify(input.password, row.passwordHash)
        : await hasher.verifyDummy(input.password);
      if (!row || !valid || row.status !== 'active') {
        await recordFailure(username, origin.ip);
        // A disabled operator gets the same answer as a wrong password: nothing to probe.
        throw new AppError(ErrorCode.INVALID_CREDENTIALS, 'Incorrect username or password');
      }
      if (!row.totpEnrolled) return startEnrolment(row);
      if (input.code === undefined)
        throw new AppError(ErrorCode.OPERATOR_TOTP_REQUIRED, 'Enter the code from your authenticator app');
      // Wrong codes are counted per operator across addresses and slow the next one down
      // (OPERATOR_TOTP_TOO_EARLY while the wait runs; operator-totp-throttle.ts).
      const admitted = await totpThrottle.admit(row.id, origin.ip);
      const totp = await findOperatorTotp(db, row.id);
      const step = totp?.secret
        ? await matchTotpStep(cipher.decrypt(totp.secret), input.code, now(), totp.lastStep)
        : null;
      // The conditional claim is what makes a code single-use under concurrency.
      if (step === null || !(await claimOperatorTotpStep(db, row.id, step))) {
        await recordFailure(username, origin.ip);
        await totpThrottle.failed(row, admitted, origin.ip);
        const wait = totpWaitSeconds(admitted.failures);
        throw new AppError(
          ErrorCode.OPERATOR_TOTP_INVALID,
          'This code is wrong or was already used',
          wait > 0 ? { retryAfterSeconds: wait } : undefined,
        );
      }
      return openSession(row, origin, await totpThrottle.succeeded(row, admitted));
    },

    /** POST /ops/session/enrol: the first valid code confirms the enrolment and opens a session. */
    async enrol(input: { enrolmentToken: string; code: string }, origin: Origin): Promise<OperatorLoginResult> {
      const expired = () => new AppError(ErrorCode.OPERATOR_ENROLMENT_EXPIRED, 'This enrolment expired; sign in again');
      if (!input.enrolmentToken.startsWith(ENROLMENT_PREFIX)) throw expired();
      const enrolment = await findTotpEnrolment(db, hashEnrolmentToken(input.enrolmentToken));
      if (
        !enrolment ||
        enrolment.usedAt ||
        enrolment.enrolled ||
        enrolment.status !== 'active' ||
        enrolment.expiresAt.getTime() <= now()
      ) {
        throw expired();
      }
      await throttle(enrolment.username, origin.ip);
      const secret = cipher.decrypt(enrolment.secret);
      const step = await matchTotpStep(secret, input.code, now(), null);
      if (step === null) {
        await recordFailure(enrolment.username, origin.ip);
        throw new AppError(ErrorCode.OPERATOR_TOTP_INVALID, 'This code is wrong; check the time on your phone');
      }
      const done = await db.transaction().execute(async (trx) => {
        const at = new Date(now());
        const ok = await completeTotpEnrolment(trx, {
          enrolmentId: enrolment.id,
          operatorId: enrolment.operatorId,
          secret: enrolment.secret,
          step,
          now: at,
        });
        if (!ok) return false;
        await audit.record(trx, {
          actorType: 'operator',
          actorId: enrolment.operatorId,
          action: 'operator.totp_enrol',
          subjectType: 'operator',
          subjectId: enrolment.operatorId,
          reason: null,
          before: { username: enrolment.username, totpEnrolled: false },
          after: { username: enrolment.username, totpEnrolled: true },
        });
        return true;
      });
      if (!done) throw expired();
      return openSession({ id: enrolment.operatorId, username: enrolment.username, role: enrolment.role }, origin);
    },
  };
}
