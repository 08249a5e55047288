import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  FEEDBACK_IMAGE_MAX_BYTES,
  FEEDBACK_MAX_IMAGES,
  type Feedback,
  type FeedbackFields,
  type OpsFeedback,
  type OpsFeedbackQuery,
} from '@wps/shared/schemas/feedback';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import type { Database } from '../../db/schema';
import { runInTransaction } from '../../db/run-in-transaction';
import { AppError } from '../../http/app-error';
import { readImageHeader } from '../../http/uploaded-image';
import type { AuditService } from '../audit/audit.service';
import type { MemberViews } from '../member/member-views';
import type { RateLimiter } from '../verification/rate-limiter';
import {
  answerFeedback,
  findFeedback,
  findFeedbackImage,
  findFeedbackPage,
  findMemberFeedback,
  insertFeedback,
  lockFeedback,
  type FeedbackRow,
  type OpsFeedbackRow,
} from './feedback.repository';

type FeedbackContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  memberViews: MemberViews;
  rateLimiter: Pick<RateLimiter, 'consume'>;
};

/** Feedback a player may send: this many per hour, so the queue cannot be flooded. */
const SENDS_PER_HOUR = 5;

function view(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    questionType: row.questionType,
    content: row.content,
    imageCount: row.imageCount,
    status: row.status,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function opsView(row: OpsFeedbackRow): OpsFeedback {
  return { ...view(row), memberId: row.memberId, account: row.account, repliedBy: row.repliedBy };
}

/** png or jpg by the bytes (readImageHeader), at most 5 MB; anything else is refused. */
function checkImage(bytes: Buffer, index: number): { contentType: 'image/png' | 'image/jpeg'; bytes: Buffer } {
  if (bytes.length === 0 || bytes.length > FEEDBACK_IMAGE_MAX_BYTES)
    throw new AppError(ErrorCode.IMAGE_TOO_LARGE, 'Each image may be at most 5 MB', { index });
  const header = readImageHeader(bytes, ['png', 'jpg']);
  if (!header) throw new AppError(ErrorCode.IMAGE_TYPE_INVALID, 'Only png or jpg images are accepted', { index });
  return { contentType: header.contentType, bytes };
}

/**
 * Player feedback: sent with up to three images (checked by their bytes), listed by its author
 * with the answer, and answered once by an operator (audited `feedback.reply`, the answer being
 * its own reason). Images are served only to the author and to operators who read players.
 */
export function createFeedbackService({ db, audit, memberViews, rateLimiter }: FeedbackContext) {
  return {
    /** PUT /wps/feedback. */
    async send(memberId: string, fields: FeedbackFields, files: readonly Buffer[]): Promise<Feedback> {
      if (files.length > FEEDBACK_MAX_IMAGES)
        throw new AppError(ErrorCode.IMAGE_TOO_MANY, `At most ${FEEDBACK_MAX_IMAGES} images`);
      const images = files.map(checkImage);
      await rateLimiter.consume('feedback:send', memberId, SENDS_PER_HOUR, 3600);
      const id = await runInTransaction(db, (trx) =>
        insertFeedback(trx, { memberId, questionType: fields.questionType, content: fields.content, images }),
      );
      const row = await findFeedback(db, id);
      if (!row) throw new Error(`feedback ${id} vanished after its insert`);
      return view(row);
    },

    /** GET /wps/feedback. */
    async listMine(memberId: string): Promise<{ list: Feedback[] }> {
      return { list: (await findMemberFeedback(db, memberId, 50)).map(view) };
    },

    /** An image of a feedback; `memberId` limits it to the author's own. 404 otherwise. */
    async image(
      feedbackId: string,
      position: number,
      memberId?: string,
    ): Promise<{ contentType: string; bytes: Buffer }> {
      const found = await findFeedbackImage(db, feedbackId, position, memberId);
      if (!found) throw new AppError(ErrorCode.NOT_FOUND, 'No such image');
      return found;
    },

    /** GET /ops/feedback. */
    async listForOperator(q: OpsFeedbackQuery): Promise<OpsPage<OpsFeedback>> {
      const { rows, total } = await findFeedbackPage(
        db,
        memberViews,
        { status: q.status },
        q.order,
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return {
        list: rows.map(opsView),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** POST /ops/feedback/:id/reply: answered once; a second answer is 409 FEEDBACK_ALREADY_ANSWERED. */
    async reply(operatorId: string, id: string, reply: string): Promise<void> {
      await runInTransaction(db, async (trx) => {
        const before = await lockFeedback(trx, id);
        if (!before) throw new AppError(ErrorCode.NOT_FOUND, 'No such feedback', { id });
        if (before.status === 'answered')
          throw new AppError(ErrorCode.FEEDBACK_ALREADY_ANSWERED, 'This feedback was already answered', { id });
        await answerFeedback(trx, id, reply, operatorId);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operatorId,
          action: 'feedback.reply',
          subjectType: 'feedback',
          subjectId: id,
          reason: null,
          before: { status: before.status, reply: null },
          after: { status: 'answered', reply },
        });
      });
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
