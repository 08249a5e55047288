import type { Kysely } from 'kysely';
import type { BarredContactChannel } from '../../db/tables/identity';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * The contacts made with barred members about their hits (migration 0601; docs/compliance.md,
 * "Barred persons"): the site's inbox notice and what operators record. Rows are only added.
 */

type NewContact = {
  hitId: string;
  channel: BarredContactChannel;
  content: string;
  contactedAt: Date;
  recordedBy: string | null;
};

/** Record a contact made with a barred member; answers its id. */
export async function insertContact(trx: Db, contact: NewContact): Promise<string> {
  const row = await trx
    .insertInto('barred_hit_contacts')
    .values({
      hit_id: contact.hitId,
      channel: contact.channel,
      content: contact.content,
      contacted_at: contact.contactedAt,
      recorded_by: contact.recordedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

type ContactRow = NewContact & { id: string };

/** The contacts of some hits, oldest first. */
export async function findContacts(db: Db, hitIds: readonly string[]): Promise<ContactRow[]> {
  if (hitIds.length === 0) return [];
  return db
    .selectFrom('barred_hit_contacts')
    .select(['id', 'hit_id as hitId', 'channel', 'content', 'contacted_at as contactedAt', 'recorded_by as recordedBy'])
    .where('hit_id', 'in', hitIds)
    .orderBy('id')
    .execute();
}
