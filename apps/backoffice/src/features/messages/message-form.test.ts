import { describe, expect, it } from 'vitest';
import {
  EMPTY_MESSAGE,
  formFieldOf,
  messageFormSchema,
  splitAccounts,
  toMessageBody,
  type MessageFormValues,
} from './message-form';

const ZONE = 'America/Sao_Paulo';
const words = { PT: { title: 'Olá', bodyHtml: '<p>Olá</p>' }, EN: { title: 'Hello', bodyHtml: '<p>Hello</p>' } };
const values = (overrides: Partial<MessageFormValues>): MessageFormValues => ({
  ...EMPTY_MESSAGE,
  translations: words,
  ...overrides,
});

describe('message form', () => {
  it('turns the typed values into the API body, times read in the operator zone', () => {
    expect(toMessageBody(values({ sendAt: '2026-12-01T09:00' }), ZONE)).toEqual({
      audience: { type: 'all' },
      sendAt: '2026-12-01T12:00:00.000Z',
      translations: words,
    });
    expect(
      toMessageBody(values({ audience: 'segment', registeredFrom: '2026-01-01T00:00', hasDeposited: 'no' }), ZONE)
        .audience,
    ).toEqual({
      type: 'segment',
      registeredFrom: '2026-01-01T03:00:00.000Z',
      registeredUntil: null,
      hasDeposited: false,
    });
    expect(
      toMessageBody(values({ audience: 'players', accounts: 'ana, bruno\ncarla  dora;eva' }), ZONE).audience,
    ).toEqual({ type: 'players', accounts: ['ana', 'bruno', 'carla', 'dora', 'eva'] });
    expect(splitAccounts('  ')).toEqual([]);
  });

  it('reports the shared schema issues under the form fields', () => {
    const schema = messageFormSchema(ZONE);
    expect(schema.safeParse(values({})).success).toBe(true);
    const paths = (v: MessageFormValues) =>
      (schema.safeParse(v).error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(paths(values({ audience: 'segment' }))).toEqual(['audience']);
    expect(
      paths(values({ audience: 'segment', registeredFrom: '2026-02-01T00:00', registeredUntil: '2026-01-01T00:00' })),
    ).toEqual(['registeredUntil']);
    expect(paths(values({ audience: 'players', accounts: '' }))).toEqual(['accounts']);
    expect(paths(values({ translations: { PT: { title: '', bodyHtml: '' }, EN: words.EN } }))).toEqual([
      'translations.PT.title',
      'translations.PT.bodyHtml',
    ]);
  });

  it('maps API paths to fields', () => {
    expect(formFieldOf('body.sendAt')).toBe('sendAt');
    expect(formFieldOf('audience.accounts.3')).toBe('accounts');
    expect(formFieldOf('audience.type')).toBe('audience');
    expect(formFieldOf('translations.EN.bodyHtml')).toBe('translations.EN.bodyHtml');
    expect(formFieldOf('nothing')).toBeNull();
  });
});
