import { ErrorCode } from '@wps/shared/error-codes';
import { jurisdictionRules, type JurisdictionProfile } from '@wps/shared/jurisdiction';
import { formatMinor } from '@wps/shared/money';
import type { KycDepositCap, KycSettings, KycSettingsBody } from '@wps/shared/schemas/kyc';
import type { Kysely } from 'kysely';
import { createTtlCache } from '../../cache/ttl-cache';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import type { AuditService } from '../audit/audit.service';
import type { DepositLimitGuard } from '../deposit/deposit.types';
import { findLatestPassedCheck, hasPassedCheck } from './kyc.repository';
import {
  findKycMember,
  findTierSettings,
  lockKycMember,
  lockTierSettings,
  recordFaceCheck,
  setReverifyDue,
  updateTierSettings,
} from './kyc-tiers.repository';

type Db = Kysely<Database>;

const DAY_MS = 24 * 3_600_000;
/** Since the epoch: the cap counts every deposit the player ever made. */
const ALL_TIME = new Date(0);
/** "Nothing due" is trusted this long while the change feed is live (a mark evicts it at once; this bounds a missed one). */
const CLEAR_TTL_MS = 30_000;
const CLEAR_MAX = 50_000;

export type KycTiersContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  jurisdiction: () => Promise<JurisdictionProfile>;
  /** The licence read inside the caller's transaction (the deposit's). */
  jurisdictionIn: (trx: Db) => Promise<JurisdictionProfile>;
  brand: () => Promise<{ currency: string; currencyScale: number }>;
  /** What the player's deposits hold of the cap now: credited orders plus pending ones still payable (the deposit module's count). */
  depositsUsed: (memberId: string) => Promise<bigint>;
  /** End every session of the player (a login found a re-verification due: older sessions must not play on). */
  endSessions: (trx: Db, memberId: string) => Promise<void>;
  /** The operator's calendar clock (the test clock door moves it). */
  now: () => number;
  /** Keeps "nothing due" per player in memory while it is live (migration 0420 announces every mark). */
  changeFeed?: Pick<ChangeFeed, 'subscribe' | 'onReset' | 'isLive'>;
};

/**
 * Identity tiers (docs/compliance.md, "KYC"): until the player's identity check has passed, the
 * licence lets them deposit only up to a low cumulative cap the operator sets, and a verified
 * player is asked for a new face check (selfie and liveness) at login on the operator's schedule.
 * While that re-verification is due, play, deposits and withdrawals are refused.
 */
export function createKycTiers(ctx: KycTiersContext) {
  const { db, audit } = ctx;
  // Players with no re-verification due, read outside a transaction: every ticket, launch and
  // bet asks (assertNotReverifying), and almost every answer is "none". Only that answer is kept,
  // so a passed face check needs no eviction; a mark found at login is evicted here at once and
  // on the other instances through the change feed.
  const clear = createTtlCache<true>({ ttlMs: CLEAR_TTL_MS, maxEntries: CLEAR_MAX, now: Date.now });
  ctx.changeFeed?.subscribe(CHANGE_CHANNELS.kycChange, (memberId) => clear.delete(memberId));
  ctx.changeFeed?.onReset(() => clear.clear());

  /** The player's mark, from memory when "none" is known there (outside a transaction only). */
  async function reverifyDueAt(memberId: string, trx: Db): Promise<Date | null> {
    const cacheable = trx === db && ctx.changeFeed?.isLive === true;
    if (cacheable && clear.get(memberId)) return null;
    const version = clear.version;
    const due = (await findKycMember(trx, memberId))?.reverifyDueAt ?? null;
    if (cacheable && due === null) clear.set(memberId, true, version);
    return due;
  }

  const applies = (p: JurisdictionProfile) => jurisdictionRules(p).kyc;

  function capRefusal(capMinor: bigint, usedMinor: bigint, scale: number): AppError {
    const room = capMinor > usedMinor ? capMinor - usedMinor : 0n;
    return new AppError(ErrorCode.KYC_DEPOSIT_CAP_REACHED, 'Verify your identity to deposit more', {
      cap: formatMinor(capMinor, scale),
      capMinor: capMinor.toString(),
      remaining: formatMinor(room, scale),
      remainingMinor: room.toString(),
    });
  }

  /** A re-verification found due and not yet passed, while the schedule and the licence ask for one. */
  async function dueSince(memberId: string, trx: Db = db): Promise<Date | null> {
    const due = await reverifyDueAt(memberId, trx);
    if (!due) return null;
    const [settings, profile] = await Promise.all([
      findTierSettings(trx),
      trx === db ? ctx.jurisdiction() : ctx.jurisdictionIn(trx),
    ]);
    return settings.reverifyDays > 0 && applies(profile) ? due : null;
  }

  async function assertNotReverifying(memberId: string, trx: Db = db): Promise<void> {
    if (await dueSince(memberId, trx))
      throw new AppError(
        ErrorCode.KYC_REVERIFICATION_REQUIRED,
        'Confirm it is you with a selfie before playing, depositing or withdrawing',
      );
  }

  /** The deposit cap's checks, in the deposit's transaction after the limits guard's lock. */
  async function capCheck(
    trx: Db,
    memberId: string,
    amountMinor: bigint,
    scale: number,
    used: () => Promise<bigint>,
  ): Promise<AppError | null> {
    if (!applies(await ctx.jurisdictionIn(trx))) return null;
    await lockKycMember(trx, memberId);
    if (await hasPassedCheck(trx, memberId)) return null;
    const { capMinor } = await findTierSettings(trx);
    const spent = await used();
    return spent + amountMinor > capMinor ? capRefusal(capMinor, spent, scale) : null;
  }

  async function settings(): Promise<KycSettings> {
    const [s, brand] = await Promise.all([findTierSettings(db), ctx.brand()]);
    return {
      unverifiedDepositCap: formatMinor(s.capMinor, brand.currencyScale),
      currency: brand.currency,
      scale: brand.currencyScale,
      reverifyDays: s.reverifyDays,
    };
  }

  return {
    dueSince,
    assertNotReverifying,
    settings,

    /**
     * The deposit module's guard with the cap after the responsible-gaming limits: the limits row
     * is locked first, then this module's row, then the order's (the same order everywhere).
     */
    withDepositCap(inner: DepositLimitGuard | undefined): DepositLimitGuard {
      return {
        async lock(trx, memberId) {
          await inner?.lock(trx, memberId);
          // Only where the cap applies: elsewhere a deposit takes no lock of this module's.
          if (applies(await ctx.jurisdictionIn(trx))) await lockKycMember(trx, memberId);
        },
        async checkOrder(trx, memberId, amountMinor, at, scale, used) {
          await inner?.checkOrder(trx, memberId, amountMinor, at, scale, used);
          await assertNotReverifying(memberId, trx);
          const refusal = await capCheck(trx, memberId, amountMinor, scale, () => used(ALL_TIME));
          if (refusal) throw refusal;
        },
        async checkCredit(trx, memberId, amountMinor, at, scale, used) {
          return (
            (await inner?.checkCredit(trx, memberId, amountMinor, at, scale, used)) ??
            (await capCheck(trx, memberId, amountMinor, scale, () => used(ALL_TIME)))
          );
        },
      };
    },

    /** The room left under the cap; null when it does not apply (verified, or the licence does not ask). */
    async capOf(memberId: string): Promise<KycDepositCap | null> {
      if (!applies(await ctx.jurisdiction()) || (await hasPassedCheck(db, memberId))) return null;
      const [{ capMinor }, usedMinor, brand] = await Promise.all([
        findTierSettings(db),
        ctx.depositsUsed(memberId),
        ctx.brand(),
      ]);
      const room = capMinor > usedMinor ? capMinor - usedMinor : 0n;
      const s = brand.currencyScale;
      return {
        currency: brand.currency,
        scale: s,
        cap: formatMinor(capMinor, s),
        capMinor: capMinor.toString(),
        used: formatMinor(usedMinor, s),
        usedMinor: usedMinor.toString(),
        remaining: formatMinor(room, s),
        remainingMinor: room.toString(),
      };
    },

    /**
     * At login (before the session opens): a verified player whose last face check is older than
     * the schedule is marked due, their other sessions end, and the mark is audited. Until a
     * re-verification passes, the new session may only do the check.
     */
    async atLogin(memberId: string): Promise<void> {
      // The licence first: under one without identity checks a login costs no more than that (cached) read.
      if (!applies(await ctx.jurisdiction())) return;
      const settings = await findTierSettings(db);
      if (settings.reverifyDays === 0) return;
      const [row, passed] = await Promise.all([findKycMember(db, memberId), findLatestPassedCheck(db, memberId)]);
      if (!passed || row?.reverifyDueAt) return;
      const anchor = row?.faceCheckedAt ?? passed.decidedAt;
      const at = ctx.now();
      if (anchor && anchor.getTime() + settings.reverifyDays * DAY_MS > at) return;
      await runInTransaction(db, async (trx) => {
        const locked = await lockKycMember(trx, memberId);
        if (locked.reverifyDueAt) return;
        await setReverifyDue(trx, memberId, new Date(at));
        await ctx.endSessions(trx, memberId);
        await audit.record(trx, {
          actorType: 'system',
          actorId: 'kyc:schedule',
          action: 'kyc.reverification_due',
          subjectType: 'member',
          subjectId: memberId,
          reason: `Last face check ${anchor?.toISOString() ?? 'unknown'}; every ${settings.reverifyDays} days`,
          before: { faceCheckedAt: anchor?.toISOString() ?? null },
          after: { reverifyDueAt: new Date(at).toISOString(), reverifyDays: settings.reverifyDays },
        });
      });
      // Committed: this instance forgets "nothing due" now; the others hear it from the trigger.
      clear.delete(memberId);
    },

    /** A passed face check (the first check or a re-verification), in its decision's transaction. */
    facePassed: (trx: Db, memberId: string) => recordFaceCheck(trx, memberId, new Date(ctx.now())),

    /** An operator's change of the cap or the schedule; audited with the reason. */
    async updateSettings(operatorId: string, body: KycSettingsBody): Promise<KycSettings> {
      const brand = await ctx.brand();
      const capMinor = amountFromWire(body.unverifiedDepositCap, {
        field: 'body.unverifiedDepositCap',
        scale: brand.currencyScale,
        allowZero: true,
      });
      await runInTransaction(db, async (trx) => {
        const before = await lockTierSettings(trx);
        await updateTierSettings(trx, { capMinor, reverifyDays: body.reverifyDays }, new Date());
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'kyc.settings',
          subjectType: 'kyc_settings',
          subjectId: '1',
          reason: body.reason,
          before: { unverifiedDepositCapMinor: before.capMinor.toString(), reverifyDays: before.reverifyDays },
          after: { unverifiedDepositCapMinor: capMinor.toString(), reverifyDays: body.reverifyDays },
        });
      });
      return settings();
    },
  };
}

export type KycTiers = ReturnType<typeof createKycTiers>;
