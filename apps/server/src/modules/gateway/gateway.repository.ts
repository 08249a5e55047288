import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VendorWalletModel } from '../../db/tables/gateway';
import type { SessionViews } from '../session/session-views';

type Db = Kysely<Database>;
/** The session module's view of live login sessions (session-views.ts), read in the same statement. */
export type LiveLoginSessions = SessionViews['liveLoginSessions'];

export type AdapterRow = {
  vassalage: string;
  walletModel: VendorWalletModel;
  launchUrl: string;
  apiUrl: string | null;
  secret: string;
  requestTimeoutMs: number;
};

// ---------------------------------------------------------------------------------------------
// Adapters and sessions
// ---------------------------------------------------------------------------------------------

/** An adapter as stored: the configuration plus when it last changed and when its secret was set. */
export type StoredAdapter = AdapterRow & { updatedAt: Date; secretSetAt: Date };

function adapterQuery(db: Db) {
  return db
    .selectFrom('vendor_adapters')
    .select([
      'vassalage',
      'wallet_model as walletModel',
      'launch_url as launchUrl',
      'api_url as apiUrl',
      'secret',
      'request_timeout_ms as requestTimeoutMs',
      'updated_at as updatedAt',
      'secret_set_at as secretSetAt',
    ]);
}

/** Every configured adapter. */
export async function findAdapters(db: Db): Promise<StoredAdapter[]> {
  return adapterQuery(db).orderBy('vassalage').execute();
}

/** One vendor's adapter locked for the change that replaces it; undefined when it has none. */
export async function findAdapterForUpdate(db: Db, vassalage: string): Promise<StoredAdapter | undefined> {
  return adapterQuery(db).where('vassalage', '=', vassalage).forUpdate().executeTakeFirst();
}

/**
 * Create or replace a vendor's adapter configuration. `secret_set_at` moves only when the secret
 * itself changes, so changing a URL or the timeout keeps the time the secret was set.
 */
export async function upsertAdapter(db: Db, a: AdapterRow): Promise<void> {
  const now = new Date();
  await db
    .insertInto('vendor_adapters')
    .values({
      vassalage: a.vassalage,
      wallet_model: a.walletModel,
      launch_url: a.launchUrl,
      api_url: a.apiUrl,
      secret: a.secret,
      request_timeout_ms: a.requestTimeoutMs,
      updated_at: now,
      secret_set_at: now,
    })
    .onConflict((oc) =>
      oc.column('vassalage').doUpdateSet({
        wallet_model: a.walletModel,
        launch_url: a.launchUrl,
        api_url: a.apiUrl,
        secret: a.secret,
        request_timeout_ms: a.requestTimeoutMs,
        updated_at: now,
        secret_set_at: sql<Date>`CASE WHEN vendor_adapters.secret = excluded.secret THEN vendor_adapters.secret_set_at ELSE excluded.secret_set_at END`,
      }),
    )
    .execute();
}

/** Store a new launch token (hashed), bound to the login session that launched the game. */
export async function insertLaunchToken(
  db: Db,
  input: {
    tokenHash: string;
    memberId: string;
    loginSessionId: string;
    vassalage: string;
    nodeId: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('game_launch_tokens')
    .values({
      token_hash: input.tokenHash,
      member_id: input.memberId,
      login_session_id: input.loginSessionId,
      vassalage: input.vassalage,
      node_id: input.nodeId,
      expires_at: input.expiresAt,
    })
    .execute();
}

/**
 * Use a launch token once: only an unused, unexpired token of this vendor matches, and only while
 * the login session that launched it is live (not revoked, not past its absolute expiry) and the
 * account is active.
 */
export async function consumeLaunchToken(
  db: Db,
  liveLoginSessions: LiveLoginSessions,
  tokenHash: string,
  vassalage: string,
): Promise<{ memberId: string; nodeId: string; loginSessionId: string } | undefined> {
  const now = new Date();
  const row = await db
    .updateTable('game_launch_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('vassalage', '=', vassalage)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(liveLoginSessions(now).as('s'))
          .select('s.id')
          .whereRef('s.id', '=', 'game_launch_tokens.login_session_id'),
      ),
    )
    .returning(['member_id', 'node_id', 'login_session_id'])
    .executeTakeFirst();
  return row?.login_session_id
    ? { memberId: String(row.member_id), nodeId: row.node_id, loginSessionId: String(row.login_session_id) }
    : undefined;
}

/** Forget launch tokens that can no longer be used. */
export async function deleteExpiredLaunchTokens(db: Db, before: Date): Promise<number> {
  const res = await db.deleteFrom('game_launch_tokens').where('expires_at', '<', before).executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Store a vendor session (hashed), bound to the login session that launched the game. */
export async function insertVendorSession(
  db: Db,
  input: {
    tokenHash: string;
    memberId: string;
    loginSessionId: string;
    vassalage: string;
    nodeId: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('vendor_sessions')
    .values({
      token_hash: input.tokenHash,
      member_id: input.memberId,
      login_session_id: input.loginSessionId,
      vassalage: input.vassalage,
      node_id: input.nodeId,
      expires_at: input.expiresAt,
    })
    .execute();
}

export type VendorSessionRow = { memberId: string; nodeId: string; loginSessionId: string; expiresAt: Date };

/**
 * A live vendor session of this vendor: unexpired, its login session live (not revoked, before its
 * absolute expiry) and its account active. One statement: the session module's view joins on
 * primary keys. The answer's `expiresAt` is the earlier of the two sessions' expiries.
 */
export async function findVendorSession(
  db: Db,
  liveLoginSessions: LiveLoginSessions,
  tokenHash: string,
  vassalage: string,
): Promise<VendorSessionRow | undefined> {
  const now = new Date();
  const row = await db
    .selectFrom('vendor_sessions as v')
    .innerJoin(liveLoginSessions(now).as('s'), 's.id', 'v.login_session_id')
    .select(['v.member_id', 'v.node_id', 'v.login_session_id', 'v.expires_at', 's.expires_at as login_expires_at'])
    .where('v.token_hash', '=', tokenHash)
    .where('v.vassalage', '=', vassalage)
    .where('v.expires_at', '>', now)
    // A vendor session is its login session's member's (both come from one launch token).
    .whereRef('s.member_id', '=', 'v.member_id')
    .executeTakeFirst();
  if (!row?.login_session_id) return undefined;
  const expiresAt = row.login_expires_at < row.expires_at ? row.login_expires_at : row.expires_at;
  return {
    memberId: String(row.member_id),
    nodeId: row.node_id,
    loginSessionId: String(row.login_session_id),
    expiresAt,
  };
}
