import type { Kysely, Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../../db/camel-row';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database>;
type LinkColumns = Selectable<Database['agent_links']>;
export type LinkRow = CamelRow<LinkColumns>;

const toLink = (row: LinkColumns): LinkRow => camelRow(row);
const toFoundLink = (row: LinkColumns | undefined): LinkRow | undefined => row && toLink(row);

// An agent's invitation links (migration 0304_agent_centre.sql).

/** The agent's links that are not deleted, newest first. */
export function findLinks(db: Db, agentId: string): Promise<LinkRow[]> {
  return db
    .selectFrom('agent_links')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('deleted_at', 'is', null)
    .orderBy('id', 'desc')
    .execute()
    .then((rows) => rows.map(toLink));
}

/** A link of the agent that is not deleted, locked for a change. */
export function lockLink(trx: Db, agentId: string, linkId: string): Promise<LinkRow | undefined> {
  return trx
    .selectFrom('agent_links')
    .selectAll()
    .where('id', '=', linkId)
    .where('agent_id', '=', agentId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst()
    .then(toFoundLink);
}

/** The link behind an affiliate code, if the code is a link that is not deleted. */
export function findLinkByCode(db: Db, code: string): Promise<LinkRow | undefined> {
  return db
    .selectFrom('agent_links')
    .selectAll()
    .where('code', '=', code.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst()
    .then(toFoundLink);
}

export async function insertLink(
  trx: Db,
  l: { agentId: string; code: string; type: 'member' | 'agent'; terms: string },
): Promise<LinkRow> {
  return trx
    .insertInto('agent_links')
    .values({ agent_id: l.agentId, code: l.code, link_type: l.type, terms: l.terms })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toLink);
}

export async function updateLink(
  trx: Db,
  linkId: string,
  patch: { enabled: boolean; deletedAt?: Date },
): Promise<LinkRow> {
  return trx
    .updateTable('agent_links')
    .set({ enabled: patch.enabled, deleted_at: patch.deletedAt })
    .where('id', '=', linkId)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toLink);
}

/** Count a registration through the link (an atomic increment: registrations at once never lose one). */
export function countRegistration(trx: Db, code: string): Promise<LinkRow | undefined> {
  return trx
    .updateTable('agent_links')
    .set((eb) => ({ registrations: eb('registrations', '+', 1) }))
    .where('code', '=', code.toLowerCase())
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst()
    .then(toFoundLink);
}
