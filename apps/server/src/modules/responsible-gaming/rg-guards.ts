import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import { formatMinor } from '@wps/shared/money';
import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import { createTtlCache } from '../../cache/ttl-cache';
import type { Database } from '../../db/schema';
import type { BetLimits } from '../gateway/seamless.repository';
import { AppError } from '../../http/app-error';
import { excludedAmong, findLimits, findLimitsOf, isExcluded, lockPlayer } from './responsible-gaming.repository';
import {
  hasAllRequired,
  hasRequiredLimits,
  limitState,
  requiresLimits,
  valueOf,
  type LimitState,
  type RequiredLimits,
  type RgContext,
} from './rg-context';
import { periodStart, type RgPeriod } from './rg-periods';

type Db = Kysely<Database>;

/** What a bet needs to know of a player, cached per instance (evicted through the change feed). */
type BetRules = {
  stake: bigint | null;
  loss: { period: RgPeriod; limit: bigint }[];
  required: RequiredLimits;
  excluded: boolean;
};

/** Trusted this long when the change feed is live (evictions come at once; this bounds a missed one). */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 50_000;
/** The licence profile is read at most this often on the bet path (a switch drops it at once, through the change feed). */
const PROFILE_TTL_MS = 5_000;

const DEPOSIT_KINDS = [
  ['deposit_day', 'day'],
  ['deposit_week', 'week'],
  ['deposit_month', 'month'],
] as const;
const LOSS_KINDS = [
  ['loss_day', 'day'],
  ['loss_week', 'week'],
  ['loss_month', 'month'],
] as const;

function limitsRequired(): AppError {
  return new AppError(
    ErrorCode.RG_LIMITS_REQUIRED,
    'Set a deposit limit, a loss limit and a time limit before depositing or playing',
  );
}

/**
 * The money checks: deposits against the deposit limits (under the player's row lock, counted by
 * the deposit module), and the stake and loss limits a bet or a transfer into a vendor carries into
 * its own transaction, where rg_bet_refusal decides them under the wallet's lock (migration 0500;
 * the bet path: nothing but a cache read for a player without limits).
 */
export function createRgGuards(ctx: RgContext, feedIsLive: () => boolean) {
  const cache = createTtlCache<BetRules>({ ttlMs: CACHE_TTL_MS, maxEntries: CACHE_MAX, now: Date.now });
  let profile: { value: JurisdictionProfile; at: number } | null = null;

  async function readProfile(t: Db): Promise<JurisdictionProfile> {
    if (profile && Date.now() - profile.at < PROFILE_TTL_MS) return profile.value;
    const value = await ctx.jurisdictionIn(t);
    profile = { value, at: Date.now() };
    return value;
  }

  function rulesOf(state: LimitState, excluded: boolean): BetRules {
    const loss: BetRules['loss'] = [];
    for (const [kind, period] of LOSS_KINDS) {
      const limit = valueOf(state, kind);
      if (limit !== null) loss.push({ period, limit });
    }
    return { stake: valueOf(state, 'stake'), loss, required: hasRequiredLimits(state), excluded };
  }

  async function loadRules(t: Db, memberId: string): Promise<BetRules> {
    const live = feedIsLive();
    const cached = live ? cache.get(memberId) : undefined;
    if (cached) return cached;
    const version = cache.version;
    const rows = await findLimits(t, memberId);
    const excluded = await isExcluded(t, memberId, new Date(ctx.now()));
    const rules = rulesOf(limitState(rows), excluded);
    if (live) cache.set(memberId, rules, version);
    return rules;
  }

  /**
   * Load into the cache, in two reads, the rules of the players not in it: a batch of bets (a crash
   * window's first bets are mostly cold) then finds each player's rules without a read per bet in
   * its transaction. Nothing is cached while the change feed is down (each bet then reads its own).
   */
  async function warmRules(t: Db, memberIds: readonly string[]): Promise<void> {
    if (!feedIsLive()) return;
    const cold = [...new Set(memberIds)].filter((m) => cache.get(m) === undefined);
    if (cold.length === 0) return;
    const version = cache.version;
    const [rows, excluded] = await Promise.all([findLimitsOf(t, cold), excludedAmong(t, cold, new Date(ctx.now()))]);
    for (const m of cold)
      cache.set(m, rulesOf(limitState(rows.filter((r) => String(r.memberId) === m)), excluded.has(m)), version);
  }

  /** Whether a bet of this player needs more than the cache: any limit, an exclusion, or required limits missing. */
  function isFree(rules: BetRules, p: JurisdictionProfile): boolean {
    return (
      rules.stake === null &&
      rules.loss.length === 0 &&
      !rules.excluded &&
      (!requiresLimits(p) || hasAllRequired(rules.required))
    );
  }

  /**
   * The limits a bet's transaction decides (seamless_apply's rg_bet_refusal, migration 0500): the
   * stake limit and each loss limit with its period's start in the operator's zone. An exclusion
   * or missing required limits refuse here: they do not depend on what other bets have done.
   */
  async function betLimitsSlow(t: Db, memberId: string): Promise<BetLimits | null> {
    const rules = await loadRules(t, memberId);
    const p = await readProfile(t);
    if (rules.excluded) throw new AppError(ErrorCode.RG_SELF_EXCLUDED, 'This account is excluded from play');
    if (requiresLimits(p) && !hasAllRequired(rules.required)) throw limitsRequired();
    return limitsOf(rules, await ctx.timeZone(t));
  }

  function limitsOf(rules: BetRules, zone: string): BetLimits | null {
    if (rules.stake === null && rules.loss.length === 0) return null;
    const at = new Date(ctx.now());
    return {
      stakeMaxMinor: rules.stake?.toString() ?? null,
      loss: rules.loss.map(({ period, limit }) => ({
        period,
        since: periodStart(at, period, zone).toISOString(),
        limitMinor: limit.toString(),
      })),
    };
  }

  /** The deposit limits in force at `at`, each against what its period has used. */
  async function depositRefusal(
    trx: Db,
    memberId: string,
    amountMinor: bigint,
    at: Date,
    scale: number,
    used: (since: Date) => Promise<bigint>,
  ): Promise<AppError | null> {
    const state = limitState(await findLimits(trx, memberId));
    const zone = await ctx.timeZone(trx);
    for (const [kind, period] of DEPOSIT_KINDS) {
      const limit = valueOf(state, kind);
      if (limit === null) continue;
      const spent = await used(periodStart(at, period, zone));
      if (spent + amountMinor > limit) {
        const room = limit > spent ? limit - spent : 0n;
        return new AppError(
          ErrorCode.RG_DEPOSIT_LIMIT_REACHED,
          `This deposit would pass your ${period} deposit limit`,
          {
            period,
            limit: formatMinor(limit, scale),
            limitMinor: limit.toString(),
            remaining: formatMinor(room, scale),
            remainingMinor: room.toString(),
          },
        );
      }
    }
    return null;
  }

  return {
    evict(memberId: string): void {
      cache.delete(memberId);
    },
    /** Forget every player's rules and the licence profile: the change feed was interrupted. */
    clear(): void {
      cache.clear();
      profile = null;
    },
    /** The licence changed (the change feed's notice): the next bet reads the profile again. */
    forgetProfile(): void {
      profile = null;
    },

    /** The seamless wallet's guard's warm-up for a batch of bets (gateway BetGuard). */
    warm: async (memberIds: readonly string[], t: Db): Promise<void> => {
      await warmRules(t, memberIds);
      await readProfile(t);
    },

    /** The seamless wallet's guard (gateway BetGuard): undefined when nothing applies, without a promise. */
    betLimits(memberId: string, trx: Db): Promise<BetLimits | null> | undefined {
      const cached = feedIsLive() ? cache.get(memberId) : undefined;
      if (cached && profile && Date.now() - profile.at < PROFILE_TTL_MS && isFree(cached, profile.value))
        return undefined;
      return betLimitsSlow(trx, memberId);
    },

    /**
     * The limits a transfer into a vendor's wallet is decided against (the transfer wallet): money
     * sent to a vendor counts as staked until it comes back (loss limits), and since a vendor's bet
     * cannot stake more than its wallet holds, the stake limit bounds what that wallet holds.
     */
    async transferLimits(trx: Db, memberId: string): Promise<BetLimits | null> {
      const rules = await loadRules(trx, memberId);
      return limitsOf(rules, await ctx.timeZone(trx));
    },

    /** The deposit module's guard (deposit.types.ts DepositLimitGuard). */
    deposits: {
      lock: async (trx: Db, memberId: string) => void (await lockPlayer(trx, memberId)),
      async checkOrder(
        trx: Db,
        memberId: string,
        amountMinor: bigint,
        at: Date,
        scale: number,
        used: (since: Date) => Promise<bigint>,
      ): Promise<void> {
        await lockPlayer(trx, memberId);
        if (requiresLimits(await ctx.jurisdictionIn(trx))) {
          if (!hasAllRequired(hasRequiredLimits(limitState(await findLimits(trx, memberId))))) throw limitsRequired();
        }
        const refusal = await depositRefusal(trx, memberId, amountMinor, at, scale, used);
        if (refusal) throw refusal;
      },
      async checkCredit(
        trx: Db,
        memberId: string,
        amountMinor: bigint,
        at: Date,
        scale: number,
        used: (since: Date) => Promise<bigint>,
      ): Promise<AppError | null> {
        await lockPlayer(trx, memberId);
        return depositRefusal(trx, memberId, amountMinor, at, scale, used);
      },
    },
  };
}

export type RgGuards = ReturnType<typeof createRgGuards>;
