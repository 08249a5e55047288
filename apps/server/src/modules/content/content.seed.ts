import fs from 'node:fs';
import { contentBreach } from '@wps/shared/bonus-offers';
import type { LicenceRules } from '@wps/shared/licence';
import type { ContentItemBody, ContentKind } from '@wps/shared/schemas/content';
import type { ContentService } from './content.service';
import {
  DEMO_ANNOUNCEMENTS,
  DEMO_BANNERS,
  DEMO_HELP,
  DEMO_OMBUDSMAN,
  DEMO_PROMOTIONS,
  type DemoPicture,
} from './content.seed-data';
import { demoLegal } from './content.seed-legal';

const SYSTEM = { actorType: 'system' as const, actorId: null };
const REASON = 'demo operator content';

/** The banner pictures: src/modules/content/demo in development, dist/demo-content in the bundle (build.mjs copies them). */
function pictureDir(): URL {
  const candidates = [new URL('./demo/', import.meta.url), new URL('./demo-content/', import.meta.url)];
  const found = candidates.find((url) => fs.existsSync(new URL('welcome.webp', url)));
  if (!found) throw new Error('demo banner pictures not found');
  return found;
}

/**
 * Write the demo operator's site content through the content service, as an operator would from
 * the back office (sanitised, audited as the system, published): promotions, banners linked to
 * them, announcements, help articles, the legal pages and the ombudsman's contacts. The caller
 * runs it once, on the start that created the database (seedDemoOperator's firstSeed, which one
 * instance alone can win), and only when DEMO_CONTENT allows. Returns how many items it published.
 * Under a licence that forbids advertising bonuses (`rules`, the profile the demo was installed
 * under: BR), the items that offer one are left out, with the banners that link to them, so the
 * demo breaks no rule of its own licence (the content service would refuse them anyway). Without
 * `promotions` (the rewards programmes that pay them are not installed: BR, or DEMO_REWARDS off)
 * no promotion is published, nor a banner linking to one: a promotion promises only what pays it.
 */
export async function seedDemoContent(
  content: ContentService,
  rules: LicenceRules,
  options: { promotions: boolean } = { promotions: true },
): Promise<number> {
  const allowed = (words: ContentItemBody['translations']) =>
    contentBreach(rules, { bonusOffer: false, translations: words }) === null;
  const dir = pictureDir();
  const pictures = new Map<DemoPicture, string>();
  const pictureName = async (picture: DemoPicture) => {
    const known = pictures.get(picture);
    if (known) return known;
    const bytes = fs.readFileSync(new URL(`${picture}.webp`, dir));
    const { name } = await content.images.upload(SYSTEM, `data:image/webp;base64,${bytes.toString('base64')}`);
    pictures.set(picture, name);
    return name;
  };

  let published = 0;
  const publish = async (
    kind: ContentKind,
    groupCode: string,
    sortOrder: number,
    extra: Pick<ContentItemBody, 'linkage' | 'imageName' | 'translations' | 'tags'>,
  ) => {
    const item = await content.create(SYSTEM, {
      kind,
      groupCode,
      sortOrder,
      publishFrom: null,
      publishUntil: null,
      reason: REASON,
      ...extra,
    });
    await content.setStatus(SYSTEM, item.id, 'published', REASON);
    published++;
    return item.id;
  };

  const promotionIds = new Map<string, string>();
  for (const [index, promotion] of DEMO_PROMOTIONS.entries()) {
    if (!options.promotions || !allowed(promotion.words)) continue;
    const id = await publish('promotion', promotion.category, (index + 1) * 10, {
      linkage: null,
      imageName: await pictureName(promotion.picture),
      translations: promotion.words,
      tags: promotion.tags,
    });
    promotionIds.set(promotion.key, id);
  }
  for (const [index, banner] of DEMO_BANNERS.entries()) {
    if (!allowed(banner.words)) continue;
    if ('promotion' in banner.link && !promotionIds.has(banner.link.promotion)) continue;
    const linkage: ContentItemBody['linkage'] =
      'promotion' in banner.link
        ? { type: 'promotion', target: promotionIds.get(banner.link.promotion)! }
        : { type: 'page', target: banner.link.page };
    await publish('banner', banner.group, (index + 1) * 10, {
      linkage,
      imageName: await pictureName(banner.picture),
      translations: banner.words,
    });
  }
  for (const [index, words] of DEMO_ANNOUNCEMENTS.entries()) {
    if (!allowed(words)) continue;
    await publish('announcement', 'B', (index + 1) * 10, { linkage: null, imageName: null, translations: words });
  }
  for (const [index, article] of DEMO_HELP.entries()) {
    if (!allowed(article.words)) continue;
    await publish('help_article', article.category, (index + 1) * 10, {
      linkage: null,
      imageName: null,
      translations: article.words,
    });
  }
  for (const [page, words] of Object.entries(demoLegal(rules.bonusAdvertising))) {
    await publish('legal_page', page, 10, { linkage: null, imageName: null, translations: words });
  }
  await publish('footer', 'ombudsman', 10, { linkage: null, imageName: null, translations: DEMO_OMBUDSMAN });
  return published;
}
