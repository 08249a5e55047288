import { CAPTCHA_AFTER_FAILURES } from '@wps/shared/constants';
import { ErrorCode } from '@wps/shared/error-codes';
import { AppError } from '../../http/app-error';
import type { RateLimiter } from '../verification/rate-limiter';

/**
 * Password-login throttling (ASVS 5.0 V6.3.1): failures slow the caller down and ask
 * for a captcha; they never block an account. Every counter that can refuse or delay a request is
 * keyed on the caller's IP (alone or with the account), so an attacker elsewhere cannot keep the
 * real player from logging in with the right password. The only account-wide signal (many
 * failures from many addresses: distributed guessing) asks for a captcha, which the player solves.
 */
export const LOGIN_THROTTLE = {
  /** Failures older than this are forgotten. */
  failureWindowSeconds: 15 * 60,
  /** Failures of one (account, IP) pair before that pair must solve a captcha. */
  captchaAfterPairFailures: CAPTCHA_AFTER_FAILURES,
  /** Failures of one IP, over any accounts, before that IP must solve a captcha (password spraying). */
  captchaAfterIpFailures: CAPTCHA_AFTER_FAILURES,
  /** Failures of one account, from any IPs, before every caller must solve a captcha. */
  captchaAfterAccountFailures: 10,
  /** Failures of one pair before each further try waits; the wait doubles with each failure. */
  delayAfterPairFailures: 5,
  baseDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  /** Every password login from one IP, right or wrong. */
  perIp: { limit: 60, windowSeconds: 5 * 60 },
} as const;

const T = LOGIN_THROTTLE;

/** How long a pair with `failures` recent failures waits after its latest one (0: no wait). */
export function loginDelaySeconds(failures: number): number {
  if (failures < T.delayAfterPairFailures) return 0;
  const doublings = Math.min(failures - T.delayAfterPairFailures, 30);
  return Math.min(T.baseDelaySeconds * 2 ** doublings, T.maxDelaySeconds);
}

function pairKey(account: string, ip: string): string {
  return `${account}\u0000${ip}`;
}

export function createLoginThrottle(rateLimiter: RateLimiter, now: () => number) {
  const window = T.failureWindowSeconds;

  async function isCaptchaRequired(account: string, ip: string, pairFailures: number): Promise<boolean> {
    if (pairFailures >= T.captchaAfterPairFailures) return true;
    const [byIp, byAccount] = await Promise.all([
      rateLimiter.count('login-fail-ip', ip, window),
      rateLimiter.count('login-fail-account', account, window),
    ]);
    return byIp >= T.captchaAfterIpFailures || byAccount >= T.captchaAfterAccountFailures;
  }

  return {
    /**
     * Before the password is checked: the per-IP limit, then the pair's growing delay (429
     * TOO_MANY_REQUESTS with retryAfterSeconds). Answers whether a captcha must be solved.
     */
    async admit(account: string, ip: string): Promise<{ captcha: boolean }> {
      await rateLimiter.consume('login-ip', ip, T.perIp.limit, T.perIp.windowSeconds);
      const failures = await rateLimiter.recentEvents('login-fail-pair', pairKey(account, ip), window);
      const latest = failures[failures.length - 1];
      const delayMs = loginDelaySeconds(failures.length) * 1000;
      if (latest && delayMs > 0) {
        const waitMs = latest.getTime() + delayMs - now();
        if (waitMs > 0) {
          const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
          throw new AppError(ErrorCode.TOO_MANY_REQUESTS, `Too many failed logins; retry in ${retryAfterSeconds} s`, {
            retryAfterSeconds,
            captcha: true,
          });
        }
      }
      return { captcha: await isCaptchaRequired(account, ip, failures.length) };
    },

    /** After a wrong account or password: count it; answers whether the next try needs a captcha. */
    async failed(account: string, ip: string): Promise<{ captcha: boolean }> {
      await Promise.all([
        rateLimiter.hit('login-fail-pair', pairKey(account, ip), window),
        rateLimiter.hit('login-fail-ip', ip, window),
        rateLimiter.hit('login-fail-account', account, window),
      ]);
      const pairFailures = await rateLimiter.count('login-fail-pair', pairKey(account, ip), window);
      return { captcha: await isCaptchaRequired(account, ip, pairFailures) };
    },

    /**
     * After the right password: the pair starts afresh. The IP's and the account's counts stay,
     * so an attacker who owns one account cannot wipe his address's record by logging into it.
     */
    async succeeded(account: string, ip: string): Promise<void> {
      await rateLimiter.reset('login-fail-pair', pairKey(account, ip));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
