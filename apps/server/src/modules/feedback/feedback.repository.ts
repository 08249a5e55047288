import { sql, type Kysely, type Selectable } from 'kysely';
import { camelRow, type CamelRow } from '../../db/camel-row';
import type { Database } from '../../db/schema';
import type { FeedbackQuestionType, FeedbackStatus, FeedbackTables } from '../../db/tables/feedback';
import type { MemberViews } from '../member/member-views';

type Db = Kysely<Database>;
type FeedbackColumns = Selectable<FeedbackTables['feedback']>;
export type FeedbackRow = CamelRow<FeedbackColumns> & { imageCount: number };
export type OpsFeedbackRow = FeedbackRow & { account: string };

const imageCount = sql<number>`(select count(*)::int from feedback_images i where i.feedback_id = f.id)`.as(
  'imageCount',
);

/** Store a feedback and its images; returns its id. */
export async function insertFeedback(
  db: Db,
  input: {
    memberId: string;
    questionType: FeedbackQuestionType;
    content: string;
    images: readonly { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer }[];
  },
): Promise<string> {
  const { id } = await db
    .insertInto('feedback')
    .values({ member_id: input.memberId, question_type: input.questionType, content: input.content })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.images.length > 0) {
    await db
      .insertInto('feedback_images')
      .values(
        input.images.map((image, position) => ({
          feedback_id: id,
          position,
          content_type: image.contentType,
          bytes: image.bytes,
          size_bytes: image.bytes.length,
        })),
      )
      .execute();
  }
  return id;
}

/** One feedback by id. */
export async function findFeedback(db: Db, id: string): Promise<FeedbackRow | undefined> {
  const row = await db
    .selectFrom('feedback as f')
    .selectAll('f')
    .select(imageCount)
    .where('f.id', '=', id)
    .executeTakeFirst();
  return row && camelRow(row);
}

/** A member's feedback, newest first. */
export async function findMemberFeedback(db: Db, memberId: string, limit: number): Promise<FeedbackRow[]> {
  return db
    .selectFrom('feedback as f')
    .selectAll('f')
    .select(imageCount)
    .where('f.member_id', '=', memberId)
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute()
    .then((rows) => rows.map(camelRow));
}

/** One feedback's image; with `memberId`, only if that member wrote the feedback. */
export async function findFeedbackImage(
  db: Db,
  feedbackId: string,
  position: number,
  memberId?: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  let query = db
    .selectFrom('feedback_images as i')
    .innerJoin('feedback as f', 'f.id', 'i.feedback_id')
    .select(['i.content_type as contentType', 'i.bytes'])
    .where('i.feedback_id', '=', feedbackId)
    .where('i.position', '=', position);
  if (memberId !== undefined) query = query.where('f.member_id', '=', memberId);
  return query.executeTakeFirst();
}

/** One page of the back office's list, with each author's account name (through the member module's view). */
export async function findFeedbackPage(
  db: Db,
  members: MemberViews,
  filter: { status?: FeedbackStatus | undefined },
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
): Promise<{ rows: OpsFeedbackRow[]; total: number }> {
  let base = db.selectFrom('feedback as f');
  if (filter.status) base = base.where('f.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    base
      .innerJoin(members.briefs().as('m'), 'm.id', 'f.member_id')
      .selectAll('f')
      .select(['m.account', imageCount])
      .orderBy('f.id', order)
      .offset(offset)
      .limit(limit)
      .execute(),
    base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(camelRow), total: Number(count.n) };
}

/** The feedback's row, locked for the rest of the transaction. */
export async function lockFeedback(db: Db, id: string): Promise<CamelRow<FeedbackColumns> | undefined> {
  const row = await db.selectFrom('feedback').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  return row && camelRow(row);
}

/** Record the operator's answer. */
export async function answerFeedback(db: Db, id: string, reply: string, operatorId: string): Promise<void> {
  await db
    .updateTable('feedback')
    .set({ status: 'answered', reply, replied_by: operatorId, replied_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}
