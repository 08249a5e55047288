import { z } from 'zod';
import {
  MESSAGE_MAX_ACCOUNTS,
  platformMessageBodySchema,
  type PlatformMessageBody,
} from '@wps/shared/schemas/platform-messages';
import { isApiError } from '../../lib/api-client';
import { localToIso } from '../../lib/zoned-datetime';

/** The languages a message must have words in; the form has one tab each. */
export const MESSAGE_LANGUAGES = ['PT', 'EN'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const AUDIENCES = ['all', 'segment', 'players'] as const;
export type AudienceChoice = (typeof AUDIENCES)[number];

/** What the form holds: typed text (times as `datetime-local` values in the operator's zone). */
export type MessageFormValues = {
  audience: AudienceChoice;
  registeredFrom: string;
  registeredUntil: string;
  /** '' any, 'yes' with a credited deposit, 'no' without one. */
  hasDeposited: '' | 'yes' | 'no';
  /** Account names, one per line or separated by commas or spaces. */
  accounts: string;
  /** Empty: send now. */
  sendAt: string;
  translations: Record<MessageLanguage, { title: string; bodyHtml: string }>;
};

export const EMPTY_MESSAGE: MessageFormValues = {
  audience: 'all',
  registeredFrom: '',
  registeredUntil: '',
  hasDeposited: '',
  accounts: '',
  sendAt: '',
  translations: { PT: { title: '', bodyHtml: '' }, EN: { title: '', bodyHtml: '' } },
};

/** The form's fields a message can sit under. */
export const MESSAGE_FIELDS = [
  'audience',
  'registeredFrom',
  'registeredUntil',
  'accounts',
  'sendAt',
  'translations.PT.title',
  'translations.PT.bodyHtml',
  'translations.EN.title',
  'translations.EN.bodyHtml',
] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

/** An API path (`audience.accounts`, `body.translations.PT.title`) as the form's field. */
export function formFieldOf(apiPath: string): MessageField | null {
  const path = apiPath
    .replace(/^body\./, '')
    .replace(/^audience\.(registeredFrom|registeredUntil|accounts)(\.\d+)?$/, '$1')
    .replace(/^audience\.\w+$/, 'audience');
  return (MESSAGE_FIELDS as readonly string[]).includes(path) ? (path as MessageField) : null;
}

/** The names typed in the accounts box. */
export function splitAccounts(text: string): string[] {
  return text.split(/[\s,;]+/).filter(Boolean);
}

/** The body the API takes, from the typed values (times read in `timeZone`; an empty send time is now). */
export function toMessageBody(values: MessageFormValues, timeZone: string): z.input<typeof platformMessageBodySchema> {
  const audience =
    values.audience === 'all'
      ? { type: 'all' as const }
      : values.audience === 'segment'
        ? {
            type: 'segment' as const,
            registeredFrom: localToIso(values.registeredFrom, timeZone),
            registeredUntil: localToIso(values.registeredUntil, timeZone),
            hasDeposited: values.hasDeposited === '' ? null : values.hasDeposited === 'yes',
          }
        : { type: 'players' as const, accounts: splitAccounts(values.accounts) };
  return {
    audience,
    sendAt: localToIso(values.sendAt, timeZone),
    translations: { PT: values.translations.PT, EN: values.translations.EN },
  };
}

/**
 * The form's schema: the typed values turned into the API's body and checked by the shared
 * platformMessageBodySchema, its issues reported under the form's fields.
 */
export function messageFormSchema(timeZone: string) {
  return z.custom<MessageFormValues>().transform((values, ctx): PlatformMessageBody => {
    const parsed = platformMessageBodySchema.safeParse(toMessageBody(values, timeZone));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join('.'));
      ctx.addIssue({ code: 'custom', path: field ? field.split('.') : [], message: issue.message });
    }
    return z.NEVER;
  });
}

/** The form fields a refusal names: VALIDATION_FAILED's fields, or the accounts box for names that are not players. */
export function serverMessageFieldErrors(error: unknown): MessageField[] {
  if (isApiError(error, 'MESSAGE_RECIPIENTS_UNKNOWN')) return ['accounts'];
  if (!isApiError(error, 'VALIDATION_FAILED')) return [];
  const issues = (error.value as { fields?: { field?: unknown }[] } | undefined)?.fields ?? [];
  return [
    ...new Set(
      issues
        .map((issue) => formFieldOf(String(issue.field ?? '')))
        .filter((field): field is MessageField => field !== null),
    ),
  ];
}

/** The names a MESSAGE_RECIPIENTS_UNKNOWN refusal lists. */
export function unknownAccountsOf(error: unknown): string[] {
  if (!isApiError(error, 'MESSAGE_RECIPIENTS_UNKNOWN')) return [];
  const accounts = (error.value as { accounts?: unknown } | undefined)?.accounts;
  return Array.isArray(accounts) ? accounts.map(String) : [];
}

export { MESSAGE_MAX_ACCOUNTS };
