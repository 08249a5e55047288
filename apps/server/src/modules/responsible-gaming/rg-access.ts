import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import type { RgSelfExclusionBody, RgTimeOutBody } from '@wps/shared/schemas/responsible-gaming';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import {
  findExclusion,
  findExclusionByHashes,
  findLimits,
  findOpenExclusions,
  findPlayer,
  insertExclusion,
  lockPlayer,
  markEnded,
  markReopenRequested,
  readReopenSecret,
  setBlock,
  type ExclusionRow,
} from './responsible-gaming.repository';
import { createRgChangeRecorder } from './rg-changes';
import {
  limitState,
  SELF_EXCLUSION_COOLING_OFF_HOURS,
  SESSION_LIMIT_BREAK_MINUTES,
  valueOf,
  type Actor,
  type RgContext,
  type RgLatePorts,
} from './rg-context';
import { addMonths, dayEnd, periodStart } from './rg-periods';

type Db = Kysely<Database>;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** How long the proof a refused login hands out may be used to ask for the end of a self-exclusion. */
const REOPEN_TOKEN_MS = 15 * MINUTE_MS;

/** The stored form of an e-mail, phone or CPF: SHA-256 of its normalised text, so no second copy is kept. */
function hashOf(kind: 'email' | 'phone' | 'cpf', value: string | null | undefined): string | null {
  const v = value?.trim().toLowerCase();
  return v ? crypto.createHash('sha256').update(`${kind}:${v}`).digest('hex') : null;
}

function timeOutEnd(at: Date, body: RgTimeOutBody): Date {
  switch (body.duration) {
    case '24h':
      return new Date(at.getTime() + DAY_MS);
    case '1w':
      return new Date(at.getTime() + 7 * DAY_MS);
    case '1m':
      return addMonths(at, 1);
    case 'days':
      if (!body.days)
        throw new AppError(ErrorCode.VALIDATION_FAILED, 'Choose how many days', {
          fields: [{ field: 'body.days', message: 'required' }],
        });
      return new Date(at.getTime() + body.days * DAY_MS);
  }
}

function selfExclusionEnd(at: Date, body: RgSelfExclusionBody): Date | null {
  const months = { '6m': 6, '1y': 12, '2y': 24, '5y': 60, permanent: null }[body.duration];
  return months === null ? null : addMonths(at, months);
}

/**
 * Who may be logged in: time-outs and self-exclusions (every session ends at once, login is
 * refused with the end date, new accounts with the same details are refused), the time limits
 * (a session or a day past its limit ends, login waits), and the end of an expired self-exclusion
 * (an explicit request, then a cooling-off period).
 */
export function createRgAccess(ctx: RgContext, late: RgLatePorts, evict: (memberId: string) => void) {
  const { db } = ctx;
  const recordChange = createRgChangeRecorder(ctx.audit);
  let secret: string | null = null;

  async function sign(payload: string, t: Db): Promise<string> {
    secret ??= await readReopenSecret(t);
    return crypto.createHmac('sha256', secret).update(payload).digest('base64url');
  }

  async function reopenToken(t: Db, exclusionId: string): Promise<string> {
    const payload = `${exclusionId}.${ctx.realNow() + REOPEN_TOKEN_MS}`;
    return `${payload}.${await sign(payload, t)}`;
  }

  async function contactHashes(t: Db, memberId: string) {
    const contacts = await ctx.members.findContacts(memberId, t);
    const cpf = await late.cpfOf.get()(t, memberId);
    return {
      email: hashOf('email', contacts?.email),
      phone: hashOf('phone', contacts?.phoneE164),
      cpf: hashOf('cpf', cpf),
    };
  }

  /** Seconds a member has been logged in during the local day holding `at` (overlapping sessions counted once). */
  async function dailySeconds(t: Db, memberId: string, at: Date, zone: string): Promise<number> {
    const from = periodStart(at, 'day', zone).getTime();
    const spans = (await ctx.session.sessionSpans(memberId, new Date(from), t))
      .map(
        (s) =>
          [
            Math.max(s.startedAt.getTime(), from),
            Math.min(s.endedAt?.getTime() ?? at.getTime(), at.getTime()),
          ] as const,
      )
      .filter(([a, b]) => b > a)
      .sort((x, y) => x[0] - y[0]);
    let total = 0;
    let end = -Infinity;
    for (const [a, b] of spans) {
      if (b <= end) continue;
      total += b - Math.max(a, end);
      end = b;
    }
    return Math.floor(total / 1000);
  }

  /**
   * An exclusion a login finds over ends there, once, in the login's transaction; its end is
   * audited like its start (sealed into the audit chain with the commit).
   */
  async function endExclusion(trx: Db, ex: ExclusionRow, memberId: string, at: Date): Promise<void> {
    if (!(await markEnded(trx, ex.id, at))) return;
    await ctx.audit.record(trx, {
      actorType: 'member',
      actorId: memberId,
      action: 'responsible_gaming.exclusion_ended',
      subjectType: 'member',
      subjectId: memberId,
      reason: null,
      before: { kind: ex.kind, exclusionId: String(ex.id), endsAt: ex.endsAt?.toISOString() ?? null },
      after: { kind: ex.kind, exclusionId: String(ex.id), endedAt: at.toISOString() },
    });
  }

  /** End a member's sessions and keep them out until `until`, in one transaction. */
  async function block(memberId: string, reason: 'session_limit' | 'daily_limit', until: Date): Promise<void> {
    await runInTransaction(db, async (trx) => {
      await lockPlayer(trx, memberId);
      await setBlock(trx, memberId, until, reason);
      await ctx.session.revokeOthers(memberId, undefined, trx, reason);
    });
    evict(memberId);
  }

  async function startExclusion(
    memberId: string,
    kind: 'time_out' | 'self_exclusion',
    endsAt: Date | null,
    actor: Actor,
  ) {
    const startsAt = new Date(ctx.now());
    const row = await runInTransaction(db, async (trx) => {
      await lockPlayer(trx, memberId);
      const hashes = await contactHashes(trx, memberId);
      const inserted = await insertExclusion(trx, {
        memberId,
        kind,
        startsAt,
        endsAt,
        emailHash: hashes.email,
        phoneHash: hashes.phone,
        cpfHash: hashes.cpf,
      });
      await recordChange(trx, {
        memberId,
        kind,
        action: kind,
        before: null,
        after: endsAt?.toISOString() ?? 'permanent',
        ...actor,
        at: startsAt,
      });
      await ctx.session.revokeOthers(memberId, undefined, trx, kind === 'time_out' ? 'time_out' : 'self_excluded');
      return inserted;
    });
    evict(memberId);
    return { kind, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt?.toISOString() ?? null };
  }

  return {
    startTimeOut: (memberId: string, body: RgTimeOutBody, actor: Actor) =>
      startExclusion(memberId, 'time_out', timeOutEnd(new Date(ctx.now()), body), actor),
    startSelfExclusion: (memberId: string, body: RgSelfExclusionBody, actor: Actor) =>
      startExclusion(memberId, 'self_exclusion', selfExclusionEnd(new Date(ctx.now()), body), actor),

    /**
     * The session module's open guard: run in the transaction that opens a session (a login, or a
     * registration's first session), it throws the refusal. Refusing a registration's session
     * undoes the whole registration.
     */
    async beforeSession(trx: Db, memberId: string): Promise<void> {
      const at = ctx.now();
      for (const ex of await findOpenExclusions(trx, memberId)) {
        const endsAt = ex.endsAt?.getTime() ?? null;
        if (ex.kind === 'time_out') {
          if (endsAt! > at)
            throw new AppError(ErrorCode.RG_TIME_OUT_ACTIVE, 'You are taking a time-out', {
              until: ex.endsAt!.toISOString(),
            });
          await endExclusion(trx, ex, memberId, new Date(at));
          continue;
        }
        if (endsAt === null || endsAt > at)
          throw new AppError(ErrorCode.RG_SELF_EXCLUDED, 'You have excluded yourself', {
            until: ex.endsAt?.toISOString() ?? null,
            expired: false,
          });
        if (!ex.reopenRequestedAt) {
          throw new AppError(ErrorCode.RG_SELF_EXCLUDED, 'Your self-exclusion has ended; ask to reopen the account', {
            until: ex.endsAt!.toISOString(),
            expired: true,
            reopenToken: await reopenToken(trx, ex.id),
          });
        }
        if (ex.coolingOffUntil!.getTime() > at) {
          throw new AppError(
            ErrorCode.RG_SELF_EXCLUSION_COOLING_OFF,
            'Your account reopens after the cooling-off period',
            { until: ex.coolingOffUntil!.toISOString() },
          );
        }
        await endExclusion(trx, ex, memberId, new Date(at));
      }
      const other = await findExclusionByHashes(trx, memberId, await contactHashes(trx, memberId), new Date(at));
      if (other)
        throw new AppError(
          ErrorCode.RG_EXCLUDED_REGISTRATION,
          'These details belong to an account that is excluded from play',
          { until: other.endsAt?.toISOString() ?? null },
        );
      const real = ctx.realNow();
      const player = await findPlayer(trx, memberId);
      if (player?.blockedUntil && player.blockedUntil.getTime() > real) {
        throw new AppError(ErrorCode.RG_TIME_LIMIT_REACHED, 'Your time limit is reached', {
          limit: player.blockedReason,
          until: player.blockedUntil.toISOString(),
        });
      }
      const daily = valueOf(limitState(await findLimits(trx, memberId)), 'daily_time');
      if (daily !== null) {
        const zone = await ctx.timeZone(trx);
        const now = new Date(real);
        if ((await dailySeconds(trx, memberId, now, zone)) >= Number(daily) * 60) {
          throw new AppError(ErrorCode.RG_TIME_LIMIT_REACHED, 'Your daily time limit is reached', {
            limit: 'daily_limit',
            until: dayEnd(now, zone).toISOString(),
          });
        }
      }
    },

    /**
     * End a member's sessions past a time limit: a session longer than the session limit (then a
     * break before the next login), or a day past the daily limit (then until the next local day).
     * Returns why the sessions ended, or null when nothing was due.
     */
    async enforceTime(memberId: string): Promise<'session_limit' | 'daily_limit' | null> {
      const state = limitState(await findLimits(db, memberId));
      const session = valueOf(state, 'session_time');
      const daily = valueOf(state, 'daily_time');
      if (session === null && daily === null) return null;
      const now = new Date(ctx.realNow());
      const zone = await ctx.timeZone(db);
      const since = new Date(Math.min(periodStart(now, 'day', zone).getTime(), now.getTime() - DAY_MS));
      const live = (await ctx.session.sessionSpans(memberId, since)).filter((s) => s.endedAt === null);
      if (live.length === 0) return null;
      // From the sign-in's login: a tab that opened its session from the refresh cookie continues it.
      if (
        session !== null &&
        live.some((s) => now.getTime() - s.signInStartedAt.getTime() >= Number(session) * MINUTE_MS)
      ) {
        await block(memberId, 'session_limit', new Date(now.getTime() + SESSION_LIMIT_BREAK_MINUTES * MINUTE_MS));
        return 'session_limit';
      }
      if (daily !== null && (await dailySeconds(db, memberId, now, zone)) >= Number(daily) * 60) {
        await block(memberId, 'daily_limit', dayEnd(now, zone));
        return 'daily_limit';
      }
      return null;
    },

    /** End an expired self-exclusion: the request (proved by a refused login's token) starts the cooling-off period. */
    async requestReopen(token: string): Promise<{ coolingOffUntil: string }> {
      const [id, exp, mac] = token.split('.');
      const invalid = () =>
        new AppError(ErrorCode.RG_REOPEN_INVALID, 'This request is not valid any more; log in again');
      if (!id || !exp || !mac || !/^\d+$/.test(id) || !/^\d+$/.test(exp)) throw invalid();
      const expected = await sign(`${id}.${exp}`, db);
      if (
        expected.length !== mac.length ||
        !crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(mac)) ||
        Number(exp) < ctx.realNow()
      )
        throw invalid();
      const result = await runInTransaction(db, async (trx) => {
        const ex = await findExclusion(trx, id, { lock: true });
        const at = new Date(ctx.now());
        if (!ex || ex.kind !== 'self_exclusion' || ex.endedAt || !ex.endsAt || ex.endsAt > at) throw invalid();
        if (ex.coolingOffUntil) return { memberId: String(ex.memberId), until: ex.coolingOffUntil };
        const until = new Date(at.getTime() + SELF_EXCLUSION_COOLING_OFF_HOURS * HOUR_MS);
        await markReopenRequested(trx, ex.id, at, until);
        await recordChange(trx, {
          memberId: String(ex.memberId),
          kind: 'self_exclusion',
          action: 'reopen_requested',
          before: ex.endsAt.toISOString(),
          after: until.toISOString(),
          actorType: 'member',
          actorId: String(ex.memberId),
          at,
        });
        return { memberId: String(ex.memberId), until };
      });
      evict(result.memberId);
      return { coolingOffUntil: result.until.toISOString() };
    },
  };
}

export type RgAccess = ReturnType<typeof createRgAccess>;
