import { z } from 'zod';
import {
  ANNOUNCEMENT_TYPES,
  BANNER_GROUPS,
  contentItemBodySchema,
  FOOTER_BLOCKS,
  LEGAL_PAGES,
  PROMOTION_CATEGORIES,
  type CONTENT_LINKAGE_TYPES,
  type ContentItemBody,
  type ContentKind,
  type OpsContentItem,
  type PromotionTag,
} from '@wps/shared/schemas/content';
import { isApiError } from '../../lib/api-client';
import { isoToLocal, localToIso } from '../../lib/zoned-datetime';

/** The languages an item must have words in; the form has one tab each. */
export const CONTENT_LANGUAGES = ['PT', 'EN'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The groups offered for each kind; help categories are the operator's own words (null: a text field). */
export const GROUPS_OF: Record<ContentKind, readonly string[] | null> = {
  banner: BANNER_GROUPS,
  promotion: PROMOTION_CATEGORIES,
  announcement: ANNOUNCEMENT_TYPES,
  help_article: null,
  legal_page: LEGAL_PAGES,
  footer: FOOTER_BLOCKS,
};

export type LinkageChoice = '' | (typeof CONTENT_LINKAGE_TYPES)[number];

/** What the form holds: typed text (times as `datetime-local` values in the operator's zone). */
export type ContentFormValues = {
  kind: ContentKind;
  groupCode: string;
  sortOrder: string;
  publishFrom: string;
  publishUntil: string;
  linkageType: LinkageChoice;
  linkageTarget: string;
  imageName: string | null;
  /** A promotion's tags (checkboxes; other kinds have none). */
  tags: PromotionTag[];
  /** The item offers a bonus or an advance (refused under a licence that forbids them). */
  bonusOffer: boolean;
  translations: Record<ContentLanguage, { title: string; bodyHtml: string }>;
  reason: string;
};

/** The form's fields a message can sit under (the API's names, the link's target for `linkage`). */
export const CONTENT_FIELDS = [
  'groupCode',
  'sortOrder',
  'publishFrom',
  'publishUntil',
  'linkageTarget',
  'imageName',
  'tags',
  'bonusOffer',
  'translations.PT.title',
  'translations.PT.bodyHtml',
  'translations.EN.title',
  'translations.EN.bodyHtml',
  'reason',
] as const;
export type ContentField = (typeof CONTENT_FIELDS)[number];

/** An API path (`linkage.target`, `translations.PT.title`) as the form's field. */
export function formFieldOf(apiPath: string): ContentField | null {
  const path = apiPath.replace(/^(body|params)\./, '').replace(/^linkage(\.target|\.type)?$/, 'linkageTarget');
  return (CONTENT_FIELDS as readonly string[]).includes(path) ? (path as ContentField) : null;
}

/** The form's starting values: the item's, or an empty draft of `kind` (its first group). */
export function contentFormValues(item: OpsContentItem | null, kind: ContentKind, timeZone: string): ContentFormValues {
  const words = (language: ContentLanguage) => ({
    title: item?.translations[language]?.title ?? '',
    bodyHtml: item?.translations[language]?.bodyHtml ?? '',
  });
  return {
    kind: item?.kind ?? kind,
    groupCode: item?.groupCode ?? GROUPS_OF[kind]?.[0] ?? '',
    sortOrder: String(item?.sortOrder ?? 0),
    publishFrom: isoToLocal(item?.publishFrom ?? null, timeZone),
    publishUntil: isoToLocal(item?.publishUntil ?? null, timeZone),
    linkageType: item?.linkage?.type ?? '',
    linkageTarget: item?.linkage?.target ?? '',
    imageName: item?.image?.name ?? null,
    tags: item?.tags ?? [],
    bonusOffer: item?.bonusOffer ?? false,
    translations: { PT: words('PT'), EN: words('EN') },
    reason: '',
  };
}

/** The body the API takes, from the typed values (times read in `timeZone`; empty is null). */
export function toContentBody(values: ContentFormValues, timeZone: string): z.input<typeof contentItemBodySchema> {
  const order = values.sortOrder.trim();
  return {
    kind: values.kind,
    groupCode: values.groupCode.trim(),
    sortOrder: /^\d+$/.test(order) ? Number(order) : Number.NaN,
    publishFrom: localToIso(values.publishFrom, timeZone),
    publishUntil: localToIso(values.publishUntil, timeZone),
    linkage: values.linkageType
      ? ({ type: values.linkageType, target: values.linkageTarget.trim() } as ContentItemBody['linkage'])
      : null,
    imageName: values.imageName,
    // Checkboxes of one name give an array; guard the shape a cleared group may leave.
    tags: values.kind === 'promotion' && Array.isArray(values.tags) ? values.tags : [],
    bonusOffer: values.bonusOffer === true,
    translations: { PT: values.translations.PT, EN: values.translations.EN },
    reason: values.reason,
  };
}

/**
 * The form's schema: the typed values turned into the API's body and checked by the shared
 * contentItemBodySchema, its issues reported under the form's fields (the same names).
 */
export function contentFormSchema(timeZone: string) {
  return z.custom<ContentFormValues>().transform((values, ctx): ContentItemBody => {
    const parsed = contentItemBodySchema.safeParse(toContentBody(values, timeZone));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      ctx.addIssue({ code: 'custom', path: field ? field.split('.') : [], message: issue.message });
    }
    return z.NEVER;
  });
}

/** The form fields a VALIDATION_FAILED answer names (`body.translations.PT.title`…); empty for any other error. */
export function serverContentFieldErrors(error: unknown): ContentField[] {
  if (!isApiError(error, 'VALIDATION_FAILED')) return [];
  const issues = (error.value as { fields?: { field?: unknown }[] } | undefined)?.fields ?? [];
  return [
    ...new Set(
      issues
        .map((issue) => formFieldOf(String(issue.field ?? '')))
        .filter((field): field is ContentField => field !== null),
    ),
  ];
}
