import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  isMoneyLimit,
  RG_INCREASE_WAIT_HOURS,
  RG_MAX_MINUTES,
  type RgLimitKind,
  type RgSetLimitsBody,
  type RgStatus,
} from '@wps/shared/schemas/responsible-gaming';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { amountFromWire } from '../../http/amount';
import { AppError } from '../../http/app-error';
import {
  findLimits,
  findPlayer,
  lockPlayer,
  setRealityCheck,
  writeLimit,
  type LimitRow,
} from './responsible-gaming.repository';
import { createRgChangeRecorder } from './rg-changes';
import {
  ALL_KINDS,
  BR_DEFAULT_REALITY_CHECK_MINUTES,
  hasAllRequired,
  hasRequiredLimits,
  losesRequired,
  limitState,
  requiresLimits,
  shown,
  valueOf,
  type Actor,
  type LimitState,
  type RgContext,
} from './rg-context';

type Db = Kysely<Database>;
const HOUR_MS = 3_600_000;
/** The largest money limit a player may set, in minor units. */
const MAX_MONEY_LIMIT_MINOR = 10n ** 15n;

function invalid(field: string, message: string): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, message, { fields: [{ field, message }] });
}

/** A limit typed by the player: minor units for money (the operator's scale), minutes for time. */
function parseLimit(kind: RgLimitKind, value: string, scale: number, index: number): bigint {
  const field = `body.limits.${index}.value`;
  if (isMoneyLimit(kind)) return amountFromWire(value, { field, scale, max: MAX_MONEY_LIMIT_MINOR });
  if (!/^\d+$/.test(value)) throw invalid(field, 'whole minutes');
  const minutes = Number(value);
  if (minutes < 1 || minutes > RG_MAX_MINUTES) throw invalid(field, `1 to ${RG_MAX_MINUTES} minutes`);
  return BigInt(minutes);
}

/**
 * The player's limits (UKGC RTS 12): a new limit or a decrease applies at once; an increase or a
 * removal waits 24 hours and then the player's confirmation, the old limit holding meanwhile.
 * Every change goes to rg_history and the audit chain in the transaction that makes it, under
 * the player's row lock (rg-changes.ts).
 */
export function createRgLimits(ctx: RgContext, evict: (memberId: string) => void) {
  const { db } = ctx;
  const recordChange = createRgChangeRecorder(ctx.audit);

  async function status(memberId: string, t: Db = db): Promise<RgStatus> {
    const [brand, profile, player, rows] = await Promise.all([
      ctx.brand(),
      ctx.jurisdiction(),
      findPlayer(t, memberId),
      findLimits(t, memberId),
    ]);
    const state = limitState(rows);
    const at = ctx.now();
    const required = requiresLimits(profile);
    const have = hasRequiredLimits(state);
    return {
      currency: brand.currency,
      scale: brand.currencyScale,
      limits: ALL_KINDS.map((kind) => {
        const row = state.get(kind);
        const pendingAt = row?.pendingEffectiveAt ?? null;
        return {
          kind,
          value: shown(kind, valueOf(state, kind), brand.currencyScale),
          pending:
            row && pendingAt
              ? {
                  value: row.pendingRemove ? null : shown(kind, BigInt(row.pendingValue!), brand.currencyScale),
                  requestedAt: row.pendingRequestedAt!.toISOString(),
                  effectiveAt: pendingAt.toISOString(),
                  confirmable: pendingAt.getTime() <= at,
                }
              : null,
        };
      }),
      realityCheckMinutes: player?.realityCheckMinutes ?? (required ? BR_DEFAULT_REALITY_CHECK_MINUTES : null),
      realityCheckRequired: required,
      limitsRequired: required,
      mustSetLimits: required && !hasAllRequired(have),
    };
  }

  /** Under a licence that requires them, the limits that would remain once every pending removal went through. */
  function assertRequiredKept(profile: Parameters<typeof requiresLimits>[0], state: LimitState): void {
    if (!requiresLimits(profile)) return;
    const eventual: LimitState = new Map([...state].map(([k, r]) => [k, r.pendingRemove ? { ...r, value: null } : r]));
    const before = hasRequiredLimits(state);
    const after = hasRequiredLimits(eventual);
    if (losesRequired(before, after)) {
      throw new AppError(
        ErrorCode.RG_LIMITS_REQUIRED,
        'The licence requires a deposit, a loss and a time limit; change them instead of removing them',
      );
    }
  }

  async function change(memberId: string, body: RgSetLimitsBody, actor: Actor): Promise<RgStatus> {
    const [brand, profile] = await Promise.all([ctx.brand(), ctx.jurisdiction()]);
    const scale = brand.currencyScale;
    const changes = body.limits.map((c, i) => ({
      kind: c.kind,
      value: c.value === null ? null : parseLimit(c.kind, c.value, scale, i),
    }));
    if (new Set(changes.map((c) => c.kind)).size !== changes.length) throw invalid('body.limits', 'each kind once');
    await runInTransaction(db, async (trx) => {
      await lockPlayer(trx, memberId);
      const state = limitState(await findLimits(trx, memberId));
      const at = new Date(ctx.now());
      for (const { kind, value } of changes) {
        const row = state.get(kind);
        const current = valueOf(state, kind);
        const history = (action: string, before: bigint | null, after: bigint | null) =>
          recordChange(trx, {
            memberId,
            kind,
            action,
            before: shown(kind, before, scale),
            after: shown(kind, after, scale),
            ...actor,
            at,
          });
        const write = (next: Omit<Parameters<typeof writeLimit>[1], 'memberId' | 'kind' | 'at'>) => {
          const written: LimitRow = {
            memberId,
            kind,
            value: next.value?.toString() ?? null,
            pendingValue: next.pendingValue?.toString() ?? null,
            pendingRemove: next.pendingRemove,
            pendingRequestedAt: next.pendingRequestedAt,
            pendingEffectiveAt: next.pendingEffectiveAt,
            updatedAt: at,
          };
          state.set(kind, written);
          return writeLimit(trx, { memberId, kind, at, ...next });
        };
        const noPending = {
          pendingValue: null,
          pendingRemove: false,
          pendingRequestedAt: null,
          pendingEffectiveAt: null,
        };
        const wait = {
          pendingRequestedAt: at,
          pendingEffectiveAt: new Date(at.getTime() + RG_INCREASE_WAIT_HOURS * HOUR_MS),
        };
        if (value !== null && (current === null || value < current)) {
          // Stricter, or new: at once; a pending loosening of the same limit is dropped.
          await write({ value, ...noPending });
          await history(current === null ? 'set' : 'decrease', current, value);
        } else if (value !== null && value === current) {
          if (row?.pendingEffectiveAt) {
            await write({ value, ...noPending });
            await history('pending_cancelled', current, current);
          }
        } else if (value !== null) {
          await write({ value: current, pendingValue: value, pendingRemove: false, ...wait });
          await history('increase_requested', current, value);
        } else if (current !== null) {
          await write({ value: current, pendingValue: null, pendingRemove: true, ...wait });
          await history('removal_requested', current, null);
        } else if (row?.pendingEffectiveAt) {
          await write({ value: null, ...noPending });
          await history('pending_cancelled', null, null);
        }
      }
      assertRequiredKept(profile, state);
    });
    evict(memberId);
    return status(memberId);
  }

  return {
    status,
    change,

    /** Confirm an increase or removal once its 24 hours have passed; the limit changes then. */
    async confirm(memberId: string, kind: RgLimitKind, actor: Actor): Promise<RgStatus> {
      const [brand, profile] = await Promise.all([ctx.brand(), ctx.jurisdiction()]);
      await runInTransaction(db, async (trx) => {
        await lockPlayer(trx, memberId);
        const state = limitState(await findLimits(trx, memberId));
        const row = state.get(kind);
        if (!row?.pendingEffectiveAt)
          throw new AppError(ErrorCode.RG_LIMIT_CHANGE_NOT_PENDING, 'No change of this limit is waiting');
        const at = new Date(ctx.now());
        if (row.pendingEffectiveAt.getTime() > at.getTime()) {
          throw new AppError(
            ErrorCode.RG_LIMIT_CHANGE_NOT_DUE,
            'This change can be confirmed only after its 24 hours',
            { effectiveAt: row.pendingEffectiveAt.toISOString() },
          );
        }
        const before = valueOf(state, kind);
        const after = row.pendingRemove ? null : BigInt(row.pendingValue!);
        if (requiresLimits(profile)) {
          // A removal confirmed must still leave the limits the licence requires.
          const next: LimitState = new Map(state);
          next.set(kind, {
            ...row,
            value: after?.toString() ?? null,
            pendingValue: null,
            pendingRemove: false,
            pendingEffectiveAt: null,
          });
          const was = hasRequiredLimits(state);
          const will = hasRequiredLimits(next);
          if (losesRequired(was, will))
            throw new AppError(ErrorCode.RG_LIMITS_REQUIRED, 'The licence requires a deposit, a loss and a time limit');
        }
        await writeLimit(trx, {
          memberId,
          kind,
          value: after,
          pendingValue: null,
          pendingRemove: false,
          pendingRequestedAt: null,
          pendingEffectiveAt: null,
          at,
        });
        await recordChange(trx, {
          memberId,
          kind,
          action: row.pendingRemove ? 'removed' : 'increase_confirmed',
          before: shown(kind, before, brand.currencyScale),
          after: shown(kind, after, brand.currencyScale),
          ...actor,
          at,
        });
      });
      evict(memberId);
      return status(memberId);
    },

    /** Drop a waiting increase or removal; the limit in force stays. */
    async cancel(memberId: string, kind: RgLimitKind, actor: Actor): Promise<RgStatus> {
      const brand = await ctx.brand();
      await runInTransaction(db, async (trx) => {
        await lockPlayer(trx, memberId);
        const state = limitState(await findLimits(trx, memberId));
        const row = state.get(kind);
        if (!row?.pendingEffectiveAt)
          throw new AppError(ErrorCode.RG_LIMIT_CHANGE_NOT_PENDING, 'No change of this limit is waiting');
        const at = new Date(ctx.now());
        const current = valueOf(state, kind);
        await writeLimit(trx, {
          memberId,
          kind,
          value: current,
          pendingValue: null,
          pendingRemove: false,
          pendingRequestedAt: null,
          pendingEffectiveAt: null,
          at,
        });
        const value = shown(kind, current, brand.currencyScale);
        await recordChange(trx, {
          memberId,
          kind,
          action: 'pending_cancelled',
          before: value,
          after: value,
          ...actor,
          at,
        });
      });
      evict(memberId);
      return status(memberId);
    },

    /** The reality check's interval; under BR it cannot be turned off (only changed). */
    async setRealityCheck(memberId: string, minutes: number | null, actor: Actor): Promise<RgStatus> {
      if (minutes === null && requiresLimits(await ctx.jurisdiction())) {
        throw new AppError(
          ErrorCode.RG_REALITY_CHECK_REQUIRED,
          'The licence requires a reality check; choose an interval',
        );
      }
      await runInTransaction(db, async (trx) => {
        const before = await lockPlayer(trx, memberId);
        const at = new Date(ctx.now());
        await setRealityCheck(trx, memberId, minutes, at);
        await recordChange(trx, {
          memberId,
          kind: 'reality_check',
          action: 'reality_check',
          before: before.realityCheckMinutes?.toString() ?? null,
          after: minutes?.toString() ?? null,
          ...actor,
          at,
        });
      });
      evict(memberId);
      return status(memberId);
    },
  };
}

export type RgLimits = ReturnType<typeof createRgLimits>;
