import { z } from 'zod';
import { COMPLETE_LANGUAGES, type LanguageCode } from '../constants';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

/*
 * The operator's site content: banners, promotions (as content), announcements, help articles
 * and legal pages. Each item has its words per language (PT and EN at least, falling back to
 * the operator's default language), a schedule, a sort order and a status.
 */

export const CONTENT_KINDS = ['banner', 'promotion', 'announcement', 'help_article', 'legal_page', 'footer'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** Banner groups: one per route of the site; a page shows only its route's group. */
export const BANNER_GROUPS = [
  'w_home',
  'w_rng',
  'w_live',
  'w_fish',
  'w_pvp',
  'w_sports',
  'w_esports',
  'w_lott',
  'w_down',
  'w_promotion',
  'w_shop',
  'w_help',
  'w_reg',
  'w_inhouse',
] as const;

/** Announcement types of the product: B, PL, PU, PR, H; and AG, for agents only (the agent centre's announcements). */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H', 'AG'] as const;
/** The announcement types players read (the agents' type is left out of their list). */
export const PLAYER_ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const AGENT_ANNOUNCEMENT_TYPE = 'AG';

/** Legal pages, linked from the footer, the consent line and the registration form. */
export const LEGAL_PAGES = ['terms', 'privacy', 'responsible_gaming'] as const;

/**
 * Promotion categories of the product (others, sports, live casino, slots, card games, fish,
 * lotto, rebate, points mall, ranking, deposit, app download, newbie, game promotions; "all" is
 * the players' tab of every category). new_player (newbie) feeds the registration page's slider.
 */
export const PROMOTION_CATEGORIES = [
  'others',
  'sports',
  'live_casino',
  'slots',
  'card_games',
  'fish',
  'lotto',
  'rebate',
  'points_mall',
  'ranking',
  'deposit',
  'app_download',
  'new_player',
  'game_promotions',
] as const;

/** Promotion tags of the product (NEWBIE, LIMITED, SPECIAL OFFER, DAILY, HIGH RABATE, VIP), shown on its card. */
export const PROMOTION_TAGS = ['newbie', 'limited', 'special_offer', 'daily', 'high_rebate', 'vip'] as const;
export type PromotionTag = (typeof PROMOTION_TAGS)[number];

/**
 * The footer's operator-managed blocks: the licence and regulator line (its title, its text, a link
 * to the regulator), a payment method's logo (its picture, its name as the alt text), and the
 * affiliate block (its pitch and where its start button leads).
 */
/**
 * Footer blocks: the licence and regulator lines, payment logos, the affiliate block, and the
 * ombudsman's contacts (ouvidoria: Law 14.790/2023 arts. 15 and 28 ask that they be shown).
 */
export const FOOTER_BLOCKS = ['licence', 'payment', 'affiliate', 'ombudsman'] as const;

/** The groups an item of each kind may belong to; help categories are the operator's own words. */
const GROUP_RULES: Record<ContentKind, z.ZodType<string>> = {
  banner: z.enum(BANNER_GROUPS),
  promotion: z.enum(PROMOTION_CATEGORIES),
  announcement: z.enum(ANNOUNCEMENT_TYPES),
  help_article: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'a-z, 0-9, _ or -'),
  legal_page: z.enum(LEGAL_PAGES),
  footer: z.enum(FOOTER_BLOCKS),
};

/** Uploaded content images: png, jpg or webp by their bytes, at most 2 MB and 4096 px a side. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1_048_576;
export const CONTENT_IMAGE_MAX_SIDE = 4096;
/** The stored name of an uploaded image: the SHA-256 of its bytes and its extension. */
export const contentImageNameSchema = z.string().regex(/^[0-9a-f]{64}\.(png|jpg|webp)$/, 'an uploaded image');

/** POST /ops/content/images: one image as a data: URL (about 2.7 MB of text for the 2 MB limit). */
export const contentImageUploadSchema = z.object({
  dataUrl: z.string().max(Math.ceil((CONTENT_IMAGE_MAX_BYTES * 4) / 3) + 64),
});
export const contentImageSchema = z.object({
  name: z.string(),
  url: z.string(),
  contentType: z.string(),
  width: z.number(),
  height: z.number(),
  sizeBytes: z.number(),
});
export type ContentImage = z.infer<typeof contentImageSchema>;

/** What a click on an item opens. */
export const CONTENT_LINKAGE_TYPES = ['url', 'promotion', 'game', 'page'] as const;
export const contentLinkageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('url'),
    target: z
      .string()
      .trim()
      .max(500)
      .regex(/^https?:\/\/\S+$/i, 'an http(s) link'),
  }),
  z.object({ type: z.literal('promotion'), target: z.string().regex(/^\d{1,18}$/, 'a promotion id') }),
  z.object({ type: z.literal('game'), target: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'a game node id') }),
  z.object({
    type: z.literal('page'),
    target: z
      .string()
      .max(200)
      .regex(/^\/[A-Za-z0-9/_-]*$/, 'a path of the site, such as /promotions'),
  }),
]);
export type ContentLinkage = z.infer<typeof contentLinkageSchema>;

/** An item's words in one language; the HTML is sanitised by the server before it is stored. */
export const contentTranslationSchema = z.object({
  title: z.string().trim().min(1).max(200),
  bodyHtml: z.string().max(100_000),
});
export type ContentTranslation = z.infer<typeof contentTranslationSchema>;

const languageKey = z.string().regex(/^[A-Z]{2,3}(-[A-Z]{2})?$/, 'a language code such as PT or EN');
const instant = z.iso.datetime({ offset: true });

/** PUT /ops/content (create without id) and PUT /ops/content/:id: the item as the operator wrote it. */
export const contentItemBodySchema = z
  .object({
    kind: z.enum(CONTENT_KINDS),
    groupCode: z.string(),
    sortOrder: z.number().int().min(0).max(1_000_000),
    publishFrom: instant.nullable(),
    publishUntil: instant.nullable(),
    linkage: contentLinkageSchema.nullable(),
    /** A banner's slide or a promotion's picture: an image uploaded first (POST /ops/content/images). */
    imageName: contentImageNameSchema.nullable(),
    /** A promotion's tags (none for other kinds); absent is none. */
    tags: z.array(z.enum(PROMOTION_TAGS)).max(PROMOTION_TAGS.length).default([]),
    /**
     * The item offers a bonus or an advance ("100% + R$ 500", free bets, cashback): refused where the
     * licence forbids them (bonus-offers.ts, with the words checked too); absent is false.
     */
    bonusOffer: z.boolean().default(false),
    translations: z.record(languageKey, contentTranslationSchema),
    reason: opsReasonSchema,
  })
  .superRefine((item, ctx) => {
    if (!GROUP_RULES[item.kind].safeParse(item.groupCode).success)
      ctx.addIssue({ code: 'custom', path: ['groupCode'], message: `not a group of ${item.kind}` });
    if (item.publishFrom && item.publishUntil && Date.parse(item.publishUntil) <= Date.parse(item.publishFrom)) {
      ctx.addIssue({ code: 'custom', path: ['publishUntil'], message: 'must be after publishFrom' });
    }
    if (item.kind === 'banner' && !item.imageName)
      ctx.addIssue({ code: 'custom', path: ['imageName'], message: 'a banner needs its image' });
    if (item.kind === 'footer' && item.groupCode === 'payment' && !item.imageName)
      ctx.addIssue({ code: 'custom', path: ['imageName'], message: 'a payment logo needs its image' });
    if (item.tags.length > 0 && item.kind !== 'promotion')
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'only promotions have tags' });
    if (new Set(item.tags).size !== item.tags.length)
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'a tag appears twice' });
    for (const language of COMPLETE_LANGUAGES as readonly LanguageCode[]) {
      if (!item.translations[language])
        ctx.addIssue({
          code: 'custom',
          path: ['translations', language],
          message: `the ${language} words are required`,
        });
    }
  });
/** The body as written (a promotion's tags may be left out: none). */
export type ContentItemBody = z.input<typeof contentItemBodySchema>;

/** PUT /ops/content/:id/status: publish, archive, or back to draft. */
export const contentStatusBodySchema = z.object({ status: z.enum(CONTENT_STATUSES), reason: opsReasonSchema });

/** An item as the back office sees it: every language, its status and version. */
export const opsContentItemSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTENT_KINDS),
  groupCode: z.string(),
  status: z.enum(CONTENT_STATUSES),
  sortOrder: z.number(),
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
  linkage: contentLinkageSchema.nullable(),
  image: contentImageSchema.nullable(),
  tags: z.array(z.enum(PROMOTION_TAGS)),
  bonusOffer: z.boolean(),
  translations: z.record(z.string(), contentTranslationSchema),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpsContentItem = z.infer<typeof opsContentItemSchema>;

/** GET /ops/content: one kind, optionally one status, newest first (or by sort order). */
export const opsContentQuerySchema = opsListQuerySchema(['id', 'sortOrder']).extend({
  kind: z.enum(CONTENT_KINDS),
  status: z.enum(CONTENT_STATUSES).optional(),
});
export type OpsContentQuery = z.infer<typeof opsContentQuerySchema>;
export const opsContentPageSchema = opsPageSchema(opsContentItemSchema);

/** A live item as players get it: one language (theirs, or the operator's default), no schedule. */
export const liveContentItemSchema = z.object({
  id: z.string(),
  groupCode: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  linkage: contentLinkageSchema.nullable(),
  /** The picture with its size, so the page reserves its box before it loads. */
  image: z.object({ url: z.string(), width: z.number(), height: z.number() }).nullable(),
  /** A promotion's tags; empty for other kinds. */
  tags: z.array(z.enum(PROMOTION_TAGS)),
  version: z.number(),
  publishedAt: z.string(),
  /** The item's period as scheduled (a promotion's validity); null ends are open. */
  publishFrom: z.string().nullable(),
  publishUntil: z.string().nullable(),
});
export type LiveContentItem = z.infer<typeof liveContentItemSchema>;

/** The Language header as content is chosen by: PT-BR → PT-BR, else its base (PT); absent → the operator's default. */
export function contentLanguageOf(header: string | undefined): string | undefined {
  const code = header?.trim().toUpperCase();
  return code && /^[A-Z]{2,3}(-[A-Z]{2})?$/.test(code) ? code : undefined;
}

/** POST /wps/relay/MCSFE_getListAnnouncements: announcements of a type (all types when absent), newest first. */
export const announcementListQuerySchema = z.object({
  type: z.enum(PLAYER_ANNOUNCEMENT_TYPES).optional(),
  pageNo: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(50).default(9),
});
export const announcementSchema = z.object({
  id: z.string(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  /** Sanitised HTML; the site sanitises it again before drawing it. */
  content: z.string(),
  publishedAt: z.string(),
  /** Popups are shown once per version. */
  version: z.number(),
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementPageSchema = z.object({
  list: z.array(announcementSchema),
  pageNo: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalPages: z.number(),
});

/** GET /wps/content/banners?group=w_home: the route's banners, in order. */
export const bannerQuerySchema = z.object({ group: z.enum(BANNER_GROUPS) });
export const bannerSchema = z.object({
  bannerId: z.string(),
  groupName: z.enum(BANNER_GROUPS),
  title: z.string(),
  /** The slide, with its size so the page reserves its box before it loads. */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  linkageType: z.enum(CONTENT_LINKAGE_TYPES).nullable(),
  linkageTarget: z.string().nullable(),
  /** A game linkage's vendor (launching needs it beside the node id); null for other linkages, or a game that is gone. */
  linkageVendor: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** GET /wps/content/promotions?category=: live promotions as content (rules text and period). */
export const promotionQuerySchema = z.object({ category: z.enum(PROMOTION_CATEGORIES).optional() });

/** GET /wps/content/pages/:page: a legal page. */
export const legalPageParamsSchema = z.object({ page: z.enum(LEGAL_PAGES) });

/**
 * GET /wps/content/pages: which legal pages are published, in the footer's order, so the site links
 * only to pages that open (a link to an unpublished page would show the 404 page).
 */
export const publishedLegalPagesSchema = z.object({ list: z.array(z.enum(LEGAL_PAGES)) });
export type PublishedLegalPages = z.infer<typeof publishedLegalPagesSchema>;

/** GET /wps/system/helpCenter?q=: help articles by category, only those matching `q` when given. */
export const helpCenterQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const helpCenterSchema = z.object({
  categories: z.array(
    z.object({
      code: z.string(),
      articles: z.array(z.object({ id: z.string(), title: z.string(), content: z.string() })),
    }),
  ),
});
export type HelpCenter = z.infer<typeof helpCenterSchema>;
