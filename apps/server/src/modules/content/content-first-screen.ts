import type { Banner } from '@wps/shared/schemas/content';
import { isHomePagePath } from '@wps/shared/home-paths';
import type { CachedPage } from '../../http/cached-page';
import type { FirstScreen, FirstScreenSource } from '../../http/index-page';
import type { AppServices } from '../../services';

type Sources = {
  content: Pick<AppServices['content'], 'answer' | 'banners'>;
  system: Pick<AppServices['system'], 'getOperatorConfig'>;
};

/**
 * The home's first screen for index.html (http/index-page.ts): the first banner of w_home in the
 * operator's language and the brand name. The banners are read through the players' own answer
 * (content.answer, the bytes GET /wps/content/banners?group=w_home sends to a client without a
 * Language header), so the page follows the same cache, dropped on every content change by the
 * change feed; each answer is parsed once (a changed answer is a new object).
 */
export function homeFirstScreen({ content, system }: Sources): FirstScreenSource {
  const parsed = new WeakMap<CachedPage, FirstScreen['banner']>();
  const firstBanner = (page: CachedPage): FirstScreen['banner'] => {
    if (parsed.has(page)) return parsed.get(page) ?? null;
    const { value } = JSON.parse(page.json.toString('utf8')) as { value: { list: Banner[] } };
    const first = value.list[0];
    const banner = first ? { url: first.url, width: first.width, height: first.height, alt: first.title } : null;
    parsed.set(page, banner);
    return banner;
  };
  return {
    isHome: isHomePagePath,
    async read() {
      const [page, config] = await Promise.all([
        content.answer('banner', undefined, 'w_home', async () => ({
          list: await content.banners(undefined, 'w_home'),
        })),
        system.getOperatorConfig(),
      ]);
      return { banner: firstBanner(page), brandName: config.brand.brandName };
    },
  };
}
