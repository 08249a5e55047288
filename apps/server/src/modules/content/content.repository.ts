import { sql, type Kysely, type Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type {
  ContentImageType,
  ContentTables,
  ContentKind,
  ContentLinkageType,
  ContentStatus,
} from '../../db/tables/content';

type Db = Kysely<Database>;
export type ContentItemRow = CamelRow<Selectable<ContentTables['content_items']>>;
export type ContentTranslationRow = CamelRow<Selectable<ContentTables['content_translations']>>;

const toItem = (row: Selectable<ContentTables['content_items']>): ContentItemRow => camelRow(row);
const toTranslation = (row: Selectable<ContentTables['content_translations']>): ContentTranslationRow => camelRow(row);

export type ContentItemFields = {
  kind: ContentKind;
  groupCode: string;
  sortOrder: number;
  publishFrom: Date | null;
  publishUntil: Date | null;
  linkageType: ContentLinkageType | null;
  linkageTarget: string | null;
  imageName: string | null;
  tags: string[];
  /** The operator's word that the item offers a bonus (migration 0620). */
  bonusOffer: boolean;
};
export type TranslationFields = { language: string; title: string; bodyHtml: string };

function columns(fields: ContentItemFields) {
  return {
    kind: fields.kind,
    group_code: fields.groupCode,
    sort_order: fields.sortOrder,
    publish_from: fields.publishFrom,
    publish_until: fields.publishUntil,
    linkage_type: fields.linkageType,
    linkage_target: fields.linkageTarget,
    image_name: fields.imageName,
    tags: fields.tags,
    bonus_offer: fields.bonusOffer,
  };
}

/** Insert an item (a draft) and its words; returns the row. */
export async function insertItem(
  db: Db,
  fields: ContentItemFields,
  translations: readonly TranslationFields[],
): Promise<ContentItemRow> {
  const row = await db.insertInto('content_items').values(columns(fields)).returningAll().executeTakeFirstOrThrow();
  await replaceTranslations(db, row.id, translations);
  return toItem(row);
}

/** The item's row; undefined when there is none. */
export async function findItem(db: Db, id: string): Promise<ContentItemRow | undefined> {
  const row = await db.selectFrom('content_items').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toItem(row);
}

/** The item's row, locked for the rest of the transaction; undefined when there is none. */
export async function lockItem(db: Db, id: string): Promise<ContentItemRow | undefined> {
  const row = await db.selectFrom('content_items').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && toItem(row);
}

/** Replace an item's fields and words, bumping its version. */
export async function updateItem(
  db: Db,
  id: string,
  fields: ContentItemFields,
  translations: readonly TranslationFields[],
): Promise<ContentItemRow> {
  const row = await db
    .updateTable('content_items')
    .set({ ...columns(fields), version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await replaceTranslations(db, id, translations);
  return toItem(row);
}

async function replaceTranslations(db: Db, id: string, translations: readonly TranslationFields[]): Promise<void> {
  await db.deleteFrom('content_translations').where('item_id', '=', id).execute();
  if (translations.length === 0) return;
  await db
    .insertInto('content_translations')
    .values(translations.map((t) => ({ item_id: id, language: t.language, title: t.title, body_html: t.bodyHtml })))
    .execute();
}

/** Set an item's status, bumping its version. */
export async function setItemStatus(db: Db, id: string, status: ContentStatus): Promise<ContentItemRow> {
  return db
    .updateTable('content_items')
    .set({ status, version: sql<number>`version + 1`, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
    .then(toItem);
}

/** The words of these items, every language. */
export async function findTranslations(db: Db, ids: readonly string[]): Promise<ContentTranslationRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('content_translations')
    .selectAll()
    .where('item_id', 'in', [...ids])
    .orderBy('item_id')
    .orderBy('language')
    .execute();
  return rows.map(toTranslation);
}

export type ItemFilter = { kind: ContentKind; status?: ContentStatus | undefined };

/** One page of a kind's items for the back office, with the count of all that match. */
export async function findItemPage(
  db: Db,
  filter: ItemFilter,
  sort: { by: 'id' | 'sortOrder'; order: 'asc' | 'desc' },
  offset: number,
  limit: number,
): Promise<{ rows: ContentItemRow[]; total: number }> {
  let query = db.selectFrom('content_items').where('kind', '=', filter.kind);
  if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sort.by === 'id' ? 'id' : 'sort_order', sort.order)
      .orderBy('id', sort.order)
      .offset(offset)
      .limit(limit)
      .execute(),
    query.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toItem), total: Number(count.n) };
}

/** Every published item of every kind, in id order (the licence's list of what a switch would break). */
export async function findAllPublishedItems(db: Db): Promise<ContentItemRow[]> {
  const rows = await db
    .selectFrom('content_items')
    .selectAll()
    .where('status', '=', 'published')
    .orderBy('id')
    .execute();
  return rows.map(toItem);
}

/** Every published item of a kind, in order, whatever its schedule (the caller keeps those due). */
export async function findPublishedItems(db: Db, kind: ContentKind): Promise<ContentItemRow[]> {
  const rows = await db
    .selectFrom('content_items')
    .selectAll()
    .where('kind', '=', kind)
    .where('status', '=', 'published')
    .orderBy('group_code')
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  return rows.map(toItem);
}

export type ImageMeta = {
  name: string;
  contentType: ContentImageType;
  width: number;
  height: number;
  sizeBytes: number;
};

/** Store an image under its content name; the same bytes uploaded again are already there. */
export async function insertImage(
  db: Db,
  image: { name: string; contentType: ContentImageType; bytes: Buffer; width: number; height: number },
): Promise<void> {
  await db
    .insertInto('content_images')
    .values({
      name: image.name,
      content_type: image.contentType,
      bytes: image.bytes,
      size_bytes: image.bytes.length,
      width: image.width,
      height: image.height,
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** A stored image's bytes and type, for serving; undefined when there is none. */
export async function findImageBytes(
  db: Db,
  name: string,
): Promise<{ contentType: ContentImageType; bytes: Buffer } | undefined> {
  return db
    .selectFrom('content_images')
    .select(['content_type as contentType', 'bytes'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/** The size and type of these images (never their bytes). */
export async function findImageMeta(db: Db, names: readonly string[]): Promise<ImageMeta[]> {
  if (names.length === 0) return [];
  return db
    .selectFrom('content_images')
    .select(['name', 'content_type as contentType', 'width', 'height', 'size_bytes as sizeBytes'])
    .where('name', 'in', [...names])
    .execute();
}
