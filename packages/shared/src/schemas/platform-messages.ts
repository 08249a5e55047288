import { z } from 'zod';
import { COMPLETE_LANGUAGES } from '../constants';
import { opsListQuerySchema, opsPageSchema, opsReasonSchema } from './ops-list';

/*
 * Platform messages (the spec's messageV2, "platform information"): an operator writes a message
 * to every player, to a segment, or to named players; players read it in their inbox beside the
 * transaction notices. Words per language (PT and EN required), rich text sanitised by the server
 * on save and by the player site again when it draws.
 */

/** How many players one message may name (the explicit list; a bigger audience is a segment). */
export const MESSAGE_MAX_ACCOUNTS = 500;

const instant = z.iso.datetime({ offset: true });
const languageKey = z.string().regex(/^[A-Z]{2,3}(-[A-Z]{2})?$/, 'a language code such as PT or EN');

export const platformMessageWordsSchema = z.object({
  title: z.string().trim().min(1).max(200),
  bodyHtml: z.string().trim().min(1).max(20_000),
});
export type PlatformMessageWords = z.infer<typeof platformMessageWordsSchema>;

/**
 * Who a message reaches. 'all' and 'segment' reach the real-money players registered before it
 * is sent; a segment narrows that by registration time ([from, until)) and by whether the player
 * has a credited deposit, matched when the player reads the inbox. 'players' names accounts.
 */
export const messageAudienceSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('all') }),
  z.object({
    type: z.literal('segment'),
    registeredFrom: instant.nullable().default(null),
    registeredUntil: instant.nullable().default(null),
    hasDeposited: z.boolean().nullable().default(null),
  }),
  z.object({
    type: z.literal('players'),
    accounts: z
      .array(z.string().trim().toLowerCase().min(1).max(64))
      .min(1)
      .max(MESSAGE_MAX_ACCOUNTS)
      .transform((accounts) => [...new Set(accounts)]),
  }),
]);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;

/** POST /ops/messages: a message sent now (sendAt null) or at a later time. */
export const platformMessageBodySchema = z
  .object({
    audience: messageAudienceSchema,
    sendAt: instant.nullable(),
    translations: z.record(languageKey, platformMessageWordsSchema),
  })
  .superRefine((body, ctx) => {
    const { audience } = body;
    if (audience.type === 'segment') {
      if (audience.registeredFrom === null && audience.registeredUntil === null && audience.hasDeposited === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['audience'],
          message: 'a segment needs at least one rule (otherwise send to everyone)',
        });
      }
      if (
        audience.registeredFrom &&
        audience.registeredUntil &&
        Date.parse(audience.registeredUntil) <= Date.parse(audience.registeredFrom)
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['audience', 'registeredUntil'],
          message: 'must be after registeredFrom',
        });
      }
    }
    for (const language of COMPLETE_LANGUAGES) {
      if (!body.translations[language])
        ctx.addIssue({
          code: 'custom',
          path: ['translations', language],
          message: `the ${language} words are required`,
        });
    }
  });
export type PlatformMessageBody = z.infer<typeof platformMessageBodySchema>;

/** POST /ops/messages/:id/withdraw: take a message out of every inbox (a scheduled one never goes out). */
export const withdrawMessageBodySchema = z.object({ reason: opsReasonSchema });

export const PLATFORM_MESSAGE_STATUSES = ['scheduled', 'sent', 'withdrawn'] as const;
export type PlatformMessageStatus = (typeof PLATFORM_MESSAGE_STATUSES)[number];

/** A message as the back office lists it: its audience, words, status and how many have read it. */
export const opsPlatformMessageSchema = z.object({
  id: z.string(),
  audience: z.discriminatedUnion('type', [
    z.object({ type: z.literal('all') }),
    z.object({
      type: z.literal('segment'),
      registeredFrom: z.string().nullable(),
      registeredUntil: z.string().nullable(),
      hasDeposited: z.boolean().nullable(),
    }),
    /** The named accounts when there are few (up to 10), else only their count. */
    z.object({ type: z.literal('players'), count: z.number().int(), accounts: z.array(z.string()).nullable() }),
  ]),
  translations: z.record(z.string(), platformMessageWordsSchema),
  status: z.enum(PLATFORM_MESSAGE_STATUSES),
  sendAt: z.string(),
  withdrawnAt: z.string().nullable(),
  createdAt: z.string(),
  readCount: z.number().int(),
});
export type OpsPlatformMessage = z.infer<typeof opsPlatformMessageSchema>;

/** GET /ops/messages: newest first. */
export const opsPlatformMessageQuerySchema = opsListQuerySchema(['id']);
export const opsPlatformMessagePageSchema = opsPageSchema(opsPlatformMessageSchema);

/** GET /wps/messages/platform: the player's messages in the request's language, newest first. */
export const platformMessageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});

/** One message in the player's inbox; bodyHtml is sanitised, and the site sanitises it again. */
export const platformMessageSchema = z.object({
  id: z.string(),
  title: z.string(),
  bodyHtml: z.string(),
  sentAt: z.string(),
  isRead: z.boolean(),
});
export type PlatformMessage = z.infer<typeof platformMessageSchema>;

export const platformMessageListResultSchema = z.object({
  list: z.array(platformMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
  unreadCount: z.number().int(),
});
export type PlatformMessageListResult = z.infer<typeof platformMessageListResultSchema>;
