import { describe, expect, it } from 'vitest';
import type { OpsContentItem } from '@wps/shared/schemas/content';
import { ApiError } from '../../lib/api-client';
import {
  contentFormSchema,
  contentFormValues,
  formFieldOf,
  serverContentFieldErrors,
  toContentBody,
  type ContentFormValues,
} from './content-form';

const ZONE = 'America/Sao_Paulo';
const IMAGE = `${'a'.repeat(64)}.png`;

function banner(patch: Partial<ContentFormValues> = {}): ContentFormValues {
  return {
    ...contentFormValues(null, 'banner', ZONE),
    imageName: IMAGE,
    translations: {
      PT: { title: 'Bem-vindo', bodyHtml: '<p>Olá</p>' },
      EN: { title: 'Welcome', bodyHtml: '<p>Hi</p>' },
    },
    reason: 'Campanha de boas-vindas',
    ...patch,
  };
}

describe('toContentBody', () => {
  it('reads the schedule in the operator’s zone, empty as null, and the link only when chosen', () => {
    const body = toContentBody(
      banner({ publishFrom: '2026-12-01T09:00', sortOrder: '3', linkageType: 'page', linkageTarget: ' /promotions ' }),
      ZONE,
    );
    expect(body).toMatchObject({
      kind: 'banner',
      groupCode: 'w_home',
      sortOrder: 3,
      publishFrom: '2026-12-01T12:00:00.000Z',
      publishUntil: null,
      linkage: { type: 'page', target: '/promotions' },
    });
    expect(toContentBody(banner({ linkageTarget: 'ignored' }), ZONE).linkage).toBeNull();
  });
});

describe('contentFormSchema', () => {
  const schema = contentFormSchema(ZONE);
  const fieldsOf = (values: ContentFormValues) => {
    const parsed = schema.safeParse(values);
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
  };

  it('passes a complete banner as the API body', () => {
    const parsed = schema.safeParse(banner());
    expect(parsed.success).toBe(true);
  });

  it('reports the shared schema’s rules under the form’s fields', () => {
    expect(fieldsOf(banner({ imageName: null }))).toEqual(['imageName']);
    expect(fieldsOf(banner({ publishFrom: '2026-12-02T10:00', publishUntil: '2026-12-01T10:00' }))).toEqual([
      'publishUntil',
    ]);
    expect(fieldsOf(banner({ sortOrder: 'x' }))).toEqual(['sortOrder']);
    expect(fieldsOf(banner({ linkageType: 'url', linkageTarget: 'javascript:alert(1)' }))).toEqual(['linkageTarget']);
    expect(
      fieldsOf(banner({ translations: { PT: { title: ' ', bodyHtml: '' }, EN: { title: 'Hi', bodyHtml: '' } } })),
    ).toEqual(['translations.PT.title']);
    expect(fieldsOf(banner({ reason: '' }))).toEqual(['reason']);
  });

  it('checks the group by kind', () => {
    expect(fieldsOf(banner({ groupCode: 'terms' }))).toEqual(['groupCode']);
    expect(fieldsOf({ ...banner(), kind: 'help_article', groupCode: 'Not OK', imageName: null })).toEqual([
      'groupCode',
    ]);
    expect(fieldsOf({ ...banner(), kind: 'help_article', groupCode: 'payments', imageName: null })).toEqual([]);
  });

  it("sends a promotion's tags, drops them for other kinds, and wants a payment logo's picture", () => {
    expect(
      toContentBody({ ...banner(), kind: 'promotion', groupCode: 'new_player', tags: ['newbie', 'vip'] }, ZONE).tags,
    ).toEqual(['newbie', 'vip']);
    expect(toContentBody({ ...banner(), tags: ['vip'] }, ZONE).tags).toEqual([]);
    expect(fieldsOf({ ...banner(), kind: 'promotion', groupCode: 'slots', tags: ['vip', 'vip'] })).toEqual(['tags']);
    expect(fieldsOf({ ...banner(), kind: 'footer', groupCode: 'payment', imageName: null })).toEqual(['imageName']);
    expect(fieldsOf({ ...banner(), kind: 'footer', groupCode: 'licence', imageName: null })).toEqual([]);
  });
});

describe('contentFormValues', () => {
  it('writes an item back as typed values in the zone', () => {
    const item = {
      id: '7',
      kind: 'announcement',
      groupCode: 'PL',
      status: 'draft',
      sortOrder: 5,
      publishFrom: '2026-12-01T12:00:00.000Z',
      publishUntil: null,
      linkage: { type: 'url', target: 'https://example.com' },
      image: null,
      tags: [],
      bonusOffer: false,
      translations: { PT: { title: 'Aviso', bodyHtml: '<p>a</p>' }, EN: { title: 'Notice', bodyHtml: '<p>b</p>' } },
      version: 2,
      createdAt: '2026-11-01T00:00:00Z',
      updatedAt: '2026-11-01T00:00:00Z',
    } satisfies OpsContentItem;
    expect(contentFormValues(item, 'banner', ZONE)).toMatchObject({
      kind: 'announcement',
      groupCode: 'PL',
      sortOrder: '5',
      publishFrom: '2026-12-01T09:00',
      publishUntil: '',
      linkageType: 'url',
      imageName: null,
      reason: '',
    });
  });
});

describe('server field errors', () => {
  it('maps the API’s paths to the form’s fields', () => {
    expect(formFieldOf('body.translations.EN.title')).toBe('translations.EN.title');
    expect(formFieldOf('body.linkage.target')).toBe('linkageTarget');
    expect(formFieldOf('body.somethingElse')).toBeNull();
    const error = new ApiError('VALIDATION_FAILED', 'Invalid input', 400, {
      fields: [{ field: 'body.publishFrom' }, { field: 'body.linkage' }, { field: 'body.kind' }],
    });
    expect(serverContentFieldErrors(error)).toEqual(['publishFrom', 'linkageTarget']);
    expect(serverContentFieldErrors(new ApiError('IMAGE_NOT_FOUND', 'x', 400))).toEqual([]);
  });
});
