import { ErrorCode } from '@wps/shared/error-codes';
import {
  AGENT_ANNOUNCEMENT_TYPE,
  type Announcement,
  type Banner,
  type HelpCenter,
  LEGAL_PAGES,
  type LiveContentItem,
} from '@wps/shared/schemas/content';

type LegalPage = (typeof LEGAL_PAGES)[number];
import { AppError } from '../../http/app-error';

type Live = (
  kind: 'announcement' | 'banner' | 'help_article' | 'legal_page',
  language: string | undefined,
  group?: string,
) => Promise<LiveContentItem[]>;

/** Lower case without accents, so "saque" finds "Saques" and "deposito" finds "Depósito". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of sanitised HTML, for search. */
function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
}

/** The vendor of a game a banner launches, or null when the catalogue has no such game open. */
type GameVendor = (nodeId: string) => Promise<string | null>;

/** The players' shapes of live content: announcements, banners, legal pages and the help centre. */
export function createContentReads(live: Live, gameVendor: GameVendor = async () => null) {
  return {
    /** Announcements of a type (or all the players' types), newest first, one page. */
    async announcements(
      language: string | undefined,
      q: { type?: Announcement['type'] | undefined; pageNo: number; pageSize: number },
    ) {
      const all = await live('announcement', language, q.type);
      // The agents' announcements are read only by their type (the agent centre), never in the players' list.
      const items = (
        q.type === undefined ? all.filter((item) => item.groupCode !== AGENT_ANNOUNCEMENT_TYPE) : all
      ).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || Number(b.id) - Number(a.id));
      const start = (q.pageNo - 1) * q.pageSize;
      const list: Announcement[] = items.slice(start, start + q.pageSize).map((item) => ({
        id: item.id,
        type: item.groupCode as Announcement['type'],
        title: item.title,
        content: item.bodyHtml,
        publishedAt: item.publishedAt,
        version: item.version,
      }));
      return {
        list,
        pageNo: q.pageNo,
        pageSize: q.pageSize,
        total: items.length,
        totalPages: Math.ceil(items.length / q.pageSize),
      };
    },

    /**
     * A route's banners in order; a banner without its picture is not shown. A game linkage gets
     * its game's vendor from the catalogue (the launch needs both); a game the catalogue no longer
     * has leaves the banner without a link.
     */
    async banners(language: string | undefined, group: Banner['groupName']): Promise<Banner[]> {
      const banners: Banner[] = [];
      for (const item of await live('banner', language, group)) {
        if (!item.image) continue;
        const vendor = item.linkage?.type === 'game' ? await gameVendor(item.linkage.target) : null;
        const linkage = item.linkage?.type === 'game' && !vendor ? null : item.linkage;
        banners.push({
          bannerId: item.id,
          groupName: group,
          title: item.title,
          url: item.image.url,
          width: item.image.width,
          height: item.image.height,
          linkageType: linkage?.type ?? null,
          linkageTarget: linkage?.target ?? null,
          linkageVendor: vendor,
        });
      }
      return banners;
    },

    /** The legal pages that are published, in LEGAL_PAGES order. */
    async publishedLegalPages(language: string | undefined): Promise<LegalPage[]> {
      const published = new Set((await live('legal_page', language)).map((item) => item.groupCode));
      return LEGAL_PAGES.filter((page) => published.has(page));
    },

    /** A legal page (the first published one of its key); 404 CONTENT_NOT_FOUND when there is none. */
    async legalPage(language: string | undefined, page: string): Promise<LiveContentItem> {
      const [item] = await live('legal_page', language, page);
      if (!item) throw new AppError(ErrorCode.CONTENT_NOT_FOUND, 'This page is not published', { page });
      return item;
    },

    /** Help articles by category, in order; with `q`, only articles whose title or text contains it. */
    async helpCenter(language: string | undefined, q: string | undefined): Promise<HelpCenter> {
      const needle = q ? folded(q) : '';
      const categories = new Map<string, HelpCenter['categories'][number]['articles']>();
      for (const item of await live('help_article', language)) {
        if (needle && !folded(`${item.title} ${plainText(item.bodyHtml)}`).includes(needle)) continue;
        const articles = categories.get(item.groupCode) ?? [];
        articles.push({ id: item.id, title: item.title, content: item.bodyHtml });
        categories.set(item.groupCode, articles);
      }
      return { categories: [...categories].map(([code, articles]) => ({ code, articles })) };
    },
  };
}
