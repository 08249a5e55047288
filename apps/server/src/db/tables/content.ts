import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | null | undefined, Date | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export type ContentKind = 'banner' | 'promotion' | 'announcement' | 'help_article' | 'legal_page' | 'footer';
export type ContentStatus = 'draft' | 'published' | 'archived';
export type ContentLinkageType = 'url' | 'promotion' | 'game' | 'page';

export type ContentImageType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Tables owned by the content module (migrations 0200_content.sql, 0201_content_images.sql, 0215_content_promotion_tags_footer.sql). */
export type ContentTables = {
  content_items: {
    id: Generated<string>;
    kind: ContentKind;
    group_code: string;
    status: Generated<ContentStatus>;
    publish_from: NullableTimestamp;
    publish_until: NullableTimestamp;
    sort_order: Generated<number>;
    linkage_type: ColumnType<
      ContentLinkageType | null,
      ContentLinkageType | null | undefined,
      ContentLinkageType | null
    >;
    linkage_target: NullableText;
    version: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** Added by migration 0201. */
    image_name: NullableText;
    /** A promotion's tags (migration 0215); empty for other kinds. */
    tags: ColumnType<string[], string[] | undefined, string[]>;
    /** The item offers a bonus or an advance (migration 0620): refused, and hidden, where the licence forbids it. */
    bonus_offer: ColumnType<boolean, boolean | undefined, boolean>;
  };
  content_images: {
    name: string;
    content_type: ContentImageType;
    bytes: Buffer;
    size_bytes: number;
    width: number;
    height: number;
    created_at: Generated<Date>;
  };
  content_translations: {
    item_id: ColumnType<string, string | bigint, string | bigint>;
    language: string;
    title: string;
    body_html: Generated<string>;
  };
};
