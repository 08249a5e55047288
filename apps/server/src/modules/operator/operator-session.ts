import type { AppConfig } from '../../config';
import type { AppContext } from '../../app-context';
import type { OpsRole } from '@wps/shared/ops-permissions';
import { OPERATOR_IDLE_SECONDS, TOKEN_PREFIX, hashOperatorToken } from './operator-login';
import { findOperatorSessionByTokenHash, revokeOperatorSession, touchOperatorSession } from './operator.repository';

/** At most one write per session a minute for ordinary calls (less when the idle time is short). */
const TOUCH_INTERVAL_MS = 60_000;

/** The operator behind a live operator token, with the two instants that end the session. */
export type SessionOperator = {
  operatorId: string;
  username: string;
  role: OpsRole;
  sessionId: string;
  /** When the session ends unless used before (every call moves it on). */
  idleExpiresAt: Date;
  /** When it ends anyway (fixed at sign-in). */
  expiresAt: Date;
};

type SessionContext = Pick<AppContext, 'db'> & {
  config: Pick<AppConfig, 'operatorSessionIdleSeconds'>;
  now: () => number;
};

/**
 * Resolving operator tokens to live sessions. Every call moves the idle expiry on (written at
 * most once a touch interval), except reads that say so: the back office asks for the expiry
 * instants without touching, so a warning check never keeps an unattended session alive.
 */
export function createOperatorSessions({ db, config, now }: SessionContext) {
  const idleMs = (config.operatorSessionIdleSeconds ?? OPERATOR_IDLE_SECONDS) * 1000;
  const touchIntervalMs = Math.min(TOUCH_INTERVAL_MS, Math.floor(idleMs / 10));

  return {
    /**
     * The operator of a live session, or null (unknown, revoked, idle, expired, disabled).
     * `touch: false` reads without moving the idle expiry; `touch: 'now'` always moves it.
     */
    async resolve(token: string, { touch = true }: { touch?: boolean | 'now' } = {}): Promise<SessionOperator | null> {
      if (!token.startsWith(TOKEN_PREFIX) || token.length > 128) return null;
      const row = await findOperatorSessionByTokenHash(db, hashOperatorToken(token));
      // Only sessions that passed TOTP count (older ones were revoked by migration 0120 anyway).
      if (!row || row.revokedAt || row.status !== 'active' || !row.totpPassedAt) return null;
      const t = now();
      if (row.expiresAt.getTime() <= t) return null;
      let lastSeen = row.lastSeenAt.getTime();
      if (lastSeen + idleMs <= t) return null;
      const due = touch === 'now' ? t > lastSeen : touch && t - lastSeen >= touchIntervalMs;
      if (due) {
        // 'now' writes whenever time moved on; an ordinary call only once per interval.
        await touchOperatorSession(db, row.sessionId, new Date(t), new Date(touch === 'now' ? t : t - touchIntervalMs));
        lastSeen = t;
      }
      return {
        operatorId: row.operatorId,
        username: row.username,
        role: row.role,
        sessionId: row.sessionId,
        idleExpiresAt: new Date(Math.min(lastSeen + idleMs, row.expiresAt.getTime())),
        expiresAt: row.expiresAt,
      };
    },

    /** Revoke one operator session (logout). */
    async revoke(sessionId: string): Promise<void> {
      await revokeOperatorSession(db, sessionId, new Date(now()));
    },
  };
}
