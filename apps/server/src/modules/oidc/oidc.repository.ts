import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { OidcProviderKind } from '@wps/shared/schemas/oidc';

type Db = Kysely<Database>;

/** A provider row as the service uses it; the secret never leaves the module. */
export type ProviderRow = {
  id: string;
  name: string;
  kind: OidcProviderKind;
  issuer: string;
  authorizationEndpoint: string | null;
  tokenEndpoint: string | null;
  userinfoEndpoint: string | null;
  scopes: string;
  clientId: string;
  clientSecret: string;
  secretSetAt: Date;
  enabled: boolean;
  updatedAt: Date;
};

export type ProviderInput = Omit<ProviderRow, 'id' | 'secretSetAt' | 'updatedAt' | 'clientSecret'> & {
  clientSecret: string | undefined;
};

const providerColumns = [
  'id',
  'name',
  'kind',
  'issuer',
  'authorization_endpoint as authorizationEndpoint',
  'token_endpoint as tokenEndpoint',
  'userinfo_endpoint as userinfoEndpoint',
  'scopes',
  'client_id as clientId',
  'client_secret as clientSecret',
  'secret_set_at as secretSetAt',
  'enabled',
  'updated_at as updatedAt',
] as const;

export async function listProviders(db: Db): Promise<(ProviderRow & { linkedMembers: number })[]> {
  const rows = await db
    .selectFrom('oidc_providers as p')
    .select(providerColumns.map((c) => `p.${c}` as const))
    .select((eb) =>
      eb
        .selectFrom('member_oidc_links as l')
        .whereRef('l.provider_id', '=', 'p.id')
        .select(eb.fn.countAll<string>().as('n'))
        .as('linkedMembers'),
    )
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({ ...r, linkedMembers: Number(r.linkedMembers ?? 0) }));
}

export async function findProvider(db: Db, id: string): Promise<ProviderRow | undefined> {
  return db.selectFrom('oidc_providers').select(providerColumns).where('id', '=', id).executeTakeFirst();
}

export async function findProviderByName(db: Db, name: string): Promise<ProviderRow | undefined> {
  return db
    .selectFrom('oidc_providers')
    .select(providerColumns)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function listEnabledProviders(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('oidc_providers').select(['id', 'name']).where('enabled', '=', true).orderBy('id').execute();
}

function columnsOf(p: ProviderInput) {
  return {
    name: p.name,
    kind: p.kind,
    issuer: p.issuer,
    authorization_endpoint: p.authorizationEndpoint,
    token_endpoint: p.tokenEndpoint,
    userinfo_endpoint: p.userinfoEndpoint,
    scopes: p.scopes,
    client_id: p.clientId,
    enabled: p.enabled,
  };
}

export async function insertProvider(db: Db, p: ProviderInput & { clientSecret: string }, now: Date): Promise<string> {
  const row = await db
    .insertInto('oidc_providers')
    .values({ ...columnsOf(p), client_secret: p.clientSecret, secret_set_at: now, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Change a provider; an absent secret keeps the stored one and the time it was set. */
export async function updateProvider(db: Db, id: string, p: ProviderInput, now: Date): Promise<void> {
  await db
    .updateTable('oidc_providers')
    .set({
      ...columnsOf(p),
      updated_at: now,
      ...(p.clientSecret !== undefined ? { client_secret: p.clientSecret, secret_set_at: now } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function setProviderEnabled(db: Db, id: string, enabled: boolean, now: Date): Promise<void> {
  await db.updateTable('oidc_providers').set({ enabled, updated_at: now }).where('id', '=', id).execute();
}

export async function lockProvider(db: Db, id: string): Promise<ProviderRow | undefined> {
  return db.selectFrom('oidc_providers').select(providerColumns).where('id', '=', id).forUpdate().executeTakeFirst();
}

// Flows

export async function insertFlow(
  db: Db,
  f: {
    providerId: string;
    stateHash: string;
    browserHash: string;
    nonce: string;
    codeVerifier: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .deleteFrom('oidc_flows')
    .where('expires_at', '<=', f.now)
    .where((eb) => eb.or([eb('pending_expires_at', 'is', null), eb('pending_expires_at', '<=', f.now)]))
    .execute();
  await db
    .insertInto('oidc_flows')
    .values({
      provider_id: f.providerId,
      state_hash: f.stateHash,
      browser_hash: f.browserHash,
      nonce: f.nonce,
      code_verifier: f.codeVerifier,
      created_at: f.now,
      expires_at: f.expiresAt,
    })
    .execute();
}

/**
 * Spend a flow by its state and browser: one conditional UPDATE, so a replayed or concurrent
 * callback gets nothing. Unknown, spent, expired and other browsers' states all return undefined.
 */
export async function useFlow(
  db: Db,
  stateHash: string,
  browserHash: string,
  now: Date,
): Promise<{ id: string; providerId: string; nonce: string; codeVerifier: string } | undefined> {
  return db
    .updateTable('oidc_flows')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('browser_hash', '=', browserHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['id', 'provider_id as providerId', 'nonce', 'code_verifier as codeVerifier'])
    .executeTakeFirst();
}

export async function markFlowPending(
  db: Db,
  flowId: string,
  identity: { subject: string; email: string | null; displayName: string | null },
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('oidc_flows')
    .set({
      subject: identity.subject,
      email: identity.email,
      display_name: identity.displayName,
      pending_expires_at: expiresAt,
    })
    .where('id', '=', flowId)
    .execute();
}

export type PendingFlow = {
  id: string;
  providerId: string;
  providerName: string;
  subject: string;
  email: string | null;
  displayName: string | null;
  expiresAt: Date;
};

/** The browser's newest identity waiting for a choice; `lock` takes its row for the transaction that completes it. */
export async function findPendingFlow(
  db: Db,
  browserHash: string,
  now: Date,
  lock = false,
): Promise<PendingFlow | undefined> {
  let q = db
    .selectFrom('oidc_flows as f')
    .innerJoin('oidc_providers as p', 'p.id', 'f.provider_id')
    .select([
      'f.id',
      'f.provider_id as providerId',
      'p.name as providerName',
      'f.subject',
      'f.email',
      'f.display_name as displayName',
      'f.pending_expires_at as expiresAt',
    ])
    .where('f.browser_hash', '=', browserHash)
    .where('f.subject', 'is not', null)
    .where('f.completed_at', 'is', null)
    .where('f.pending_expires_at', '>', now)
    .where('p.enabled', '=', true)
    .orderBy('f.id', 'desc')
    .limit(1);
  if (lock) q = q.forUpdate('f');
  const row = await q.executeTakeFirst();
  return row && row.subject !== null && row.expiresAt !== null
    ? { ...row, subject: row.subject, expiresAt: row.expiresAt }
    : undefined;
}

/** Complete a pending flow once: false when another request completed it first. */
export async function completeFlow(db: Db, flowId: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('oidc_flows')
    .set({ completed_at: now })
    .where('id', '=', flowId)
    .where('completed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

// Links

export async function findLinkBySubject(
  db: Db,
  providerId: string,
  subject: string,
): Promise<{ id: string; memberId: string } | undefined> {
  return db
    .selectFrom('member_oidc_links')
    .select(['id', 'member_id as memberId'])
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function touchLink(db: Db, linkId: string, now: Date): Promise<void> {
  await db.updateTable('member_oidc_links').set({ last_used_at: now }).where('id', '=', linkId).execute();
}

/** Link an identity; undefined when it is linked already (the unique index decides under concurrency). */
export async function insertLink(
  db: Db,
  link: { memberId: string; providerId: string; subject: string; email: string | null; now: Date },
): Promise<string | undefined> {
  const row = await db
    .insertInto('member_oidc_links')
    .values({
      member_id: link.memberId,
      provider_id: link.providerId,
      subject: link.subject,
      email: link.email,
      created_at: link.now,
    })
    .onConflict((oc) => oc.columns(['provider_id', 'subject']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function listMemberLinks(db: Db, memberId: string) {
  return db
    .selectFrom('member_oidc_links as l')
    .innerJoin('oidc_providers as p', 'p.id', 'l.provider_id')
    .select(['l.id', 'p.name as providerName', 'l.email', 'l.created_at as createdAt', 'l.last_used_at as lastUsedAt'])
    .where('l.member_id', '=', memberId)
    .orderBy('l.id')
    .execute();
}

export async function deleteMemberLink(
  db: Db,
  memberId: string,
  linkId: string,
): Promise<{ providerId: string; subject: string } | undefined> {
  return db
    .deleteFrom('member_oidc_links')
    .where('id', '=', linkId)
    .where('member_id', '=', memberId)
    .returning(['provider_id as providerId', 'subject'])
    .executeTakeFirst();
}

/** Every link of a member (a password change or reset); answers how many there were. */
export async function deleteMemberLinks(db: Db, memberId: string): Promise<number> {
  const rows = await db.deleteFrom('member_oidc_links').where('member_id', '=', memberId).returning('id').execute();
  return rows.length;
}
