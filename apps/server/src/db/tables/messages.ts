import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A platform message's words in one language; the HTML is sanitised before it is stored. */
export type PlatformMessageWords = { title: string; bodyHtml: string };

/** Tables of the messages module's platform messages (migration 0220_platform_messages.sql); notices are in operator.ts. */
export type MessagesTables = {
  platform_messages: {
    id: Generated<string>;
    audience: 'all' | 'segment' | 'players';
    registered_from: NullableTimestamp;
    registered_until: NullableTimestamp;
    has_deposited: boolean | null;
    translations: JSONColumnType<Record<string, PlatformMessageWords>, string, string>;
    send_at: Timestamp;
    withdrawn_at: NullableTimestamp;
    withdrawn_by: string | null;
    created_by: string;
    created_at: Timestamp;
    recipient_count: ColumnType<number, number | undefined, number>;
  };
  platform_message_recipients: {
    member_id: string;
    message_id: string;
  };
  platform_message_reads: {
    member_id: string;
    message_id: string;
    read_at: Timestamp;
  };
};
