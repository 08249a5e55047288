import type { Kysely } from 'kysely';
import { ErrorCode } from '@wps/shared/error-codes';
import {
  PROMOTION_TAGS,
  type ContentImage,
  type ContentItemBody,
  type ContentKind,
  type ContentStatus,
  type LiveContentItem,
  type OpsContentItem,
  type OpsContentQuery,
  type PromotionTag,
} from '@wps/shared/schemas/content';
import type { OpsPage } from '@wps/shared/schemas/ops-list';
import { CHANGE_CHANNELS, type ChangeFeed } from '../../db/change-feed';
import { runInTransaction } from '../../db/run-in-transaction';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuditActorType, AuditService } from '../audit/audit.service';
import type { LicenceService } from '../licence/licence.service';
import type { SystemService } from '../system/system.service';
import { createContentAnswerCache } from './content-answers';
import { sanitizeContentHtml } from './content-html';
import { createContentImageStore } from './content-image-store';
import { createContentReads } from './content-reads';
import { contentLicenceBlockers, HIDDEN_WHEN_BONUS, isBonusOffer, refuseBonusContent } from './content-licence';
import {
  findItem,
  findItemPage,
  findPublishedItems,
  findTranslations,
  insertItem,
  lockItem,
  setItemStatus,
  updateItem,
  type ContentItemFields,
  type ContentItemRow,
  type ContentTranslationRow,
  type TranslationFields,
} from './content.repository';
import { latePort } from '../../late-port';

export type ContentActor = { actorType: AuditActorType; actorId: string | null };

/**
 * A check an item passes, in the writer's transaction, before it goes published or is changed while
 * published: the promo module refuses a promotion that offers a bonus with no live rule paying it.
 */
export type PublishGuard = (
  trx: Kysely<Database>,
  item: { id: string; kind: ContentKind; bonusOffer: boolean },
) => Promise<void>;

type ContentContext = {
  db: Kysely<Database>;
  audit: Pick<AuditService, 'record'>;
  system: Pick<SystemService, 'getOperatorConfig'>;
  changeFeed?: Pick<ChangeFeed, 'isLive' | 'subscribe' | 'onReset'>;
  /**
   * The operator's licence: the profile in a writer's transaction (a bonus offer is refused where it
   * forbids them), and each instance's copy of its rules for the players' reads (such items are left out).
   */
  licence: Pick<LicenceService, 'currentRules'> & { policy: Pick<LicenceService['policy'], 'profile'> };
  /** The vendor of a game a banner launches (the catalogue's), or null when it has no such game open. */
  gameVendor?: (nodeId: string) => Promise<string | null>;
  /** Clock in epoch ms, injectable for tests. */
  now?: () => number;
};

function toOpsItem(
  row: ContentItemRow,
  translations: readonly ContentTranslationRow[],
  images: ReadonlyMap<string, ContentImage>,
): OpsContentItem {
  return {
    id: row.id,
    kind: row.kind,
    groupCode: row.groupCode,
    status: row.status,
    sortOrder: row.sortOrder,
    publishFrom: row.publishFrom?.toISOString() ?? null,
    publishUntil: row.publishUntil?.toISOString() ?? null,
    linkage:
      row.linkageType && row.linkageTarget
        ? ({ type: row.linkageType, target: row.linkageTarget } as OpsContentItem['linkage'])
        : null,
    image: row.imageName ? (images.get(row.imageName) ?? null) : null,
    tags: row.tags as PromotionTag[],
    bonusOffer: row.bonusOffer,
    translations: Object.fromEntries(
      translations
        .filter((t) => t.itemId === row.id)
        .map((t) => [t.language, { title: t.title, bodyHtml: t.bodyHtml }]),
    ),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The item's columns and its words, the HTML sanitised (the stored HTML is always the clean one). */
function fieldsOf(body: ContentItemBody): { fields: ContentItemFields; translations: TranslationFields[] } {
  return {
    fields: {
      kind: body.kind,
      groupCode: body.groupCode,
      sortOrder: body.sortOrder,
      publishFrom: body.publishFrom ? new Date(body.publishFrom) : null,
      publishUntil: body.publishUntil ? new Date(body.publishUntil) : null,
      linkageType: body.linkage?.type ?? null,
      linkageTarget: body.linkage?.target ?? null,
      imageName: body.imageName,
      // Kept in the product's order, however they were ticked.
      tags: PROMOTION_TAGS.filter((tag) => body.tags?.includes(tag)),
      bonusOffer: body.bonusOffer ?? false,
    },
    translations: Object.entries(body.translations).map(([language, t]) => ({
      language,
      title: t.title,
      bodyHtml: sanitizeContentHtml(t.bodyHtml),
    })),
  };
}

/** A published item, its picture and its words, kept in memory for the players' reads. */
type LiveEntry = {
  row: ContentItemRow;
  /** Flagged a bonus offer, or its words name one in some language (bonus-offers.ts). */
  isBonusOffer: boolean;
  image: ContentImage | null;
  words: Map<string, { title: string; bodyHtml: string }>;
};

/**
 * The operator's site content: items written in the back office (every change audited with the
 * item before and after, and its reason), and the players' reads of what is live. Live items
 * are kept in memory per kind on every instance and dropped when any instance writes (the
 * content triggers' notification, migration 0200); the schedule is applied at each read, so an
 * item appears and disappears on time without a write.
 */
export function createContentService(ctx: ContentContext) {
  const { db, audit, system } = ctx;
  const now = ctx.now ?? Date.now;
  const images = createContentImageStore({ db, audit });
  const feed = ctx.changeFeed;
  const cache = new Map<ContentKind, LiveEntry[]>();
  const publishGuard = latePort<PublishGuard>('content.publishGuard');
  const answers = createContentAnswerCache({ maxEntries: 500, isLive: () => feed?.isLive ?? false, now });
  // Bumped on every change notification, so a load that raced a change is not kept.
  let generation = 0;
  const evict = () => {
    generation++;
    cache.clear();
    answers.evict();
  };
  feed?.subscribe(CHANGE_CHANNELS.contentChange, evict);
  feed?.onReset(evict);

  async function loadLive(kind: ContentKind): Promise<LiveEntry[]> {
    const hit = cache.get(kind);
    if (hit && feed?.isLive) return hit;
    const started = generation;
    const rows = await findPublishedItems(db, kind);
    const [translations, pictures] = await Promise.all([
      findTranslations(
        db,
        rows.map((r) => r.id),
      ),
      images.describe(rows.map((r) => r.imageName)),
    ]);
    const entries = rows.map((row) => {
      const words = new Map(
        translations
          .filter((t) => t.itemId === row.id)
          .map((t) => [t.language, { title: t.title, bodyHtml: t.bodyHtml }]),
      );
      return {
        row,
        isBonusOffer: isBonusOffer(row, words),
        image: row.imageName ? (pictures.get(row.imageName) ?? null) : null,
        words,
      };
    });
    if (feed?.isLive && started === generation) cache.set(kind, entries);
    return entries;
  }

  /**
   * Run a write and drop this instance's live copy once it committed: the database's
   * notification reaches the other instances (and this one) a moment later, but this instance's
   * next read must already see the write.
   */
  async function committed<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    const result = await runInTransaction(db, work);
    evict();
    return result;
  }

  /** The back office's view of rows: their words and pictures read in two queries. */
  async function opsItems(trx: Kysely<Database>, rows: readonly ContentItemRow[]): Promise<OpsContentItem[]> {
    const translations = await findTranslations(
      trx,
      rows.map((r) => r.id),
    );
    const pictures = await images.describe(
      rows.map((r) => r.imageName),
      trx,
    );
    return rows.map((row) => toOpsItem(row, translations, pictures));
  }
  const opsItem = async (trx: Kysely<Database>, row: ContentItemRow) => (await opsItems(trx, [row]))[0]!;

  /** A named image must have been uploaded first (the column's foreign key would refuse it with a 5xx). */
  async function assertImage(name: string | null): Promise<void> {
    if (name !== null && !(await images.describe([name])).has(name))
      throw new AppError(ErrorCode.IMAGE_NOT_FOUND, 'Upload the image first', { imageName: name });
  }

  async function getItem(id: string): Promise<OpsContentItem> {
    const row = await findItem(db, id);
    if (!row) throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'No such content item', { id });
    return opsItem(db, row);
  }

  /** The first publish-from or publish-until of a kind's live items after `at` (Infinity when none). */
  async function nextScheduleTurn(kind: ContentKind, at: number): Promise<number> {
    let turn = Number.POSITIVE_INFINITY;
    for (const { row } of await loadLive(kind)) {
      for (const edge of [row.publishFrom, row.publishUntil]) {
        const ms = edge?.getTime();
        if (ms !== undefined && ms > at && ms < turn) turn = ms;
      }
    }
    return turn;
  }

  const service = {
    evict,
    getItem,
    images,

    latePorts: [publishGuard],

    /** Connect the promo module's check of a promotion's reward rules (services.ts, once the promo module exists). */
    usePublishGuard(guard: PublishGuard): void {
      publishGuard.set(guard);
    },

    /** The published items a profile would forbid (the licence's switch asks, in its transaction). */
    licenceBlockers: contentLicenceBlockers,

    /**
     * A players' read of one kind as the bytes sent, cached per `key` (the route and its query)
     * and the language asked for (see content-answers.ts). `read` builds the answer's value.
     */
    async answer(kind: ContentKind, language: string | undefined, key: string, read: () => Promise<unknown>) {
      const [{ languages }, rules] = await Promise.all([system.getOperatorConfig(), ctx.licence.currentRules()]);
      // An answer kept under one licence is not served under another (bonus offers come and go with it).
      const licence = rules.bonusAdvertising ? 'bonus' : 'no-bonus';
      return answers.get(`${kind}|${language ?? ''}|${languages.default}|${licence}|${key}`, async () => {
        const at = now();
        const [value, validUntil] = await Promise.all([read(), nextScheduleTurn(kind, at)]);
        return { value, validUntil };
      });
    },

    /** GET /ops/content: one page of a kind's items. */
    async list(q: OpsContentQuery): Promise<OpsPage<OpsContentItem>> {
      const { rows, total } = await findItemPage(
        db,
        { kind: q.kind, status: q.status },
        { by: q.sort, order: q.order },
        (q.page - 1) * q.pageSize,
        q.pageSize,
      );
      return {
        list: await opsItems(db, rows),
        total,
        page: q.page,
        pageSize: q.pageSize,
        totalPages: Math.ceil(total / q.pageSize),
      };
    },

    /** PUT /ops/content: a new item, as a draft. Audited `content.create`. */
    async create(actor: ContentActor, body: ContentItemBody): Promise<OpsContentItem> {
      const { fields, translations } = fieldsOf(body);
      await assertImage(body.imageName);
      return committed(async (trx) => {
        await refuseBonusContent(trx, ctx.licence, { bonusOffer: fields.bonusOffer, translations });
        const row = await insertItem(trx, fields, translations);
        const after = await opsItem(trx, row);
        await audit.record(trx, {
          ...actor,
          action: 'content.create',
          subjectType: `content_${body.kind}`,
          subjectId: row.id,
          reason: body.reason,
          before: null,
          after,
        });
        return after;
      });
    },

    /** PUT /ops/content/:id: replace an item's fields and words (its status stays). Audited `content.update`. */
    async update(actor: ContentActor, id: string, body: ContentItemBody): Promise<OpsContentItem> {
      const { fields, translations } = fieldsOf(body);
      await assertImage(body.imageName);
      return committed(async (trx) => {
        const locked = await lockItem(trx, id);
        if (!locked) throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'No such content item', { id });
        if (locked.kind !== body.kind)
          throw new AppError(ErrorCode.VALIDATION_FAILED, 'An item keeps its kind', {
            fields: [{ field: 'kind', message: `this item is a ${locked.kind}` }],
          });
        await refuseBonusContent(trx, ctx.licence, { bonusOffer: fields.bonusOffer, translations });
        if (locked.status === 'published')
          await publishGuard.get()(trx, { id, kind: locked.kind, bonusOffer: fields.bonusOffer });
        const before = await opsItem(trx, locked);
        const row = await updateItem(trx, id, fields, translations);
        const after = await opsItem(trx, row);
        await audit.record(trx, {
          ...actor,
          action: 'content.update',
          subjectType: `content_${row.kind}`,
          subjectId: id,
          reason: body.reason,
          before,
          after,
        });
        return after;
      });
    },

    /** PUT /ops/content/:id/status: publish, archive or return to draft. Audited `content.<status>`. */
    async setStatus(actor: ContentActor, id: string, status: ContentStatus, reason: string): Promise<OpsContentItem> {
      return committed(async (trx) => {
        const locked = await lockItem(trx, id);
        if (!locked) throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'No such content item', { id });
        if (locked.status === status)
          throw new AppError(ErrorCode.CONTENT_STATUS_UNCHANGED, `The item is already ${status}`, { id, status });
        if (status === 'published') {
          const words = await findTranslations(trx, [id]);
          await refuseBonusContent(trx, ctx.licence, {
            bonusOffer: locked.bonusOffer,
            translations: words.map((t) => ({ language: t.language, title: t.title, bodyHtml: t.bodyHtml })),
          });
          await publishGuard.get()(trx, { id, kind: locked.kind, bonusOffer: locked.bonusOffer });
        }
        const before = await opsItem(trx, locked);
        const row = await setItemStatus(trx, id, status);
        const action =
          status === 'published' ? 'content.publish' : status === 'archived' ? 'content.archive' : 'content.draft';
        const after = await opsItem(trx, row);
        await audit.record(trx, {
          ...actor,
          action,
          subjectType: `content_${row.kind}`,
          subjectId: id,
          reason,
          before,
          after,
        });
        return after;
      });
    },

    /**
     * What players see of a kind now: published items within their schedule, optionally of one
     * group, in order, each in `language` or else the operator's default language (an item with
     * neither is left out).
     */
    async live(kind: ContentKind, language: string | undefined, group?: string): Promise<LiveContentItem[]> {
      const [entries, config, rules] = await Promise.all([
        loadLive(kind),
        system.getOperatorConfig(),
        ctx.licence.currentRules(),
      ]);
      const at = now();
      const fallback = config.languages.default;
      // Defence in depth: such an item cannot be saved or published under the licence, nor the
      // licence switched while one is published; one that got through anyway is still not shown.
      const hideBonus = !rules.bonusAdvertising && HIDDEN_WHEN_BONUS.has(kind);
      const out: LiveContentItem[] = [];
      for (const { row, image, words, isBonusOffer: offersBonus } of entries) {
        if (hideBonus && offersBonus) continue;
        if (group !== undefined && row.groupCode !== group) continue;
        if (row.publishFrom && row.publishFrom.getTime() > at) continue;
        if (row.publishUntil && row.publishUntil.getTime() <= at) continue;
        const text = (language && (words.get(language) ?? words.get(language.split('-')[0]!))) || words.get(fallback);
        if (!text) continue;
        out.push({
          id: row.id,
          groupCode: row.groupCode,
          title: text.title,
          bodyHtml: text.bodyHtml,
          linkage:
            row.linkageType && row.linkageTarget
              ? ({ type: row.linkageType, target: row.linkageTarget } as LiveContentItem['linkage'])
              : null,
          image: image ? { url: image.url, width: image.width, height: image.height } : null,
          tags: row.tags as PromotionTag[],
          version: row.version,
          publishedAt: (row.publishFrom ?? row.updatedAt).toISOString(),
          publishFrom: row.publishFrom?.toISOString() ?? null,
          publishUntil: row.publishUntil?.toISOString() ?? null,
        });
      }
      return out;
    },
  };
  return { ...service, ...createContentReads(service.live, ctx.gameVendor) };
}

export type ContentService = ReturnType<typeof createContentService>;
