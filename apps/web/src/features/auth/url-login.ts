import type { LoginResult } from '@wps/shared/schemas/common';
import { takeUrlLoginCode } from '../../lib/session-storage';
import { exchangeLoginCode } from './api/exchange-login-code';

/**
 * What to do with the session a login link opened, given the account of the live
 * session this tab already holds (null: none):
 * - adopt: no live session, take the new one;
 * - keep: the same account is already logged in, the new session is not needed;
 * - ask: another account is logged in; the player chooses before anything is replaced.
 */
export type UrlLoginDecision = 'adopt' | 'keep' | 'ask';

export function decideUrlLogin(currentAccount: string | null, nextAccount: string): UrlLoginDecision {
  if (currentAccount === null) return 'adopt';
  return currentAccount.trim().toLowerCase() === nextAccount.trim().toLowerCase() ? 'keep' : 'ask';
}

type UrlLoginExchange = { promise: Promise<LoginResult>; claimed: boolean };

let exchange: UrlLoginExchange | null = null;

/**
 * Trade the start URL's login code once per page load. Mounting twice (React's strict mode,
 * a remount) shares the one request; `claim` lets exactly one caller act on its result.
 */
export function startUrlLoginExchange(): { promise: Promise<LoginResult>; claim: () => boolean } | null {
  if (!exchange) {
    const code = takeUrlLoginCode();
    if (!code) return null;
    exchange = { promise: exchangeLoginCode(code), claimed: false };
  }
  const current = exchange;
  return {
    promise: current.promise,
    claim: () => {
      if (current.claimed) return false;
      current.claimed = true;
      return true;
    },
  };
}
