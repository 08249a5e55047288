import type { Kysely } from 'kysely';
import type { JurisdictionProfile } from '@wps/shared/jurisdiction';
import { isMoneyLimit, RG_LIMIT_KINDS, type RgLimitKind } from '@wps/shared/schemas/responsible-gaming';
import { formatMinor } from '@wps/shared/money';
import type { Database } from '../../db/schema';
import type { SessionRevokeReason } from '@wps/shared/error-codes';
import type { AuditService } from '../audit/audit.service';
import type { RoundSums } from '../gateway/round-history';
import type { SessionSpan } from '../session/session.repository';
import type { LimitRow } from './responsible-gaming.repository';
import type { LatePort } from '../../late-port';

type Db = Kysely<Database>;

/** What the responsible-gaming module reads of other modules, through their services (wired in services.ts). */
export type RgContext = {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  /** The calendar clock (limit changes' 24 hours, exclusions' ends, the periods of money limits). */
  now: () => number;
  /** The real clock (sessions' times: the time limits and the reality check). */
  realNow: () => number;
  brand: () => Promise<{ currency: string; currencyScale: number }>;
  jurisdiction: () => Promise<JurisdictionProfile>;
  /** The same, read in the caller's transaction (a deposit's, a batch of bets'): PGlite has one connection. */
  jurisdictionIn: (trx: Db) => Promise<JurisdictionProfile>;
  /** The operator's time zone (the rewards engine keeps it). */
  timeZone: (db: Db) => Promise<string>;
  session: {
    revokeOthers(
      memberId: string,
      keepSessionId: string | undefined,
      trx: Db,
      reason: SessionRevokeReason,
    ): Promise<number>;
    sessionSpans(memberId: string, since: Date, trx?: Db): Promise<SessionSpan[]>;
    sessionStartedAt(sessionId: string): Promise<Date | undefined>;
  };
  members: {
    findContacts(memberId: string, trx: Db): Promise<{ email: string | null; phoneE164: string | null } | undefined>;
  };
};

/** Ports bound after the module is built: the gateway's round sums, the identity module's CPF. */
/** What the gateway and identity modules, built after this one, give it (services.ts; late-port.ts). */
export type RgLatePorts = {
  rounds: LatePort<(memberId: string, since: Date[], trx?: Db) => Promise<RoundSums[]>>;
  cpfOf: LatePort<(trx: Db, memberId: string) => Promise<string | null>>;
};

export type Actor = { actorType: 'member' | 'operator' | 'system'; actorId: string | null };

/** Under BR the reality check cannot be turned off; this is its interval until the player picks one. */
export const BR_DEFAULT_REALITY_CHECK_MINUTES = 60;
/** After a session reaches the player's session limit, the break before the next login. */
export const SESSION_LIMIT_BREAK_MINUTES = 60;
/** After the request to end an expired self-exclusion, the wait before login works (LCCP 3.5.3: one day). */
export const SELF_EXCLUSION_COOLING_OFF_HOURS = 24;

/** The licence's mandatory parts: BR asks for deposit, loss and time limits at sign-up and a reality check. */
export function requiresLimits(profile: JurisdictionProfile): boolean {
  return profile === 'BR';
}

/** The limits in force and pending, by kind. */
export type LimitState = Map<RgLimitKind, LimitRow>;

export function limitState(rows: LimitRow[]): LimitState {
  return new Map(rows.map((r) => [r.kind, r]));
}

export function valueOf(state: LimitState, kind: RgLimitKind): bigint | null {
  const v = state.get(kind)?.value;
  return v === null || v === undefined ? null : BigInt(v);
}

/** The limits the licence asks for at sign-up, each present or not. */
export type RequiredLimits = { deposit: boolean; loss: boolean; time: boolean };

/**
 * Whether the required limits are there: a deposit limit and a loss limit (any period each) and a
 * time limit (session or daily). Portaria SPA/MF 1.231/2024 asks for all three at sign-up.
 */
export function hasRequiredLimits(state: LimitState): RequiredLimits {
  const set = (kinds: RgLimitKind[]) => kinds.some((k) => valueOf(state, k) !== null);
  return {
    deposit: set(['deposit_day', 'deposit_week', 'deposit_month']),
    loss: set(['loss_day', 'loss_week', 'loss_month']),
    time: set(['session_time', 'daily_time']),
  };
}

/** All of the required limits are there. */
export const hasAllRequired = (have: RequiredLimits): boolean => have.deposit && have.loss && have.time;

/** A required limit `before` had that `after` lacks: what a removal may not leave. */
export const losesRequired = (before: RequiredLimits, after: RequiredLimits): boolean =>
  (before.deposit && !after.deposit) || (before.loss && !after.loss) || (before.time && !after.time);

/** A limit's value as the player reads it: major units for money, minutes for time. */
export function shown(kind: RgLimitKind, value: bigint | null, scale: number): string | null {
  if (value === null) return null;
  return isMoneyLimit(kind) ? formatMinor(value, scale) : value.toString();
}

export const ALL_KINDS = RG_LIMIT_KINDS;
