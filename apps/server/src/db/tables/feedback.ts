import type { ColumnType, Generated } from 'kysely';

type Int8 = ColumnType<string, string | bigint, string | bigint>;
type NullableInt8 = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;

export type FeedbackQuestionType = 'deposit' | 'withdrawal' | 'game' | 'customer_service' | 'application' | 'other';
export type FeedbackStatus = 'open' | 'answered';

/** Tables owned by the feedback module (migration 0202_feedback.sql). */
export type FeedbackTables = {
  feedback: {
    id: Generated<string>;
    member_id: Int8;
    question_type: FeedbackQuestionType;
    content: string;
    status: Generated<FeedbackStatus>;
    reply: ColumnType<string | null, string | null | undefined, string | null>;
    replied_by: NullableInt8;
    replied_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    created_at: Generated<Date>;
  };
  feedback_images: {
    feedback_id: Int8;
    position: number;
    content_type: 'image/png' | 'image/jpeg';
    bytes: Buffer;
    size_bytes: number;
  };
};
